import Foundation
import PersistentCache
import RepositoryCore
import TestSupport
import Testing

/// The embedded server keeps the writes it accepts in the data folder (`XDG_DATA_HOME`), one file
/// per served data set, outside the cache folder: they outlive the browser and a purged cache.
@Suite("The embedded server's writes outlive the browser")
struct EmbeddedServerStateEndToEndTests {
    /// Keeps a rename of Rick (`name`) in `browser`'s cache file, for its next run to send at start.
    static func keepRename(_ browser: Browser, name: String, key: String) async throws {
        let database = try CacheDatabase(location: .file(browser.cacheDirectory.appendingPathComponent("cache.sqlite")))
        try await LegacyOutboxFile.keepEdit(1, name: name, kind: "sample|character", key: key, in: database)
        try await database.close()
    }

    /// One headless run of `browser` that lists page 1, with `extra` arguments.
    static func listed(_ browser: Browser, _ extra: [String] = []) async throws -> String {
        let run = try await browser.headless(keys: "j", extra: extra)
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        return run.outcome.standardOutput
    }

    @Test("An edit applied by the embedded server is kept in XDG_DATA_HOME and served after the cache is removed")
    func outlivesTheCache() async throws {
        let browser = try await Browser.populated()
        defer { browser.cleanUp() }
        try await Self.keepRename(browser, name: "Rick Kept", key: "kept-state-1")
        _ = try await Self.listed(browser)  // sends the kept edit at start
        #expect((try await browser.cacheJSON(["pending"]) as? [Any])?.isEmpty == true, "the edit was sent")

        let file = browser.dataHome.appendingPathComponent("charbrowser/embedded-server-sample.json")
        let state = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any], "no state file at \(file.path)")
        #expect((state["edited"] as? [String: [String: String]])?["1"]?["name"] == "Rick Kept")
        #expect(!file.path.hasPrefix(browser.cacheDirectory.path + "/"), "outside the cache folder")

        // The whole cache folder gone: the next browser (a new embedded server) serves the edit.
        try FileManager.default.removeItem(at: browser.cacheDirectory)
        #expect(try await Self.listed(browser).contains("Rick Kept"))

        // In memory only, or another data set: the sample as shipped.
        try FileManager.default.removeItem(at: browser.cacheDirectory)
        let inMemory = try await Self.listed(browser, ["--no-server-state"])
        #expect(inMemory.contains("Rick Sanchez") && !inMemory.contains("Rick Kept"))
        try FileManager.default.removeItem(at: browser.cacheDirectory)
        let dump = try await Self.listed(browser, ["--data", SharedData.folder.path, "--no-images"])
        #expect(dump.contains("Rick Sanchez") && !dump.contains("Rick Kept"))
        let files = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(files == ["embedded-server-sample.json"], "a data set's file is written only when it takes a write")
    }

    @Test("--server-state FILE keeps them there instead; it cannot be given with --no-server-state")
    func chosenFile() async throws {
        let browser = try await Browser.populated()
        defer { browser.cleanUp() }
        let chosen = browser.dataHome.appendingPathComponent("elsewhere/mine.json")
        try await Self.keepRename(browser, name: "Rick Elsewhere", key: "kept-state-2")
        _ = try await Self.listed(browser, ["--server-state", chosen.path])
        let state = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: chosen)) as? [String: Any])
        #expect((state["edited"] as? [String: [String: String]])?["1"]?["name"] == "Rick Elsewhere")
        #expect(!FileManager.default.fileExists(atPath: browser.dataHome.appendingPathComponent("charbrowser").path))
        try FileManager.default.removeItem(at: browser.cacheDirectory)
        #expect(!(try await Self.listed(browser)).contains("Rick Elsewhere"), "the default file is another server's")
        try FileManager.default.removeItem(at: browser.cacheDirectory)
        #expect(try await Self.listed(browser, ["--server-state", chosen.path]).contains("Rick Elsewhere"))

        let both = try await browser.headless(keys: "q", extra: ["--server-state", chosen.path, "--no-server-state"])
        #expect(both.outcome.status != 0)
        #expect(both.outcome.standardError.contains("--no-server-state"))
    }
}
