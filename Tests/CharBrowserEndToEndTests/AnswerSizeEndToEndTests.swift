import Foundation
import TestSupport
import Testing

@Suite("charbrowser --max-answer-size, end to end against the embedded server")
struct AnswerSizeEndToEndTests {
    @Test("An answer over the limit fails like any failure: in --events and the status pane; the cache keeps its page")
    func answerOverTheLimit() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        // GIVEN page 1 (about 15 KB of JSON) read once and cached
        let first = try await browser.headless(keys: "q")
        #expect(first.outcome.status == 0, "\(first.outcome.standardError)")
        #expect(first.events.first?[text: "origin"] == "network")

        // WHEN the browser runs with a 4 KiB limit and refreshes the page from the network
        // (on a screen wide enough for the whole message in the toast)
        let limited = try await browser.headless(
            keys: "r q", size: "240x30", extra: ["--max-answer-size", "4KiB"])
        #expect(limited.outcome.status == 0, "\(limited.outcome.standardError)")
        // THEN the page still opens from disk (its rows are within the limit)…
        #expect(limited.events.first?[text: "origin"] == "disk")
        // …the refresh fails with the size in the events log and on screen, the cached page shown…
        let refresh = try #require(
            limited.events.first { $0[text: "policy"] == "remoteFirst" && $0[text: "query"] == "page 1" })
        #expect(refresh[text: "error"].contains("/api/character?page=1 is larger than 4 KiB"), "\(refresh)")
        #expect(refresh[text: "origin"] != "network", "\(refresh)")
        #expect(limited.outcome.standardOutput.contains("larger than 4 KiB"), "\(limited.outcome.standardOutput)")
        // …and the list is still there
        #expect(limited.outcome.standardOutput.contains("Rick Sanchez"))

        // WHEN it runs again without the limit THEN the cached page is the one it had
        let after = try await browser.headless(keys: "q")
        #expect(after.events.first?[text: "origin"] == "disk")
        #expect(after.outcome.standardOutput.contains("Rick Sanchez"))
    }
}
