import Foundation
import TestSupport
import Testing

/// What the browser does when the server changed a character while an edit of it was kept
/// offline: a merge of different fields, a conflict taken or kept, through `charbrowser serve`
/// (one server for several headless runs) and a second writer at a shell (`curl`).
@Suite("Merges and conflicts in the browser end to end")
struct WriteConflictsEndToEndTests {
    /// A browser, a server, and the runs of the browser against it.
    struct Setup {
        let browser: Browser
        let served: ServedAPI

        init() async throws {
            browser = try Browser()
            served = try await ServedAPI.start(executable: browser.executable)
        }

        func run(_ keys: String) async throws -> [[String: Any]] {
            let run = try await browser.headless(keys: keys, size: "120x36", extra: ["--api", served.url])
            #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
            return WritesEndToEndTests.writes(run.events)
        }

        /// Another writer's `PATCH` of character 1, without a precondition.
        func patch(_ json: String) async throws {
            let outcome = try await ChildProcess.run([
                "/usr/bin/curl", "-fsS", "-X", "PATCH", served.url + "/character/1",
                "-H", "Content-Type: application/merge-patch+json", "-d", json,
            ])
            #expect(outcome.status == 0, "\(outcome.output)")
        }

        /// Character 1 as the server holds it.
        func character() async throws -> [String: Any] {
            let outcome = try await ChildProcess.run(["/usr/bin/curl", "-fsS", served.url + "/character/1"])
            return try #require(
                JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        }

        /// An offline edit of Rick's field (Tab presses from Name) to `text`, kept pending.
        func editOffline(tabs: Int, text: String) async throws {
            let moves = String(repeating: "tab ", count: tabs)
            let writes = try await run(
                "wait:Rick enter wait:Episodes o e \(moves)ctrl-u text:\(text) enter wait:✎\\spending")
            #expect(writes.map { $0[text: "write"] } == ["pending"])
        }

        func stop() {
            served.stop()
            browser.cleanUp()
        }
    }

    @Test("The server changed another field: the kept edit is merged over it at the next start")
    func merged() async throws {
        let setup = try await Setup()
        defer { setup.stop() }
        try await setup.editOffline(tabs: 0, text: "Mine")
        try await setup.patch(#"{"species":"Robot"}"#)
        // (The run starts offline, as the last one left it: `o` goes online, which sends.)
        let writes = try await setup.run("o wait:writes:\\s\\snone")
        #expect(writes.map { $0[text: "write"] } == ["merged"])
        let now = try await setup.character()
        #expect(now["name"] as? String == "Mine" && now["species"] as? String == "Robot")
    }

    @Test("The server changed the same field: kept in conflict; t takes theirs, nothing of mine is sent")
    func conflictTakeTheirs() async throws {
        let setup = try await Setup()
        defer { setup.stop() }
        try await setup.editOffline(tabs: 0, text: "Mine")
        try await setup.patch(#"{"name":"Theirs"}"#)
        let writes = try await setup.run(
            "o wait:writes:\\s\\s1\\sconflict 5 wait:conflict enter wait:name\\s! esc t wait:Took wait:writes:\\s\\snone"
        )
        #expect(writes.map { $0[text: "write"] } == ["conflict", "discarded"])
        #expect(try await setup.character()["name"] as? String == "Theirs")
    }

    @Test("The server changed the same field: m keeps mine, sent over the server's version")
    func conflictKeepMine() async throws {
        let setup = try await Setup()
        defer { setup.stop() }
        try await setup.editOffline(tabs: 2, text: "Mine")
        try await setup.patch(#"{"species":"Theirs"}"#)
        let writes = try await setup.run(
            "o wait:writes:\\s\\s1\\sconflict 5 wait:conflict m wait:applied wait:writes:\\s\\snone")
        #expect(writes.map { $0[text: "write"] } == ["conflict", "applied"])
        #expect(try await setup.character()["species"] as? String == "Mine")
    }
}
