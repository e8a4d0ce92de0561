// A child process for the cross-process tests of the shared tier: one character repository
// (memory over the shared tier over the network, no disk) in its own process.
//
//   SharedCacheWorker MODE POSTGRES_URL API_URL TABLE CHANNEL ID [COUNT]
//
// Every mode prints `ready` once connected and listening, then:
//   fan-in   waits for a line on standard input, reads ID localFirst COUNT times at once, prints
//            `origin NAME N` per origin, then `done`.
//   watch    reads ID, prints `held STORED_AT`, waits for another process's write to evict it,
//            prints `evicted WALL_NS`, rereads it localFirst, prints `reread ORIGIN STORED_AT`.
//   watch-list  reads page 1, prints `listed NAME` (character ID's name on it), waits for another
//            process's write of character ID (`changed NAME`, the value it announced), rereads
//            page 1 localFirst and prints `relisted NAME PROVENANCE`.
//   refresh  waits for a line on standard input, prints `refreshing WALL_NS`, refreshes ID
//            (remoteFirst), prints `refreshed STORED_AT`.
// Exits 1 with a message on standard error when anything fails.
import CharacterData
import Foundation
import PostgresCache
import RepositoryCore
import RickAndMortyHTTP

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("SharedCacheWorker: \(message)\n".utf8))
    exit(1)
}

func wallNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

let arguments = CommandLine.arguments
guard arguments.count >= 7, let id = Int(arguments[6]), let apiURL = URL(string: arguments[3]) else {
    fail("usage: SharedCacheWorker MODE POSTGRES_URL API_URL TABLE CHANNEL ID [COUNT]")
}
let mode = arguments[1]
let store: PostgresCacheStore
do {
    store = try PostgresCacheStore(
        location: try PostgresCacheLocation(parsing: arguments[2]),
        options: PostgresCacheOptions(
            // Generous budgets: these processes compete with a whole test run for the cores (on
            // one core, connecting took over 30 s), and what they test is coalescing and
            // eviction, not timeouts.
            table: arguments[4], statementTimeout: .seconds(20), operationTimeout: .seconds(120),
            flightWaitTimeout: .seconds(120), maximumConnections: 4, channel: arguments[5]))
} catch {
    fail("\(error)")
}
store.start()
let repository = CharacterRepository(
    api: RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: apiURL, timeout: .seconds(120))),
    database: nil,
    shared: store, configuration: CharacterRepositoryConfiguration(timeToLive: 3_600))
let evictions = repository.sharedEvictions()
// The first use connects and migrates; a miss is expected.
_ = try? await repository.character(id: 1_000_000 + id, policy: .cacheOnly)
guard store.health.isUp else { fail("the shared tier is \(store.health)") }
await store.untilListening()
say("ready")

do {
    switch mode {
    case "fan-in":
        let count = arguments.count > 7 ? Int(arguments[7]) ?? 1 : 1
        _ = readLine()
        let origins = try await withThrowingTaskGroup(of: Origin.self) { group in
            for _ in 0..<count {
                group.addTask { try await repository.character(id: id, policy: .localFirst).origin }
            }
            var origins: [Origin: Int] = [:]
            for try await origin in group { origins[origin, default: 0] += 1 }
            return origins
        }
        for (origin, count) in origins.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            say("origin \(origin.rawValue) \(count)")
        }
        say("done")
    case "watch":
        let held = try await repository.character(id: id, policy: .localFirst)
        say("held \(held.metadata.storedAt.timeIntervalSinceReferenceDate)")
        for await eviction in evictions where eviction.query == .id(id) {
            say("evicted \(wallNanoseconds())")
            break
        }
        let reread = try await repository.character(id: id, policy: .localFirst)
        say("reread \(reread.origin.rawValue) \(reread.metadata.storedAt.timeIntervalSinceReferenceDate)")
    case "watch-list":
        let changes = repository.characterChanges()
        let page = try await repository.page(1, policy: .localFirst)
        say("listed \(page.value.results.first { $0.id == id }?.name ?? "-")")
        for await change in changes where change.cause == .otherProcess && change.id == String(id) {
            say("changed \(change.entry?.value.name ?? "-")")
            break
        }
        let relisted = try await repository.page(1, policy: .localFirst)
        let name = relisted.value.results.first { $0.id == id }?.name ?? "-"
        say("relisted \(name) \(relisted.provenance?.description ?? "-")")
    case "refresh":
        _ = readLine()
        say("refreshing \(wallNanoseconds())")
        let refreshed = try await repository.character(id: id, policy: .remoteFirst)
        say("refreshed \(refreshed.metadata.storedAt.timeIntervalSinceReferenceDate)")
    default:
        fail("unknown mode \(mode)")
    }
} catch {
    fail("\(error)")
}
await store.stop()
