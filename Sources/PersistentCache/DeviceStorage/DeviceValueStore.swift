import Foundation
import GRDB
import RepositoryCore

/// The SQL of the `device_value` table, as functions of an open `Database` (the caller owns the
/// transaction). A value is stored natively under its type tag: int/bool as INTEGER, double/date
/// as REAL, string/url as TEXT, data as BLOB, array/dictionary as tagged JSON TEXT.
enum DeviceValueStore {
    /// The stored value and metadata for `key` under `prefix`, or nil.
    static func fetch(prefix: String, key: String, in db: Database) throws -> (StorableValue, EntryMetadata)?
    {
        let statement = try db.cachedStatement(
            sql: """
                SELECT type, value, stored_at, expires_at, etag, last_modified, stale_use FROM device_value
                WHERE prefix = ? AND key = ?
                """)
        statement.setUncheckedArguments([prefix, key])
        return try statement.firstRow { row in
            (try decode(type: row[0], value: row[1] as DatabaseValue), EntryMetadata(row: row, first: 2))
        }
    }

    /// Inserts or replaces `key` under `prefix`; `storedKey` is the visible `prefix.key` form.
    static func upsert(
        prefix: String, key: String, storedKey: String, value: StorableValue, metadata: EntryMetadata,
        in db: Database
    ) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO device_value
                    (prefix, key, stored_key, type, value, stored_at, expires_at, etag, last_modified, stale_use)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (prefix, key) DO UPDATE SET
                    stored_key = excluded.stored_key, type = excluded.type, value = excluded.value,
                    stored_at = excluded.stored_at, expires_at = excluded.expires_at,
                    etag = excluded.etag, last_modified = excluded.last_modified, stale_use = excluded.stale_use
                """
        ).execute(arguments: [
            prefix, key, storedKey, value.typeTag, try encode(value), metadata.storedAt.storedSeconds,
            metadata.expiresAt?.storedSeconds, metadata.etag, metadata.lastModified, metadata.staleUse?.directives,
        ])
    }

    /// Removes one key under `prefix`.
    static func delete(prefix: String, key: String, in db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM device_value WHERE prefix = ? AND key = ?")
            .execute(arguments: [prefix, key])
    }

    /// Removes every key under `prefix` (and only those).
    static func deleteAll(prefix: String, in db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM device_value WHERE prefix = ?").execute(arguments: [prefix])
    }

    /// The keys under `prefix`, sorted.
    static func keys(prefix: String, in db: Database) throws -> [String] {
        try String.fetchAll(
            db.cachedStatement(sql: "SELECT key FROM device_value WHERE prefix = ? ORDER BY key"),
            arguments: [prefix])
    }

    /// The stored keys (`prefix.key`) of every prefix, sorted.
    static func storedKeys(in db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT stored_key FROM device_value ORDER BY stored_key")
    }

    static func encode(_ value: StorableValue) throws -> DatabaseValue {
        switch value {
        case .int(let value): return value.databaseValue
        case .bool(let value): return (value ? 1 : 0).databaseValue
        case .double(let value):
            guard !value.isNaN else { throw RepositoryError.serialization(detail: "NaN cannot be stored") }
            return value.databaseValue
        case .string(let value): return value.databaseValue
        case .url(let value): return value.absoluteString.databaseValue
        case .date(let value): return value.timeIntervalSinceReferenceDate.databaseValue
        case .data(let value): return value.databaseValue
        case .array, .dictionary: return try StorableValue.taggedJSON(of: value).databaseValue
        }
    }

    static func decode(type: String, value: DatabaseValue) throws -> StorableValue {
        func failure() -> RepositoryError {
            .serialization(detail: "device value tagged \(type) holds \(value.storage)")
        }
        switch type {
        case "int":
            guard let int = Int.fromDatabaseValue(value) else { throw failure() }
            return .int(int)
        case "bool":
            guard let int = Int.fromDatabaseValue(value) else { throw failure() }
            return .bool(int != 0)
        case "double":
            guard let double = Double.fromDatabaseValue(value) else { throw failure() }
            return .double(double)
        case "string":
            guard let string = String.fromDatabaseValue(value) else { throw failure() }
            return .string(string)
        case "url":
            guard let string = String.fromDatabaseValue(value), let url = URL(string: string) else {
                throw failure()
            }
            return .url(url)
        case "date":
            guard let seconds = Double.fromDatabaseValue(value) else { throw failure() }
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case "data":
            guard let data = Data.fromDatabaseValue(value) else { throw failure() }
            return .data(data)
        case "array", "dictionary":
            guard let text = String.fromDatabaseValue(value) else { throw failure() }
            do {
                return try StorableValue.fromTaggedJSON(text)
            } catch {
                throw RepositoryError.serialization(detail: "device value tagged \(type): \(error)")
            }
        default:
            throw RepositoryError.serialization(detail: "unknown device value type \(type)")
        }
    }
}
