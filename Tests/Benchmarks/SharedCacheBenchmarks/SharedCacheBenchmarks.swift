import Benchmark
import CharacterData
import Foundation
import Locking
import Logging
import ModelCodecs
import PersistentCache
import PostgresCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import RickAndMortyServer
import Synchronization
import TestSupport

/// The executable's entry: registers `benchmarks` with package-benchmark's runner.
@main enum BenchmarkRunner: BenchmarkRunnerHooks {
    static func registerBenchmarks() { benchmarks() }
}

// The shared tier against the others, in one run, over loopback, against the embedded server
// (full dump) and the PostgreSQL server named by CHARBROWSER_TEST_POSTGRES_URL:
// - one character read from each tier's data source: PostgreSQL, SQLite, the network; and from
//   PostgreSQL over TLS when CHARBROWSER_TEST_POSTGRES_TLS_URL names the TLS-only server;
// - refresh-to-eviction: one repository refreshes a character (remoteFirst), another with its
//   own server connection and memory is told by NOTIFY and drops its copy (the whole round);
// - network calls per key when 4 repositories (each with its own server session, as 4
//   processes would have) read one cold key 250 times each at once, counted at the server.
let benchmarks: @Sendable () -> Void = {
    guard let url = TestPostgres.url else {
        print("SharedCacheBenchmarks: \(TestPostgres.skipReason)")
        return
    }
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .throughput], maxDuration: .seconds(3),
        maxIterations: 100_000)

    Benchmark(
        "Character 1 from the shared tier (PostgreSQL, loopback)", configuration: configuration,
        closure: { benchmark, fixture in
            for _ in benchmark.scaledIterations { blackHole(try await fixture.shared.get(.id(1))) }
        }, setup: { try await TierFixture(url: url) }, teardown: { await TierFixture.stopAll() })

    // The same read over TLS (verify-full, the CA of `.ci/postgres-server start --tls`), when that
    // server is up: compared with the plain-text read above, side by side in one run.
    if let tls = TestPostgres.tlsServer {
        let tlsURL =
            tls.url.replacingOccurrences(of: "@127.0.0.1:", with: "@localhost:")
            + "?sslmode=verify-full&sslrootcert=\(tls.caFile)"
        Benchmark(
            "Character 1 from the shared tier over TLS (PostgreSQL, loopback, verify-full)",
            configuration: configuration,
            closure: { benchmark, fixture in
                for _ in benchmark.scaledIterations { blackHole(try await fixture.shared.get(.id(1))) }
            }, setup: { try await TierFixture(url: tlsURL) }, teardown: { await TierFixture.stopAll() })
    } else {
        print("SharedCacheBenchmarks: the TLS read is left out: \(TestPostgres.tlsSkipReason)")
    }

    Benchmark(
        "Character 1 from the SQLite tier", configuration: configuration,
        closure: { benchmark, fixture in
            for _ in benchmark.scaledIterations { blackHole(try await fixture.disk.get(.id(1))) }
        }, setup: { try await TierFixture(url: url) }, teardown: { await TierFixture.stopAll() })

    Benchmark(
        "Character 1 from the network (loopback)", configuration: configuration,
        closure: { benchmark, fixture in
            for _ in benchmark.scaledIterations { blackHole(try await fixture.api.character.get(.id(1))) }
        }, setup: { try await TierFixture(url: url) }, teardown: { await TierFixture.stopAll() })

    Benchmark(
        "Refresh in one repository to eviction in another (NOTIFY round)",
        configuration: Benchmark.Configuration(
            metrics: [.wallClock], maxDuration: .seconds(3), maxIterations: 2_000),
        closure: { benchmark, fixture in
            var evictions = fixture.evictions.makeAsyncIterator()
            for _ in benchmark.scaledIterations {
                blackHole(try await fixture.writer.character(id: 2, policy: .remoteFirst))
                blackHole(await evictions.next())
            }
        }, setup: { try await TierFixture(url: url) }, teardown: { await TierFixture.stopAll() })

    Benchmark(
        "Network calls per key, 1,000 cold reads over 4 repositories with their own sessions",
        configuration: Benchmark.Configuration(
            metrics: [.custom("network calls per key", polarity: .prefersSmaller, useScalingFactor: false)],
            maxDuration: .seconds(5), maxIterations: 20),
        closure: { benchmark, fixture in
            let id = 100 + fixture.turns.add(1, ordering: .relaxed).newValue
            let readers = try fixture.fanInReaders()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for reader in readers {
                    for _ in 0..<250 {
                        group.addTask { blackHole(try await reader.character(id: id, policy: .localFirst)) }
                    }
                }
                try await group.waitForAll()
            }
            benchmark.measurement(
                .custom("network calls per key", polarity: .prefersSmaller, useScalingFactor: false),
                fixture.requests.count(containing: "/character/\(id) "))
            await fixture.stopFanInStores()
        }, setup: { try await TierFixture(url: url) }, teardown: { await TierFixture.stopAll() })
}

/// The embedded server (full dump, request log), a fresh table, and sources and repositories over them.
final class TierFixture: Sendable {
    let server: RickAndMortyServer
    let requests = ServerRequestLog()
    let api: RemoteAPI
    let folder: URL
    let stores: [PostgresCacheStore]
    let options: PostgresCacheOptions
    let location: PostgresCacheLocation
    let shared: PostgresDataSource<ShowCharacter>
    let disk: SQLiteDataSource<ShowCharacter>
    let writer: CharacterRepository
    let reader: CharacterRepository
    let evictions: AsyncStream<SharedEviction>
    let turns = Atomic<Int>(0)
    private let extraStores = PThreadMutex<[PostgresCacheStore]>([])

    init(url: String) async throws {
        let dataset = try Dataset.load(from: SharedData.folder)
        server = RickAndMortyServer(
            dataset: dataset, configuration: .ephemeralLoopback, logger: requests.logger)
        let baseURL = try await server.start()
        api = RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: baseURL))
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("charbrowser-bench-\(UUID().uuidString)", isDirectory: true)
        options = PostgresCacheOptions(
            table: TestPostgres.uniqueName("bench"), flightWaitTimeout: .seconds(30),
            channel: TestPostgres.uniqueName("bench"))
        location = try PostgresCacheLocation(parsing: url)
        let first = try PostgresCacheStore(location: location, options: options)
        let second = try PostgresCacheStore(location: location, options: options)
        first.start()
        second.start()
        stores = [first, second]
        let character = try await api.character.get(.id(1))
        shared = PostgresDataSource(store: first, namespace: "bench", codec: ShowCharacterCodec())
        try await shared.put(character, for: .id(1))
        let database = try CacheDatabase(location: .file(folder.appendingPathComponent("cache.sqlite")))
        disk = SQLiteDataSource(database: database, namespace: "bench", codec: ShowCharacterCodec())
        try await disk.put(character, for: .id(1))
        writer = CharacterRepository(api: api, database: nil, shared: first)
        reader = CharacterRepository(api: api, database: nil, shared: second)
        evictions = reader.sharedEvictions()
        _ = try await reader.character(id: 2, policy: .localFirst)
        await second.untilListening()
        Self.running.withLock { $0.append(self) }
    }

    /// Four repositories, each on a started store of its own (as 4 processes would have), on the table.
    func fanInReaders() throws -> [CharacterRepository] {
        try (0..<4).map { _ in
            let store = try PostgresCacheStore(location: location, options: options)
            store.start()
            extraStores.withLock { $0.append(store) }
            return CharacterRepository(api: api, database: nil, shared: store)
        }
    }

    /// Stops the stores `fanInReaders()` started (the server's connection limit is finite).
    func stopFanInStores() async {
        for store in extraStores.withLock({ stores in
            defer { stores = [] }
            return stores
        }) {
            await store.stop()
        }
    }

    private static let running = PThreadMutex<[TierFixture]>([])

    /// Stops every fixture's server and stores and removes its folder (a benchmark's teardown).
    static func stopAll() async {
        for fixture in running.withLock({ list in
            defer { list = [] }; return list
        }) {
            for store in fixture.stores + fixture.extraStores.withLock({ $0 }) { await store.stop() }
            await fixture.server.stop()
            try? FileManager.default.removeItem(at: fixture.folder)
        }
    }
}
