import ExplorerData
import ExplorerModel
import Foundation
import PersistentCache
import RepositoryCore
import Testing

/// The titles of bare links read in the background: no more reads in flight than the
/// configuration allows, each linked entity read once, and a title the cache holds given with no read.
@Suite("Titles of links")
struct LinkTitleReadsTests {
    @Test("Luke's five bare links are read at most two at a time, each once")
    func readsAreLimited() async throws {
        try await LiveServers.withMirror(LiveServers.swapi) { mirror in
            try await LiveServers.withCacheFile { file in
                let flights = InFlight(limit: 2, total: 5)
                let exchange = LimitedExchange(
                    counts: { $0.hasPrefix("/api/planets/") || $0.hasPrefix("/api/films/") }, flights: flights
                )
                let database = try CacheDatabase(location: .file(file))
                let explorer = try ExplorerRepository(
                    base: URL(string: mirror.rootURL), exchange: exchange, database: database,
                    configuration: ExplorerConfiguration(titleReadsAtOnce: 2))
                let people = try await explorer.resource(named: "people")
                let luke = try #require(try await explorer.page(1, of: people).value.rows.first)
                let links = try await explorer.entity(at: luke.address).value.links(in: explorer.api)
                    .filter { $0.path == "homeworld" || $0.path.hasPrefix("films") }
                #expect(links.count == 5)
                var given: [LinkTitle] = []
                for await title in explorer.titles(of: links + links) { given.append(title) }
                #expect(given.count == 5, "each address once")
                #expect(given.allSatisfy { $0.source == .read(.network) })
                #expect(Set(given.compactMap(\.title)).contains("Tatooine"))
                #expect(await flights.most == 2)
                #expect(await flights.started == 5)
                try await database.close()
            }
        }
    }

    @Test(
        "A pokemon list's names are titles: a bare link to pokemon 1 shows bulbasaur from the cache, no read")
    func titlesFromTheCache() async throws {
        try await LiveServers.withMirror(LiveServers.pokeapi) { mirror in
            try await LiveServers.withCacheFile { file in
                let opened = try LiveServers.repository(URL(string: mirror.rootURL), file: file)
                let explorer = opened.repository
                _ = try await explorer.page(1, of: try await explorer.resource(named: "pokemon"))
                let address = try #require(explorer.api.address(of: "/api/v2/pokemon/1/"))
                let title = await explorer.collectTitles(of: [
                    EntityLink(path: "pokemon", address: address, name: nil)
                ])[address]
                #expect(title?.title == "bulbasaur")
                #expect(title?.source == .read(.memory))
                await #expect(throws: ExplorerError.self) {
                    try await explorer.entity(at: address, policy: .cacheOnly)
                }
                try await opened.close()
            }
        }
    }
}
