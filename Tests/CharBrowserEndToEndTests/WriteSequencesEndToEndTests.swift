import Foundation
import TestSupport
import Testing

/// The write sequences that used to lose an update or show what was not true, played in the
/// browser (headless) against `charbrowser serve`, another writer at a shell (`curl`) and the
/// server's fault switches; each checks what the server ends with and what the screen shows.
@Suite("Write sequences that used to go wrong, in the browser end to end")
struct WriteSequencesEndToEndTests {
    typealias Setup = WriteConflictsEndToEndTests.Setup

    @Test("Keep mine sends my name alone: the species the other writer set stays")
    func keepMineKeepsTheirOtherFields() async throws {
        let setup = try await Setup()
        defer { setup.stop() }
        try await setup.editOffline(tabs: 0, text: "Rick space text:Mine")
        try await setup.patch(#"{"name":"Rick Theirs","species":"Robot"}"#)
        let writes = try await setup.run(
            "o wait:writes:\\s\\s1\\sconflict 5 wait:conflict m wait:applied wait:writes:\\s\\snone")
        #expect(writes.map { $0[text: "write"] } == ["conflict", "applied"])
        let now = try await setup.character()
        #expect(now["name"] as? String == "Rick Mine" && now["species"] as? String == "Robot")
    }

    @Test("A kept edit the server rejects leaves the screen in the same run")
    func rejectionLeavesTheScreen() async throws {
        let setup = try await Setup()
        defer { setup.stop() }
        try await setup.editOffline(tabs: 0, text: "Rick space text:Refused")
        try await ServedAPI.setFaults("reject-writes=1", at: setup.served.faultsURL)
        let run = try await setup.browser.headless(
            keys: "o wait:writes:\\s\\s1\\srejected wait:Rick\\sSanchez", size: "120x36",
            extra: ["--api", setup.served.url])
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        #expect(WritesEndToEndTests.writes(run.events).map { $0[text: "write"] } == ["rejected"])
        let screen = run.outcome.standardOutput.components(separatedBy: "\n").suffix(36).joined(separator: "\n")
        #expect(screen.contains("Rick Sanchez") && !screen.contains("Rick Refused"), "\(screen)")
        #expect(try await setup.character()["name"] as? String == "Rick Sanchez")
    }

    @Test("A delete of a version the user never saw is a conflict, not applied")
    func deleteOfUnseenVersion() async throws {
        let setup = try await Setup()
        defer { setup.stop() }
        let kept = try await setup.run("wait:Rick enter wait:Episodes o x y wait:Kept")
        #expect(kept.map { $0[text: "write"] } == ["pending"])
        try await setup.patch(#"{"name":"Rick Theirs"}"#)
        let writes = try await setup.run("o wait:writes:\\s\\s1\\sconflict")
        #expect(writes.map { $0[text: "write"] } == ["conflict"])
        #expect(try await setup.character()["name"] as? String == "Rick Theirs", "still on the server")
    }

    @Test("The status pane says how the last save went, as it says where a read came from")
    func statusShowsTheLastSave() async throws {
        let setup = try await Setup()
        defer { setup.stop() }
        let run = try await setup.browser.headless(
            keys: "wait:Rick enter wait:Episodes e ctrl-u text:Rick space text:Prime enter wait:applied\\sby\\sthe\\snetwork",
            size: "120x36", extra: ["--api", setup.served.url])
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        let screen = run.outcome.standardOutput.components(separatedBy: "\n").suffix(36).joined(separator: "\n")
        #expect(screen.contains("save character 1") && screen.contains("mainSync / PATCH"), "\(screen)")
    }
}
