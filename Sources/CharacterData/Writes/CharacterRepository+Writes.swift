import EntityWrites
import Foundation
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel

/// Edits and deletes of characters through the library's write model (`EntityWrites`), kept in
/// the disk cache's write store; what the server has not decided is laid over every answer, never
/// stored as the server's, so a rejected or discarded write leaves every screen at once. Then the
/// writes kept, as people look at them and decide about them: the Changes screen, the status
/// pane's `writes:` row, `charbrowser cache pending`.
extension CharacterRepository {
    /// Edits character `id` to `fields`, over `shown` (the form's copy), else over what this process
    /// shows now. Sent at once; with `queueing`, a write the server cannot take now is kept and
    /// sent later (`sendKeptWrites`), else dropped and thrown. How the write stands (`.discarded`
    /// with sequence 0 when it changed nothing).
    public func edit(_ id: Int, to fields: CharacterFields, queueing: Bool, over shown: ShowCharacter? = nil)
        async throws(WriteNotMade) -> WriteEvent
    {
        try refuseWhenReadOnly()
        if let violation = fields.violation() { throw WriteNotMade(violation.reason, field: violation.field) }
        await takeOverKeptWrites()
        guard let seen = await seenCopy(id, shown: shown) else {
            throw WriteNotMade("character \(id) could not be read to edit it")
        }
        let mine = seen.value.merging(CharacterWriteFields.fields(of: fields)) { _, edited in edited }
        let path = writes.paths.path(id)
        let sequence: Int64?
        do {
            sequence = try await writes.writer.edit(path, saw: seen, to: mine)
        } catch {
            throw WriteNotMade(error.description)
        }
        guard let sequence else { return WriteEvent(sequence: 0, entity: path, method: .patch, outcome: .discarded) }
        return try await settle(sequence, entity: path, method: .patch, queueing: queueing)
    }

    /// Deletes character `id`, as the user saw it (`shown`, else as this process shows it), sent
    /// as `edit` sends; it leaves every list at once. A character that differs on the server from
    /// what the user saw is a conflict, never deleted unseen.
    public func delete(_ id: Int, queueing: Bool, over shown: ShowCharacter? = nil) async throws(WriteNotMade) -> WriteEvent {
        try refuseWhenReadOnly()
        await takeOverKeptWrites()
        let seen = await seenCopy(id, shown: shown)
        let path = writes.paths.path(id)
        let sequence: Int64
        do {
            sequence = try await writes.writer.delete(path, saw: seen)
        } catch {
            throw WriteNotMade(error.description)
        }
        return try await settle(sequence, entity: path, method: .delete, queueing: queueing)
    }

    /// Sends the kept writes of this repository's API, in order per character, until none can
    /// leave now; says of each write sent how it went and how long it took. Nothing when another
    /// send is running.
    @discardableResult
    public func sendKeptWrites() async -> [WriteReport] {
        await takeOverKeptWrites()
        let reports = await writes.writer.drain()
        await refreshWrites(announcing: reports.map(\.event.entity))
        return reports.filter { ![.queued, .discarded].contains($0.event.outcome) }
    }

    /// Tells `observer` how each write stands whenever that changes, whichever call changed it
    /// (`EntityWriter.observe`): an edit's own drain also sends the writes kept before it.
    public func observeWrites(_ observer: @escaping @Sendable ([WriteReport]) -> Void) async {
        await writes.writer.observe(observer)
    }

    /// Why writes are not kept across runs here (`the disk cache is off`, or another process, a
    /// browser, keeps the cache file's writes: an edit is sent at once or not made); nil when they are.
    /// Once that process has quit, the next edit, delete or `sendKeptWrites` takes them over.
    public var writesNotKept: String? { writes.notKept }

    /// Takes over the cache file's writes if the process that kept them has quit
    /// (`CharacterWrites.takeOverIfReleased`); what they lay over answers shows at once.
    private func takeOverKeptWrites() async {
        guard await writes.takeOverIfReleased() else { return }
        await refreshWrites(announcing: await writes.writer.writes.map(\.entity))
    }

    /// The character id of a write's entity (`/api/character/3` → 3), nil for another entity.
    public func characterID(of entity: String) -> Int? { writes.paths.id(of: entity) }

    /// Throws for an API that takes no writes (the public one): nothing is sent or kept.
    private func refuseWhenReadOnly() throws(WriteNotMade) {
        let configuration = writes.api.configuration
        guard configuration.isReadOnly else { return }
        throw WriteNotMade(
            "\(configuration.baseURL.host ?? "this API") is read-only: edits need "
                + "a server that takes them (charbrowser serve, or the embedded one)")
    }

    /// What the user saw of character `id`: `shown` (no tag: the server's copy is read and merged
    /// before the write leaves), else the view of this process (the cache's copy, read first when
    /// it holds none).
    private func seenCopy(_ id: Int, shown: ShowCharacter?) async -> ServerCopy? {
        if let shown { return ServerCopy(value: CharacterWriteFields.fields(of: shown), tag: nil) }
        let path = writes.paths.path(id)
        if let view = await writes.writer.view(path) { return view }
        guard (try? await character(id: id, policy: .localFirst)) != nil else { return nil }
        return await writes.writer.view(path)
    }

    /// Sends what can leave, then says how write `sequence` stands. Without `queueing` or a disk
    /// cache, a write still kept (unsent, or in conflict) is dropped and thrown.
    private func settle(_ sequence: Int64, entity: String, method: EntityWrite.Method, queueing: Bool)
        async throws(WriteNotMade) -> WriteEvent
    {
        let reports = await writes.writer.drain()
        let kept = await refreshWrites(announcing: reports.map(\.event.entity) + [entity])
        let stillKept = kept.contains { $0.sequence == sequence }
        let failure = await writes.writer.storeFailure
        let event = Self.event(of: sequence, entity, method, in: reports, among: kept, storeFailure: failure)
        guard !(queueing && writes.notKept == nil), stillKept else { return event }
        await discardWrite(sequence)
        guard case .retrying(let reason, _) = event.outcome else { return event }
        throw WriteNotMade(writes.notKept.map { "\(reason); there is no outbox to keep the write (\($0))" } ?? reason)
    }

    /// How write `sequence` (of `entity`, by `method`) stands after a send: its last answer in
    /// `reports`, else as `kept` holds it — `gone` when no longer kept (another drain took it);
    /// pending, it waits for an earlier write of its character, for the drain that is running, or
    /// for the outbox to keep changes again (`storeFailure`).
    private static func event(
        of sequence: Int64, _ entity: String, _ method: EntityWrite.Method, in reports: [WriteReport],
        among kept: [EntityWrite], storeFailure: WriteStoreFailure? = nil,
        gone: WriteOutcome = .applied(merged: false)
    ) -> WriteEvent {
        if let answered = reports.last(where: { $0.event.sequence == sequence }) { return answered.event }
        return WriteEvent(
            sequence: sequence, entity: entity, method: method,
            outcome: standing(of: sequence, among: kept, storeFailure: storeFailure) ?? gone)
    }

    /// How write `sequence` stands as `kept` holds it; nil when it is not kept.
    private static func standing(
        of sequence: Int64, among kept: [EntityWrite], storeFailure: WriteStoreFailure?
    ) -> WriteOutcome? {
        guard let write = kept.first(where: { $0.sequence == sequence }) else { return nil }
        switch write.state {
        case .conflict: return .conflict(fields: write.conflict?.fields ?? [])
        case .rejected: return .rejected(reason: write.lastError ?? "refused by the server", field: nil)
        case .pending, .sending:
            let waits = kept.contains { $0.entity == write.entity && $0.isOpen && $0.sequence < sequence }
            let reason =
                waits
                ? "earlier writes of this character are pending"
                : storeFailure.map { "the outbox cannot be written: \($0.reason)" }
                    ?? "another send of the kept writes is running"
            return .retrying(reason: reason, notBefore: nil)
        }
    }

    /// Reads the writes kept anew, then tells observers of each of `entities` what is shown now:
    /// the cache's copy with what is still open laid over it (`characterChanges()` lays it), or
    /// gone. Returns the writes kept.
    @discardableResult
    func refreshWrites(announcing entities: [String]) async -> [EntityWrite] {
        let kept = await writes.refresh()
        var seen = Set<Int>()
        for entity in entities {
            guard let id = writes.paths.id(of: entity), seen.insert(id).inserted else { continue }
            guard let entry = await characterGraph.cache.entity(String(id)) else { continue }
            characterGraph.cache.broadcaster.publish(EntityChange(id: String(id), entry: entry, cause: .written))
        }
        return kept
    }

    /// Every write of this API's characters kept, in any state, newest first.
    public func keptWrites() -> [EntityWrite] {
        writes.writes.reversed().filter { writes.paths.id(of: $0.entity) != nil }
    }

    /// The kept writes laid over answers.
    var pendingChanges: PendingOverlay { writes.overlay }

    /// Whether no kept write is laid over answers (nothing copied: the reads' fast path).
    var hasNoPendingChanges: Bool { writes.overlayIsEmptyNow }

    /// The ids of the characters with an open write: what lists and details show as `pending`.
    public func pendingCharacterIDs() -> Set<Int> {
        Set(writes.writes.filter(\.isOpen).compactMap { writes.paths.id(of: $0.entity) })
    }

    /// Decides the conflict of kept write `sequence` (`WriteBook.resolve`), then sends what can
    /// leave; says how the write ended. Nil when `sequence` is not a write in conflict.
    public func resolveConflict(_ sequence: Int64, _ decision: ConflictDecision) async -> WriteEvent? {
        guard let write = writes.write(sequence),
            (try? await writes.writer.resolve(sequence, decision)) == true
        else { return nil }
        guard decision == .keepMine else {
            await refreshWrites(announcing: [write.entity])
            return WriteEvent(sequence: sequence, entity: write.entity, method: write.method, outcome: .discarded)
        }
        // Gone unanswered: applied (by another drain, or nothing of mine was left over theirs).
        let sent = await sendKeptWrites()
        return Self.event(
            of: sequence, write.entity, write.method, in: sent, among: writes.writes,
            storeFailure: await writes.writer.storeFailure, gone: .applied(merged: true))
    }

    /// Sends kept write `sequence` again now (a rejected one as a new write, merged over the
    /// character read anew), then every write that can leave. How the write stands after (its new
    /// number for a rejected one); nil when it is not kept.
    public func retryWrite(_ sequence: Int64) async -> WriteEvent? {
        guard let write = writes.write(sequence) else { return nil }
        let again = (try? await writes.writer.retry(sequence)) ?? sequence
        let sent = await sendKeptWrites()
        return Self.event(
            of: again, write.entity, write.method, in: sent, among: writes.writes,
            storeFailure: await writes.writer.storeFailure)
    }

    /// Discards kept write `sequence` (`WriteBook.discard`); what it laid over answers goes at
    /// once. Whether it was kept.
    @discardableResult
    public func discardWrite(_ sequence: Int64) async -> Bool {
        guard let write = writes.write(sequence), (try? await writes.writer.discard(sequence)) == true
        else { return false }
        await refreshWrites(announcing: [write.entity])
        return true
    }
}
