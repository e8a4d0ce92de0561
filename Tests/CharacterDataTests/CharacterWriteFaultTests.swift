import CharacterData
import EntityWrites
import Foundation
import GRDB
import Locking
import PersistentCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import RickAndMortyServer
import Testing

/// Kept writes sent through `CharacterRepository` to a loopback server whose writes fail: every
/// write answered 503 for a while, and a write applied whose answer is lost. What the server
/// applied is read from its state file: each write's key once, and no other key.
@Suite("Character writes through the repository: a 5xx storm and lost answers")
struct CharacterWriteFaultTests {
    /// What the server's state file holds: the edited fields by id, and the idempotency keys it answered.
    static func serverState(_ fixture: Fixture) throws -> (edited: [String: [String: String]], keys: Set<String>) {
        let file = try #require(fixture.stateFile)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let edited = try #require(object["edited"] as? [String: [String: String]])
        let replies = try #require(object["replies"] as? [String: Any])
        return (edited, Set(replies.keys))
    }

    /// Another client of the same server, with no cache of its own: another writer.
    static func anotherClient(_ fixture: Fixture) -> CharacterRepository {
        CharacterRepository(
            api: RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: fixture.baseURL)), database: nil)
    }

    /// Reads characters `ids` while online, then, offline, keeps a rename of each (`Kept <id>`) in
    /// the write store; returns the kept writes' numbers by id.
    static func keepRenames(_ ids: [Int], _ repository: CharacterRepository, _ fixture: Fixture) async throws
        -> [Int: Int64]
    {
        var fields: [Int: CharacterFields] = [:]
        var numbers: [Int: Int64] = [:]
        for id in ids { fields[id] = CharacterFields(of: try await repository.character(id: id, policy: .localFirst).value) }
        fixture.networkSwitch.setOnline(false)
        for id in ids {
            var renamed = try #require(fields[id])
            renamed.name = "Kept \(id)"
            let event = try await repository.edit(id, to: renamed, queueing: true)
            guard case .retrying = event.outcome else {
                Issue.record("the edit of \(id) was not kept: \(event)")
                return [:]
            }
            numbers[id] = event.sequence
        }
        fixture.networkSwitch.setOnline(true)
        #expect(repository.keptWrites().count == ids.count)
        return numbers
    }

    @Test("Every write answered 503: all stay pending, each send counted; then each is applied once")
    func storm() async throws {
        try await Fixture.with(serverState: true) { fixture in
            let repository = try fixture.repository()
            _ = try await Self.keepRenames([1, 2, 3], repository, fixture)
            fixture.server.updateFaults { $0.writeFailure = true }
            for round in 1...4 {
                // Each send after the backoff the last 503 set: the three characters' writes leave at once.
                fixture.time.advance(by: 120)
                let results = await repository.sendKeptWrites()
                let reasons = results.compactMap { report -> String? in
                    if case .retrying(let reason, _) = report.event.outcome { reason } else { nil }
                }
                guard reasons.count == 3 else {
                    Issue.record("round \(round): expected the three writes to stay pending, got \(results)")
                    return
                }
                #expect(reasons.allSatisfy { $0.contains("503") }, "\(reasons)")
            }
            let pending = repository.keptWrites().reversed()
            #expect(pending.map(\.attempts) == [4, 4, 4], "each write counts its sends")
            #expect(pending.first?.lastError?.contains("503") == true)
            #expect(try await repository.character(id: 2, policy: .localFirst).value.name == "Kept 2", "nothing lost")
            #expect(!FileManager.default.fileExists(atPath: try #require(fixture.stateFile).path), "nothing applied")

            fixture.server.updateFaults { $0.writeFailure = false }
            fixture.time.advance(by: 120)
            let results = await repository.sendKeptWrites()
            #expect(results.map(\.event.outcome) == Array(repeating: .applied(merged: false), count: 3))
            for id in 1...3 {
                #expect(try await repository.character(id: id, policy: .localFirst).value.name == "Kept \(id)")
            }
            #expect(repository.keptWrites().isEmpty)
            let state = try Self.serverState(fixture)
            #expect(state.keys.count == 3, "each write applied under its own key, once")
            #expect(state.edited.mapValues { $0["name"] } == ["1": "Kept 1", "2": "Kept 2", "3": "Kept 3"])
        }
    }

    @Test("Writes applied whose answers were lost stay pending; sent again with their keys they are confirmed, not applied twice")
    func lostAnswer() async throws {
        try await Fixture.with(serverState: true) { fixture in
            let repository = try fixture.repository()
            _ = try await Self.keepRenames([4, 5], repository, fixture)
            fixture.server.updateFaults { $0.writeAnswerLost = true }
            let lost = await repository.sendKeptWrites()
            guard lost.count == 2, lost.allSatisfy({ if case .retrying = $0.event.outcome { true } else { false } }) else {
                Issue.record("expected both writes pending after their lost answers, got \(lost)")
                return
            }
            #expect(repository.keptWrites().reversed().map(\.attempts) == [1, 1])
            let applied = try Self.serverState(fixture)
            #expect(applied.keys.count == 2, "the server applied both writes before their answers were lost")
            #expect(applied.edited["4"]?["name"] == "Kept 4" && applied.edited["5"]?["name"] == "Kept 5")

            // The answers come through again, and another client changes another field of the
            // same character: a write applied a second time would be a new request over it (a
            // 412, merged under a new key), not the first answer again.
            fixture.server.updateFaults { $0.writeAnswerLost = false }
            let other = Self.anotherClient(fixture)
            var dead = CharacterFields(of: try await other.character(id: 4, policy: .remoteFirst).value)
            dead.status = "Dead"
            guard case .applied = try await other.edit(4, to: dead, queueing: false).outcome else {
                Issue.record("the other client's edit was not applied")
                return
            }

            fixture.time.advance(by: 120)
            let results = await repository.sendKeptWrites()
            #expect(results.map(\.event.outcome) == [.confirmed, .confirmed])
            // A replay confirms, it does not inform: the character is read again, not taken from it.
            let first = try await repository.character(id: 4, policy: .localFirst).value
            #expect(first.name == "Kept 4" && first.status == .dead, "the server's character now, not the replayed one")
            #expect(repository.keptWrites().isEmpty)
            let state = try Self.serverState(fixture)
            #expect(state.keys.isSuperset(of: applied.keys))
            #expect(state.keys.count == 3, "the two writes and the other client's edit, and no key made by a merge")
            #expect(state.edited["4"]?["status"] == "Dead" && state.edited["4"]?["name"] == "Kept 4")
            #expect(state.edited["5"]?["name"] == "Kept 5")
        }
    }

    @Test("An edit behind a write still waiting says so; an edit of another character sends the kept ones, and the observer hears them")
    func editsBehindKeptWrites() async throws {
        try await Fixture.with(serverState: true) { fixture in
            let repository = try fixture.repository()
            let heard = Heard()
            await repository.observeWrites { reports in heard.add(reports.map(\.event)) }
            let kept = try await Self.keepRenames([4, 5], repository, fixture)
            fixture.server.updateFaults { $0.writeAnswerLost = true }
            _ = await repository.sendKeptWrites()
            fixture.server.updateFaults { $0.writeAnswerLost = false }

            // Character 4's rename waits for its backoff: the status edit after it waits too.
            var dead = CharacterFields(of: try await repository.character(id: 4, policy: .localFirst).value)
            dead.status = "Dead"
            let behind = try await repository.edit(4, to: dead, queueing: true)
            #expect(behind.outcome == .retrying(reason: "earlier writes of this character are pending", notBefore: nil))

            // Past the backoff, an edit of character 6 sends every write that can leave: its caller
            // hears its own, the observer every one.
            fixture.time.advance(by: 120)
            var six = CharacterFields(of: try await repository.character(id: 6, policy: .localFirst).value)
            six.name = "Six"
            let own = try await repository.edit(6, to: six, queueing: true)
            #expect(own.outcome == .applied(merged: false))
            #expect(repository.keptWrites().isEmpty)
            let ends = heard.last(of: [try #require(kept[4]), try #require(kept[5]), behind.sequence, own.sequence])
            #expect(ends == [.confirmed, .confirmed, .applied(merged: false), .applied(merged: false)])
            let four = try Self.serverState(fixture).edited["4"]
            #expect(four?["name"] == "Kept 4" && four?["status"] == "Dead", "\(String(describing: four))")
        }
    }

    @Test("A conflict sent again says how it stands, not how another write sent with it ended")
    func retriedConflict() async throws {
        try await Fixture.with(serverState: true) { fixture in
            let repository = try fixture.repository()
            let rick = try await repository.character(id: 1, policy: .localFirst).value
            let other = Self.anotherClient(fixture)
            var theirs = CharacterFields(of: try await other.character(id: 1, policy: .remoteFirst).value)
            theirs.name = "Rick Theirs"
            _ = try await other.edit(1, to: theirs, queueing: false)
            var mine = CharacterFields(of: rick)
            mine.name = "Rick Mine"
            let conflict = try await repository.edit(1, to: mine, queueing: true, over: rick)
            #expect(conflict.outcome == .conflict(fields: ["name"]))
            // A later write of another character, kept offline, leaves with the retried one.
            var morty = CharacterFields(of: try await repository.character(id: 2, policy: .localFirst).value)
            morty.name = "Kept 2"
            fixture.networkSwitch.setOnline(false)
            _ = try await repository.edit(2, to: morty, queueing: true)
            fixture.networkSwitch.setOnline(true)

            let retried = try #require(await repository.retryWrite(conflict.sequence))
            #expect(retried.sequence == conflict.sequence && retried.outcome == .conflict(fields: ["name"]))
            #expect(repository.keptWrites().map(\.sequence) == [conflict.sequence])
        }
    }

    @Test("A disk refusing the outbox's writes: a kept write says why it cannot leave; with room, it is sent")
    func fullDisk() async throws {
        try await Fixture.with(serverState: true) { fixture in
            let repository = try fixture.repository()
            let numbers = try await Self.keepRenames([1], repository, fixture)
            let kept = try #require(numbers[1])
            // GIVEN the file refuses every change of the outbox, as a full disk does (SQLITE_FULL)
            let file = try DatabaseQueue(path: fixture.cacheFile.path)
            try await file.write { db in
                for change in ["INSERT", "UPDATE", "DELETE"] {
                    try db.execute(sql: """
                        CREATE TRIGGER full_\(change.lowercased()) BEFORE \(change) ON entity_writes
                        BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END
                        """)
                }
            }
            // WHEN the write is sent again now
            let refused = try #require(await repository.retryWrite(kept))
            // THEN it stays kept, and why it does not leave is the disk's reason, not another send's
            guard case .retrying(let reason, _) = refused.outcome else {
                Issue.record("expected the write to stay pending, got \(refused)")
                return
            }
            #expect(
                reason.contains("the outbox cannot be written") && reason.contains("database or disk is full"),
                "\(reason)")
            let stateFile = try #require(fixture.stateFile)
            #expect(!FileManager.default.fileExists(atPath: stateFile.path), "nothing sent")
            // AND once the disk has room again, it is sent and applied
            try await file.write { db in
                for change in ["insert", "update", "delete"] {
                    try db.execute(sql: "DROP TRIGGER full_\(change)")
                }
            }
            let sent = try #require(await repository.retryWrite(kept))
            #expect(sent.outcome == .applied(merged: false), "\(sent)")
            #expect(try Self.serverState(fixture).edited["1"]?["name"] == "Kept 1")
        }
    }

    /// The events an observer heard, in order.
    final class Heard: Sendable {
        private let events = PThreadMutex([WriteEvent]())
        func add(_ more: [WriteEvent]) { events.withLock { $0 += more } }
        /// The numbers of the writes heard of, in order.
        func sequences() -> [Int64] {
            events.withLock { events in
                var seen = Set<Int64>()
                return events.map(\.sequence).filter { seen.insert($0).inserted }
            }
        }
        /// The last outcome heard of each of `sequences`, nil for one never heard.
        func last(of sequences: [Int64]) -> [WriteOutcome?] {
            events.withLock { events in sequences.map { number in events.last { $0.sequence == number }?.outcome } }
        }
    }
}
