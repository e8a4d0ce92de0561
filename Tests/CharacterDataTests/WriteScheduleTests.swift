import CharacterData
import Foundation
import HTTPExchange
import PersistentCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import RickAndMortyServer
import Testing
import TestSupport

/// The write model with its real parts: seeded schedules of two clients (each a `CharacterRepository`
/// over its own cache file: the SQLite write store, tiers and all) and the embedded server on
/// loopback, with another writer, the server's write faults (answers lost, rejections, 503s),
/// clients offline, killed and started again from their cache files, conflicts decided. After
/// each schedule a closing phase heals everything and decides what is left; then no write is
/// kept, every client shows what the server holds, and every write a client's writes told of
/// (`observeWrites`, whichever call sent it) was last told as ended: applied, or discarded.
/// `SIM_SEED` and `SIM_REAL_SCHEDULES` from the environment; a failure names its seed and its steps.
@Suite("Write schedules against the real write store and server")
struct WriteScheduleTests {
    static var seed: UInt64 { ProcessInfo.processInfo.environment["SIM_SEED"].flatMap(UInt64.init) ?? 1 }
    static var count: Int { ProcessInfo.processInfo.environment["SIM_REAL_SCHEDULES"].flatMap(Int.init) ?? 100 }
    static let ids = [1, 2, 3]
    static let values = ["A", "B", "C"]

    @Test("Every schedule ends with no write kept, each told as ended, and every client showing the server's characters")
    func schedules() async throws {
        for offset in 0..<Self.count {
            let seed = Self.seed &+ UInt64(offset)
            var schedule = Schedule(seed: seed)
            try await Fixture.with { fixture in
                if let failure = try await schedule.run(fixture) {
                    let steps = schedule.log.joined(separator: "\n  ")
                    Issue.record(Comment(rawValue: "seed \(seed) failed: \(failure)\n  \(steps)"))
                }
            }
        }
    }

    /// One schedule: its generator, its clients, and the steps it took (for a failure's report).
    struct Schedule {
        var random: SplitMix
        var log: [String] = []
        var clients: [Client] = []

        init(seed: UInt64) { random = SplitMix(seed: seed) }

        /// A client: its repository, its network switch, its cache file, and what its writes told
        /// (across restarts).
        struct Client {
            var repository: CharacterRepository
            let network: NetworkSwitch
            let file: URL
            let heard = CharacterWriteFaultTests.Heard()
        }

        mutating func run(_ fixture: Fixture) async throws -> String? {
            for index in 0..<2 {
                let network = NetworkSwitch()
                let file = fixture.cacheFile.deletingLastPathComponent().appendingPathComponent("client-\(index).sqlite")
                clients.append(Client(repository: try Self.open(fixture, network, file), network: network, file: file))
                await clients[index].listen()
            }
            for id in ids { for client in clients { _ = try? await client.repository.character(id: id, policy: .remoteFirst) } }
            for _ in 0..<(8 + random.below(16)) { try await step(fixture) }
            return try await close(fixture)
        }

        var ids: [Int] { WriteScheduleTests.ids }

        static func open(_ fixture: Fixture, _ network: NetworkSwitch, _ file: URL) throws -> CharacterRepository {
            let api = RemoteAPI(
                configuration: RemoteAPIConfiguration(baseURL: fixture.baseURL, timeout: .seconds(30)),
                networkSwitch: network, timeSource: fixture.time)
            return CharacterRepository(
                api: api, database: try CacheDatabase(location: .file(file)),
                configuration: CharacterRepositoryConfiguration(timeToLive: 3_600, timeSource: fixture.time))
        }

        mutating func step(_ fixture: Fixture) async throws {
            let c = random.below(clients.count)
            let client = clients[c]
            let id = ids[random.below(ids.count)]
            switch random.below(100) {
            case 0..<30:
                let field = ["name", "status", "species"][random.below(3)]
                let value = field == "status" ? ["Alive", "Dead", "unknown"][random.below(3)] : values[random.below(3)]
                log.append("client \(c) sets \(field) of \(id) to \(value)")
                guard let shown = try? await client.repository.character(id: id, policy: .localFirst).value else { return }
                var fields = CharacterFields(of: shown)
                fields[field] = value
                _ = try? await client.repository.edit(id, to: fields, queueing: true, over: shown)
            case 30..<33:
                log.append("client \(c) deletes \(id)")
                guard let shown = try? await client.repository.character(id: id, policy: .localFirst).value else { return }
                _ = try? await client.repository.delete(id, queueing: true, over: shown)
            case 33..<45:
                log.append("client \(c) reads \(id)")
                _ = try? await client.repository.character(id: id, policy: .remoteFirst)
            case 45..<62:
                log.append("client \(c) sends")
                _ = await client.repository.sendKeptWrites()
            case 62..<68:
                log.append("client \(c) goes \(client.network.isOnline ? "offline" : "online")")
                client.network.setOnline(!client.network.isOnline)
            case 68..<76:
                let value = values[random.below(3)]
                log.append("another writer sets the species of \(id) to \(value)")
                await Self.otherWriter(fixture, id: id, fields: #"{"species":"\#(value)"}"#)
            case 76..<80:
                log.append("the server loses its answers: \(!fixture.server.updateFaults { _ in }.writeAnswerLost)")
                _ = fixture.server.updateFaults { $0.writeAnswerLost.toggle() }
            case 80..<83:
                log.append("the server rejects the next write")
                _ = fixture.server.updateFaults { $0.rejectWrites = 1 }
            case 83..<86:
                log.append("the server fails writes: \(!fixture.server.updateFaults { _ in }.writeFailure)")
                _ = fixture.server.updateFaults { $0.writeFailure.toggle() }
            case 86..<90:
                log.append("client \(c) is killed and started again")
                try? await client.repository.database?.close()
                clients[c].repository = try Self.open(fixture, client.network, client.file)
                await clients[c].listen()
            case 90..<96:
                log.append("client \(c) decides a conflict")
                await decide(client.repository)
            default:
                let seconds = 1 + random.below(90)
                log.append("\(seconds) s pass")
                fixture.time.advance(by: TimeInterval(seconds))
            }
        }

        /// Decides the client's oldest conflict (keep mine, take theirs or discard) and dismisses a rejection.
        mutating func decide(_ repository: CharacterRepository) async {
            for write in repository.keptWrites().reversed() {
                switch write.state {
                case .conflict:
                    switch random.below(3) {
                    case 0: _ = await repository.resolveConflict(write.sequence, .keepMine)
                    case 1: _ = await repository.resolveConflict(write.sequence, .takeTheirs)
                    default: _ = await repository.discardWrite(write.sequence)
                    }
                    return
                case .rejected:
                    _ = await repository.discardWrite(write.sequence)
                default:
                    continue
                }
            }
        }

        /// Heals the network and the server, ends every write, reads everything again, and checks.
        mutating func close(_ fixture: Fixture) async throws -> String? {
            _ = fixture.server.updateFaults { $0 = FaultSettings() }
            for client in clients { client.network.setOnline(true) }
            for _ in 0..<30 where clients.contains(where: { !$0.repository.keptWrites().isEmpty }) {
                fixture.time.advance(by: 120)
                for client in clients {
                    await decide(client.repository)
                    _ = await client.repository.sendKeptWrites()
                }
            }
            for (c, client) in clients.enumerated() {
                let kept = client.repository.keptWrites()
                guard kept.isEmpty else { return "client \(c) still keeps \(kept.map { "#\($0.sequence) \($0.state)" })" }
            }
            for (c, client) in clients.enumerated() {
                let untold = client.heard.sequences().filter { sequence in
                    switch client.heard.last(of: [sequence]).first {
                    case .applied?, .confirmed?, .discarded?: false
                    default: true
                    }
                }
                guard untold.isEmpty else { return "client \(c)'s writes \(untold) were never told as ended" }
            }
            for id in ids {
                let server = try? await Self.onServer(fixture, id: id)
                for (c, client) in clients.enumerated() {
                    let shown = try? await client.repository.character(id: id, policy: .remoteFirst).value
                    guard shown.map(CharacterFields.init(of:)) == server.map(CharacterFields.init(of:)) else {
                        return "client \(c) shows \(String(describing: shown.map(CharacterFields.init(of:)))) for \(id), "
                            + "the server holds \(String(describing: server.map(CharacterFields.init(of:))))"
                    }
                }
            }
            for client in clients { try? await client.repository.database?.close() }
            return nil
        }

        /// Another writer's `PATCH`, with no precondition.
        static func otherWriter(_ fixture: Fixture, id: Int, fields: String) async {
            let exchange = RemoteAPIExchange(api: RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: fixture.baseURL)))
            _ = try? await exchange.exchange(
                HTTPExchangeRequest(
                    method: "PATCH", url: fixture.baseURL.appendingPathComponent("character/\(id)"),
                    headers: [HTTPHeaderField("Content-Type", "application/merge-patch+json")], body: Data(fields.utf8)))
        }

        /// Character `id` as the server holds it (nil: gone).
        static func onServer(_ fixture: Fixture, id: Int) async throws -> ShowCharacter? {
            let fresh = CharacterRepository(
                api: RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: fixture.baseURL)), database: nil)
            return try? await fresh.character(id: id, policy: .remoteFirst).value
        }
    }
}

extension WriteScheduleTests.Schedule.Client {
    /// Hears what this client's writes tell from now on.
    func listen() async {
        let heard = heard
        await repository.observeWrites { reports in heard.add(reports.map(\.event)) }
    }
}

/// SplitMix64: a schedule is its seed.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func below(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(max(1, bound)))
    }
}
