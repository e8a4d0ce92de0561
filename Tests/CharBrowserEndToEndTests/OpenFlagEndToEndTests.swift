import Foundation
import TestSupport
import Testing

@Suite("--open on Rick and Morty's lists, end to end: the embedded sample, --data and a Rick and Morty --api")
struct OpenFlagEndToEndTests {
    static let quiet = ["--no-images"]

    @Test("--open characters/1 starts on Rick's detail over the Characters list; Esc goes back to the list")
    func characterOverItsList() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let rick = try await browser.headless(keys: "q", extra: Self.quiet + ["--open", "characters/1"])
        #expect(rick.outcome.status == 0, "\(rick.outcome.standardError)")
        let screen = rick.outcome.standardOutput
        #expect(screen.split(separator: "\n").first?.contains("Characters › Rick Sanchez") == true, "\(screen)")
        #expect(screen.contains("Earth (C-137)"))
        #expect(rick.events.contains { $0[text: "query"] == "character 1" && $0[text: "error"].isEmpty })

        let back = try await browser.headless(keys: "esc q", extra: Self.quiet + ["--open", "characters/1"])
        #expect(back.outcome.status == 0, "\(back.outcome.standardError)")
        let list = back.outcome.standardOutput
        let title = try #require(list.split(separator: "\n").first)
        #expect(title.contains("Characters") && !title.contains("›"), "\(list)")
        #expect(list.contains("Characters 1/40 of 66"), "\(list)")
        #expect(list.contains("Morty Smith"))
    }

    @Test("--open episodes/3 and --open locations (and locations/20 with --data) start there")
    func episodesAndLocations() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let episode = try await browser.headless(keys: "q", extra: Self.quiet + ["--open", "episodes/3"])
        #expect(episode.outcome.status == 0, "\(episode.outcome.standardError)")
        #expect(episode.outcome.standardOutput.contains("Episodes › S01E03 Anatomy Park"), "\(episode.outcome.standardOutput)")
        #expect(episode.outcome.standardOutput.contains("Annie"), "its cast")
        #expect(episode.events.contains { $0[text: "query"] == "episode 3" })

        let locations = try await browser.headless(keys: "q", extra: Self.quiet + ["--open", "locations"])
        #expect(locations.outcome.status == 0, "\(locations.outcome.standardError)")
        #expect(locations.outcome.standardOutput.contains("Locations 1/21 of 21"), "\(locations.outcome.standardOutput)")

        let dump = ["--data", SharedData.folder.path] + Self.quiet
        let zigerion = try await browser.headless(keys: "esc q", extra: dump + ["--open", "locations/20"])
        #expect(zigerion.outcome.status == 0, "\(zigerion.outcome.standardError)")
        #expect(zigerion.events.contains { $0[text: "query"] == "location 20" && $0[text: "error"].isEmpty })
        #expect(zigerion.outcome.standardOutput.contains("Locations 1/"), "\(zigerion.outcome.standardOutput)")
        #expect(zigerion.outcome.standardOutput.contains("of 126"), "the dump's locations, not the sample's")
    }

    @Test("A resource Rick and Morty has not, or an id that is no whole number from 1, exits 2 with one sentence")
    func refused() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let films = try await browser.headless(keys: "q", extra: Self.quiet + ["--open", "films"])
        #expect(films.outcome.status == 2)
        #expect(
            films.outcome.standardError
                == "charbrowser: Rick and Morty has no resource named films: its resources are characters, episodes and locations.\n")
        #expect(films.outcome.standardOutput.isEmpty)
        for id in ["abc", "0", "-1", "1/2"] {
            let bad = try await browser.headless(keys: "q", extra: Self.quiet + ["--open", "characters/\(id)"])
            #expect(bad.outcome.status == 2, "\(id)")
            #expect(bad.outcome.standardError.contains("is a whole number from 1"), "\(id): \(bad.outcome.standardError)")
            #expect(bad.outcome.standardError.split(separator: "\n").count == 1)
        }
    }

    @Test("An id the API has not opens its detail saying so over the list, and the browser goes on")
    func missing() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let missing = try await browser.headless(keys: "q", extra: Self.quiet + ["--open", "characters/9999"])
        #expect(missing.outcome.status == 0, "\(missing.outcome.standardError)")
        #expect(missing.outcome.standardOutput.contains("Not loaded: Nothing was found"), "\(missing.outcome.standardOutput)")
        #expect(missing.events.contains { $0[text: "query"] == "character 9999" && !$0[text: "error"].isEmpty })
        // Esc dismisses the failure's toast, the next goes back to the list, j moves on it.
        let usable = try await browser.headless(keys: "esc esc j q", extra: Self.quiet + ["--open", "characters/9999"])
        #expect(usable.outcome.status == 0, "\(usable.outcome.standardError)")
        #expect(usable.outcome.standardOutput.contains("Characters 2/40 of 66"), "\(usable.outcome.standardOutput)")
    }

    @Test("--open wins over the remembered list, filter and selection; the other lists keep theirs")
    func winsOverTheRememberedPlace() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        // GIVEN a run that leaves the characters filtered alive and the episodes shown, filtered S02
        let first = try await browser.headless(keys: "s 2 / text:episode=S02 enter q", extra: Self.quiet)
        #expect(first.outcome.status == 0, "\(first.outcome.standardError)")
        let remembered = try await browser.headless(keys: "q", extra: Self.quiet)
        #expect(remembered.outcome.standardOutput.contains("Episodes 1/10 of 10 · episode=S02"))

        // WHEN a run opens Rick and goes back THEN the Characters list is shown, unfiltered
        let opened = try await browser.headless(keys: "esc q", extra: Self.quiet + ["--open", "characters/1"])
        #expect(opened.outcome.status == 0, "\(opened.outcome.standardError)")
        let screen = opened.outcome.standardOutput
        #expect(screen.contains("Characters 1/40 of 66"), "\(screen)")
        #expect(!screen.contains("status=alive"), "\(screen)")
        #expect(!opened.events.contains { $0[text: "query"].contains("status=alive") })

        // AND the episodes keep the filter remembered for them
        let episodes = try await browser.headless(keys: "2 q", extra: Self.quiet + ["--open", "characters"])
        #expect(episodes.outcome.standardOutput.contains("Episodes 1/10 of 10 · episode=S02"))
    }

    @Test("A Rick and Morty --api root is read once at the first start, kept, and not at the next, offline too")
    func rickAndMortyRootReadOnce() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let server = try await LoggedServe.start(executable: browser.executable, environment: browser.environment)
        let api = ["--api", server.url] + Self.quiet

        let first = try await browser.headless(keys: "q", extra: api)
        #expect(first.outcome.status == 0, "\(first.outcome.standardError)")
        #expect(first.outcome.standardOutput.contains("Characters 1/40 of 66"), "Rick and Morty's own screens")
        let second = try await browser.headless(keys: "esc q", extra: api + ["--open", "characters/1"])
        #expect(second.outcome.status == 0, "\(second.outcome.standardError)")
        #expect(second.outcome.standardOutput.contains("Characters 1/40 of 66"))
        let rick = try await browser.headless(keys: "q", extra: api + ["--open", "characters/1"])
        #expect(rick.outcome.standardOutput.contains("Characters › Rick Sanchez"))

        let requests = try await server.stoppedRequests()
        #expect(requests.filter { $0.hasPrefix("GET /api ") || $0.hasPrefix("GET /api/ ") }.count == 1, "\(requests)")
        #expect(requests.contains { $0.hasPrefix("GET /api/character?page=1 ") })

        // WHEN the server is gone THEN the kept root still says Rick and Morty: its lists from the cache
        let offline = try await browser.headless(keys: "q", extra: api + ["--open", "episodes/3"])
        #expect(offline.outcome.status == 0, "\(offline.outcome.standardError)")
        #expect(offline.outcome.standardOutput.contains("Episodes › S01E03 Anatomy Park"), "\(offline.outcome.standardOutput)")
        let episode = try #require(offline.events.first { $0[text: "query"] == "episode 3" })
        #expect(["disk", "memory"].contains(episode[text: "origin"]), "\(episode)")
        let refusal = try await browser.headless(keys: "q", extra: api + ["--open", "films"])
        #expect(refusal.outcome.status == 2)
        #expect(refusal.outcome.standardError.contains("Rick and Morty has no resource named films"))
    }
}
