@testable import BrowserApp
import ExplorerData
import ExplorerModel
import Foundation
import HTTPExchange
import PersistentCache
import RepositoryCore
import TerminalUI
import TestSupport
import Testing

/// An explored entity or page stale inside its server's stale-while-revalidate window shows at
/// once and is read again behind it; the revalidation's answer is drawn where it shows, and the
/// status pane says where each came from. Through a real explorer repository over an API
/// answered in process, its reads run to completion.
@Suite("The explorer's screens take their background revalidations")
struct ExplorerRevalidationTests {
    @Test("A detail shown stale shows the revalidated entity when its background read answers")
    func detail() async throws {
        let server = RevalidatedAPI()
        let explorer = try server.explorer(start: "people/1")
        _ = try await explorer.repository.entity(at: RevalidatedAPI.address("/api/people/1/"))
        await server.rename("Luke Skywalker II")
        server.time.advance(by: 1)

        var driver = Driver(explorer: ExplorerSession.Start(parsing: "people/1")) { $0.explorer = explorer }
        let messages = await driver.effects.filter(Self.isEntityRead).runAll()
        #expect(messages.count == 2)
        driver.deliver(try #require(messages.first))
        let stale = driver.frame.joined(separator: "\n")
        #expect(stale.contains("Luke Skywalker"))
        #expect(!stale.contains("Luke Skywalker II"))
        #expect(stale.contains("stale · revalidating"))
        driver.deliver(try #require(messages.last))

        let shown = driver.frame.joined(separator: "\n")
        #expect(shown.contains("Luke Skywalker II"))
        #expect(shown.contains("network"))
        #expect(shown.contains("· background"))
        #expect(driver.events.all.map(\.background) == [false, true])
    }

    @Test("A list page shown stale shows the revalidated rows; a 304 says revalidated")
    func listPage() async throws {
        let server = RevalidatedAPI()
        let explorer = try server.explorer()
        let people = try #require(explorer.resources.first)
        _ = try await explorer.repository.page(1, of: people)
        await server.rename("Luke Skywalker II")
        server.time.advance(by: 1)

        var driver = Driver(explorer: ExplorerSession.Start(parsing: "people")) { $0.explorer = explorer }
        for message in await driver.effects.filter(Self.isPageRead).runAll() {
            driver.deliver(message)
        }
        #expect(driver.frame.joined(separator: "\n").contains("Luke Skywalker II"))
        #expect(driver.events.all.map(\.background) == [false, true])

        // Unchanged since: the next stale read's revalidation is a 304.
        server.time.advance(by: 1)
        driver = Driver(explorer: ExplorerSession.Start(parsing: "people")) { $0.explorer = explorer }
        for message in await driver.effects.filter(Self.isPageRead).runAll() {
            driver.deliver(message)
        }
        #expect(driver.frame.joined(separator: "\n").contains("revalidated"))
        #expect(driver.events.all.last?.origin == .repository(.revalidated))
    }

    @Test("A revalidation that fails leaves the stale entity shown; one behind a refresh in flight is not drawn")
    func failedOrSuperseded() async throws {
        let server = RevalidatedAPI()
        let explorer = try server.explorer(start: "people/1")
        _ = try await explorer.repository.entity(at: RevalidatedAPI.address("/api/people/1/"))
        await server.rename("Luke Skywalker II")
        server.time.advance(by: 1)
        var driver = Driver(explorer: ExplorerSession.Start(parsing: "people/1")) { $0.explorer = explorer }
        let messages = await driver.effects.filter(Self.isEntityRead).runAll()
        driver.deliver(try #require(messages.first))
        driver.press("r")
        driver.deliver(try #require(messages.last))
        #expect(!driver.frame.joined(separator: "\n").contains("Luke Skywalker II"))

        let failed = ExplorerRead<ExplorerEntity>(
            policy: .localFirst, result: .failure(.unavailable(url: "http://api.test/api/people/1/", reason: "HTTP 503")),
            elapsed: .milliseconds(1), background: true)
        driver.deliver(ExplorerDetailScreen.Message.entity(failed, tree: nil), to: ExplorerDetailScreen.self)
        #expect(driver.frame.joined(separator: "\n").contains("Luke Skywalker"))
        #expect(driver.state.toast == nil)
        #expect(driver.events.all.last?.error?.contains("HTTP 503") == true)
    }

    @Test("A detail of an entity another detail read anew reads it again through the cache once back on top")
    func detailBelowReadsAgain() async throws {
        // GIVEN Luke's detail, and a second detail of Luke over it (a link followed back to him)
        let server = RevalidatedAPI()
        let explorer = try server.explorer(start: "people/1")
        let luke = RevalidatedAPI.address("/api/people/1/")
        var driver = Driver(explorer: ExplorerSession.Start(parsing: "people/1")) { $0.explorer = explorer }
        for message in await driver.effects.filter(Self.isEntityRead).runAll() { driver.deliver(message) }
        let over = driver.browser.push(ExplorerDetailScreen(target: .address(luke), knownTitle: "Luke"), state: &driver.state)
        for message in await over.filter(Self.isEntityRead).runAll() { driver.deliver(message) }
        // WHEN Luke is renamed and the detail on top is refreshed
        await server.rename("Luke Skywalker II")
        server.time.advance(by: 1)
        for message in await driver.press("r").filter(Self.isEntityRead).runAll() { driver.deliver(message) }
        #expect(driver.frame.joined(separator: "\n").contains("Luke Skywalker II"))
        // THEN back on the first detail, it reads Luke again through the cache (max-age=0: a 304) and
        // shows the new name
        let reads = driver.press(.escape).filter(Self.isEntityRead)
        #expect(reads.count == 1)
        for message in await reads.runAll() { driver.deliver(message) }
        #expect(driver.frame.joined(separator: "\n").contains("Luke Skywalker II"))
        #expect(driver.events.all.last?.origin == .repository(.revalidated))
    }

    @Test("A detail's revalidated entity shows on the list below it too: its row's columns, once back")
    func listBelowTakesTheDetailsAnswer() async throws {
        // GIVEN people's list shown, its row's columns from Luke as page 1 brought him
        let server = RevalidatedAPI()
        let plain = try server.explorer()
        let field = try #require(FieldPath("name"))
        let profile = ExplorerProfile(
            name: "test", resources: ["people": ResourceProfile(columns: [ProfileColumn(field: field, label: "Called")])])
        let explorer = ExplorerSession(repository: plain.repository, resources: plain.resources, profile: profile)
        var driver = Driver(explorer: ExplorerSession.Start(parsing: "people")) { $0.explorer = explorer }
        for page in await driver.effects.filter(Self.isPageRead).runAll() {
            for values in await driver.deliver(page).filter(Self.isValuesRead).runAll() { driver.deliver(values) }
        }
        #expect(driver.frame.joined(separator: "\n").contains("Luke Skywalker"))
        // AND Luke renamed since, everything stale
        await server.rename("Luke Skywalker II")
        server.time.advance(by: 1)
        // WHEN Luke's detail opens, stale, and its revalidation answers behind it
        let entityReads = await driver.press(.enter).filter(Self.isEntityRead).runAll()
        for message in entityReads { driver.deliver(message) }
        #expect(driver.frame.joined(separator: "\n").contains("Luke Skywalker II"))
        // THEN back on the list, Luke's row shows the name the detail's revalidation brought
        driver.press(.escape)
        let rows = driver.frame.filter { $0.contains("Luke") }
        #expect(rows.contains { $0.contains("Luke Skywalker II") }, "\(rows)")
    }
}

extension ExplorerRevalidationTests {
    /// Whether `effect` is a list's read of a page.
    static func isPageRead(_ effect: Effect<BrowserMessage>) -> Bool {
        guard case .run(let key?) = effect.shape else { return false }
        return key.hasPrefix("page-")
    }

    /// Whether `effect` is a list's read of its rows' values.
    static func isValuesRead(_ effect: Effect<BrowserMessage>) -> Bool {
        guard case .run(let key?) = effect.shape else { return false }
        return key.hasPrefix("values-")
    }

    /// Whether `effect` is a detail's read of its entity.
    static func isEntityRead(_ effect: Effect<BrowserMessage>) -> Bool {
        guard case .run(let key?) = effect.shape else { return false }
        return key.hasPrefix("explorer-entity")
    }
}

/// People of a SWAPI-shaped API answered in process with a strong tag and
/// `max-age=0, stale-while-revalidate=600`, a 304 for the current tag (the conditional requests
/// counted); person 1 can be renamed.
/// Thread-safe: an actor's state.
final class RevalidatedAPI: Sendable {
    let time = ManualTimeSource()
    private let state = Names()

    actor Names {
        var luke = "Luke Skywalker"
        var version = 1
        var conditional = 0
        func sawConditional() { conditional += 1 }
        func rename(_ name: String) {
            luke = name
            version += 1
        }
    }

    static func address(_ path: String) -> EntityAddress {
        EntityAddress(URL(string: "http://api.test" + path) ?? ExplorerSample.base) ?? ExplorerSample.address(path)
    }

    func rename(_ name: String) async { await state.rename(name) }

    /// The conditional requests seen (their `If-None-Match`).
    func conditionalRequests() async -> Int { await state.conditional }

    /// A session exploring this API's people on an in-memory cache file, on this API's clock,
    /// starting at `start` (`people/1`).
    func explorer(start: String? = nil, database: CacheDatabase? = nil, identity: String? = nil) throws
        -> ExplorerSession
    {
        let repository = try ExplorerRepository(
            base: ExplorerSample.base, exchange: Exchange(state: state), database: try database ?? CacheDatabase.inMemory(),
            configuration: ExplorerConfiguration(timeSource: time, clock: ManualClock(), identity: identity))
        return ExplorerSession(
            repository: repository,
            resources: [ExplorerResource(name: "people", collection: ExplorerSample.base.appendingPathComponent("people/"))],
            start: start.map(ExplorerSession.Start.init(parsing:)))
    }

    struct Exchange: HTTPExchanging {
        let state: Names

        func exchange<Value: Sendable>(
            _ request: HTTPExchangeRequest,
            reading read: @Sendable (HTTPStreamedAnswer) async throws(HTTPExchangeError) -> Value
        ) async throws(HTTPExchangeError) -> Value {
            let (luke, version) = await (state.luke, state.version)
            let person = #"{"name": "\#(luke)", "height": "172", "url": "http://api.test/api/people/1/"}"#
            let body = request.url.path.hasSuffix("/1/") || request.url.path.hasSuffix("/1")
                ? person : #"{"count": 1, "next": null, "results": [\#(person)]}"#
            let tag = "\"\(request.url.path)-\(version)\""
            var headers = [
                HTTPHeaderField("ETag", tag), HTTPHeaderField("Cache-Control", "max-age=0, stale-while-revalidate=600"),
            ]
            if request.headers.contains(where: { $0.name == "If-None-Match" }) { await state.sawConditional() }
            if request.headers.contains(HTTPHeaderField("If-None-Match", tag)) {
                return try await read(HTTPStreamedAnswer(HTTPExchangeAnswer(status: 304, headers: headers)))
            }
            headers.append(HTTPHeaderField("Content-Type", "application/json"))
            return try await read(HTTPStreamedAnswer(HTTPExchangeAnswer(status: 200, headers: headers, body: Data(body.utf8))))
        }
    }
}
