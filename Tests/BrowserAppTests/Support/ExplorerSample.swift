@testable import BrowserApp
import CharacterData
import ExplorerData
import ExplorerModel
import Foundation
import HTTPExchange
import PersistentCache
import RepositoryCore
import RickAndMortyHTTP
import TerminalUI

/// An explored API for the browser's unit tests: four SWAPI-shaped resources, pages of ten
/// people and entities made by hand; its repository's exchange never answers (the tests deliver
/// the answers themselves). Stateless.
enum ExplorerSample {
    static let base = URL(string: "http://api.test/api/") ?? URL(fileURLWithPath: "/")
    static let api = APIBase(base)
    static let resourceNames = ["people", "planets", "films", "species"]
    static var resources: [ExplorerResource] {
        resourceNames.map { ExplorerResource(name: $0, collection: base.appendingPathComponent($0 + "/")) }
    }

    /// The address of `path` (`/api/people/1`) in the sample API.
    static func address(_ path: String) -> EntityAddress {
        guard let address = EntityAddress(URL(string: "http://api.test" + path) ?? base) else {
            fatalError("the sample's addresses are absolute http URLs: \(path)")
        }
        return address
    }

    /// Person `n`'s name: `Person 1`, …
    static func name(_ n: Int) -> String { "Person \(n)" }

    /// Page `number` of the people: ten a page, `count` in all.
    static func page(_ number: Int, count: Int = 82) -> ExplorerListPage {
        let first = (number - 1) * 10 + 1
        let rows = (first...min(count, first + 9)).map {
            ExplorerRow(address: address("/api/people/\($0)"), title: name($0), isReference: false)
        }
        let next = first + 9 < count ? URL(string: "http://api.test/api/people/?page=\(number + 1)") : nil
        let page = ExplorerPage(
            url: URL(string: "http://api.test/api/people/?page=\(number)") ?? base, rows: rows, next: next,
            count: count)
        return ExplorerListPage(
            page: page, number: number, pageSize: 10, pageCount: (count + 9) / 10, count: count)
    }

    /// Luke, as SWAPI answers him: a homeworld and films by bare URL, a long opening crawl, 30 vehicles.
    static var luke: ExplorerEntity {
        let vehicles = (1...30).map { #""http://api.test/api/vehicles/\#($0)/""# }.joined(separator: ",")
        let crawl = String(repeating: "It is a period of civil war. ", count: 12)
        let json = """
            {"name": "Luke Skywalker", "height": "172", "crawl": "\(crawl)",
             "homeworld": "http://api.test/api/planets/1/",
             "films": ["http://api.test/api/films/1/", "http://api.test/api/films/2/"],
             "species": {"name": "Human", "url": "http://api.test/api/species/1/"},
             "vehicles": [\(vehicles)],
             "stats": {"hp": 45, "attack": 49},
             "url": "http://api.test/api/people/1/"}
            """
        return entity(json, at: "/api/people/1", title: "Luke Skywalker")
    }

    /// The entity `json` at `path`.
    static func entity(_ json: String, at path: String, title: String) -> ExplorerEntity {
        let object: JSONObject
        if case .object(let parsed)? = try? JSONParser.parse(json) { object = parsed } else { object = JSONObject([]) }
        return ExplorerEntity(address: address(path), id: address(path).lastSegment, title: title, object: object)
    }

    /// An answer of `value` from `origin`.
    static func answer<Value>(_ value: Value, origin: Origin = .network, policy: CachePolicy = .localFirst)
        -> Answer<Value>
    {
        Answer(
            value: value, origin: origin, isStale: false, age: 0, fallbackError: nil, diagnostics: [],
            duration: .milliseconds(2), operation: policy.operation, metadata: EntryMetadata(storedAt: Date()))
    }

    /// A session over the sample API whose exchange never answers, on an in-memory cache file,
    /// shown as `profile` says.
    static func session(start: ExplorerSession.Start? = nil, profile: ExplorerProfile? = nil) -> ExplorerSession? {
        guard let database = try? CacheDatabase.inMemory(),
            let repository = try? ExplorerRepository(base: base, exchange: NoExchange(), database: database)
        else { return nil }
        return ExplorerSession(repository: repository, resources: resources, start: start, profile: profile)
    }
}

/// An exchange that never reaches a server.
struct NoExchange: HTTPExchanging {
    func exchange<Value: Sendable>(
        _ request: HTTPExchangeRequest,
        reading read: @Sendable (HTTPStreamedAnswer) async throws(HTTPExchangeError) -> Value
    ) async throws(HTTPExchangeError) -> Value {
        throw .unreachable(reason: "no server in this test")
    }
}

extension Driver {
    /// A browser exploring the sample API (`ExplorerSample`), started at `size`: its people's list
    /// at the bottom, reading page 1; `adjust` changes its services first (a clipboard, a loader).
    init(
        explorer start: ExplorerSession.Start?, size: TerminalSize = TerminalSize(width: 100, height: 30),
        profile: ExplorerProfile? = nil, adjust: (inout BrowserServices) -> Void = { _ in }
    ) {
        let networkSwitch = NetworkSwitch()
        let closedPort = URL(string: "http://127.0.0.1:1/api") ?? URL(fileURLWithPath: "/")
        let remote = RemoteAPI(
            configuration: RemoteAPIConfiguration(baseURL: closedPort, timeout: .seconds(1)),
            networkSwitch: networkSwitch)
        let events = events
        var services = BrowserServices(
            repository: CharacterRepository(api: remote, database: nil), networkSwitch: networkSwitch,
            apiDescription: ExplorerSample.base.absoluteString, now: { Driver.now },
            onAnswer: { events.append($0) })
        services.explorer = ExplorerSample.session(start: start, profile: profile)
        adjust(&services)
        self.networkSwitch = networkSwitch
        browser = CharacterBrowser(services: services)
        state = .initial(services: services)
        effects = browser.update(state: &state, event: .start(size))
    }

    /// Answers page `number` of the explored list on top (or nearest it).
    @discardableResult
    mutating func answerExplorerPage(_ number: Int, count: Int = 82, origin: Origin = .network)
        -> [Effect<BrowserMessage>]
    {
        let read = ExplorerRead(
            policy: .localFirst,
            result: .success(ExplorerSample.answer(ExplorerSample.page(number, count: count), origin: origin)),
            elapsed: .milliseconds(2))
        guard let list = state.screens.last(where: { $0 is ListScreen }) as? ListScreen, let resource = list.resource
        else { return [] }
        let page = ExploredLists.pageRead(
            read, number: number, of: resource, filters: list.list.filter, profile: list.look.profile, metrics: nil)
        let message = ListScreen.Message.page(resource: resource.name, generation: list.list.generation, page)
        return deliver(message, to: ListScreen.self)
    }

    /// Answers the read a copy of the entity at `address` waits for with `read`.
    mutating func deliverCopy(_ address: EntityAddress, _ read: ExplorerRead<ExplorerEntity>) {
        guard let repository = browser.services.explorer?.repository else { return }
        let (outcome, answer) = ExploredLists.copied(read, at: address, repository: repository)
        deliver(ListScreen.Message.copied(address, outcome, answer), to: ListScreen.self)
    }

    /// Answers the explored detail on top with `entity` (Luke by default), its tree built as the read builds it.
    @discardableResult
    mutating func answerExplorerEntity(_ entity: ExplorerEntity = ExplorerSample.luke, origin: Origin = .disk)
        -> [Effect<BrowserMessage>]
    {
        let policy = (state.screens.last as? ExplorerDetailScreen)?.loading ?? .localFirst
        let read = ExplorerRead(
            policy: policy, result: .success(ExplorerSample.answer(entity, origin: origin, policy: policy)),
            elapsed: .milliseconds(2))
        let tree = ExplorerSample.api.map { ExplorerTree(entity, api: $0) }
        return deliver(ExplorerDetailScreen.Message.entity(read, tree: tree), to: ExplorerDetailScreen.self)
    }
}
