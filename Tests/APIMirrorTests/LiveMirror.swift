import APIMirror
import Foundation
import Logging
import TestSupport

/// Starts real mirrors on loopback port 0 for tests and stops them afterwards.
enum LiveMirror {
    /// `../shared/data/swapi`: one array per resource and the API's root answer.
    static var swapi: URL { SharedData.dataSet("swapi") }
    /// `../shared/data/pokeapi`: a slice of PokeAPI's api-data.
    static var pokeapi: URL { SharedData.dataSet("pokeapi") }

    /// Runs `body` with a started mirror of `folder` and a client of it; always stops the mirror.
    static func with<Value>(
        _ folder: URL, cacheControl: String? = nil,
        _ body: (MirrorSite, RunningMirror, MirrorClient) async throws -> Value
    ) async throws -> Value {
        let site = try MirrorSite.load(from: folder)
        let logger = Logger(label: "test.mirror") { _ in SwiftLogNoOpLogHandler() }
        let running = try await MirrorServer(site: site, cacheControl: cacheControl, logger: logger).start()
        do {
            let value = try await body(site, running, MirrorClient(address: running.address))
            await running.stop()
            return value
        } catch {
            await running.stop()
            throw error
        }
    }

    /// A new temporary folder holding `files` (relative path → text); the test removes it.
    static func folder(_ files: [String: String]) throws -> URL {
        let root = try IsolatedEnvironment.temporary("api-mirror").root
        for (path, text) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return root
    }

    /// The JSON of a file of the shared data, parsed.
    static func json(_ folder: URL, _ path: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(path)))
    }
}
