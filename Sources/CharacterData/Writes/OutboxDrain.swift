import Foundation
import PersistentCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel

/// One drain of the outbox's pending writes of one kind, sent one at a time in the order written,
/// with the bookkeeping of each off the wire's path: while a write is in flight, the answer to the
/// one before it is taken (its transaction on the cache file) and the send of the one after it is
/// counted, so the next request leaves as soon as an answer comes.
///
/// What is kept stays as strict as a drain that waits for each transaction: a write's send is
/// counted before it leaves (so nothing is ever folded into a write the server may hold), and the
/// transactions run in the order of the writes. A write is only ever counted one ahead: when the
/// drain stops at a write main cannot take, the count of the one after it is taken back. After a
/// crash, the write after the one in flight may show one attempt it never made, and an answer
/// taken but not yet written is asked for again with its idempotency key (the server gives its
/// first answer again): nothing is lost or applied twice. Used by one task at a time (`WriteDrain`).
struct OutboxDrain: Sendable {
    let repository: CharacterRepository
    let outbox: WriteOutbox
    let disk: SQLiteDataSource<ShowCharacter>
    /// The kind of entity whose writes are sent (the character namespace of the repository's API).
    let kind: String

    /// What runs behind the write in flight: the answer before it taken, the send after it counted.
    struct Behind: Sendable {
        var taken: SentCharacterWrite?
        var next: OutboxWrite?
    }

    /// Sends the pending writes until none is left or one cannot be sent (it and those after it
    /// stay pending); returns each write's result, in order.
    func run() async -> [SentCharacterWrite] {
        var results: [SentCharacterWrite] = []
        guard var current = try? await outbox.recordSending(nextOf: kind, after: nil) else { return [] }
        var behind = countAfter(current.sequence)
        while true {
            let write = try? JSONDecoder().decode(CharacterWrite.self, from: current.body)
            let sent: (value: CharacterWriteOutcome, elapsed: Duration)? =
                if let write { await repository.configuration.clock.timed { await repository.writeClient.send(write) } } else { nil }
            let done = await behind.value
            if let taken = done.taken { results.append(taken) }
            guard let write, let sent else {
                try? await outbox.markRejected(current.sequence, reason: "the kept write cannot be read", detail: nil)
                guard let next = await nextToSend(counted: done.next, after: current.sequence) else { return results }
                current = next
                behind = countAfter(next.sequence)
                continue
            }
            if case .unreachable = sent.value {
                let (result, _) = await repository.settle(
                    current.sequence, write: write, outcome: sent.value, outbox: outbox, disk: disk)
                if let next = done.next { try? await outbox.uncountSending(next.sequence) }
                results.append(Self.sent(current, write, result, elapsed: sent.elapsed))
                return results
            }
            behind = take(sent, of: write, kept: current, countingAfter: done.next?.sequence ?? current.sequence)
            guard let next = done.next else {
                // Nothing was pending behind it when it left: what the answer's transaction counts
                // (a write kept meanwhile), if anything, is next.
                let taken = await behind.value
                if let sentWrite = taken.taken { results.append(sentWrite) }
                guard let counted = taken.next else { return results }
                current = counted
                behind = countAfter(counted.sequence)
                continue
            }
            current = next
        }
    }

    /// Counts, behind the write in flight, the send of the pending write after `sequence`.
    private func countAfter(_ sequence: Int64) -> Task<Behind, Never> {
        Task { Behind(taken: nil, next: try? await outbox.recordSending(nextOf: kind, after: sequence)) }
    }

    /// `counted`, or the pending write after `sequence` counted now.
    private func nextToSend(counted: OutboxWrite?, after sequence: Int64) async -> OutboxWrite? {
        if let counted { return counted }
        return try? await outbox.recordSending(nextOf: kind, after: sequence)
    }

    /// Takes the answer to `kept` behind the next write's flight, counting the send of the pending
    /// write after `sequence` in the same transaction when the answer is applied (on its own
    /// otherwise).
    private func take(
        _ sent: (value: CharacterWriteOutcome, elapsed: Duration), of write: CharacterWrite, kept: OutboxWrite,
        countingAfter sequence: Int64
    ) -> Task<Behind, Never> {
        Task {
            let ((result, counted), elapsed) = await repository.configuration.clock.timed {
                await repository.settle(
                    kept.sequence, write: write, outcome: sent.value, outbox: outbox, disk: disk, sendingNextOf: kind,
                    after: sequence)
            }
            let next: OutboxWrite? =
                if case .applied = sent.value { counted } else { try? await outbox.recordSending(nextOf: kind, after: sequence) }
            return Behind(taken: Self.sent(kept, write, result, elapsed: sent.elapsed + elapsed), next: next)
        }
    }

    private static func sent(_ kept: OutboxWrite, _ write: CharacterWrite, _ result: CharacterEditResult, elapsed: Duration)
        -> SentCharacterWrite
    {
        SentCharacterWrite(
            sequence: kept.sequence, characterID: write.id, method: write.method, result: result, elapsed: elapsed)
    }
}
