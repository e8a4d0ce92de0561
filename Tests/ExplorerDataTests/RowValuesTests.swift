import ExplorerData
import ExplorerModel
import Foundation
import RepositoryCore
import Testing

/// A list's column values as the built-in profiles say, over real mirrors: SWAPI's rows from the
/// entities its pages brought (no read), PokeAPI's references read through the cache, a missing
/// one failing alone.
@Suite("Row values")
struct RowValuesTests {
    @Test("SWAPI: people's gender and birth year come from the entities the page kept")
    func swapi() async throws {
        try await LiveServers.withMirror(LiveServers.swapi) { mirror in
            try await LiveServers.withCacheFile { file in
                let opened = try LiveServers.repository(URL(string: mirror.rootURL), file: file)
                let explorer = opened.repository
                let people = try await explorer.resource(named: "people")
                let rows = try await explorer.page(1, of: people).value.rows
                let profile = try #require(BuiltInProfiles.named("SWAPI")?.resource("people"))
                let network = explorer.metrics.snapshot().network
                var found: [EntityAddress: RowValues] = [:]
                for await values in explorer.rowValues(of: rows.map(\.address), profile: profile) {
                    found[values.address] = values
                }
                #expect(found.count == 10)
                let luke = try #require(try found[rows[0].address]?.outcome.get())
                #expect(luke.title == "Luke Skywalker")
                #expect(luke.cells.prefix(2) == ["male", "19BBY"])
                #expect(explorer.metrics.snapshot().network == network, "no read: the page kept them")
                try await opened.close()
            }
        }
    }

    @Test("PokeAPI: references read for their types, a missing one failing alone; again from the cache")
    func pokeapi() async throws {
        try await LiveServers.withMirror(LiveServers.pokeapi) { mirror in
            try await LiveServers.withCacheFile { file in
                let opened = try LiveServers.repository(URL(string: mirror.rootURL), file: file)
                let explorer = opened.repository
                let pokemon = try await explorer.resource(named: "pokemon")
                let rows = try await explorer.page(1, of: pokemon).value.rows.prefix(10)
                let profile = try #require(BuiltInProfiles.named("PokeAPI")?.resource("pokemon"))
                var found: [EntityAddress: RowValues] = [:]
                for await values in explorer.rowValues(of: rows.map(\.address), profile: profile) {
                    #expect(found[values.address] == nil, "each once")
                    found[values.address] = values
                }
                #expect(found.count == 10)
                let bulbasaur = try #require(try found[rows[0].address]?.outcome.get())
                #expect(bulbasaur.title == "bulbasaur")
                #expect(bulbasaur.cells == ["grass, poison", "7", "69"])
                let tenth = try #require(found[rows[9].address])
                #expect(throws: ExplorerError.self) { try tenth.outcome.get() }
                var again: [EntityAddress: RowValues] = [:]
                for await values in explorer.rowValues(of: [rows[0].address], profile: profile, policy: .cacheOnly) {
                    again[values.address] = values
                }
                #expect(try again[rows[0].address]?.outcome.get().cells.first == "grass, poison")
                try await opened.close()
            }
        }
    }
}
