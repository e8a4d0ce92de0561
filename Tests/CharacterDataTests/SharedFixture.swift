import CharacterData
import Foundation
import Locking
import Logging
import PersistentCache
import PostgresCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyServer
import TestSupport

/// An embedded server with a request log, and repositories over it that share one PostgreSQL
/// table (each with its own store, memory and SQLite file: like separate processes).
struct SharedFixture {
    let server: RickAndMortyServer
    let baseURL: URL
    let requests: ServerRequestLog
    let folder: URL
    let options: PostgresCacheOptions
    let time = ManualTimeSource()

    /// A started store on the test table (another "process").
    func store(url: String? = nil, options: PostgresCacheOptions? = nil) throws -> PostgresCacheStore {
        let location = try PostgresCacheLocation(parsing: try url ?? TestPostgres.requiredURL())
        let store = try PostgresCacheStore(location: location, options: options ?? self.options)
        store.start()
        return store
    }

    /// A repository with its own SQLite file `name` over `shared`.
    func repository(_ name: String, shared: PostgresCacheStore?) throws -> CharacterRepository {
        let database = try CacheDatabase(location: .file(folder.appendingPathComponent("\(name).sqlite")))
        return CharacterRepository(
            api: api(), database: database, shared: shared,
            configuration: CharacterRepositoryConfiguration(timeToLive: 3_600, timeSource: time))
    }

    /// The API of the embedded server, on the fixture's clock.
    func api() -> RemoteAPI {
        RemoteAPI(
            configuration: RemoteAPIConfiguration(baseURL: baseURL, timeout: .seconds(60)), timeSource: time)
    }

    static func options() -> PostgresCacheOptions {
        PostgresCacheOptions(
            table: TestPostgres.uniqueName("cache"), statementTimeout: .seconds(10),
            operationTimeout: TestPostgres.operationBudget,
            retryInterval: .zero, flightWaitTimeout: .seconds(10), maximumConnections: 8,
            channel: TestPostgres.uniqueName("channel"))
    }

    /// Runs `body` with a started server (full dump) and a fresh folder; always cleans up.
    static func with(_ body: (SharedFixture) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("shared-tier-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let requests = ServerRequestLog()
        let server = RickAndMortyServer(
            dataset: try Dataset.sample(), configuration: .ephemeralLoopback, logger: requests.logger)
        let baseURL = try await server.start()
        let fixture = SharedFixture(
            server: server, baseURL: baseURL, requests: requests, folder: folder, options: options())
        try await cleaningUp(server: server, folder: folder) { try await body(fixture) }
    }
}
