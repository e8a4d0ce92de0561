@testable import BrowserApp
import CharacterData
import ExplorerData
import ExplorerModel
import Foundation
import HTTPExchange
import PersistentCache
import RickAndMortyHTTP
import TerminalUI
import TestSupport

/// The shared PokeAPI slice (`../shared/data/pokeapi`) answered in process, file by file:
/// `GET /api/v2/<path>/` is `<path>/index.json`, anything else 404. Counts the reads of each
/// path. Thread-safe: it only reads files.
struct PokeAPIFolderExchange: HTTPExchanging {
    static let base = URL(string: "http://pokeapi.test/api/v2/") ?? URL(fileURLWithPath: "/")
    let folder = SharedData.dataSet("pokeapi")

    func exchange<Value: Sendable>(
        _ request: HTTPExchangeRequest,
        reading read: @Sendable (HTTPStreamedAnswer) async throws(HTTPExchangeError) -> Value
    ) async throws(HTTPExchangeError) -> Value {
        let path = request.url.path.split(separator: "/").joined(separator: "/")
        guard let body = try? Data(contentsOf: folder.appendingPathComponent(path + "/index.json")) else {
            return try await read(HTTPStreamedAnswer(status: 404, body: HTTPAnswerBody(Data("{}".utf8))))
        }
        return try await read(
            HTTPStreamedAnswer(
                status: 200, headers: [HTTPHeaderField("Content-Type", "application/json")],
                body: HTTPAnswerBody(body)))
    }
}

extension Driver {
    /// A browser exploring the PokeAPI slice in process (on an in-memory cache file), started at
    /// `size` at `start`; its first reads are among `effects`, not run.
    init(pokeAPI start: ExplorerSession.Start, size: TerminalSize) throws {
        let networkSwitch = NetworkSwitch()
        let closedPort = URL(string: "http://127.0.0.1:1/api") ?? URL(fileURLWithPath: "/")
        let remote = RemoteAPI(
            configuration: RemoteAPIConfiguration(baseURL: closedPort, timeout: .seconds(1)),
            networkSwitch: networkSwitch)
        var services = BrowserServices(
            repository: CharacterRepository(api: remote, database: nil), networkSwitch: networkSwitch,
            apiDescription: PokeAPIFolderExchange.base.absoluteString, now: { Driver.now })
        let repository = try ExplorerRepository(
            base: PokeAPIFolderExchange.base, exchange: PokeAPIFolderExchange(),
            database: try CacheDatabase.inMemory())
        let resources = ["pokemon", "ability"].map {
            ExplorerResource(
                name: $0, collection: PokeAPIFolderExchange.base.appendingPathComponent($0 + "/"))
        }
        services.explorer = ExplorerSession(repository: repository, resources: resources, start: start)
        self.networkSwitch = networkSwitch
        browser = CharacterBrowser(services: services)
        state = .initial(services: services)
        effects = browser.update(state: &state, event: .start(size))
    }

    /// Runs the effects' tasks and gives their messages back, round after round, until no task
    /// is left (subscriptions are not run).
    mutating func settle() async {
        var pending = effects
        while !pending.isEmpty {
            let messages = await pending.filter { if case .run = $0 { true } else { false } }.runAll()
            pending = []
            for message in messages { pending += deliver(message) }
        }
    }
}
