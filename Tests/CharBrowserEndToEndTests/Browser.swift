import Foundation
import TestSupport
import Testing

/// The built `charbrowser` and a private cache folder for one test.
struct Browser {
    let executable: URL
    let cacheDirectory: URL

    init() throws {
        executable = try #require(BuiltExecutable.url(named: "charbrowser"), "build first: swift build")
        cacheDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("charbrowser-e2e-\(UUID().uuidString)", isDirectory: true)
    }

    /// One headless run with `keys`; returns the outcome and the answers it logged.
    func headless(
        keys: String, size: String = "100x30", extra: [String] = []
    ) async throws -> (outcome: BuiltExecutable.Outcome, events: [[String: Any]]) {
        let eventsFile = cacheDirectory.appendingPathExtension("events-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: eventsFile) }
        let outcome = try await BuiltExecutable.run(
            executable,
            arguments: [
                "--headless", "--size", size, "--cache-dir", cacheDirectory.path, "--events", eventsFile.path,
                "--keys", keys,
            ] + extra)
        let lines = (try? String(contentsOf: eventsFile, encoding: .utf8)) ?? ""
        let events = try lines.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        return (outcome, events)
    }

    /// Removes the cache folder.
    func cleanUp() { try? FileManager.default.removeItem(at: cacheDirectory) }
}

extension Dictionary where Key == String, Value == Any {
    /// A string field of an event, or "" when absent.
    subscript(text key: String) -> String { self[key] as? String ?? "" }
}
