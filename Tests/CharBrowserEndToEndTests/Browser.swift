import Foundation
import TestSupport
import Testing

/// The built `charbrowser`, a private cache folder and a private data folder for one test (its
/// headless runs get `XDG_DATA_HOME` there, so the embedded server's writes never reach the home
/// folder of whoever runs the tests).
struct Browser {
    let executable: URL
    let cacheDirectory: URL
    /// The runs' `XDG_DATA_HOME`: the embedded server keeps its writes under `charbrowser/` in it.
    let dataHome: URL

    init() throws {
        executable = try #require(BuiltExecutable.url(named: "charbrowser"), "build first: swift build")
        let name = "charbrowser-e2e-\(UUID().uuidString)"
        cacheDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
        dataHome = FileManager.default.temporaryDirectory.appendingPathComponent(name + "-data", isDirectory: true)
    }

    /// This process's environment with `XDG_DATA_HOME` set to `dataHome`.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = dataHome.path
        return environment
    }

    /// One headless run with `keys`; returns the outcome and the answers it logged. The embedded
    /// server sends `serverCacheControl` (nil: the browser's default); by default none, so `--ttl`
    /// (a day) decides freshness: the default's minute could run out between two runs of a slow test.
    func headless(
        keys: String, size: String = "100x30", serverCacheControl: String? = "none", extra: [String] = []
    ) async throws -> (outcome: BuiltExecutable.Outcome, events: [[String: Any]]) {
        let eventsFile = cacheDirectory.appendingPathExtension("events-\(UUID().uuidString).jsonl")
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

    /// Removes the cache folder and the data folder.
    func cleanUp() {
        try? FileManager.default.removeItem(at: cacheDirectory)
        try? FileManager.default.removeItem(at: dataHome)
    }
}

extension Dictionary where Key == String, Value == Any {
    /// A string field of an event, or "" when absent.
    subscript(text key: String) -> String { self[key] as? String ?? "" }
}
