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

        // WHEN the browser runs with a 4 KiB limit on an 80-column screen and refreshes the page
        // from the network
        let limited = try await browser.headless(
            keys: "r q", size: "80x24", extra: ["--max-answer-size", "4KiB"])
        #expect(limited.outcome.status == 0, "\(limited.outcome.standardError)")
        // THEN the page still opens from disk (its rows are within the limit)…
        #expect(limited.events.first?[text: "origin"] == "disk")
        // …the refresh fails with the reason first in the events log and on screen (what and how
        // much before where, so 80 columns keep it), the cached page shown…
        let refresh = try #require(
            limited.events.first { $0[text: "policy"] == "remoteFirst" && $0[text: "query"] == "page 1" })
        #expect(refresh[text: "error"].hasPrefix("Answer too large: over 4 KiB from 127.0.0.1:"), "\(refresh)")
        #expect(refresh[text: "origin"] != "network", "\(refresh)")
        #expect(
            limited.outcome.standardOutput.contains("Answer too large: over 4 KiB from"),
            "\(limited.outcome.standardOutput)")
        // …and the list is still there
        #expect(limited.outcome.standardOutput.contains("Rick Sanchez"))

        // WHEN it runs again without the limit THEN the cached page is the one it had
        let after = try await browser.headless(keys: "q")
        #expect(after.events.first?[text: "origin"] == "disk")
        #expect(after.outcome.standardOutput.contains("Rick Sanchez"))
    }
}
