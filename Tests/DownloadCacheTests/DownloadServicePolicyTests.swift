import DownloadCache
import Foundation
import TestSupport
import Testing

@Suite("Download service honours the cache provider's policy", .hangGuard)
struct DownloadServicePolicyTests {
    @Test("bypassServerCallOnFoundItem: the second download is served without a server call")
    func bypassServesFoundItem() async throws {
        try await withServerAndFixture { server, fixture in
            // GIVEN a file cache that skips the server for found items
            let service = fixture.service(
                server.url("/etag/strong"), key: "strong",
                provider: fixture.fileCache(.bypassServerCallOnFoundItem))

            // WHEN downloading twice
            let first = try await service.downloadAsync()
            let second = try await service.downloadAsync()

            // THEN only the first reached the server
            #expect(server.log.count("/etag/strong") == 1)
            #expect(first.origin == .server)
            #expect(first.header("etag") == TestRoutes.strongETag)
            #expect(second.origin == .cache)
            #expect(second.headers.isEmpty)
            // AND both files hold the body; the second is the cached copy
            #expect(try contents(of: first.value) == TestRoutes.strongETagBody)
            #expect(try contents(of: second.value) == TestRoutes.strongETagBody)
            #expect(
                second.value.deletingLastPathComponent().path == fixture.cacheFolder.standardizedFileURL.path)
        }
    }

    @Test("alwaysFetchWithCustomHeader: 200 stores, then If-None-Match gets 304 and the cached item")
    func alwaysFetchRevalidates() async throws {
        try await withServerAndFixture { server, fixture in
            // GIVEN a file cache that always asks the server, seen through a counting wrapper
            let provider = CountingCacheProvider(
                base: fixture.fileCache(.alwaysFetchWithCustomHeader), policy: .alwaysFetchWithCustomHeader)
            let service = fixture.service(server.url("/etag/strong"), key: "strong", provider: provider)

            // WHEN downloading the first time
            let first = try await service.downloadAsync()

            // THEN the server answered 200 without a validator and the provider stored the body with its ETag
            #expect(first.origin == .server)
            #expect(server.log.lastHeader("If-None-Match", at: "/etag/strong") == nil)
            #expect(provider.calls.store == 1 && provider.calls.cachedItem == 0)
            #expect(provider.calls.storedHeaders.first?["ETag"] == TestRoutes.strongETag)

            // WHEN downloading again
            let second = try await service.downloadAsync()

            // THEN the request carried If-None-Match, the server answered 304, and the cache supplied the file
            #expect(server.log.count("/etag/strong") == 2)
            #expect(server.log.lastHeader("If-None-Match", at: "/etag/strong") == TestRoutes.strongETag)
            #expect(second.origin == .revalidated)
            #expect(provider.calls.cachedItem == 1 && provider.calls.store == 1)
            #expect(try contents(of: second.value) == TestRoutes.strongETagBody)
            #expect(
                second.value.deletingLastPathComponent().path == fixture.cacheFolder.standardizedFileURL.path)
            // AND find was never asked: this policy always calls the server (seed 002)
            #expect(provider.calls.find == 0)
        }
    }

    @Test("A weak ETag is sent back as it came and revalidates")
    func weakETag() async throws {
        try await withServerAndFixture { server, fixture in
            // GIVEN a revalidating file cache and a resource with a weak ETag
            let service = fixture.service(
                server.url("/etag/weak"), key: "weak",
                provider: fixture.fileCache(.alwaysFetchWithCustomHeader))
            // WHEN downloading twice
            _ = try await service.downloadAsync()
            let second = try await service.downloadAsync()
            // THEN the second request sent the weak tag and got 304
            #expect(server.log.lastHeader("If-None-Match", at: "/etag/weak") == TestRoutes.weakETag)
            #expect(second.origin == .revalidated)
            #expect(try contents(of: second.value) == TestRoutes.weakETagBody)
        }
    }

    @Test("Last-Modified alone revalidates with If-Modified-Since")
    func lastModified() async throws {
        try await withServerAndFixture { server, fixture in
            // GIVEN a resource dated by Last-Modified only
            let service = fixture.service(
                server.url("/modified"), key: "dated",
                provider: fixture.fileCache(.alwaysFetchWithCustomHeader))
            // WHEN downloading twice
            _ = try await service.downloadAsync()
            let second = try await service.downloadAsync()
            // THEN the second request sent If-Modified-Since and got 304
            #expect(server.log.lastHeader("If-Modified-Since", at: "/modified") == TestRoutes.lastModified)
            #expect(second.origin == .revalidated)
            #expect(try contents(of: second.value) == TestRoutes.lastModifiedBody)
        }
    }

    @Test("bypassServerCallOnFoundItem still fetches, and stores, what the cache lacks")
    func bypassMissFetches() async throws {
        try await withServerAndFixture { server, fixture in
            // GIVEN an empty bypassing cache seen through a counting wrapper
            let provider = CountingCacheProvider(
                base: fixture.fileCache(.bypassServerCallOnFoundItem), policy: .bypassServerCallOnFoundItem)
            // WHEN downloading
            let result = try await fixture.service(server.url("/etag/strong"), key: "k", provider: provider)
                .downloadAsync()
            // THEN find was asked, missed, and the server's body was stored (find then names the stored copy)
            #expect(result.origin == .server)
            #expect(provider.calls.find == 2 && provider.calls.store == 1)
            #expect(try contents(of: try #require(provider.find(key: "k"))) == TestRoutes.strongETagBody)
        }
    }

    @Test("A hostile key downloads without writing outside the cache and downloads folders")
    func hostileKeyThroughService() async throws {
        try await withServerAndFixture { server, fixture in
            // GIVEN keys that look like paths out of the folders
            let before = relativePaths(under: fixture.root)
            for key in ["../../escape", "/abs", "a/../../b", "", "nul\u{0}key"] {
                // WHEN each is downloaded
                let result = try await fixture.service(
                    server.url("/etag/strong"), key: key,
                    provider: fixture.fileCache(.bypassServerCallOnFoundItem)
                ).downloadAsync()
                #expect(
                    result.value.deletingLastPathComponent().path
                        == fixture.cacheFolder.standardizedFileURL.path)
            }
            // AND each file is on disk once: in the cache, not also in the downloads folder
            #expect(relativePaths(under: fixture.downloadsFolder).isEmpty)
            // THEN only the two folders and files directly inside them are new
            let added = Set(relativePaths(under: fixture.root)).subtracting(before)
            #expect(
                added.allSatisfy { path in
                    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
                    return ["cache", "downloads"].contains(parts[0]) && parts.count <= 2
                })
            let escaped = fixture.downloadsFolder.appendingPathComponent("../../escape").standardizedFileURL
            #expect(!FileManager.default.fileExists(atPath: escaped.path))
            // AND the downloads folder is private, its files too
            #expect(try permissions(of: fixture.downloadsFolder) == 0o700)
            for name in relativePaths(under: fixture.downloadsFolder) {
                #expect(try permissions(of: fixture.downloadsFolder.appendingPathComponent(name)) == 0o600)
            }
        }
    }
}

extension Dictionary where Key == String, Value == String {
    /// The value of header `name`, compared case-insensitively.
    func headerValue(_ name: String) -> String? {
        first { $0.key.lowercased() == name.lowercased() }?.value
    }
}
