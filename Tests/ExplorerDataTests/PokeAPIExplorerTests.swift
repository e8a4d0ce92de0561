import ExplorerData
import ExplorerModel
import Foundation
import RepositoryCore
import Testing

/// The explorer over a real mirror of the PokeAPI slice (`../shared/data/pokeapi`) on loopback:
/// lists of references paged by offset, entities read by id or by name, large entities.
@Suite("Exploring PokeAPI")
struct PokeAPIExplorerTests {
    @Test("The pokemon list says 1,351 and shows names at once, with no entity read; pages by offset")
    func pokemonList() async throws {
        try await LiveServers.withMirror(LiveServers.pokeapi) { mirror in
            try await LiveServers.withCacheFile { file in
                let opened = try LiveServers.repository(URL(string: mirror.rootURL), file: file)
                let explorer = opened.repository
                let resources = try await explorer.resources().value
                #expect(resources.resources.count > 40)
                let pokemon = try #require(resources.named("pokemon"))
                #expect(pokemon.searchParameter == nil)

                let first = try await explorer.page(1, of: pokemon)
                #expect(first.value.count == 1_351)
                #expect(first.value.pageSize == 20)
                #expect(first.value.pageCount == 68)
                #expect(first.value.rows.count == 20)
                #expect(first.value.rows.prefix(3).map(\.title) == ["bulbasaur", "ivysaur", "venusaur"])
                #expect(first.value.rows.allSatisfy { $0.isReference })
                for row in first.value.rows.prefix(9) {
                    await #expect(throws: ExplorerError.notFound(url: row.address.key + "/")) {
                        try await explorer.entity(at: row.address, policy: .cacheOnly)
                    }
                }
                let second = try await explorer.page(2, of: pokemon)
                #expect(second.value.rows.first?.title == "spearow")
                #expect(second.value.page.url.query == "offset=20&limit=20")
                let last = try await explorer.page(68, of: pokemon)
                #expect(last.value.rows.count == 11)
                try await opened.close()
            }
        }
    }

    @Test("Bulbasaur read by name is pokemon 1, its abilities named with no read; either name is then a hit")
    func bulbasaurByName() async throws {
        try await LiveServers.withMirror(LiveServers.pokeapi) { mirror in
            try await LiveServers.withCacheFile { file in
                let opened = try LiveServers.repository(URL(string: mirror.rootURL), file: file)
                let explorer = opened.repository
                let pokemon = try await explorer.resource(named: "pokemon")
                let bulbasaur = try await explorer.entity(id: "bulbasaur", of: pokemon)
                #expect(bulbasaur.origin == .network)
                #expect(bulbasaur.value.address.key == mirror.address + "/api/v2/pokemon/1")
                #expect(bulbasaur.value.title == "bulbasaur")
                #expect(bulbasaur.value.object["weight"] == .number("69"))

                let abilities = bulbasaur.value.links(in: explorer.api).filter {
                    $0.path.hasPrefix("abilities")
                }
                #expect(abilities.map(\.name) == ["overgrow", "chlorophyll"])
                let titles = await explorer.collectTitles(of: abilities)
                #expect(abilities.map { titles[$0.address]?.title } == ["overgrow", "chlorophyll"])
                #expect(abilities.allSatisfy { titles[$0.address]?.source == .reference })
                let overgrow = try #require(abilities.first).address
                await #expect(throws: ExplorerError.self) {
                    try await explorer.entity(at: overgrow, policy: .cacheOnly)
                }

                let byID = try await explorer.entity(id: "1", of: pokemon)
                #expect(byID.origin == .memory)
                #expect(byID.value == bulbasaur.value)
                let byNameAgain = try await explorer.entity(id: "bulbasaur", of: pokemon)
                #expect(byNameAgain.origin == .memory)
                #expect(byNameAgain.value.address == bulbasaur.value.address)
                let ability = try await explorer.entity(at: overgrow)
                #expect(ability.value.title == "overgrow")
                try await opened.close()
            }
        }
    }

    @Test("Pokemon 10 is not in the slice: not found, and later reads still work")
    func missingPokemon() async throws {
        try await LiveServers.withMirror(LiveServers.pokeapi) { mirror in
            try await LiveServers.withCacheFile { file in
                let opened = try LiveServers.repository(URL(string: mirror.rootURL), file: file)
                let explorer = opened.repository
                let pokemon = try await explorer.resource(named: "pokemon")
                await #expect(throws: ExplorerError.notFound(url: mirror.address + "/api/v2/pokemon/10/")) {
                    try await explorer.entity(id: "10", of: pokemon)
                }
                let ivysaur = try await explorer.entity(id: "2", of: pokemon)
                #expect(ivysaur.value.title == "ivysaur")
                #expect(try await explorer.page(1, of: pokemon).value.rows.count == 20)
                await #expect(throws: ExplorerError.self) {
                    try await explorer.entity(id: "10", of: pokemon, policy: .cacheOnly)
                }
                try await opened.close()
            }
        }
    }

    @Test("Charizard (726 KB) reads whole, and is cached in memory and on disk")
    func charizard() async throws {
        try await LiveServers.withCacheFile { file in
            try await LiveServers.withMirror(LiveServers.pokeapi) { mirror in
                let base = URL(string: mirror.rootURL)
                let opened = try LiveServers.repository(base, file: file)
                let explorer = opened.repository
                let pokemon = try await explorer.resource(named: "pokemon")
                let charizard = try await explorer.entity(id: "charizard", of: pokemon)
                #expect(charizard.origin == .network)
                #expect(charizard.value.id == "6")
                #expect(charizard.value.title == "charizard")
                let moves = try #require(charizard.value.object["moves"]?.array)
                #expect(moves.count > 100)
                #expect(try await explorer.entity(id: "6", of: pokemon, policy: .cacheOnly).origin == .memory)
                try await opened.close()

                let reopened = try LiveServers.repository(base, file: file)
                let fromDisk = try await reopened.repository.entity(
                    id: "charizard", of: pokemon, policy: .cacheOnly)
                #expect(fromDisk.origin == .disk)
                #expect(fromDisk.value == charizard.value)
                try await reopened.close()
            }
        }
    }
}
