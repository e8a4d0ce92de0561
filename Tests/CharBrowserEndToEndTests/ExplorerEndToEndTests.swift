import Foundation
import TestSupport
import Testing

@Suite("Headless explorer runs over the full dump", .serialized)
struct ExplorerEndToEndTests {
    static var data: [String] { ["--data", SharedData.folder.path, "--no-images"] }

    @Test("Character → episode → cast member (memory) → location → resident, and back with no read")
    func walk() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        // Rick; his first episode; its second cast member; that member's last location; a resident;
        // then back four times to the list.
        let walk = "enter n n n enter j enter n n enter enter"
        let deep = try await browser.headless(keys: walk + " q", extra: Self.data)
        #expect(deep.outcome.status == 0, "\(deep.outcome.standardError)")
        let screen = deep.outcome.standardOutput
        #expect(screen.contains("Characters › Rick Sanchez › S01E01 Pilot › Morty Smith › "))
        let kinds = Set(deep.events.map { $0[text: "kind"] })
        #expect(kinds == ["character", "episode", "location"])
        let cast = try #require(deep.events.first { $0[text: "query"].hasPrefix("characters ") })
        #expect(cast[text: "origin"] == "network")
        let morty = try #require(deep.events.last { $0[text: "query"] == "character 2" })
        #expect(morty[text: "origin"] == "memory")
        #expect(deep.events.contains { $0[text: "kind"] == "location" && $0[text: "origin"] == "network" })
        // The same walk and back: the back steps add no answers.
        let back = try await browser.headless(keys: walk + " backspace esc backspace esc q", extra: Self.data)
        #expect(back.outcome.status == 0, "\(back.outcome.standardError)")
        #expect(back.events.count == deep.events.count)
        #expect(
            back.outcome.standardOutput.contains("Characters › Rick Sanchez\n")
                || back.outcome.standardOutput.split(separator: "\n").first?.contains(
                    "Characters › Rick Sanchez") == true
        )
    }

    @Test("Episodes and locations lists: 2 and 3, a filter, Enter, back")
    func lists() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let run = try await browser.headless(
            keys: "2 / e p i s o d e = S 0 3 enter enter esc 3 q", extra: Self.data)
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        #expect(run.events.contains { $0[text: "query"] == "episode page 1 (episode=S03)" })
        #expect(run.events.contains { $0[text: "query"] == "episode 22" && $0[text: "origin"] == "memory" })
        #expect(run.events.contains { $0[text: "query"] == "location page 1" })
        #expect(run.outcome.standardOutput.contains("Locations 1/40 of 126"))
    }

    @Test("The browser remembers the list, filters and selection per API; --fresh starts clean")
    func remembers() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let first = try await browser.headless(keys: "2 / n a m e = r i c k enter j q", extra: Self.data)
        #expect(first.outcome.status == 0, "\(first.outcome.standardError)")
        // A second run starts on the episodes, filtered, with the same row selected
        let second = try await browser.headless(keys: "q", extra: Self.data)
        #expect(second.outcome.status == 0, "\(second.outcome.standardError)")
        #expect(second.outcome.standardOutput.contains("Episodes 2/"))
        #expect(second.outcome.standardOutput.contains("name=rick"))
        // Another API (the sample) keeps its own place: the characters
        let other = try await browser.headless(keys: "q", extra: ["--no-images"])
        #expect(other.outcome.standardOutput.contains("Characters 1/"))
        // --fresh forgets
        let fresh = try await browser.headless(keys: "q", extra: Self.data + ["--fresh"])
        #expect(fresh.outcome.standardOutput.contains("Characters 1/40 of 826"))
        let after = try await browser.headless(keys: "q", extra: Self.data)
        #expect(after.outcome.standardOutput.contains("Characters 1/40 of 826"))
    }
}
