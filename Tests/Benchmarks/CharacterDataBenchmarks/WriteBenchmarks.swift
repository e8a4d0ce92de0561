import Benchmark
import CharacterData
import EntityWrites
import Foundation
import HTTPExchange
import Locking
import Logging
import PersistentCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import RickAndMortyServer

// 1,000 writes sent to the embedded server on loopback (the sample, in memory: no state file, so
// the server's cost per write is the same small one on both sides and the ratio shows what the
// client adds), two ways in one run: kept in the write store and sent by `sendKeptWrites()`
// (each request fixed and kept before it leaves, its answer taken and kept, the character stored),
// against 1,000 sequential PATCH requests of the same changes with the same `If-Match` and
// `Idempotency-Key` headers, made raw through the same transport (`RemoteAPIExchange`). The goal:
// kept / raw ≤ 1.3×. Writes go to each character in turn, so a character's later writes wait
// behind its earlier ones and go over the tag the earlier one's answer gave, as the book sends them.
func writeBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], warmupIterations: 1, maxDuration: .seconds(120),
        maxIterations: 5)

    Benchmark(
        "(s1) 1,000 queued writes sent from the write store (sendKeptWrites, loopback, sample)",
        configuration: configuration,
        closure: { benchmark, fixture in
            let repository = try await fixture.queue(WriteFixture.count)
            benchmark.startMeasurement()
            let results = await repository.sendKeptWrites()
            benchmark.stopMeasurement()
            let applied = results.filter { if case .applied = $0.event.outcome { true } else { false } }.count
            precondition(applied == WriteFixture.count, "\(applied) of \(results.count) writes applied")
            let left = repository.keptWrites().count
            precondition(left == 0, "\(left) writes left in the write store")
        }, setup: { try await WriteFixture() }, teardown: { await WriteFixture.stopAll() })

    Benchmark(
        "(s2) 1,000 sequential PATCH requests sent raw (If-Match, Idempotency-Key; RemoteAPIExchange, loopback, sample)",
        configuration: configuration,
        closure: { benchmark, fixture in
            let names = fixture.names(WriteFixture.count)
            var tags = try await fixture.tags()
            var applied = 0
            benchmark.startMeasurement()
            for (id, name) in names {
                let answer = try await fixture.exchange.exchange(
                    HTTPExchangeRequest(
                        method: "PATCH", url: fixture.url(of: id),
                        headers: [
                            HTTPHeaderField("Accept", "application/json"),
                            HTTPHeaderField("Content-Type", "application/merge-patch+json"),
                            HTTPHeaderField("If-Match", tags[id] ?? "*"),
                            HTTPHeaderField("Idempotency-Key", UUID().uuidString.lowercased()),
                        ],
                        body: Data(#"{"name":"\#(name)"}"#.utf8)))
                if answer.status == 200 { applied += 1 }
                tags[id] = answer.header("ETag")
            }
            benchmark.stopMeasurement()
            precondition(applied == WriteFixture.count, "\(applied) writes applied")
        }, setup: { try await WriteFixture() }, teardown: { await WriteFixture.stopAll() })
}

/// The embedded server with the sample (writes kept in memory), a cache file (the write store),
/// and an exchange of the same API.
final class WriteFixture: Sendable {
    /// The writes per sample.
    static let count = 1_000

    let server: RickAndMortyServer
    let api: RemoteAPI
    let database: CacheDatabase
    let exchange: RemoteAPIExchange
    let folder: URL
    let baseURL: URL
    /// The sample's characters' ids: the writes go to each in turn.
    let ids: [Int]
    /// Counts the writes made, so every write sets a name not set before.
    let made = PThreadMutex(0)
    /// The repositories made (one per sample), closed at the end.
    let repositories = PThreadMutex<[CharacterRepository]>([])

    init() async throws {
        let dataset = try Dataset.sample()
        ids = dataset.characters.map(\.id).sorted()
        server = RickAndMortyServer(
            dataset: dataset, configuration: .ephemeralLoopback,
            logger: Logger(label: "benchmark", factory: { _ in SwiftLogNoOpLogHandler() }))
        baseURL = try await server.start()
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("charbrowser-bench-writes-\(UUID().uuidString)", isDirectory: true)
        database = try CacheDatabase(location: .file(folder.appendingPathComponent("cache.sqlite")))
        api = RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: baseURL))
        exchange = RemoteAPIExchange(api: api)
        Self.running.withLock { $0.append(self) }
    }

    func url(of id: Int) -> URL { baseURL.appendingPathComponent("character/\(id)") }

    /// `count` new renames: character id and name, each character in turn.
    func names(_ count: Int) -> [(Int, String)] {
        let first = made.withLock { total in
            defer { total += count }
            return total
        }
        return (first..<first + count).map { number in (ids[number % ids.count], "Written \(number)") }
    }

    /// Each character's current tag and editable fields on the server.
    func current() async throws -> [Int: (tag: String?, fields: Fields)] {
        var result: [Int: (tag: String?, fields: Fields)] = [:]
        for id in ids {
            let answer = try await exchange.exchange(HTTPExchangeRequest(method: "GET", url: url(of: id)))
            let object = JSONValue.object(from: answer.body) ?? [:]
            result[id] = (answer.header("ETag"), object.filter { CharacterFields.names.contains($0.key) })
        }
        return result
    }

    /// Each character's current tag on the server.
    func tags() async throws -> [Int: String] {
        try await current().compactMapValues(\.tag)
    }

    /// Keeps `count` renames in the write store as the write book keeps them — a character's first
    /// over the server's copy and tag, each later one over the one before (no tag of its own:
    /// rebased on the earlier one's answer) — and returns a repository that found them there.
    func queue(_ count: Int) async throws -> CharacterRepository {
        let store = SQLiteWriteStore(database: database, scope: "sample|writes")
        let loaded = try await store.load()
        var server = try await current()
        var transition = WriteTransition()
        var sequence = loaded.nextSequence
        let now = Date()
        for (id, name) in names(count) {
            guard let (tag, base) = server[id] else { continue }
            transition.saved.append(
                EntityWrite(
                    sequence: sequence, entity: baseURL.path + "/character/\(id)", method: .patch, base: base, baseTag: tag,
                    changes: ["name": .string(name)], createdAt: now))
            server[id] = (nil, base.merging(["name": .string(name)]) { _, new in new })
            sequence += 1
        }
        try await store.commit(transition, nextSequence: sequence)
        let repository = CharacterRepository(
            api: api, database: database, configuration: CharacterRepositoryConfiguration(api: .sample))
        repositories.withLock { $0.append(repository) }
        return repository
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
            try? await fixture.database.close()
            try? FileManager.default.removeItem(at: fixture.folder)
        }
    }
}
