import DownloadCache
import Foundation

/// One transport for all tests: like production, many downloads share one connection pool.
let sharedTestTransport = HTTPExchangeTransport(timeout: 30)

/// A test's folders (cache and downloads under one root) and a way to build services against a server.
struct DownloadFixture: Sendable {
    let root: URL

    var cacheFolder: URL { root.appendingPathComponent("cache", isDirectory: true) }
    var downloadsFolder: URL { root.appendingPathComponent("downloads", isDirectory: true) }

    func fileCache(_ policy: DownloadCachePolicy) -> FileSystemCacheProvider {
        FileSystemCacheProvider(directory: cacheFolder, cachePolicy: policy)
    }

    func service(
        _ url: URL, key: String, provider: any DownloadCacheProvider,
        transport: any DownloadTransport = sharedTestTransport
    ) -> DownloadService {
        DownloadService(
            url: url, cacheKey: key, cacheProvider: provider, transport: transport,
            configuration: .init(downloadsDirectory: downloadsFolder))
    }
}

/// Runs `body` with a loopback server and a fresh fixture.
func withServerAndFixture<Value: Sendable>(
    _ body: @Sendable (LoopbackServer, DownloadFixture) async throws -> Value
) async throws -> Value {
    try await withTemporaryFolder { root in
        try await withLoopbackServer { server in
            try await body(server, DownloadFixture(root: root))
        }
    }
}

/// The error a download failed with, or nil if it succeeded.
func downloadError(_ service: DownloadService) async -> DownloadError? {
    do {
        _ = try await service.downloadAsync()
        return nil
    } catch {
        return error
    }
}
