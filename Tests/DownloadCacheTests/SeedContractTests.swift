import DownloadCache
import Foundation
import Locking
import TestSupport
import Testing

/// A cache provider written from seed 002's text alone, through the public API: `store` copies the
/// file into its folder ("Copy the file URL into your cache") or, when asked, moves it; the `ETag`
/// is sent back as `If-None-Match`. It records every call in order, and records an issue the moment
/// `find(key:)` is called under `.alwaysFetchWithCustomHeader`, which the seed says never happens.
final class SeedWrittenProvider: DownloadCacheProvider {
    enum Call: Sendable, Equatable {
        case find, cachedItem, store, headerValues
    }

    struct Missing: Error {}

    let cachePolicy: DownloadCachePolicy
    let folder: URL
    private let movesFiles: Bool
    private let eTags = PThreadMutex<[String: String]>([:])
    private let recorded = PThreadMutex<[Call]>([])

    init(folder: URL, cachePolicy: DownloadCachePolicy, movesFiles: Bool = false) {
        self.folder = folder
        self.cachePolicy = cachePolicy
        self.movesFiles = movesFiles
    }

    /// The calls so far, in order; reading them starts a new record.
    func takeCalls() -> [Call] {
        recorded.withLock { calls in
            defer { calls = [] }
            return calls
        }
    }

    func file(for key: String) -> URL {
        folder.appendingPathComponent(
            Data(key.utf8).base64EncodedString().replacingOccurrences(of: "/", with: "_"))
    }

    func find(key: String) -> URL? {
        recorded.withLock { $0.append(.find) }
        if cachePolicy != .bypassServerCallOnFoundItem {
            Issue.record("find(key:) was called under \(cachePolicy); the seed says it never is")
        }
        return lookUp(key)
    }

    func cachedItem(key: String) throws -> URL {
        recorded.withLock { $0.append(.cachedItem) }
        guard let found = lookUp(key) else { throw Missing() }
        return found
    }

    func store(objectAt file: URL, key: String, headers: HTTPHeaders) throws {
        recorded.withLock { $0.append(.store) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let destination = self.file(for: key)
        try? FileManager.default.removeItem(at: destination)
        if movesFiles {
            try FileManager.default.moveItem(at: file, to: destination)
        } else {
            try FileManager.default.copyItem(at: file, to: destination)
        }
        eTags.withLock { $0[key] = headers["ETag"] }
    }

    func headerValues(for cacheKey: String) -> [String: String] {
        recorded.withLock { $0.append(.headerValues) }
        guard let eTag = eTags.withLock({ $0[cacheKey] }) else { return [:] }
        return ["If-None-Match": eTag]
    }

    private func lookUp(_ key: String) -> URL? {
        FileManager.default.fileExists(atPath: file(for: key).path) ? file(for: key) : nil
    }
}

/// A file cache seen through a wrapper that records the calls, and says where it stored each file.
final class LocatingRecorder: DownloadCacheProvider {
    let base: FileSystemCacheProvider
    private let recorded = PThreadMutex<[SeedWrittenProvider.Call]>([])

    init(base: FileSystemCacheProvider) { self.base = base }

    var cachePolicy: DownloadCachePolicy { base.cachePolicy }
    var calls: [SeedWrittenProvider.Call] { recorded.withLock { $0 } }

    func find(key: String) -> URL? {
        recorded.withLock { $0.append(.find) }
        return base.find(key: key)
    }

    func cachedItem(key: String) throws -> URL {
        recorded.withLock { $0.append(.cachedItem) }
        return try base.cachedItem(key: key)
    }

    func store(objectAt file: URL, key: String, headers: HTTPHeaders) throws {
        _ = try storeAndLocate(objectAt: file, key: key, headers: headers)
    }

    func storeAndLocate(objectAt file: URL, key: String, headers: HTTPHeaders) throws -> URL? {
        recorded.withLock { $0.append(.store) }
        return try base.storeAndLocate(objectAt: file, key: key, headers: headers)
    }

    func headerValues(for cacheKey: String) -> [String: String] {
        recorded.withLock { $0.append(.headerValues) }
        return base.headerValues(for: cacheKey)
    }
}

/// The calls a download makes of its provider under each policy, against providers written from
/// seed 002, and where the delivered file ends up.
@Suite("Seed 002's contract: the calls of each policy", .hangGuard)
struct SeedContractTests {
    @Test("bypassServerCallOnFoundItem: find, headers, store, find; then find alone; one copy on disk")
    func bypassCalls() async throws {
        try await withServerAndFixture { server, fixture in
            // GIVEN a provider written from the seed that skips the server for found items
            let provider = SeedWrittenProvider(
                folder: fixture.cacheFolder, cachePolicy: .bypassServerCallOnFoundItem)
            let service = fixture.service(server.url("/etag/strong"), key: "asset", provider: provider)

            // WHEN downloading the first time
            let first = try await service.downloadAsync()

            // THEN the provider was asked to find it, gave headers, stored it, and named its copy
            #expect(provider.takeCalls() == [.find, .headerValues, .store, .find])
            #expect(first.origin == .server)
            #expect(first.value == provider.file(for: "asset"))
            #expect(try contents(of: first.value) == TestRoutes.strongETagBody)
            // AND the service kept nothing of its own
            #expect(relativePaths(under: fixture.downloadsFolder).isEmpty)

            // WHEN downloading again
            let second = try await service.downloadAsync()

            // THEN one find answered it, without the server
            #expect(provider.takeCalls() == [.find])
            #expect(second.origin == .cache)
            #expect(server.log.count("/etag/strong") == 1)
        }
    }

    @Test("alwaysFetchWithCustomHeader: headers and store, then headers and cachedItem; never find")
    func alwaysFetchCalls() async throws {
        try await withServerAndFixture { server, fixture in
            // GIVEN a provider written from the seed that always asks the server
            let provider = SeedWrittenProvider(
                folder: fixture.cacheFolder, cachePolicy: .alwaysFetchWithCustomHeader)
            let service = fixture.service(server.url("/etag/strong"), key: "asset", provider: provider)

            // WHEN downloading the first time
            let first = try await service.downloadAsync()

            // THEN the provider gave headers and stored the file, and was asked nothing else
            #expect(provider.takeCalls() == [.headerValues, .store])
            #expect(first.origin == .server)
            #expect(try contents(of: first.value) == TestRoutes.strongETagBody)
            // AND the value is the service's own copy, the only file in its folder
            #expect(
                first.value.deletingLastPathComponent().path
                    == fixture.downloadsFolder.standardizedFileURL.path)
            #expect(relativePaths(under: fixture.downloadsFolder) == [first.value.lastPathComponent])

            // WHEN downloading again
            let second = try await service.downloadAsync()

            // THEN the server answered 304 to the provider's ETag and cachedItem supplied the file
            #expect(provider.takeCalls() == [.headerValues, .cachedItem])
            #expect(second.origin == .revalidated)
            #expect(second.value == provider.file(for: "asset"))
            #expect(server.log.lastHeader("If-None-Match", at: "/etag/strong") == TestRoutes.strongETag)
        }
    }

    @Test(
        "alwaysFetchWithCustomHeader: a provider that moves the file leaves the service one copy of the bytes"
    )
    func alwaysFetchWithMovingProvider() async throws {
        try await withServerAndFixture { server, fixture in
            // GIVEN a seed-written provider that moves the delivered file instead of copying it
            let provider = SeedWrittenProvider(
                folder: fixture.cacheFolder, cachePolicy: .alwaysFetchWithCustomHeader, movesFiles: true)

            // WHEN downloading
            let result = try await fixture.service(server.url("/large"), key: "big", provider: provider)
                .downloadAsync()

            // THEN the calls are the seed's, the value is readable whole, and it is the provider's
            // file under a second name: the same inode, so the bytes are on disk once
            #expect(provider.takeCalls() == [.headerValues, .store])
            #expect(try Data(contentsOf: result.value) == Data(TestRoutes.largeBody))
            #expect(try inode(of: result.value) == inode(of: provider.file(for: "big")))
            #expect(relativePaths(under: fixture.downloadsFolder) == [result.value.lastPathComponent])
        }
    }

    @Test("A provider that says where it stored the file is never asked to find it, and keeps the one copy")
    func locatingProvider() async throws {
        try await withServerAndFixture { server, fixture in
            for policy in DownloadCachePolicy.allCases {
                // GIVEN a file cache that returns its copy's URL from storeAndLocate
                let provider = LocatingRecorder(base: fixture.fileCache(policy))
                let key = "asset-\(policy)"

                // WHEN downloading into an empty cache
                let result = try await fixture.service(server.url("/etag/weak"), key: key, provider: provider)
                    .downloadAsync()

                // THEN the value is the cache's copy, no find followed the store, and the service kept nothing
                let before: [SeedWrittenProvider.Call] =
                    policy == .bypassServerCallOnFoundItem ? [.find] : []
                #expect(provider.calls == before + [.headerValues, .store])
                #expect(result.value == provider.base.find(key: key))
                #expect(try contents(of: result.value) == TestRoutes.weakETagBody)
                #expect(relativePaths(under: fixture.downloadsFolder).isEmpty)
            }
        }
    }

    private func inode(of file: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        return (attributes[.systemFileNumber] as? NSNumber)?.intValue ?? -1
    }
}
