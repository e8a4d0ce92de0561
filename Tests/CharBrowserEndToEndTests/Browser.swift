import Foundation
import TestSupport
import Testing

/// The built `charbrowser` and one temporary folder for one test, holding its cache folder and
/// the `HOME` and XDG folders of every run (`environment`: an `IsolatedEnvironment`), so the
/// embedded server's writes, or anything else, never reach or come from the folders of whoever
/// runs the tests.
struct Browser {
    let executable: URL
    /// The test's folder: the cache folder and the runs' `HOME` are in it.
    let folder: URL
    let cacheDirectory: URL
    /// The environment of every run.
    let environment: IsolatedEnvironment

    init() throws {
        executable = try #require(BuiltExecutable.url(named: "charbrowser"), "build first: swift build")
        environment = try IsolatedEnvironment.temporary("charbrowser-e2e")
        folder = environment.root
        cacheDirectory = folder.appendingPathComponent("cache", isDirectory: true)
    }

    /// The runs' `XDG_DATA_HOME`: the embedded server keeps its writes under `charbrowser/` in it.
    var dataHome: URL { environment.dataHome }

    /// `arguments` run to completion in this browser's environment.
    func run(_ arguments: [String], input: String = "") async throws -> BuiltExecutable.Outcome {
        try await BuiltExecutable.run(executable, arguments: arguments, input: input, environment: environment)
    }

    /// One headless run with `keys`; returns the outcome and the answers it logged. The embedded
    /// server sends `serverCacheControl` (nil: the browser's default); by default none, so `--ttl`
    /// (a day) decides freshness: the default's minute could run out between two runs of a slow test.
    func headless(
        keys: String, size: String = "100x30", serverCacheControl: String? = "none", extra: [String] = []
    ) async throws -> (outcome: BuiltExecutable.Outcome, events: [[String: Any]]) {
        let eventsFile = folder.appendingPathComponent("events-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: eventsFile) }
        let freshness = serverCacheControl.map { ["--server-cache-control", $0] } ?? []
        let outcome = try await BuiltExecutable.run(
            executable,
            arguments: [
                "--headless", "--size", size, "--cache-dir", cacheDirectory.path, "--events", eventsFile.path,
                "--keys", keys,
            ] + freshness + extra, environment: environment)
        let lines = (try? String(contentsOf: eventsFile, encoding: .utf8)) ?? ""
        let events = try lines.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        return (outcome, events)
    }

    /// Removes the test's folder: the cache, the runs' `HOME` and XDG folders.
    func cleanUp() {
        try? FileManager.default.removeItem(at: folder)
    }
}

extension Dictionary where Key == String, Value == Any {
    /// A string field of an event, or "" when absent.
    subscript(text key: String) -> String { self[key] as? String ?? "" }
}
