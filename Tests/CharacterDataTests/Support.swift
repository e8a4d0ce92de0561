import CharacterData
import Foundation
import PersistentCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyServer
import TestSupport

/// A running embedded server with the hand-written sample, and a temporary cache folder.
struct Fixture {
    let server: RickAndMortyServer
    let baseURL: URL
    let cacheFile: URL
    /// The file the server keeps its accepted writes in (nil: in memory only).
    var stateFile: URL? = nil
    let time = ManualTimeSource()
    let networkSwitch = NetworkSwitch()

    /// A repository over the server, caching in `cacheFile` (or in memory only); `writesNotKept`
    /// as the configuration's.
    func repository(
        disk: Bool = true, timeToLive: TimeInterval? = 3_600, writesNotKept: String? = nil
    ) throws -> CharacterRepository {
        let api = RemoteAPI(
            configuration: RemoteAPIConfiguration(baseURL: baseURL, timeout: .seconds(60)),
            networkSwitch: networkSwitch, timeSource: time)
        let database = disk ? try CacheDatabase(location: .file(cacheFile)) : nil
        return CharacterRepository(
            api: api, database: database,
            configuration: CharacterRepositoryConfiguration(
                timeToLive: timeToLive, timeSource: time, writesNotKept: writesNotKept))
    }

    /// Runs `body` with a started server and a fresh cache folder, then stops and cleans up. With
    /// `serverState`, the server keeps its accepted writes in `stateFile`, in that folder.
    static func with(serverState: Bool = false, _ body: (Fixture) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("characterdata-\(UUID().uuidString)", isDirectory: true)
        let stateFile = serverState ? folder.appendingPathComponent("server-state.json") : nil
        let server = RickAndMortyServer(
            dataset: try Dataset.sample(), configuration: ServerConfiguration(port: 0, stateFile: stateFile))
        let baseURL = try await server.start()
        let fixture = Fixture(
            server: server, baseURL: baseURL, cacheFile: folder.appendingPathComponent("cache.sqlite"),
            stateFile: stateFile)
        try await cleaningUp(server: server, folder: folder) { try await body(fixture) }
    }
}

/// Runs `body`, then stops `server` and removes `folder`, whether or not `body` threw.
func cleaningUp(server: RickAndMortyServer, folder: URL, _ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch {
        await server.stop()
        try? FileManager.default.removeItem(at: folder)
        throw error
    }
    await server.stop()
    try? FileManager.default.removeItem(at: folder)
}
