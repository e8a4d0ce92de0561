import Foundation
import TestSupport
import Testing

/// Set in the environment of this test binary when `userFoldersDoNotLeak` runs it as a child.
private let childVariable = "CHARBROWSER_ISOLATION_CHILD"
private let isChild = ProcessInfo.processInfo.environment[childVariable] == "1"

/// A test process whose own `HOME` and `XDG_DATA_HOME` hold a user's edited sample still sees the
/// sample as shipped in the browsers it starts: every child gets its folders from
/// `IsolatedEnvironment`, never from the test process.
@Suite("The processes tests start never use the folders of whoever runs the tests")
struct IsolationEndToEndTests {
    /// The child test's name, as Swift Testing prints it (the literal of its `@Test`).
    static let childName = "Child: a browser started from a HOME holding an edited sample shows it as shipped"

    /// Runs inside `userFoldersDoNotLeak`'s child test process only, whose own folders hold the edit.
    @Test(
        "Child: a browser started from a HOME holding an edited sample shows it as shipped",
        .enabled(if: isChild))
    func childSeesTheSampleAsShipped() async throws {
        let ownData = ProcessInfo.processInfo.environment["XDG_DATA_HOME"] ?? ""
        #expect(FileManager.default.fileExists(atPath: ownData + "/charbrowser/embedded-server-sample.json"))
        let browser = try Browser()
        defer { browser.cleanUp() }
        let listed = try await EmbeddedServerStateEndToEndTests.listed(browser, ["--no-disk-cache"])
        #expect(listed.contains("Rick Sanchez") && !listed.contains("Rick Edited"), "\(listed)")
    }

    @Test(
        "With Rick edited in the test process's own HOME, a headless browser the tests start shows Rick Sanchez",
        .enabled(if: !isChild))
    func userFoldersDoNotLeak() async throws {
        // GIVEN a user's folders (HOME, XDG_DATA_HOME) holding the sample with Rick renamed,
        // through the embedded server as the browser's edit form would
        let editor = try await Browser.populated()
        defer { editor.cleanUp() }
        try await EmbeddedServerStateEndToEndTests.keepRename(editor, name: "Rick Edited", key: "isolation-1")
        _ = try await EmbeddedServerStateEndToEndTests.listed(editor)  // sends the kept edit at start
        let user = try IsolatedEnvironment.temporary("charbrowser-user")
        defer { try? FileManager.default.removeItem(at: user.root) }
        let kept = user.dataHome.appendingPathComponent("charbrowser", isDirectory: true)
        try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: editor.dataHome.appendingPathComponent("charbrowser/embedded-server-sample.json"),
            to: kept.appendingPathComponent("embedded-server-sample.json"))
        #expect(user.dataHome.path.hasPrefix(user.home.path + "/"), "found through HOME too")
        // (the user's own browser shows the edit: what a leak would show)
        let own = try await BuiltExecutable.run(
            editor.executable, arguments: ["--headless", "--no-disk-cache", "--keys", "j"], environment: user)
        #expect(own.standardOutput.contains("Rick Edited"), "\(own.standardOutput)")

        // WHEN this test binary runs the child test with those folders as its own
        let child = try await BuiltExecutable.run(
            URL(fileURLWithPath: CommandLine.arguments[0]),
            arguments: ["--testing-library", "swift-testing", "--filter", "childSeesTheSampleAsShipped"],
            environment: user.adding([childVariable: "1"]))

        // THEN the child test ran and passed: its browser showed the sample as shipped
        let output = child.standardOutput + child.standardError
        #expect(child.status == 0, "\(output)")
        #expect(output.contains(Self.childName) && output.contains("passed"), "\(output)")
        #expect(!output.contains("skipped"), "\(output)")
    }
}
