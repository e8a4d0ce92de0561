@testable import BrowserApp
import CharacterData
import DownloadCache
import Foundation
import JPEGCodec
import Locking
import RepositoryCore
import RickAndMortyServer
import Synchronization
import TerminalUI
import Testing

/// The avatar loader end to end against the embedded server, through the public API only: the
/// provider's policies, and a one-line reason for every bad input, with nothing broken kept.
@Suite("Avatars: file cache, network, revalidation, and every bad input")
struct AvatarLoaderTests {
    /// Runs `body` with a started sample server, a fresh avatar folder and a loader over it.
    static func with(
        faults: FaultSettings = .none, limits: JPEGLimits = JPEGLimits(),
        online: Bool = true,
        _ body: (RickAndMortyServer, URL, AvatarLoader) async throws -> Void
    ) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "avatar-tests-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = RickAndMortyServer(
            dataset: try Dataset.sample(), configuration: ServerConfiguration(port: 0, faults: faults))
        let base = try await server.start()
        let loader = AvatarLoader(
            directory: folder, transport: HTTPExchangeTransport(timeout: 10), limits: limits,
            isOnline: { online })
        do {
            try await body(server, base, loader)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    static func avatarURL(_ base: URL, _ id: Int) -> String {
        "\(base.absoluteString)/character/avatar/\(id).jpeg"
    }

    static func reason(_ outcome: AvatarOutcome) -> String? {
        if case .failure(let failure) = outcome.result { return failure.reason }
        return nil
    }

    @Test("First load downloads, the next is a file-cache hit without the server, refresh revalidates (304)")
    func provenance() async throws {
        try await Self.with { server, base, loader in
            let url = Self.avatarURL(base, 1)
            let first = await loader.load(url: url, refresh: false)
            #expect(first.origin == .network)
            let image = try first.result.get()
            #expect(image.image.width == 75)  // 300 scaled by 1/4 in the DCT: 1/8 (38) would be under 40
            #expect(first.bytes > 1_000)
            // WHEN the server is offline, navigation still shows it: no request was needed
            server.faults = FaultSettings(offline: true)
            let second = await loader.load(url: url, refresh: false)
            #expect(second.origin == .fileCache)
            #expect(try second.result.get() == image)
            // Both name the file cache's entry (the Cache screen's avatar row), the same one
            #expect(first.cacheKey != nil && first.cacheKey == second.cacheKey)
            #expect(CacheEntryKey.avatar(try #require(first.cacheKey)).description.hasPrefix("avatar/"))
            // AND a refresh sends If-None-Match and gets a 304, answered from the cached file
            server.faults = .none
            let refreshed = await loader.load(url: url, refresh: true)
            #expect(refreshed.origin == .revalidated)
            #expect(try refreshed.result.get() == image)
        }
    }

    @Test("Offline, refetching an avatar from the Cache screen fails and keeps the cached file")
    func offlineRefetchKeepsTheFile() async throws {
        try await Self.with { _, base, loader in
            let first = await loader.load(url: Self.avatarURL(base, 1), refresh: false)
            let key = try #require(first.cacheKey)
            let offline = AvatarLoader(
                directory: loader.cache.directory, transport: HTTPExchangeTransport(timeout: 10), isOnline: { false })
            let refetched = await offline.reread(key, conditional: false)
            guard case .failure(.mainUnavailable(let reason)) = refetched else {
                Issue.record("expected an offline failure, got \(refetched)")
                return
            }
            #expect(reason.contains("offline"))
            #expect(offline.cache.cachedFile(key: key) != nil, "the cached file is kept")
            #expect(await offline.load(url: Self.avatarURL(base, 1), refresh: false).origin == .fileCache)
        }
    }

    @Test("An avatar URL of an earlier run's server (another port) is fetched from the current API")
    func movedOntoTheCurrentAPI() async throws {
        let server = RickAndMortyServer(dataset: try Dataset.sample(), configuration: .ephemeralLoopback)
        let base = try await server.start()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "avatar-moved-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let loader = AvatarLoader(directory: folder, apiBaseURL: base)
        let outcome = await loader.load(url: "http://127.0.0.1:9/api/character/avatar/2.jpeg", refresh: false)
        await server.stop()
        #expect(outcome.origin == .network)
        #expect(throws: Never.self) { try outcome.result.get() }
    }

    @Test("A 404 is a one-line reason and caches nothing")
    func notFound() async throws {
        try await Self.with { _, base, loader in
            let outcome = await loader.load(url: Self.avatarURL(base, 99_999), refresh: false)
            #expect(Self.reason(outcome)?.contains("404") == true)
            #expect(loader.cache.totalBytes() == 0)
        }
    }

    @Test("A 500 is a one-line reason")
    func serverError() async throws {
        try await Self.with(faults: FaultSettings(errorRate: 1)) { _, base, loader in
            let outcome = await loader.load(url: Self.avatarURL(base, 1), refresh: false)
            #expect(Self.reason(outcome)?.contains("500") == true)
            #expect(loader.cache.totalBytes() == 0)
        }
    }

    @Test("A timeout is a one-line reason")
    func timeout() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "avatar-timeout-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let loader = AvatarLoader(directory: folder, transport: TimingOutTransport())
        let outcome = await loader.load(url: "http://127.0.0.1:9/api/character/avatar/1.jpeg", refresh: false)
        #expect(Self.reason(outcome)?.contains("timed out") == true)
    }

    @Test("Offline with nothing cached is a one-line reason, without a request")
    func offline() async throws {
        try await Self.with(online: false) { _, base, loader in
            let outcome = await loader.load(url: Self.avatarURL(base, 1), refresh: false)
            let reason = "No image offline: the avatar is not cached; it is read when o turns the network on."
            #expect(Self.reason(outcome) == reason)
        }
    }

    @Test("A truncated JPEG is refused and not kept")
    func truncated() async throws {
        try await Self.with(faults: FaultSettings(malformedRate: 1)) { _, base, loader in
            let outcome = await loader.load(url: Self.avatarURL(base, 1), refresh: false)
            #expect(Self.reason(outcome)?.contains("damaged or cut short") == true)
            #expect(loader.cache.totalBytes() == 0)
        }
    }

    @Test("An HTML page is refused as not a JPEG and not kept")
    func htmlBody() async throws {
        try await Self.with(faults: FaultSettings(avatarHTML: true)) { _, base, loader in
            let outcome = await loader.load(url: Self.avatarURL(base, 1), refresh: false)
            #expect(Self.reason(outcome) == "No image: The image is not a JPEG.")
            #expect(loader.cache.totalBytes() == 0)
        }
    }

    @Test("A huge image is refused from its header, before decoding, and not kept")
    func hugeImage() async throws {
        try await Self.with(limits: JPEGLimits(maximumPixels: 100 * 100)) { _, base, loader in
            let outcome = await loader.load(url: Self.avatarURL(base, 1), refresh: false)
            #expect(
                Self.reason(outcome) == "No image: The image is 300×300, more than the 10000 pixels allowed.")
            #expect(loader.cache.totalBytes() == 0)
        }
    }

    @Test("Too many bytes are refused before the file is read, and not kept")
    func tooManyBytes() async throws {
        try await Self.with(limits: JPEGLimits(maximumBytes: 1_000)) { _, base, loader in
            let outcome = await loader.load(url: Self.avatarURL(base, 1), refresh: false)
            #expect(Self.reason(outcome)?.contains("more than the 1000 allowed") == true)
            #expect(loader.cache.totalBytes() == 0)
        }
    }

    @Test("A zero-byte file is refused as empty and not kept")
    func zeroBytes() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "avatar-empty-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let loader = AvatarLoader(directory: folder, transport: EmptyBodyTransport())
        let outcome = await loader.load(url: "http://127.0.0.1:9/api/character/avatar/1.jpeg", refresh: false)
        #expect(Self.reason(outcome) == "No image: The image is empty.")
        #expect(loader.cache.totalBytes() == 0)
    }

    @Test("A PNG at a URL that does not say so is named, kept, and not downloaded again on the next visit")
    func otherPictureKept() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "avatar-png-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 64)
        let transport = FixedBodyTransport(body: Data(png))
        let loader = AvatarLoader(directory: folder, transport: transport)
        let first = await loader.load(url: "http://127.0.0.1:9/media/luke", refresh: false)
        #expect(Self.reason(first) == "No image: a PNG picture; only JPEG is drawn.")
        #expect(first.origin == .network)
        #expect(loader.cache.totalBytes() == Int64(png.count))
        // The next visit answers from the file kept: the same sentence, no request
        let second = await loader.load(url: "http://127.0.0.1:9/media/luke", refresh: false)
        #expect(Self.reason(second) == "No image: a PNG picture; only JPEG is drawn.")
        #expect(second.origin == .fileCache)
        #expect(transport.fetches.withLock { $0 } == 1)
        // Bytes that are no picture at all are still refused and not kept
        #expect(AvatarLoader.otherPictureKind(Array("<html>".utf8)) == nil)
        #expect(AvatarLoader.otherPictureKind(Array("RIFF\0\0\0\0WEBPVP8 ".utf8)) == "WebP")
        #expect(AvatarLoader.otherPictureKind(Array("GIF89a".utf8)) == "GIF")
    }

    @Test("A cached file corrupted on disk is refused, removed, and downloaded afresh next time")
    func corruptedOnDisk() async throws {
        try await Self.with { _, base, loader in
            let url = Self.avatarURL(base, 3)
            _ = try await loader.load(url: url, refresh: false).result.get()
            let file = try #require(loader.cache.find(key: "127.0.0.1:\(base.port ?? 0)/api/character/avatar/3.jpeg"))
            try Data("garbage".utf8).write(to: file)
            let broken = await loader.load(url: url, refresh: false)
            #expect(broken.origin == .fileCache)
            #expect(Self.reason(broken) == "No image: The image is not a JPEG.")
            #expect(loader.cache.find(key: "127.0.0.1:\(base.port ?? 0)/api/character/avatar/3.jpeg") == nil)
            let again = await loader.load(url: url, refresh: false)
            #expect(again.origin == .network)
            #expect(throws: Never.self) { try again.result.get() }
        }
    }

    @Test("A file-cache hit writes the file's last-use date only once that date is a minute old")
    func lastUseWrittenWhenStale() async throws {
        try await Self.with { _, base, loader in
            // GIVEN an avatar in the file cache, last used 30 seconds ago
            let url = Self.avatarURL(base, 4)
            _ = try await loader.load(url: url, refresh: false).result.get()
            let file = try #require(loader.cache.find(key: "127.0.0.1:\(base.port ?? 0)/api/character/avatar/4.jpeg"))
            func usedAt() throws -> Date {
                try #require(
                    FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date)
            }
            func setUsedAt(_ date: Date) throws {
                try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: file.path)
            }
            let halfMinuteAgo = Date().addingTimeInterval(-30)
            try setUsedAt(halfMinuteAgo)
            // WHEN it is shown again
            #expect(await loader.load(url: url, refresh: false).origin == .fileCache)
            // THEN the date is left as it was
            #expect(abs(try usedAt().timeIntervalSince(halfMinuteAgo)) < 0.01)
            // WHEN its date is two minutes old and it is shown again
            try setUsedAt(Date().addingTimeInterval(-120))
            #expect(await loader.load(url: url, refresh: false).origin == .fileCache)
            // THEN the use is written
            #expect(abs(try usedAt().timeIntervalSinceNow) < 5)
        }
    }

    @Test("A cache folder that cannot be written is a one-line reason")
    func unwritableFolder() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "avatar-ro-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let blocker = root.appendingPathComponent("file")
        try Data("not a folder".utf8).write(to: blocker)
        let server = RickAndMortyServer(dataset: try Dataset.sample(), configuration: .ephemeralLoopback)
        let base = try await server.start()
        let loader = AvatarLoader(directory: blocker.appendingPathComponent("avatars"))
        let outcome = await loader.load(url: Self.avatarURL(base, 1), refresh: false)
        await server.stop()
        #expect(Self.reason(outcome)?.hasPrefix("No image: A local file operation failed") == true)
    }

    @Test("Cancelling a trickling download keeps nothing half written")
    func cancelKeepsNothing() async throws {
        try await Self.with(faults: FaultSettings(trickle: .milliseconds(50))) { _, base, loader in
            let started = AsyncStream<Void>.makeStream()
            let task = Task {
                await loader.load(url: Self.avatarURL(base, 1), refresh: false) { step in
                    if step.received > 0 { started.continuation.yield() }
                }
            }
            var iterator = started.stream.makeAsyncIterator()
            await iterator.next()  // some bytes have arrived
            task.cancel()
            let outcome = await task.value
            #expect(Self.reason(outcome) == "Cancelled.")
            #expect(loader.cache.totalBytes() == 0)
            let downloads = loader.cache.directory.appendingPathComponent(".downloads")
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: downloads.path)) ?? []).isEmpty)
        }
    }

    @Test("An avatar answer's policy is named as its case is spelt")
    func downloadPolicyNames() {
        for policy in DownloadCachePolicy.allCases {
            #expect(AnswerPolicy.download(policy).description == "\(policy)")
        }
    }
}

/// A transport whose every request times out. A fake at the transport boundary.
struct TimingOutTransport: DownloadTransport {
    func fetch(
        _ request: DownloadRequest, bodyFile: URL, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws(DownloadError) -> TransportResponse {
        throw .timedOut(url: request.url.absoluteString)
    }
}

/// A transport that answers 200 with an empty body file. A fake at the transport boundary.
struct EmptyBodyTransport: DownloadTransport {
    func fetch(
        _ request: DownloadRequest, bodyFile: URL, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws(DownloadError) -> TransportResponse {
        _ = FileManager.default.createFile(
            atPath: bodyFile.path, contents: Data(), attributes: [.posixPermissions: 0o600])
        return TransportResponse(statusCode: 200, headers: ["ETag": "\"empty\""])
    }
}

/// A transport that answers 200 with `body` and counts its requests. A fake at the transport
/// boundary.
final class FixedBodyTransport: DownloadTransport {
    let body: Data
    let fetches = PThreadMutex(0)

    init(body: Data) { self.body = body }

    func fetch(
        _ request: DownloadRequest, bodyFile: URL, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws(DownloadError) -> TransportResponse {
        fetches.withLock { $0 += 1 }
        _ = FileManager.default.createFile(atPath: bodyFile.path, contents: body, attributes: [.posixPermissions: 0o600])
        return TransportResponse(statusCode: 200, headers: [:])
    }
}
