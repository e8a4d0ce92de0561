import Foundation
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import Testing

@Suite("Conditional requests and 304 revalidation")
struct RevalidationTests {
    /// A cached page that differs from anything the server holds, so an answer equal to it
    /// can only have come from the cache.
    static func cachedPage(etag: String?, lastModified: String?) -> Entry<CharacterPage> {
        let page = CharacterPage(info: PageInfo(count: 1, pages: 1, next: nil, prev: nil), results: [])
        return Entry(
            value: page,
            metadata: EntryMetadata(
                storedAt: Date(timeIntervalSince1970: 1_000), etag: etag, lastModified: lastModified),
            origin: .disk)
    }

    @Test("A matching ETag is sent verbatim; the 304 confirms the cached value with a fresh stored-at")
    func notModified() async throws {
        try await withScriptedServer(try FixtureAPI.shared().script) { server in
            // GIVEN a cached page 1 with the server's weak ETag, and a clock that moved on
            let test = TestAPI(server)
            test.clock.advance(by: 3_600)
            let cached = Self.cachedPage(etag: FixtureAPI.pageTag(1), lastModified: FixtureAPI.lastModified)
            // WHEN page 1 is read with it
            let entry = try await test.api.characterPages.get(CharacterFilter().pageQuery(1), cached: cached)
            // THEN the server saw both validators, verbatim
            let request = try #require(server.requests.first)
            #expect(request.headers["if-none-match"] == #"W/"page-1""#)
            #expect(request.headers["if-modified-since"] == FixtureAPI.lastModified)
            // AND the answer is the cached value (no body decoded), revalidated, stored now
            #expect(entry.value == cached.value)
            #expect(entry.origin == .revalidated)
            #expect(entry.metadata.storedAt == test.clock.now())
            #expect(entry.metadata.etag == FixtureAPI.pageTag(1))
            #expect(entry.metadata.lastModified == FixtureAPI.lastModified)
        }
    }

    @Test("A 304 carrying a new ETag updates the stored one; Last-Modified is kept")
    func notModifiedWithNewTag() async throws {
        let script: Script = { _, _ in ScriptedReply(status: 304, headers: ["ETag": #"W/"v2""#]) }
        try await withScriptedServer(script) { server in
            let test = TestAPI(server)
            let cached = Self.cachedPage(etag: #"W/"v1""#, lastModified: "Tue, 20 Oct 2015 07:28:00 GMT")
            let entry = try await test.api.characterPages.get(CharacterFilter().pageQuery(1), cached: cached)
            #expect(entry.origin == .revalidated)
            #expect(entry.metadata.etag == #"W/"v2""#)
            #expect(entry.metadata.lastModified == "Tue, 20 Oct 2015 07:28:00 GMT")
        }
    }

    @Test("A stale ETag gets a full 200 answer with the new validators")
    func changedResource() async throws {
        try await withScriptedServer(try FixtureAPI.shared().script) { server in
            let test = TestAPI(server)
            let cached = Self.cachedPage(etag: #"W/"old""#, lastModified: nil)
            let entry = try await test.api.characterPages.get(CharacterFilter().pageQuery(1), cached: cached)
            #expect(server.requests.first?.headers["if-none-match"] == #"W/"old""#)
            #expect(server.requests.first?.headers["if-modified-since"] == nil)
            #expect(entry.origin == .network)
            #expect(entry.value.results.count == 20)
            #expect(entry.metadata.etag == FixtureAPI.pageTag(1))
        }
    }

    @Test("A cached entry without validators sends an unconditional request")
    func noValidators() async throws {
        try await withScriptedServer(try FixtureAPI.shared().script) { server in
            let cached = Self.cachedPage(etag: nil, lastModified: nil)
            let entry = try await TestAPI(server).api.characterPages.get(
                CharacterFilter().pageQuery(1), cached: cached)
            let request = try #require(server.requests.first)
            #expect(request.headers["if-none-match"] == nil)
            #expect(request.headers["if-modified-since"] == nil)
            #expect(entry.origin == .network)
        }
    }

    @Test("A 304 when nothing was cached is an unavailable server, not an empty value")
    func notModifiedWithoutCache() async throws {
        let script: Script = { _, _ in ScriptedReply(status: 304) }
        try await withScriptedServer(script) { server in
            await #expect(
                throws: RepositoryError.mainUnavailable(reason: "HTTP 304 Not Modified with nothing cached")
            ) {
                _ = try await TestAPI(server).api.characterPages.get(CharacterFilter().pageQuery(1))
            }
        }
    }
}
