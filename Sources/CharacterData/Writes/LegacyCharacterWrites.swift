import EntityWrites
import Foundation
import PersistentCache
import RickAndMortyModel

/// The writes an older outbox kept (`write_outbox`, one JSON body per write: the character's id,
/// method, the fields as the user wanted them and as they were, the tag and the key), as writes of
/// the write model, to adopt once. A write that had left keeps its request (its key, `If-Match`
/// and body), so a resend is the same request. Stateless.
enum LegacyCharacterWrites {
    /// The body of a write as the older outbox kept it.
    private struct Body: Decodable {
        var id: Int
        var method: String
        var mine: CharacterFields?
        var base: CharacterFields?
        var baseTag: String?
        var idempotencyKey: String
    }

    /// What the older outbox kept with a conflict: the server's character and its tag.
    private struct Conflict: Decodable {
        var theirs: ShowCharacter
        var tag: String?
    }

    /// The older outbox's writes of `kind` in `database`, converted and numbered from
    /// `numberedFrom` in their order, and the outbox rows they came from.
    static func adoptable(in database: CacheDatabase, kind: String, paths: CharacterPaths, numberedFrom first: Int64)
        -> (writes: [EntityWrite], rows: [Int64])
    {
        guard let kept = try? LegacyOutbox.rows(in: database) else { return ([], []) }
        var writes: [EntityWrite] = []
        var rows: [Int64] = []
        for row in kept where row.entity.kind == kind {
            rows.append(row.sequence)
            guard let body = try? JSONDecoder().decode(Body.self, from: row.body) else { continue }
            writes.append(convert(body, row: row, paths: paths, sequence: first + Int64(writes.count)))
        }
        return (writes, rows)
    }

    private static func convert(_ body: Body, row: LegacyOutboxRow, paths: CharacterPaths, sequence: Int64)
        -> EntityWrite
    {
        let base = body.base.map(CharacterWriteFields.fields(of:))
        let mine = body.mine.map(CharacterWriteFields.fields(of:)) ?? [:]
        let changes = base.map { FieldMerge.changes(from: $0, to: mine) } ?? mine
        // The method in any case, as HTTP's are compared: a delete carries no fields.
        let isDelete = body.method.uppercased() == "DELETE"
        var write = EntityWrite(
            sequence: sequence, entity: paths.path(body.id), method: isDelete ? .delete : .patch, base: base,
            baseTag: body.baseTag, changes: isDelete ? [:] : changes, createdAt: row.createdAt)
        write.attempts = row.attempts
        write.lastError = row.lastError
        switch row.state {
        case "pending" where row.attempts > 0:
            write.state = .sending
            write.request = WriteRequest(idempotencyKey: body.idempotencyKey, ifMatch: body.baseTag, fields: write.changes)
        case "conflict":
            write.state = .conflict
            if let data = row.detail, let conflict = try? JSONDecoder().decode(Conflict.self, from: data) {
                let theirs = CharacterWriteFields.fields(of: conflict.theirs)
                let fields = FieldMerge.differences(base ?? [:], theirs).filter { write.changes[$0] != nil }
                write.conflict = WriteConflict(theirs: ServerCopy(value: theirs, tag: conflict.tag), fields: fields)
            } else {
                write.state = .pending
                write.baseTag = nil
            }
        case "rejected":
            write.state = .rejected
        default:
            break
        }
        return write
    }
}
