import Foundation
import PersistentCache
import TestSupport
import Testing

/// The built browser exploring `charbrowser serve --mirror` of the shared SWAPI and PokeAPI data
/// (`--api URL`), headless: lists paged to their end, details with links by name and title,
/// following a link, the API's own search, the same screens from the cache with the server gone,
/// a not-found entity, a 700 KB entity to its end, an ability's effect followed from a pokemon; no
/// claim on the cache file's writes; a root that is no index exits 2.
@Suite("Exploring any JSON API end to end", .serialized)
struct ExplorerAPIEndToEndTests {
    /// A mirror of the shared data set `name`, started in `browser`'s environment.
    static func mirror(_ name: String, _ browser: Browser) async throws -> ServedAPI {
        try await ServedAPI.start(
            executable: browser.executable, arguments: ["--mirror", SharedData.dataSet(name).path],
            environment: browser.environment)
    }

    @Test("SWAPI: people to the last with G, Luke's links by title, Tatooine's climate, /sky; then offline")
    func swapi() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let api = try await Self.mirror("swapi", browser)
        defer { api.stop() }
        let flags = ["--api", api.url, "--no-images"]

        let end = try await browser.headless(keys: "G q", extra: flags)
        #expect(end.outcome.status == 0, "\(end.outcome.standardError)")
        #expect(end.outcome.standardOutput.contains("people 82/82"), "\(end.outcome.standardOutput)")
        #expect(end.outcome.standardOutput.contains("Tion Medon"))
        #expect(end.events.contains { $0[text: "query"] == "people page 9" && $0[text: "origin"] == "network" })

        let luke = try await browser.headless(keys: "enter q", size: "120x40", extra: flags)
        let lukeScreen = luke.outcome.standardOutput
        #expect(lukeScreen.contains("people › Luke Skywalker"), "\(lukeScreen)")
        #expect(lukeScreen.contains("homeworld: Tatooine"))
        for film in ["A New Hope", "The Empire Strikes Back", "Return of the Jedi", "Revenge of the Sith"] {
            #expect(lukeScreen.contains(film), "\(film)")
        }

        let tatooine = try await browser.headless(keys: "enter n enter q", size: "120x40", extra: flags)
        #expect(tatooine.outcome.standardOutput.contains("people › Luke Skywalker › Tatooine"))
        #expect(tatooine.outcome.standardOutput.contains("climate: arid"), "\(tatooine.outcome.standardOutput)")

        let sky = try await browser.headless(keys: "/ text:sky enter q", extra: flags)
        let skyScreen = sky.outcome.standardOutput
        #expect(skyScreen.contains("people 1/3"), "\(skyScreen)")
        for name in ["Luke Skywalker", "Anakin Skywalker", "Shmi Skywalker"] { #expect(skyScreen.contains(name)) }
        #expect(sky.events.contains { $0[text: "query"] == "people page 1 (search=sky)" })

        // The Cache screen and `cache ls --api` show the explorer's entries as the API's (its
        // identity is the browser's: host and port, the `/api` path left out).
        let port = try #require(URL(string: api.url)?.port)
        let cacheScreen = try await browser.headless(keys: "4 q", size: "120x40", extra: flags)
        #expect(cacheScreen.outcome.standardOutput.contains("entity people/1"), "\(cacheScreen.outcome.standardOutput)")
        let listed = try await browser.run(
            ["cache", "ls", "--cache-dir", browser.cacheDirectory.path, "--api", "127.0.0.1:\(port)", "--json"])
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(listed.standardOutput.contains(#""name":"entity people/1""#))

        // The server gone: the same screens, from the cache file.
        await api.stopped()
        let offline = try await browser.headless(keys: "enter n enter q", size: "120x40", extra: flags)
        #expect(offline.outcome.status == 0, "\(offline.outcome.standardError)")
        #expect(offline.outcome.standardOutput.contains("climate: arid"), "\(offline.outcome.standardOutput)")
        #expect(offline.events.allSatisfy { $0[text: "origin"] == "disk" || $0[text: "origin"] == "memory" })
        let offlineEnd = try await browser.headless(keys: "G q", extra: flags)
        #expect(offlineEnd.outcome.standardOutput.contains("people 82/82"))
        #expect(offlineEnd.outcome.standardOutput.contains("Tion Medon"))
        let offlineSky = try await browser.headless(keys: "/ text:sky enter q", extra: flags)
        #expect(offlineSky.outcome.standardOutput.contains("people 1/3"))
        #expect(offlineSky.outcome.standardOutput.contains("Shmi Skywalker"))
    }

    @Test("PokeAPI: 1,351 pokemon by name at once; bulbasaur's types, abilities, weight; 10 not found")
    func pokeapi() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let api = try await Self.mirror("pokeapi", browser)
        defer { api.stop() }
        let flags = ["--api", api.url, "--no-images"]

        let list = try await browser.headless(keys: "q", extra: flags + ["--open", "pokemon"])
        #expect(list.outcome.status == 0, "\(list.outcome.standardError)")
        #expect(list.outcome.standardOutput.contains("pokemon 1/1,351"), "\(list.outcome.standardOutput)")
        #expect(list.outcome.standardOutput.contains("bulbasaur"))
        #expect(list.events.filter { $0[text: "query"].hasPrefix("entity") }.isEmpty, "names with no entity read")

        let bulbasaur = try await browser.headless(
            keys: "enter q", size: "160x50", extra: flags + ["--open", "pokemon"])
        let screen = bulbasaur.outcome.standardOutput
        #expect(screen.contains("pokemon › bulbasaur"), "\(screen)")
        for word in ["ability: overgrow", "ability: chlorophyll"] { #expect(screen.contains(word), "\(word)") }
        let end = try await browser.headless(keys: "enter G q", size: "160x50", extra: flags + ["--open", "pokemon"])
        for word in ["type: grass", "type: poison", "weight: 69"] {
            #expect(end.outcome.standardOutput.contains(word), "\(word)")
        }

        let missing = try await browser.headless(keys: "esc esc j q", extra: flags + ["--open", "pokemon/10"])
        #expect(missing.outcome.status == 0, "\(missing.outcome.standardError)")
        #expect(missing.events.contains { $0[text: "query"] == "entity pokemon/10" && $0[text: "error"].contains("Nothing was found") })
        #expect(missing.outcome.standardOutput.contains("pokemon 2/1,351"), "\(missing.outcome.standardOutput)")
        let notFound = try await browser.headless(keys: "q", extra: flags + ["--open", "pokemon/10"])
        #expect(notFound.outcome.standardOutput.contains("Nothing was found"), "\(notFound.outcome.standardOutput)")
    }

    /// Its wall time is measured by a documented command, not here (docs/benchmarks.md).
    @Test("PokeAPI: charizard (726 KB) opens by name and G reaches its end: its last field, the last line")
    func charizardToItsEnd() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let api = try await Self.mirror("pokeapi", browser)
        defer { api.stop() }
        let flags = ["--api", api.url, "--no-images", "--open", "pokemon/charizard"]
        let top = try await browser.headless(keys: "q", size: "200x60", extra: flags)
        #expect(top.outcome.status == 0, "\(top.outcome.standardError)")
        let lines = try #require(
            Self.lineCount(in: top.outcome.standardOutput), "\(top.outcome.standardOutput)")
        #expect(top.outcome.standardOutput.contains("· line 1/\(lines) "))
        #expect(!top.outcome.standardOutput.contains("weight: 905"))

        let end = try await browser.headless(keys: "G q", size: "200x60", extra: flags)
        let screen = end.outcome.standardOutput
        #expect(end.outcome.status == 0, "\(end.outcome.standardError)")
        #expect(screen.contains("pokemon › charizard"), "\(screen)")
        #expect(screen.contains("charizard · /api/v2/pokemon/6 · line \(lines)/\(lines) "), "\(screen)")
        #expect(screen.contains("weight: 905"), "the last field")
    }

    @Test("PokeAPI: overgrow followed from bulbasaur's detail shows its effect")
    func overgrowEffect() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let api = try await Self.mirror("pokeapi", browser)
        defer { api.stop() }
        let flags = ["--api", api.url, "--no-images", "--open", "pokemon/bulbasaur"]
        // abilities[0] opened, its link selected and followed: the ability's effects, each in brief.
        let followed = try await browser.headless(keys: "j enter n enter q", size: "160x50", extra: flags)
        let ability = followed.outcome.standardOutput
        #expect(followed.outcome.status == 0, "\(followed.outcome.standardError)")
        #expect(ability.contains("pokemon › bulbasaur › overgrow"), "\(ability)")
        #expect(ability.contains("effect: When this Pokémon has 1/3 or less of"))
        #expect(
            followed.events.contains {
                $0[text: "query"] == "entity /api/v2/ability/65" && $0[text: "origin"] == "network"
            })
        // The English entry opened: its effect whole.
        let opened = try await browser.headless(
            keys: "j enter n enter j j j j enter q", size: "160x50", extra: flags)
        let effect = opened.outcome.standardOutput
        #expect(
            effect.contains(
                "effect: When this Pokémon has 1/3 or less of its HP remaining, its Grass-type moves inflict"),
            "\(effect)")
        #expect(effect.contains("1.5× as much regular damage."))
        #expect(
            effect.contains("short_effect: Strengthens Grass moves to inflict 1.5× damage at 1/3 max HP or less."))
    }

    /// The detail's line count in its title (`… · line 1/78 ─`).
    static func lineCount(in screen: String) -> Int? {
        guard let range = screen.range(of: #"· line \d+/(\d+) "#, options: .regularExpression) else {
            return nil
        }
        return screen[range].split(separator: "/").last.flatMap {
            Int($0.trimmingCharacters(in: .whitespaces))
        }
    }

    @Test("--openapi: a Swagger 2.0 or OpenAPI 3.0 document's collections list and open, links by title")
    func described() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let api = try await Self.mirror("swapi", browser)
        defer { api.stop() }
        for document in ["films-swagger2.yaml", "films-openapi3.json"] {
            let file = SharedData.packageRoot.appendingPathComponent("Tests/Fixtures/APIDescriptions/\(document)")
            let run = try await browser.headless(
                keys: "enter q", size: "120x40", extra: ["--api", api.url, "--openapi", file.path, "--no-images"])
            #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
            #expect(run.outcome.standardOutput.contains("films › A New Hope"), "\(document): \(run.outcome.standardOutput)")
            #expect(run.outcome.standardOutput.contains("Luke Skywalker"), "\(document)")
        }
    }

    @Test("An explored API claims none of the file's writes: no notice while another holds them; 5 says why")
    func claimsNoWrites() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let api = try await Self.mirror("swapi", browser)
        defer { api.stop() }
        let port = try #require(URL(string: api.url)?.port)
        // GIVEN this process keeping the explored API's write scope, as an earlier browser could
        try FileManager.default.createDirectory(at: browser.cacheDirectory, withIntermediateDirectories: true)
        let holder = try CacheDatabase(location: .file(browser.cacheDirectory.appendingPathComponent("cache.sqlite")))
        try holder.claimWrites(scope: "127.0.0.1:\(port)|writes").get()
        // WHEN the explorer starts and opens the Changes screen THEN it says the explorer edits
        // nothing, not that another process keeps its writes
        let run = try await browser.headless(keys: "5 q", size: "160x30", extra: ["--api", api.url, "--no-images"])
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        let screen = run.outcome.standardOutput
        #expect(!screen.contains("Writes are not kept"), "\(screen)")
        #expect(!screen.contains("held this cache file's writes"))
        #expect(screen.contains("No write is kept in this run: the explorer reads this API's entities and edits none"))
        try await holder.close()
    }

    @Test("A root that is not an index, without --openapi, exits 2 with the sentence naming --openapi")
    func notAnIndex() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let api = try await Self.mirror("swapi", browser)
        defer { api.stop() }
        let outcome = try await browser.run(["--headless", "--keys", "q", "--api", api.url + "people/"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("is not an index of resources"), "\(outcome.standardError)")
        #expect(outcome.standardError.contains("--openapi FILE|URL."))
        #expect(outcome.standardError.split(separator: "\n").count == 1)

        let bad = try await browser.run(["--headless", "--keys", "q", "--api", "http://"])
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("--api must be an http or https URL"), "\(bad.standardError)")
    }
}
