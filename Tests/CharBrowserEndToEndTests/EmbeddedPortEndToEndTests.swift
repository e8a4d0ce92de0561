import Foundation
import TestSupport
import Testing

/// The embedded server listens on a port picked per run; what an earlier run cached shows this
/// run's URLs, not the dead port of the run that read it.
@Suite("The embedded server's port, run after run")
struct EmbeddedPortEndToEndTests {
    /// The base URL the status pane names (`API:     http://127.0.0.1:35678/api (embedded…`).
    static func servedBase(_ screen: String) throws -> String {
        let line = try #require(screen.split(separator: "\n").last { $0.contains("API:") }, "no API line")
        let start = try #require(line.range(of: "http://"))
        return String(line[start.lowerBound...].prefix { $0 != " " && $0 != "│" })
    }

    @Test("A list row, a detail and a Cache screen entry cached by an earlier run copy this run's URL")
    func urlsOfThisRun() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let first = try await browser.headless(keys: "enter Y")
        #expect(first.outcome.status == 0, "\(first.outcome.standardError)")
        let firstBase = try Self.servedBase(first.outcome.standardOutput)

        // Page 1 and Rick from disk this time, cached by the first run's server.
        let second = try await browser.headless(keys: "Y enter Y")
        #expect(second.outcome.status == 0, "\(second.outcome.standardError)")
        let base = try Self.servedBase(second.outcome.standardOutput)
        try #require(base != firstBase, "each run's embedded server picks its own port")
        #expect(second.events.first { $0[text: "query"] == "page 1" }?[text: "origin"] == "disk")
        #expect(second.events.first { $0[text: "query"] == "character 1" }?[text: "origin"] != "network")
        let copied = second.events.filter { $0[text: "format"] == "url" }.map { $0[text: "text"] }
        #expect(copied == ["\(base)/character/1", "\(base)/character/1"])

        // The Cache screen shows Rick's entry as stored (the first run's port); Y copies this run's.
        let third = try await browser.headless(keys: "4 wait:fresh j enter Y")
        let thirdBase = try Self.servedBase(third.outcome.standardOutput)
        let entry = try #require(third.events.first { $0[text: "format"] == "url" }, "nothing copied")
        #expect(entry[text: "copied"].hasPrefix("character 1"))
        #expect(entry[text: "text"] == "\(thirdBase)/character/1")
    }
}
