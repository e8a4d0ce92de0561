import DownloadCache
import Foundation
import TestSupport
import Testing

@Suite("Download failures are clear errors", .hangGuard)
struct DownloadServiceFailureTests {
    @Test("A cache that cannot supply the item after a 304 fails the download")
    func cachedItemThrows() async throws {
        try await withServerAndFixture { server, fixture in
            // GIVEN a revalidating cache that stored the file but then refuses to read it
            let provider = CountingCacheProvider(
                base: fixture.fileCache(.alwaysFetchWithCustomHeader), policy: .alwaysFetchWithCustomHeader,
                failCachedItem: true)
            let service = fixture.service(server.url("/etag/strong"), key: "strong", provider: provider)
            _ = try await service.downloadAsync()

            // WHEN the server answers the second download with 304
            let error = await downloadError(service)

            // THEN the download fails with the cache's reason
            #expect(error == .cachedItemUnavailable(key: "strong", reason: "the cache refuses to read"))
            #expect(provider.calls.cachedItem == 1)
        }
    }

    @Test("A 304 for an item the file cache does not hold fails the download")
    func notModifiedWithoutCopy() async throws {
        try await withServerAndFixture { server, fixture in
            // GIVEN an empty file cache that still sends a matching validator
            let provider = CountingCacheProvider(
                base: fixture.fileCache(.alwaysFetchWithCustomHeader), policy: .alwaysFetchWithCustomHeader,
                extraHeaders: ["If-None-Match": TestRoutes.strongETag])
            // WHEN the server answers 304
            let error = await downloadError(
                fixture.service(server.url("/etag/strong"), key: "k", provider: provider))
            // THEN the file cache's notCached error fails the download
            #expect(
                error
                    == .cachedItemUnavailable(
                        key: "k", reason: FileSystemCacheError.notCached(key: "k").description))
        }
    }

    @Test("A cache that cannot store the delivered file fails the download and leaves no file")
    func storeThrows() async throws {
        try await withServerAndFixture { server, fixture in
            // GIVEN a cache that refuses to write
            let provider = CountingCacheProvider(
                base: fixture.fileCache(.bypassServerCallOnFoundItem), policy: .bypassServerCallOnFoundItem,
                failStore: true)
            // WHEN the server delivers the file
            let error = await downloadError(
                fixture.service(server.url("/etag/strong"), key: "k", provider: provider))
            // THEN the download fails with the cache's reason, and neither folder keeps the file
            #expect(error == .cacheStoreFailed(key: "k", reason: "the cache refuses to write"))
            #expect(server.log.count("/etag/strong") == 1)
            #expect(relativePaths(under: fixture.downloadsFolder).isEmpty)
            #expect(provider.find(key: "k") == nil)
        }
    }

    @Test(
        "Statuses other than 2xx and 304 fail with the status",
        arguments: [("/missing", 404), ("/broken", 500)])
    func httpStatus(path: String, code: Int) async throws {
        try await withServerAndFixture { server, fixture in
            // GIVEN a route that fails
            let provider = CountingCacheProvider(
                base: fixture.fileCache(.alwaysFetchWithCustomHeader), policy: .alwaysFetchWithCustomHeader)
            let url = server.url(path)
            // WHEN downloading
            let error = await downloadError(fixture.service(url, key: "k", provider: provider))
            // THEN the error carries the status and URL, nothing is stored, and no partial file is left
            #expect(error == .httpStatus(code: code, url: url.absoluteString))
            #expect(provider.calls.store == 0 && provider.calls.cachedItem == 0)
            #expect(relativePaths(under: fixture.downloadsFolder).isEmpty)
        }
    }

    @Test("A refused connection fails with connectionRefused")
    func connectionRefused() async throws {
        try await withTemporaryFolder { root in
            // GIVEN a port that is bound but not listening
            let closed = try #require(UnlistenedPort())
            let url = try #require(URL(string: "http://127.0.0.1:\(closed.port)/nothing"))
            let fixture = DownloadFixture(root: root)
            // WHEN downloading from it
            let error = await downloadError(
                fixture.service(url, key: "k", provider: fixture.fileCache(.alwaysFetchWithCustomHeader)))
            // THEN the error says the connection was refused
            #expect(error == .connectionRefused(url: url.absoluteString))
            withExtendedLifetime(closed) {}
        }
    }

    @Test("A server that never answers fails with timedOut")
    func timedOut() async throws {
        try await withServerAndFixture { server, fixture in
            // GIVEN a transport with a short idle timeout and a route that never answers
            let impatient = HTTPExchangeTransport(timeout: 1)
            let url = server.url("/stalled")
            // WHEN downloading
            let error = await downloadError(
                fixture.service(
                    url, key: "k", provider: fixture.fileCache(.alwaysFetchWithCustomHeader),
                    transport: impatient))
            // THEN the error says the request timed out
            #expect(error == .timedOut(url: url.absoluteString))
        }
    }
}
