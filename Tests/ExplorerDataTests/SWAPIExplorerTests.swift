import ExplorerData
import ExplorerModel
import Foundation
import RepositoryCore
import Testing

/// The explorer over a real mirror of SWAPI (`../shared/data/swapi`) on loopback, through the real
/// HTTP client and a real SQLite file.
@Suite("Exploring SWAPI")
struct SWAPIExplorerTests {
    @Test("The root's index gives six resources in order; people counts 82 and pages to the ninth, of 2")
    func peoplePages() async throws {
        try await LiveServers.withMirror(LiveServers.swapi) { mirror in
            try await LiveServers.withCacheFile { file in
                let opened = try LiveServers.repository(URL(string: mirror.rootURL), file: file)
                let explorer = opened.repository
                let resources = try await explorer.resources()
                #expect(resources.origin == .network)
                #expect(resources.value.discovery == .index)
                #expect(
                    resources.value.resources.map(\.name) == [
                        "people", "planets", "films", "species", "vehicles", "starships",
                    ])
                let people = try #require(resources.value.named("people"))
                #expect(people.searchParameter == "search")

                let first = try await explorer.page(1, of: people)
                #expect(first.origin == .network)
                #expect(first.value.count == 82)
                #expect(first.value.pageSize == 10)
                #expect(first.value.pageCount == 9)
                #expect(first.value.rows.count == 10)
                #expect(first.value.rows.first?.title == "Luke Skywalker")
                #expect(first.value.rows.allSatisfy { !$0.isReference })
                #expect(first.value.pageNumber(ofRow: 81) == 9)

                let last = try await explorer.page(9, of: people)
                #expect(last.value.number == 9)
                #expect(last.value.firstRow == 80)
                #expect(last.value.rows.count == 2)
                #expect(last.value.page.next == nil)
                #expect(last.origin == .network)
                #expect(try await explorer.page(9, of: people).origin == .memory)

                await #expect(throws: ExplorerError.self) { try await explorer.page(10, of: people) }
                let missing = await #expect(throws: ExplorerError.self) { try await explorer.resource(named: "pilots") }
                #expect(
                    missing?.description
                        == "The API has no resource named pilots: its resources are people, planets, films, species, vehicles and starships."
                )
                try await opened.close()
            }
        }
    }

    @Test("A missing resource's sentence names the API's resources: one, a few, or the first twelve of many")
    func missingResourceSentence() {
        #expect(
            ExplorerError.noSuchResource("x", known: ["people"]).description
                == "The API has no resource named x: its one resource is people.")
        let many = (1...50).map { "r\($0)" }
        #expect(
            ExplorerError.noSuchResource("x", known: many).description
                == "The API has no resource named x: its resources are r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, … (50 in all).")
        #expect(ExplorerError.noSuchResource("x", known: []).description == "The API has no resource named x.")
    }

    @Test(
        "Luke's homeworld link reads as Tatooine and his films by title; his entity came whole with the page")
    func lukesLinks() async throws {
        try await LiveServers.withMirror(LiveServers.swapi) { mirror in
            try await LiveServers.withCacheFile { file in
                let opened = try LiveServers.repository(URL(string: mirror.rootURL), file: file)
                let explorer = opened.repository
                let people = try await explorer.resource(named: "people")
                let luke = try #require(try await explorer.page(1, of: people).value.rows.first)
                let entity = try await explorer.entity(at: luke.address)
                #expect(entity.origin == .memory, "the page stored Luke as an entity")
                #expect(entity.value.title == "Luke Skywalker")
                #expect(entity.value.id == "1")
                #expect(entity.value.address.key == mirror.address + "/api/people/1")

                let links = entity.value.links(in: explorer.api)
                let homeworld = try #require(links.first { $0.path == "homeworld" })
                #expect(homeworld.name == nil)
                let titles = await explorer.collectTitles(
                    of: links.filter { $0.path == "homeworld" || $0.path.hasPrefix("films") })
                #expect(titles[homeworld.address]?.title == "Tatooine")
                #expect(titles[homeworld.address]?.source == .read(.network))
                let films = links.filter { $0.path.hasPrefix("films") }.compactMap {
                    titles[$0.address]?.title
                }
                #expect(
                    films == [
                        "A New Hope", "The Empire Strikes Back", "Return of the Jedi", "Revenge of the Sith",
                    ])

                let again = await explorer.collectTitles(of: [homeworld])
                #expect(again[homeworld.address]?.source == .read(.memory), "a title once read is kept")
                try await opened.close()
            }
        }
    }

    @Test("Searching people for \"sky\" through SWAPI's own parameter gives exactly the three Skywalkers")
    func searchSky() async throws {
        try await LiveServers.withMirror(LiveServers.swapi) { mirror in
            try await LiveServers.withCacheFile { file in
                let opened = try LiveServers.repository(URL(string: mirror.rootURL), file: file)
                let people = try await opened.repository.resource(named: "people")
                let found = try await opened.repository.page(1, of: people, search: "sky")
                #expect(
                    found.value.rows.map(\.title) == ["Luke Skywalker", "Anakin Skywalker", "Shmi Skywalker"])
                #expect(found.value.count == 3)
                #expect(found.value.pageCount == 1)
                #expect(found.value.page.url.query == "search=sky")
                try await opened.close()
            }
        }
    }

    @Test(
        "With the server stopped, a new repository over the same file answers the same pages and entities from disk"
    )
    func offlineFromDisk() async throws {
        try await LiveServers.withCacheFile { file in
            var base: URL?
            var online:
                (first: [ExplorerRow], last: [ExplorerRow], luke: ExplorerEntity, homeworld: EntityLink)?
            try await LiveServers.withMirror(LiveServers.swapi) { mirror in
                base = URL(string: mirror.rootURL)
                let opened = try LiveServers.repository(base, file: file)
                let explorer = opened.repository
                let people = try await explorer.resource(named: "people")
                let first = try await explorer.page(1, of: people)
                let last = try await explorer.page(9, of: people)
                let luke = try await explorer.entity(at: try #require(first.value.rows.first).address)
                let homeworld = try #require(
                    luke.value.links(in: explorer.api).first { $0.path == "homeworld" })
                #expect(await explorer.collectTitles(of: [homeworld])[homeworld.address]?.title == "Tatooine")
                online = (first.value.rows, last.value.rows, luke.value, homeworld)
                try await opened.close()
            }
            let before = try #require(online)

            let opened = try LiveServers.repository(base, file: file)
            let explorer = opened.repository
            let resources = try await explorer.resources()
            #expect(resources.origin == .disk)
            let people = try #require(resources.value.named("people"))
            let first = try await explorer.page(1, of: people)
            #expect(first.origin == .disk)
            #expect(first.value.rows == before.first)
            #expect(first.value.count == 82)
            let last = try await explorer.page(9, of: people)
            #expect(last.origin == .disk)
            #expect(last.value.rows == before.last)
            let luke = try await explorer.entity(at: before.luke.address)
            #expect(luke.origin == .disk)
            #expect(luke.value == before.luke)
            let planet = await explorer.collectTitles(of: [before.homeworld])[before.homeworld.address]
            #expect(planet?.title == "Tatooine")
            #expect(planet?.source == .read(.disk))

            // A refresh with the server gone serves what the disk holds, saying why.
            let refreshed = try await explorer.entity(at: before.luke.address, policy: .remoteFirst)
            #expect(refreshed.origin == .memory || refreshed.origin == .disk)
            #expect(refreshed.fallbackError != nil)
            #expect(refreshed.value == before.luke)
            try await opened.close()
        }
    }
}
