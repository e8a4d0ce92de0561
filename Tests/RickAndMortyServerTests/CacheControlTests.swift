import Foundation
import RickAndMortyServer
import Testing

@Suite("Cache-Control on the API's successful reads")
struct CacheControlTests {
    static let directives = "max-age=60, stale-while-revalidate=86400"

    @Test("Pages, characters, episodes, locations and their 304s carry it; errors and writes do not")
    func sentOnReads() async throws {
        try await LiveServer.with(data: .dataset(try Dataset.sample()), cacheControl: Self.directives) { _, client in
            for path in ["/api/character?page=1", "/api/character/1", "/api/character/1,2", "/api/episode/1", "/api/location/1"] {
                let reply = try await client.send(path)
                #expect(reply.status == 200)
                #expect(reply.header("Cache-Control") == Self.directives, "\(path)")
                let tag = try #require(reply.header("ETag"))
                let again = try await client.send(path, headers: ["If-None-Match": tag])
                #expect(again.status == 304)
                #expect(again.header("Cache-Control") == Self.directives, "\(path) 304")
            }
            for path in ["/api/character/0", "/api/character?page=99", "/api/nothing"] {
                let reply = try await client.send(path)
                #expect(reply.status == 404)
                #expect(reply.header("Cache-Control") == nil, "\(path)")
            }
        }
    }

    @Test("None configured, none sent, as the public API")
    func noneByDefault() async throws {
        try await LiveServer.with(data: .dataset(try Dataset.sample())) { _, client in
            let reply = try await client.send("/api/character/1")
            #expect(reply.header("Cache-Control") == nil)
        }
    }

    @Test(
        "A value that could split the header, or is too long, is refused with the reason; spaces are trimmed; empty is none",
        arguments: [
            ("max-age=60\r\nX-Evil: 1", "U+D"), ("max-age=60\u{7}", "U+7"), ("max-age=\u{e9}", "U+E9"),
            (String(repeating: "a", count: 1_025), "1,024"),
        ])
    func checked(value: String, reason: String) throws {
        guard case .failure(let refusal) = ServerConfiguration.checkedCacheControl(value) else {
            Issue.record("accepted")
            return
        }
        #expect(refusal.description.contains(reason), "\(refusal)")
        #expect(try ServerConfiguration.checkedCacheControl("  no-store ").get() == "no-store")
        #expect(try ServerConfiguration.checkedCacheControl("  ").get() == nil)
        #expect(try ServerConfiguration.checkedCacheControl(" None ").get() == nil)
    }
}
