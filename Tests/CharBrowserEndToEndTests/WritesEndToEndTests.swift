import Foundation
import TestSupport
import Testing

/// Edits and deletes in the headless browser against the embedded server, as a person would
/// make them: the form, the question, offline then online, and the events log's write lines.
@Suite("Writes in the browser end to end")
struct WritesEndToEndTests {
    /// The write lines of a run's events.
    static func writes(_ events: [[String: Any]]) -> [[String: Any]] { events.filter { $0["write"] != nil } }

    @Test("An edit online is applied: the detail and the list show it, and --events has its line")
    func editOnline() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let run = try await browser.headless(
            keys: "wait:Rick\\sSanchez enter wait:Episodes e ctrl-u text:Rick space text:Prime enter wait:Saved",
            size: "120x36")
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        #expect(run.outcome.standardOutput.contains("Saved Rick Prime."))
        let write = try #require(Self.writes(run.events).first)
        #expect(write[text: "method"] == "PATCH" && write[text: "write"] == "applied")
        #expect(write[text: "origin"] == "network" && write["ms"] is Double && write["character"] as? Int == 1)
        // The next run's list shows it from disk.
        let next = try await browser.headless(keys: "wait:Rick\\sPrime")
        #expect(next.outcome.status == 0, "\(next.outcome.standardError)")
    }

    @Test("Offline an edit is kept pending (status pane, badge); back online it is sent and applied")
    func offlineThenOnline() async throws {
        let browser = try await Browser.populated()
        defer { browser.cleanUp() }
        let run = try await browser.headless(
            keys: "o enter wait:Episodes e ctrl-u text:Offline space text:Rick enter wait:✎\\spending "
                + "wait:writes:\\s\\s1\\spending esc o wait:writes:\\s\\snone",
            size: "120x36")
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        // (The waits saw the badge and the status row; the last frame is back online.)
        #expect(run.outcome.standardOutput.contains("Offline Rick"))
        let writes = Self.writes(run.events)
        #expect(writes.map { $0[text: "write"] } == ["pending", "applied"])
        #expect(writes.first?[text: "origin"] == "disk" && writes.first?[text: "error"].contains("offline") == true)
        let left = try #require(try await browser.cacheJSON(["pending"]) as? [[String: Any]])
        #expect(left.isEmpty)
    }

    @Test("A delete after its question: the character leaves the list; n keeps it")
    func delete() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let run = try await browser.headless(
            keys: "wait:Rick\\sSanchez enter wait:Episodes x n x y wait:Deleted", size: "120x36")
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        let write = try #require(Self.writes(run.events).first)
        #expect(write[text: "method"] == "DELETE" && write[text: "write"] == "applied")
        let lastFrame = run.outcome.standardOutput.components(separatedBy: "Deleted Rick Sanchez.").last ?? ""
        #expect(!lastFrame.contains("   1 Rick Sanchez"))
        #expect(run.outcome.standardOutput.contains("Characters 1/39 of 65"))
    }

    @Test("A name left empty is refused beside the field and nothing is sent")
    func refusedField() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let run = try await browser.headless(
            keys: "wait:Rick\\sSanchez enter wait:Episodes e ctrl-u enter wait:name\\smust\\sbe", size: "120x36")
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        #expect(Self.writes(run.events).isEmpty)
    }

    @Test("The Changes screen lists a pending write and its fields; back online it is sent and the list empties")
    func changesScreen() async throws {
        let browser = try await Browser.populated()
        defer { browser.cleanUp() }
        let run = try await browser.headless(
            keys: "o enter wait:Episodes e text:! enter wait:pending 5 wait:Changes\\s·\\s1\\spending "
                + "enter wait:Rick\\sSanchez\\s→\\sRick\\sSanchez! esc o wait:Changes\\s·\\snone",
            size: "120x36")
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        #expect(Self.writes(run.events).map { $0[text: "write"] } == ["pending", "applied"])
    }
}
