import Foundation
import TestSupport
import Testing

/// `charbrowser reset-server-state`: a user who edited the sample through the embedded server
/// starts over. It asks first; `--yes` skips the question; it says what it removed.
@Suite("charbrowser reset-server-state discards the embedded server's kept writes")
struct ResetServerStateEndToEndTests {
    /// The default state file of the sample in `browser`'s data folder.
    static func sampleState(_ browser: Browser) -> URL {
        browser.dataHome.appendingPathComponent("charbrowser/embedded-server-sample.json")
    }

    /// A state file written by hand: character 1 renamed, character 2 deleted.
    static func writeState(_ file: URL) throws {
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"deleted":[2],"edited":{"1":{"name":"Rick Written"}},"replies":{}}"#.utf8).write(to: file)
    }

    @Test(
        "After an edit through the embedded server, --yes removes its file, says what it held, and Rick is back"
    )
    func startsOver() async throws {
        // GIVEN Rick renamed through the embedded server, kept in the data folder
        let browser = try await Browser.populated()
        defer { browser.cleanUp() }
        try await EmbeddedServerStateEndToEndTests.keepRename(
            browser, name: "Rick Reset", key: "reset-state-1")
        _ = try await EmbeddedServerStateEndToEndTests.listed(browser)  // sends the kept edit at start
        let state = Self.sampleState(browser)
        #expect(FileManager.default.fileExists(atPath: state.path), "the edit was kept")
        #expect(
            try await EmbeddedServerStateEndToEndTests.listed(browser, ["--no-disk-cache"]).contains(
                "Rick Reset"))

        // WHEN the user starts over
        let reset = try await browser.run(["reset-server-state", "--yes"])

        // THEN the file is gone, the output names it and what it held
        #expect(reset.status == 0, "\(reset.standardError)")
        #expect(reset.standardOutput == "Removed \(state.path): 1 edited character, 0 deleted characters.\n")
        #expect(!FileManager.default.fileExists(atPath: state.path))
        // AND the embedded server serves the sample as shipped
        let listed = try await EmbeddedServerStateEndToEndTests.listed(browser, ["--no-disk-cache"])
        #expect(listed.contains("Rick Sanchez") && !listed.contains("Rick Reset"), "\(listed)")
        // AND a second reset has nothing to remove
        let again = try await browser.run(["reset-server-state", "--yes"])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardOutput.hasPrefix("Nothing to remove"), "\(again.standardOutput)")
    }

    @Test(
        "Without --yes and without a terminal it refuses, says to pass --yes, and removes nothing",
        arguments: ["", "y\n"])
    func refusesWithoutTerminal(input: String) async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let state = Self.sampleState(browser)
        try Self.writeState(state)
        let outcome = try await browser.run(["reset-server-state"], input: input)
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("--yes"), "\(outcome.standardError)")
        #expect(FileManager.default.fileExists(atPath: state.path))
    }

    @Test("--server-state FILE removes that file only; without it, every data set's default file goes")
    func chosenFile() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let chosen = browser.folder.appendingPathComponent("elsewhere/mine.json")
        let sample = Self.sampleState(browser)
        let synthetic = browser.dataHome.appendingPathComponent(
            "charbrowser/embedded-server-synthetic-5-1.json")
        for file in [chosen, sample, synthetic] { try Self.writeState(file) }

        let one = try await browser.run(["reset-server-state", "--server-state", chosen.path, "--yes"])
        #expect(one.status == 0, "\(one.standardError)")
        #expect(one.standardOutput == "Removed \(chosen.path): 1 edited character, 1 deleted character.\n")
        #expect(
            FileManager.default.fileExists(atPath: sample.path)
                && FileManager.default.fileExists(atPath: synthetic.path))

        let all = try await browser.run(["reset-server-state", "--yes"])
        #expect(all.status == 0, "\(all.standardError)")
        #expect(
            all.standardOutput.split(separator: "\n").map(String.init) == [
                "Removed \(sample.path): 1 edited character, 1 deleted character.",
                "Removed \(synthetic.path): 1 edited character, 1 deleted character.",
            ])
        #expect(
            !FileManager.default.fileExists(atPath: sample.path)
                && !FileManager.default.fileExists(atPath: synthetic.path))
    }
}
