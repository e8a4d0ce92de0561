import DownloadCache
import Foundation
import Locking
import RepositoryCore
import Testing

/// A cache provider written the way the protocol's doc comments describe it, using only the public
/// API: files in one folder, the `ETag` remembered from `store`'s headers, sent back as `If-None-Match`.
final class ETagFolderProvider: DownloadCacheProvider {
    let cachePolicy: DownloadCachePolicy
    let folder: URL
    private let eTags = PThreadMutex<[String: String]>([:])

    struct Missing: Error {}

    init(folder: URL, cachePolicy: DownloadCachePolicy) {
        self.folder = folder
        self.cachePolicy = cachePolicy
    }

    private func file(for key: String) -> URL {
        folder.appendingPathComponent(
            Data(key.utf8).base64EncodedString().replacingOccurrences(of: "/", with: "_"))
    }

    func find(key: String) -> URL? {
        FileManager.default.fileExists(atPath: file(for: key).path) ? file(for: key) : nil
    }

    func cachedItem(key: String) throws -> URL {
        guard let found = find(key: key) else { throw Missing() }
        return found
    }

    func store(objectAt file: URL, key: String, headers: HTTPHeaders) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let destination = self.file(for: key)
        try? FileManager.default.removeItem(at: destination)
        try FileManager.default.copyItem(at: file, to: destination)
        eTags.withLock { $0[key] = headers["ETag"] }
    }

    func headerValues(for cacheKey: String) -> [String: String] {
        guard let eTag = eTags.withLock({ $0[cacheKey] }) else { return [:] }
        return ["If-None-Match": eTag]
    }
}

/// Seed 002's own usage, through the public API only: a provider, each invocation verb, a local ETag server.
@Suite("Seed 002 usage")
struct SeedUsageTests {
    @Test("A provider that reads headers[\"ETag\"] as the docs say revalidates on the second download")
    func docProviderRevalidates() async throws {
        try await withServerAndFixture { server, fixture in
            // GIVEN a provider written from the doc comments, always fetching with its header
            let provider = ETagFolderProvider(
                folder: fixture.cacheFolder, cachePolicy: .alwaysFetchWithCustomHeader)
            let service = fixture.service(server.url("/etag/strong"), key: "asset-123", provider: provider)
            // WHEN downloading twice
            let first = try await service.downloadAsync(progress: nil)
            let second = try await service.downloadAsync(progress: nil)
            // THEN the first came from the server, and its ETag (however the platform spells the
            // header) went back as If-None-Match, so the second is a 304 served from the cache
            #expect(first.origin == .server)
            #expect(first.headers["etag"] == TestRoutes.strongETag)
            #expect(server.log.lastHeader("If-None-Match", at: "/etag/strong") == TestRoutes.strongETag)
            #expect(second.origin == .revalidated)
            #expect(try String(contentsOf: second.value, encoding: .utf8) == TestRoutes.strongETagBody)
        }
    }

    @Test("The callback verb delivers the file once, with progress ending at 1")
    func callbackVerb() async throws {
        try await withServerAndFixture { server, fixture in
            let provider = ETagFolderProvider(
                folder: fixture.cacheFolder, cachePolicy: .bypassServerCallOnFoundItem)
            let service = fixture.service(server.url("/etag/weak"), key: "123", provider: provider)
            let fractions = PThreadMutex<[Double]>([])
            let outcome = await withCheckedContinuation { continuation in
                service.download(progress: { value in fractions.withLock { $0.append(value) } }) { result in
                    continuation.resume(returning: result)
                }
            }
            let result = try outcome.get()
            #expect(result.origin == .server)
            #expect(try String(contentsOf: result.value, encoding: .utf8) == TestRoutes.weakETagBody)
            #expect(fractions.withLock { $0.last } == 1)
        }
    }

    @Test("The future verb answers from the cache without a server call when the item is found")
    func futureVerb() async throws {
        try await withServerAndFixture { server, fixture in
            let provider = ETagFolderProvider(
                folder: fixture.cacheFolder, cachePolicy: .bypassServerCallOnFoundItem)
            let service = fixture.service(server.url("/etag/weak"), key: "123", provider: provider)
            let first = try await service.download(progress: nil).value
            let requests = server.log.count("/etag/weak")
            let second = try await service.download(progress: nil).value
            #expect(first.origin == .server)
            #expect(second.origin == .cache)
            #expect(second.headers.isEmpty)
            #expect(server.log.count("/etag/weak") == requests)
        }
    }

    @Test("A delivered file is on disk once: the provider's copy, none left in the downloads folder")
    func oneCopyOnDisk() async throws {
        try await withServerAndFixture { server, fixture in
            let provider = FileSystemCacheProvider(directory: fixture.cacheFolder)
            let result = try await fixture.service(server.url("/large"), key: "big", provider: provider)
                .downloadAsync()
            #expect(
                result.value.deletingLastPathComponent().path == fixture.cacheFolder.standardizedFileURL.path)
            #expect(relativePaths(under: fixture.downloadsFolder).isEmpty)
            #expect(provider.totalBytes() == Int64(TestRoutes.largeSize))
        }
    }

    @Test("The library's default downloads folder has a neutral name")
    func neutralDefaultFolder() {
        let folder = DownloadService.Configuration().downloadsDirectory.lastPathComponent
        #expect(folder == "download-cache")
    }

    @Test("A policy view of a file cache revalidates the files navigation stored")
    func policyView() async throws {
        try await withServerAndFixture { server, fixture in
            let navigation = FileSystemCacheProvider(directory: fixture.cacheFolder)
            let refresh = navigation.withCachePolicy(.alwaysFetchWithCustomHeader)
            let url = server.url("/etag/strong")
            let stored = try await fixture.service(url, key: "a", provider: navigation).downloadAsync()
            let found = try await fixture.service(url, key: "a", provider: navigation).downloadAsync()
            let revalidated = try await fixture.service(url, key: "a", provider: refresh).downloadAsync()
            #expect([stored.origin, found.origin, revalidated.origin] == [.server, .cache, .revalidated])
            #expect(revalidated.value == stored.value)
        }
    }

    @Test("A size-bounded file cache evicts the least recently used files")
    func leastRecentlyUsedEviction() async throws {
        try await withTemporaryFolder { root in
            let provider = FileSystemCacheProvider(
                directory: root.appendingPathComponent("cache"), maximumBytes: 10,
                timeSource: SteppingTimeSource(start: Date(timeIntervalSince1970: 1_000_000)))
            for key in ["a", "b"] {
                try provider.store(
                    objectAt: try writeFile("12345", named: key, in: root), key: key, headers: [:])
            }
            // "a" is used again, so "b" is now the least recently used
            #expect(provider.find(key: "a") != nil)
            try provider.store(objectAt: try writeFile("12345", named: "c", in: root), key: "c", headers: [:])
            #expect(provider.find(key: "b") == nil)
            #expect(provider.find(key: "a") != nil && provider.find(key: "c") != nil)
            #expect(provider.totalBytes() == 10)
        }
    }
}

/// A clock that moves one second forward each time it is read.
final class SteppingTimeSource: TimeSource {
    private let clock: PThreadMutex<Date>
    init(start: Date) { clock = PThreadMutex(start) }
    func now() -> Date {
        clock.withLock { date in
            date += 1
            return date
        }
    }
}
