import Foundation
import HTTPExchange
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import Testing

@Suite("The server's word on freshness, kept in the entry's metadata")
struct ServerFreshnessTests {
    /// The fixture API's answers, with `headers` added to each.
    static func script(adding headers: [String: String]) throws -> Script {
        let base = try FixtureAPI.shared().script
        return { request, gate in
            var reply = await base(request, gate)
            reply.headers.merge(headers) { $1 }
            return reply
        }
    }

    /// Page 1 read through `headers` added to the fixture's answer, with the test's clock.
    static func page(adding headers: [String: String]) async throws -> (Entry<CharacterPage>, Date) {
        try await withScriptedServer(try script(adding: headers)) { server in
            let test = TestAPI(server)
            let entry = try await test.api.characterPages.get(CharacterFilter().pageQuery(1), cached: nil)
            return (entry, test.clock.now())
        }
    }

    /// `date` as an HTTP date (IMF-fixdate).
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    @Test("max-age less the Age the answer arrived with is the expiry; nothing said, none")
    func maxAgeWithAge() async throws {
        let (entry, now) = try await Self.page(adding: ["Cache-Control": "public, max-age=60", "Age": "10"])
        #expect(entry.metadata.storedAt == now)
        #expect(entry.metadata.expiresAt == now.addingTimeInterval(50))
        #expect(!entry.metadata.noStore)
        let (plain, _) = try await Self.page(adding: [:])
        #expect(plain.metadata.expiresAt == nil)
    }

    @Test("Expires counts from the server's Date, so a server clock years ahead changes nothing")
    func expiresFromDate() async throws {
        // The test clock reads 2023; the server's says 2030, and Expires two minutes after it
        let serverNow = Date(timeIntervalSince1970: 1_893_456_000)
        let reply = HTTPExchangeAnswer(
            status: 200,
            headers: [
                HTTPHeaderField("Content-Type", "application/json"), HTTPHeaderField("Date", Self.httpDate(serverNow)),
                HTTPHeaderField("Expires", Self.httpDate(serverNow.addingTimeInterval(120))),
            ],
            body: Data(#"{"info":{"count":0,"pages":0,"next":null,"prev":null},"results":[]}"#.utf8))
        let test = TestAPI(
            baseURL: try #require(URL(string: "http://127.0.0.1:9/api")), http: FixedReplyExchange(reply: reply))
        let entry = try await test.api.characterPages.get(CharacterFilter().pageQuery(1), cached: nil)
        #expect(entry.metadata.expiresAt == test.clock.now().addingTimeInterval(120))
    }

    @Test("no-cache expires at once; no-store marks the entry never to be stored")
    func noCacheAndNoStore() async throws {
        let (revalidate, now) = try await Self.page(adding: ["Cache-Control": "no-cache"])
        #expect(revalidate.metadata.expiresAt == now)
        let (unstored, _) = try await Self.page(adding: ["Cache-Control": "no-store"])
        #expect(unstored.metadata.noStore)
        #expect(unstored.value.results.count == 20)
    }

    @Test("A 304 restating max-age sets a new expiry; one saying nothing keeps the cached lifetime, from now")
    func notModified() async throws {
        let cached = Entry(
            value: CharacterPage(info: PageInfo(count: 1, pages: 1, next: nil, prev: nil), results: []),
            metadata: EntryMetadata(
                storedAt: Date(timeIntervalSince1970: 1_000), expiresAt: Date(timeIntervalSince1970: 1_060),
                etag: #"W/"v1""#),
            origin: .disk)
        for (headers, lifetime) in [(["Cache-Control": "max-age=30"], 30.0), ([:], 60.0)] {
            let script: Script = { _, _ in
                ScriptedReply(status: 304, headers: headers.merging(["ETag": #"W/"v1""#]) { $1 })
            }
            try await withScriptedServer(script) { server in
                let test = TestAPI(server)
                test.clock.advance(by: 7_200)
                let entry = try await test.api.characterPages.get(CharacterFilter().pageQuery(1), cached: cached)
                #expect(entry.origin == .revalidated)
                #expect(entry.metadata.storedAt == test.clock.now())
                #expect(entry.metadata.expiresAt == test.clock.now().addingTimeInterval(lifetime))
            }
        }
    }
}
