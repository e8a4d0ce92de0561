import Benchmark
import CharacterData
import Foundation
import Locking
import Logging
import PersistentCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import RickAndMortyServer

// 1,000 writes sent to the embedded server on loopback (the sample, in memory: no state file, so
// the server's cost per write is the same small one on both sides and the ratio shows what the
// client adds), two ways in one run: kept in the outbox and sent by `sendPendingWrites()` (each
// write counted as sent, answered and its answer stored with the write removed in one
// transaction), against 1,000 sequential PATCH requests of the same writes made directly with
// `CharacterWriteClient.send`. The goal: outbox / direct ≤ 1.3×. Each benchmark has its own
// server, and both run the same number of iterations, so the keys the server keeps grow alike.
func writeBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], warmupIterations: 1, maxDuration: .seconds(120),
        maxIterations: 5)

    Benchmark(
        "(s1) 1,000 queued writes sent from the outbox (sendPendingWrites, loopback, sample)",
        configuration: configuration,
        closure: { benchmark, fixture in
            try await fixture.queue(WriteFixture.count)
            benchmark.startMeasurement()
            let results = await fixture.repository.sendPendingWrites()
            benchmark.stopMeasurement()
            let applied = results.filter { if case .applied = $0 { true } else { false } }.count
            precondition(applied == WriteFixture.count, "\(applied) of \(results.count) writes applied")
            let left = try fixture.outbox.all().count
            precondition(left == 0, "\(left) writes left in the outbox")
        }, setup: { try await WriteFixture() }, teardown: { await WriteFixture.stopAll() })

    Benchmark(
        "(s2) 1,000 sequential PATCH requests sent directly (CharacterWriteClient.send, loopback, sample)",
        configuration: configuration,
        closure: { benchmark, fixture in
            let writes = fixture.writes(WriteFixture.count)
            var applied = 0
            benchmark.startMeasurement()
            for write in writes {
                if case .applied = await fixture.client.send(write) { applied += 1 }
            }
            benchmark.stopMeasurement()
            precondition(applied == WriteFixture.count, "\(applied) writes applied")
        }, setup: { try await WriteFixture() }, teardown: { await WriteFixture.stopAll() })
}

/// The embedded server with the sample (writes kept in memory), a repository over it with a fresh
/// cache file (the outbox), and a write client of the same API.
final class WriteFixture: Sendable {
    /// The writes per sample.
    static let count = 1_000

    let server: RickAndMortyServer
    let repository: CharacterRepository
    let client: CharacterWriteClient
    let outbox: WriteOutbox
    let folder: URL
    /// The sample's characters: the writes go to each in turn.
    let characters: [ShowCharacter]
    /// Counts the writes made, so every write sets a name not set before.
    let made = PThreadMutex(0)

    init() async throws {
        let dataset = try Dataset.sample()
        characters = dataset.characters.sorted { $0.id < $1.id }
        server = RickAndMortyServer(
            dataset: dataset, configuration: .ephemeralLoopback,
            logger: Logger(label: "benchmark", factory: { _ in SwiftLogNoOpLogHandler() }))
        let baseURL = try await server.start()
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("charbrowser-bench-writes-\(UUID().uuidString)", isDirectory: true)
        let database = try CacheDatabase(location: .file(folder.appendingPathComponent("cache.sqlite")))
        let api = RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: baseURL))
        repository = CharacterRepository(
            api: api, database: database, configuration: CharacterRepositoryConfiguration(api: .sample))
        outbox = WriteOutbox(database: database)
        client = CharacterWriteClient(api: api)
        Self.running.withLock { $0.append(self) }
    }

    /// `count` new writes: a rename of each character in turn, made without a base (no `If-Match`:
    /// a later write of a character never meets a precondition), each with its own key.
    func writes(_ count: Int) -> [CharacterWrite] {
        let first = made.withLock { total in
            defer { total += count }
            return total
        }
        return (first..<first + count).map { number in
            let character = characters[number % characters.count]
            var fields = CharacterFields(of: character)
            fields.name = "Written \(number)"
            return CharacterWrite(id: character.id, method: .patch, mine: fields)
        }
    }

    /// Keeps `count` new writes in the outbox as the repository keeps them (never folded: each is
    /// sent on its own).
    func queue(_ count: Int) async throws {
        for write in writes(count) {
            try await outbox.enqueue(
                NewOutboxWrite(
                    entity: CacheEntryKey(kind: "sample|character", query: .id(write.id)), method: "PATCH",
                    body: try JSONEncoder().encode(write), idempotencyKey: write.idempotencyKey))
        }
    }

    /// The fixtures set up in this process and not yet stopped.
    private static let running = PThreadMutex<[WriteFixture]>([])

    /// Stops every fixture's server and removes its cache folder (a benchmark's teardown).
    static func stopAll() async {
        for fixture in running.withLock({ list in
            defer { list = [] }
            return list
        }) {
            await fixture.server.stop()
            try? await fixture.repository.database?.close()
            try? FileManager.default.removeItem(at: fixture.folder)
        }
    }
}
