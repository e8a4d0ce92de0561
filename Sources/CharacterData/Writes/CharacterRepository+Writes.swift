import Foundation
import PersistentCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel

/// Edits and deletes of characters, with the seeds' `MainSync` rule for PUT and DELETE (main
/// first, then the cache) and, when asked, an outbox for writes main cannot take now.
///
/// Every write goes with `If-Match` (the tag of the copy it was made over) and an idempotency key
/// made once for it. When main cannot be reached (offline, refused, timed out, 5xx, 429) and
/// `queueing` is set, the write is kept in the disk cache's outbox (`WriteOutbox`), in the same
/// transaction as the optimistic value, which memory and disk then serve (never the shared tier:
/// other processes see a value once the server took it). `sendPendingWrites()` sends them in
/// the order written. A write behind pending writes of its character queues behind them.
extension CharacterRepository {
    /// The outbox of the disk cache, or nil when the disk cache is off.
    public var outbox: WriteOutbox? { database.map(WriteOutbox.init) }

    /// Edits character `id` to `fields`, over the copy the cache holds (read first when it holds
    /// none; `shown`, the copy the user edited, when that read fails too). With `queueing`, a
    /// write main cannot take now is kept (see the type).
    public func edit(_ id: Int, to fields: CharacterFields, queueing: Bool, over shown: ShowCharacter? = nil) async
        -> CharacterEditResult
    {
        if let refusal = readOnlyRefusal { return refusal }
        if let violation = fields.violation() { return .rejected(reason: violation.reason, field: violation.field) }
        let held = await baseCopy(id)
            ?? shown.map { Entry(value: $0, metadata: EntryMetadata(storedAt: configuration.timeSource.now()), origin: .disk) }
        guard let base = held else {
            return .notSent(reason: "character \(id) could not be read to edit it")
        }
        let write = CharacterWrite(
            id: id, method: .patch, mine: fields, base: CharacterFields(of: base.value), baseTag: base.metadata.etag)
        return await perform(write, optimistic: fields.applied(to: base.value), queueing: queueing)
    }

    /// Deletes character `id` (over the copy the cache holds, when it holds one). With `queueing`,
    /// a delete main cannot take now is kept, and the character leaves the local tiers at once.
    public func delete(_ id: Int, queueing: Bool) async -> CharacterEditResult {
        if let refusal = readOnlyRefusal { return refusal }
        let base = await characterGraph.cache.entity(String(id))
        let write = CharacterWrite(
            id: id, method: .delete, base: base.map { CharacterFields(of: $0.value) }, baseTag: base?.metadata.etag)
        return await perform(write, optimistic: nil, queueing: queueing)
    }

    /// Sends the outbox's pending writes of this repository's API in the order written, until one
    /// cannot be sent (main still out of reach: it and those after it wait for the next call).
    /// Returns each write's result, in order; nothing when there is no outbox or another call is
    /// sending. Writes kept for another API (another `CharacterRepositoryConfiguration.api`) stay.
    @discardableResult
    public func sendPendingWrites() async -> [CharacterEditResult] {
        await sendKeptWrites().map(\.result)
    }

    /// `sendPendingWrites()`, saying of each write sent which character, what it did and how
    /// long it took.
    @discardableResult
    public func sendKeptWrites() async -> [SentCharacterWrite] {
        guard let outbox, let disk = characterDisk else { return [] }
        var results: [SentCharacterWrite] = []
        _ = await drain.ifIdle {
            results = await OutboxDrain(
                repository: self, outbox: outbox, disk: disk, kind: configuration.storedNamespace(Namespace.character)
            ).run()
            if !results.isEmpty { reloadPendingChanges() }
        }
        return results
    }

    /// The answer to any write against an API that takes none (the public one): nothing is sent
    /// or kept.
    var readOnlyRefusal: CharacterEditResult? {
        guard writeClient.api.configuration.isReadOnly else { return nil }
        return .rejected(
            reason: "\(writeClient.api.configuration.baseURL.host ?? "this API") is read-only: edits need "
                + "a server that takes them (charbrowser serve, or the embedded one)",
            field: nil)
    }

    /// The copy an edit is made over: the cache's, else a read (`localFirst`).
    func baseCopy(_ id: Int) async -> Entry<ShowCharacter>? {
        if let held = await characterGraph.cache.entity(String(id)) { return held }
        guard let answer = try? await character(id: id, policy: .localFirst) else { return nil }
        return Entry(value: answer.value, metadata: answer.metadata, origin: answer.origin)
    }

    /// The SQLite source of characters, when the disk cache is on.
    var characterDisk: SQLiteDataSource<ShowCharacter>? { characters.cache.lower.upper.source }

    /// Sends `write` at once (or queues it behind its character's pending writes) and takes the
    /// answer.
    func perform(_ write: CharacterWrite, optimistic: ShowCharacter?, queueing: Bool) async -> CharacterEditResult {
        let entity = CacheEntryKey(kind: configuration.storedNamespace(Namespace.character), query: .id(write.id))
        let waiting = (try? outbox?.pending().contains { $0.entity == entity }) ?? false
        let outcome: CharacterWriteOutcome
        if waiting {
            outcome = .unreachable(.mainUnavailable(reason: "earlier writes of this character are pending"), retryAfter: nil)
        } else {
            outcome = await writeClient.send(write)
        }
        switch outcome {
        case .unreachable(let error, _):
            guard queueing else { return .notSent(reason: error.description) }
            return await queue(write, entity: entity, optimistic: optimistic, reason: error.description)
        case .conflict(let theirs, let tag, let fields) where queueing:
            // Kept in conflict (mine shown, nothing sent) until the user keeps mine or takes theirs.
            let reason = Self.conflictReason(fields)
            guard case .pending(let sequence, _) = await queue(write, entity: entity, optimistic: optimistic, reason: reason),
                let outbox
            else { return .conflict(fields: fields, theirs: theirs) }
            try? await outbox.markConflict(
                sequence, reason: reason, detail: try? JSONEncoder().encode(KeptConflict(theirs: theirs, tag: tag)))
            reloadPendingChanges()
            return .conflict(fields: fields, theirs: theirs)
        default:
            return await applyAnswer(outcome, for: write)
        }
    }

    /// Keeps `write` in the outbox with its optimistic value (or, for a delete, without the local
    /// copy), memory updated to match and observers told.
    func queue(_ write: CharacterWrite, entity: CacheEntryKey, optimistic: ShowCharacter?, reason: String) async
        -> CharacterEditResult
    {
        guard let disk = characterDisk, let body = try? JSONEncoder().encode(write) else {
            return .notSent(reason: reason + "; there is no outbox to keep the write (the disk cache is off)")
        }
        let new = NewOutboxWrite(
            entity: entity, method: write.method == .delete ? "DELETE" : "PATCH", body: body,
            idempotencyKey: write.idempotencyKey, coalesce: Self.coalesce)
        do {
            let kept: OutboxWrite
            if let optimistic {
                let entry = Entry(
                    value: optimistic, metadata: EntryMetadata(storedAt: configuration.timeSource.now()), origin: .disk)
                kept = try await disk.put(entry, for: .id(write.id), queueing: new).write
                _ = try? await characters.cache.upper.put(entry, for: .id(write.id))
                characterGraph.cache.broadcaster.publish(EntityChange(id: String(write.id), entry: entry, cause: .written))
            } else {
                kept = try await disk.delete(.id(write.id), queueing: new)
                try? await characters.cache.upper.delete(.id(write.id))
                characterGraph.cache.broadcaster.publish(EntityChange(id: String(write.id), entry: nil, cause: .deleted))
            }
            reloadPendingChanges()
            return .pending(sequence: kept.sequence, reason: reason)
        } catch {
            return .notSent(reason: reason + "; the write could not be kept: \(error.description)")
        }
    }

    /// Why a write is in conflict, as the outbox keeps it.
    static func conflictReason(_ fields: [String]) -> String {
        fields.isEmpty ? "changed on the server meanwhile" : "changed on both sides: \(fields.joined(separator: ", "))"
    }

    /// Two writes of one character never sent as one: the first one's base and tag, the second
    /// one's fields (a delete replaces an edit; nothing folds into a delete).
    @Sendable static func coalesce(_ earlier: Data, _ later: Data) -> Data? {
        let decoder = JSONDecoder()
        guard let first = try? decoder.decode(CharacterWrite.self, from: earlier),
            let second = try? decoder.decode(CharacterWrite.self, from: later), first.method == .patch
        else { return nil }
        var folded = second
        folded.base = first.base
        folded.baseTag = first.baseTag
        folded.idempotencyKey = first.idempotencyKey
        return try? JSONEncoder().encode(folded)
    }

    /// Takes the server's answer to a write sent at once: the new value in every tier, or the
    /// character gone.
    func applyAnswer(_ outcome: CharacterWriteOutcome, for write: CharacterWrite) async -> CharacterEditResult {
        switch outcome {
        case .applied(let character, let tag, let merged):
            await takeApplied(character, tag: tag, id: write.id)
            return .applied(character, merged: merged)
        case .conflict(let theirs, _, let fields):
            return .conflict(fields: fields, theirs: theirs)
        case .rejected(_, let reason, let field):
            return .rejected(reason: reason, field: field)
        case .unreachable(let error, _):
            return .notSent(reason: error.description)
        }
    }

    /// The server's character (with its tag) in every tier and told to observers, or, after a
    /// delete, character `id` gone from them.
    func takeApplied(_ character: ShowCharacter?, tag: String?, id: Int) async {
        if let character {
            let metadata = EntryMetadata(storedAt: configuration.timeSource.now(), etag: tag)
            await characterGraph.cache.store([character], metadata: metadata)
        } else {
            try? await characterGraph.cache.remove(String(id), cause: .deleted)
        }
    }

    /// The server's answer to a kept write, once `complete` stored it on disk: memory and the
    /// shared tier take it (the disk is not written twice), observers are told; after a delete,
    /// the character leaves every tier.
    func takeSent(_ entry: Entry<ShowCharacter>?, id: Int) async {
        guard let entry else {
            try? await characterGraph.cache.remove(String(id), cause: .deleted)
            return
        }
        _ = try? await characters.cache.upper.put(entry, for: .id(id))
        _ = try? await characters.cache.lower.lower.put(entry, for: .id(id))
        characterGraph.cache.broadcaster.publish(EntityChange(id: String(id), entry: entry, cause: .written))
    }

    /// Takes the server's answer to kept write `sequence`: applied, the value stored and the write
    /// removed in one transaction; in conflict or rejected, kept as such (a rejection rolls the
    /// optimistic value back); unreachable, kept pending with why.
    /// With `sendingNextOf`, an applied write's transaction also counts the send of the next
    /// pending write of that kind (after write `after`, when given), which is returned (nil
    /// otherwise).
    func settle(
        _ sequence: Int64, write: CharacterWrite, outcome: CharacterWriteOutcome, outbox: WriteOutbox,
        disk: SQLiteDataSource<ShowCharacter>, sendingNextOf kind: String? = nil, after: Int64? = nil
    ) async -> (CharacterEditResult, next: OutboxWrite?) {
        switch outcome {
        case .applied(let character, let tag, let merged):
            // The answer on disk and the write gone in one transaction, then every tier.
            let entry = character.map {
                Entry(
                    value: $0, metadata: EntryMetadata(storedAt: configuration.timeSource.now(), etag: tag),
                    origin: .network)
            }
            let next =
                (try? await disk.complete(sequence, storing: entry, for: .id(write.id), sendingNextOf: kind, after: after))
                ?? nil
            await takeSent(entry, id: write.id)
            return (.applied(character, merged: merged), next)
        case .conflict(let theirs, let tag, let fields):
            let detail = try? JSONEncoder().encode(KeptConflict(theirs: theirs, tag: tag))
            try? await outbox.markConflict(sequence, reason: Self.conflictReason(fields), detail: detail)
            return (.conflict(fields: fields, theirs: theirs), nil)
        case .rejected(let status, let reason, let field):
            try? await outbox.markRejected(
                sequence, reason: "\(status): \(reason)" + (field.map { " (\($0))" } ?? ""), detail: nil)
            // The optimistic value was only ever local: memory and disk drop it.
            try? await characters.cache.upper.delete(.id(write.id))
            try? await disk.delete(.id(write.id))
            characterGraph.cache.broadcaster.publish(EntityChange(id: String(write.id), entry: nil, cause: .removed))
            return (.rejected(reason: reason, field: field), nil)
        case .unreachable(let error, _):
            try? await outbox.recordFailure(sequence, error: error.description)
            return (.pending(sequence: sequence, reason: error.description), nil)
        }
    }
}
