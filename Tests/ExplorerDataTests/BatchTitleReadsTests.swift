import ExplorerData
import ExplorerModel
import Foundation
import HTTPExchange
import PersistentCache
import RepositoryCore
import RickAndMortyModel
import RickAndMortyServer
import Testing

/// A collection a profile lets one read ask for several of (`/character/1,2,3`, as Rick and
/// Morty's API answers): the titles of its links come in as few requests as the batch allows,
/// each entity stored as a page's are.
@Suite("Titles read several entities a request")
struct BatchTitleReadsTests {
    /// Characters 1–6 (but not 4) at `/api/character/<id>`, several at `/api/character/1,2,3` (an
    /// array of those it has); every request noted. Thread-safe: an actor.
    actor CharacterAPI {
        private(set) var paths: [String] = []
        /// A status every multi-id request is answered with instead, when set.
        var failingBatches: Int?

        func failBatches(with status: Int?) { failingBatches = status }

        func answer(_ request: HTTPExchangeRequest) -> HTTPExchangeAnswer {
            let path = request.url.path
            paths.append(path)
            guard path.hasPrefix("/api/character/") else { return HTTPExchangeAnswer(status: 404) }
            let ids = path.dropFirst("/api/character/".count).split(separator: ",").compactMap { Int($0) }
            if ids.count > 1, let failingBatches { return HTTPExchangeAnswer(status: failingBatches) }
            let known = ids.filter { (1...6).contains($0) && $0 != 4 }
            let objects = known.map {
                #"{"id": \#($0), "name": "Character \#($0)", "url": "http://api.test/api/character/\#($0)"}"#
            }
            guard ids.count > 1 || !objects.isEmpty else { return HTTPExchangeAnswer(status: 404) }
            let body = ids.count > 1 ? "[" + objects.joined(separator: ",") + "]" : objects[0]
            return HTTPExchangeAnswer(
                status: 200, headers: [HTTPHeaderField("Content-Type", "application/json")], body: Data(body.utf8))
        }
    }

    /// `api` as an exchange.
    static func exchange(_ api: CharacterAPI) -> ScriptedExchange { ScriptedExchange { await api.answer($0) } }

    static let base = URL(string: "http://api.test/api") ?? URL(fileURLWithPath: "/")

    /// Bare links to characters `ids`, and the collection's address.
    static func links(_ ids: [Int]) throws -> (links: [EntityLink], collection: EntityAddress) {
        let links = try ids.map { id in
            let address = try #require(URL(string: "http://api.test/api/character/\(id)").flatMap(EntityAddress.init))
            return EntityLink(path: "characters[\(id)]", address: address, name: nil)
        }
        let collection = try #require(URL(string: "http://api.test/api/character").flatMap(EntityAddress.init))
        return (links, collection)
    }

    @Test("Six links in batches of four: two requests, then each entity is a memory hit")
    func batches() async throws {
        let api = CharacterAPI()
        let database = try CacheDatabase.inMemory()
        let explorer = try ExplorerRepository(base: Self.base, exchange: Self.exchange(api), database: database)
        let (links, collection) = try Self.links([1, 2, 3, 4, 5, 6])
        var given: [EntityAddress: LinkTitle] = [:]
        for await title in explorer.titles(of: links, batches: [collection: 4]) { given[title.address] = title }
        #expect(given.count == 6)
        #expect(given[links[0].address]?.title == "Character 1")
        #expect(given[links[5].address]?.source == .read(.network))
        // Four in one request, the other two in another; 4 is not in the answer: read alone, not found
        #expect(await api.paths == ["/api/character/1,2,3,4", "/api/character/5,6", "/api/character/4"])
        #expect(given[links[3].address]?.title == nil)
        let second = try await explorer.entity(at: links[1].address)
        #expect(second.origin == .memory)
        #expect(second.value.title == "Character 2")
        try await database.close()
    }

    @Test("A batch the server refuses is read one entity a request; a lone link is never batched")
    func refusedBatch() async throws {
        let api = CharacterAPI()
        await api.failBatches(with: 500)
        let database = try CacheDatabase.inMemory()
        let explorer = try ExplorerRepository(base: Self.base, exchange: Self.exchange(api), database: database)
        let (links, collection) = try Self.links([1, 2])
        let titles = await explorer.collectTitles(of: links, batches: [collection: 10])
        #expect(titles.values.compactMap(\.title).sorted() == ["Character 1", "Character 2"])
        #expect(await api.paths.first == "/api/character/1,2")
        #expect(Set(await api.paths.dropFirst()) == ["/api/character/1", "/api/character/2"])
        let (lone, _) = try Self.links([3])
        _ = await explorer.collectTitles(of: lone, batches: [collection: 10])
        #expect(await api.paths.last == "/api/character/3")
        try await database.close()
    }
}

/// Runs `body` with an explorer of the embedded Rick and Morty server (the sample) on loopback,
/// over a cache file of its own; stops the server and closes the file after it, however it ends.
func withRickAndMortyExplorer(_ body: (ExplorerRepository, URL) async throws -> Void) async throws {
    let server = RickAndMortyServer(dataset: try Dataset.sample(), configuration: .ephemeralLoopback)
    let baseURL = try await server.start()
    do {
        try await LiveServers.withCacheFile { file in
            let opened = try LiveServers.repository(baseURL, file: file)
            do {
                try await body(opened.repository, baseURL)
            } catch {
                try? await opened.close()
                throw error
            }
            try await opened.close()
        }
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}

@Suite("Batched titles against the embedded Rick and Morty server")
struct BatchTitleServerTests {
    @Test("A cast's titles through the built-in profile's batch: one request, every name, each then a memory hit")
    func embeddedServer() async throws {
        try await withRickAndMortyExplorer { explorer, baseURL in
            let resources = try await explorer.resources().value.resources
            let profile = try #require(BuiltInProfiles.named("Rick and Morty"))
            let characters = try #require(resources.first { $0.name == "characters" })
            let batch = try #require(profile.resource("characters")?.batch)
            let collection = try #require(EntityAddress(characters.collection))
            let pilot = try #require(EntityAddress(baseURL.appendingPathComponent("episode/1")))
            let episode = try await explorer.entity(at: pilot)
            let cast = episode.value.links(in: explorer.api).filter { $0.path.hasPrefix("characters[") }
            #expect(cast.count > 1)
            let before = explorer.metrics.snapshot()[.network].hits
            let titles = await explorer.collectTitles(of: cast, batches: [collection: batch])
            #expect(titles.count == cast.count)
            #expect(titles.values.allSatisfy { $0.title != nil && $0.source == .read(.network) })
            #expect(explorer.metrics.snapshot()[.network].hits == before + 1, "one request for the cast")
            let member = try await explorer.entity(at: cast[1].address)
            #expect(member.origin == .memory)
            #expect(member.value.title == titles[cast[1].address]?.title)
        }
    }
}

@Suite("A list filtered by the profile's filters against the embedded Rick and Morty server")
struct ProfileFilterServerTests {
    @Test("locations searched for cit and filtered to type Space station: only those, from one URL")
    func filteredLocations() async throws {
        try await withRickAndMortyExplorer { explorer, _ in
            let locations = try await explorer.resource(named: "locations")
            let all = try await explorer.page(1, of: locations).value.page.rows
            let page = try await explorer.page(1, of: locations, search: "cit", filters: ["type": "Space station"])
            let rows = page.value.page.rows
            #expect(!rows.isEmpty && rows.count < all.count)
            for row in rows {
                let entity = try await explorer.entity(at: row.address).value
                #expect(entity.object["type"]?.string == "Space station")
                #expect(entity.title.lowercased().contains("cit"))
            }
            #expect(page.value.page.url.query == "name=cit&type=Space%20station")
            // The same filter is the same page: a memory hit
            let again = try await explorer.page(1, of: locations, search: "cit", filters: ["type": "Space station"])
            #expect(again.origin == .memory)
        }
    }
}
