import EntityWrites
import Foundation
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel

/// Edits and deletes of characters through the library's write model (`EntityWrites`): each is
/// what the user changed against what the user saw, kept in the disk cache's write store, sent in
/// order per character with `If-Match` and `Idempotency-Key`, merged per field, and answered
/// through one function. What the server has not decided is laid over every answer, never stored
/// as the server's; a rejected or discarded write leaves every screen at once.
extension CharacterRepository {
    /// Edits character `id` to `fields`, over `shown` — the character as the user saw it (the
    /// form's copy). Without `shown`, over what this process shows now (its tag, when nothing is
    /// laid over it). Sent at once; with `queueing`, a write the server cannot take now is kept
    /// and sent later (`sendKeptWrites`), else dropped (`notSent`).
    public func edit(_ id: Int, to fields: CharacterFields, queueing: Bool, over shown: ShowCharacter? = nil) async
        -> CharacterEditResult
    {
        if let refusal = readOnlyRefusal { return refusal }
        if let violation = fields.violation() { return .rejected(reason: violation.reason, field: violation.field) }
        guard let seen = await seenCopy(id, shown: shown) else {
            return .notSent(reason: "character \(id) could not be read to edit it")
        }
        var mine = seen.value
        for name in CharacterFields.names { mine[name] = fields[name].map(JSONValue.string) ?? .null }
        let sequence: Int64?
        do {
            sequence = try await writes.writer.edit(writes.paths.path(id), saw: seen, to: mine)
        } catch {
            return .notSent(reason: error.description)
        }
        guard let sequence else { return .applied(await characterGraph.cache.entity(String(id))?.value, merged: false) }
        return await settle(sequence, id: id, queueing: queueing)
    }

    /// Deletes character `id`, as the user saw it (`shown`; without it, as this process shows it
    /// now). Sent at once, or (with `queueing`) kept until the server can take it; the character
    /// leaves every list at once. A character that differs on the server from what the user saw is
    /// a conflict, never deleted unseen.
    public func delete(_ id: Int, queueing: Bool, over shown: ShowCharacter? = nil) async -> CharacterEditResult {
        if let refusal = readOnlyRefusal { return refusal }
        let seen = await seenCopy(id, shown: shown)
        let sequence: Int64
        do {
            sequence = try await writes.writer.delete(writes.paths.path(id), saw: seen)
        } catch {
            return .notSent(reason: error.description)
        }
        return await settle(sequence, id: id, queueing: queueing)
    }

    /// Sends the kept writes of this repository's API, in order per character, until none can
    /// leave now; returns each write's result. Nothing when another send is running.
    @discardableResult
    public func sendPendingWrites() async -> [CharacterEditResult] {
        await sendKeptWrites().map(\.result)
    }

    /// `sendPendingWrites()`, saying of each write sent which character, what it did and how long
    /// it took.
    @discardableResult
    public func sendKeptWrites() async -> [SentCharacterWrite] {
        let reports = await writes.writer.drain()
        let kept = await writes.refresh()
        await announce(reports.map(\.event.entity))
        var sent: [SentCharacterWrite] = []
        var characters: [Int: ShowCharacter?] = [:]
        for report in reports {
            guard let id = writes.paths.id(of: report.event.entity), Self.isSent(report.event.outcome) else {
                continue
            }
            if characters[id] == nil { characters[id] = await characterGraph.cache.entity(String(id))?.value }
            let character = characters[id] ?? nil
            sent.append(
                SentCharacterWrite(
                    sequence: report.event.sequence, characterID: id, method: report.event.method,
                    result: Self.result(of: report.event, kept: kept, character: character), elapsed: report.elapsed))
        }
        return sent
    }

    /// The answer to any write against an API that takes none (the public one): nothing is sent
    /// or kept.
    var readOnlyRefusal: CharacterEditResult? {
        let configuration = writes.api.configuration
        guard configuration.isReadOnly else { return nil }
        return .rejected(
            reason: "\(configuration.baseURL.host ?? "this API") is read-only: edits need "
                + "a server that takes them (charbrowser serve, or the embedded one)",
            field: nil)
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
    /// cache, a write still kept (unsent, or in conflict) is dropped.
    private func settle(_ sequence: Int64, id: Int, queueing: Bool) async -> CharacterEditResult {
        let reports = await writes.writer.drain()
        var kept = await writes.refresh()
        let mine = reports.last { $0.event.sequence == sequence }?.event
        var result: CharacterEditResult
        if let mine {
            result = Self.result(of: mine, kept: kept, character: await characterGraph.cache.entity(String(id))?.value)
        } else if kept.contains(where: { $0.sequence == sequence }) {
            result = .pending(sequence: sequence, reason: "earlier writes of this character are pending")
        } else {
            result = .applied(await characterGraph.cache.entity(String(id))?.value, merged: false)
        }
        if !(queueing && writes.isDurable), kept.contains(where: { $0.sequence == sequence }) {
            _ = try? await writes.writer.discard(sequence)
            kept = await writes.refresh()
            if case .pending(_, let reason) = result {
                result = .notSent(
                    reason: writes.isDurable ? reason : reason + "; there is no outbox to keep the write (the disk cache is off)")
            }
        }
        await announce(reports.map(\.event.entity) + [writes.paths.path(id)])
        return result
    }

    /// The result a write's latest event says, with the server's copy of a conflict from `kept`.
    static func result(of event: WriteEvent, kept: [EntityWrite], character: ShowCharacter?) -> CharacterEditResult {
        switch event.outcome {
        case .applied(let merged): return .applied(event.method == .delete ? nil : character, merged: merged)
        case .confirmed: return .applied(event.method == .delete ? nil : character, merged: false)
        case .retrying(let reason, _): return .pending(sequence: event.sequence, reason: reason)
        case .queued: return .pending(sequence: event.sequence, reason: "kept, to be sent")
        case .rejected(let reason, let field): return .rejected(reason: reason, field: field)
        case .discarded: return .notSent(reason: "discarded")
        case .conflict(let fields):
            let theirs = kept.first { $0.sequence == event.sequence }?.conflict.flatMap {
                CharacterWriteFields.character($0.theirs.value)
            }
            guard let theirs else { return .notSent(reason: "changed on the server too: \(fields.joined(separator: ", "))") }
            return .conflict(fields: fields, theirs: theirs)
        }
    }

    /// Whether an outcome is one a drain reports as a write sent.
    static func isSent(_ outcome: WriteOutcome) -> Bool {
        switch outcome {
        case .queued, .discarded: false
        default: true
        }
    }

    /// Tells observers of each of `entities` what is shown now: the cache's copy with what is still
    /// open laid over it (`characterChanges()` lays it), or gone.
    func announce(_ entities: [String]) async {
        var seen = Set<Int>()
        for entity in entities {
            guard let id = writes.paths.id(of: entity), seen.insert(id).inserted else { continue }
            guard let entry = await characterGraph.cache.entity(String(id)) else { continue }
            characterGraph.cache.broadcaster.publish(EntityChange(id: String(id), entry: entry, cause: .written))
        }
    }
}
