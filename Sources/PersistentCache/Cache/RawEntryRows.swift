import Foundation
import GRDB
import GRDBSQLite
import RepositoryCore

/// Steps the prepared read statements of `CacheEntryStore` (`selectOneSQL`, `selectListedSQL`)
/// through SQLite's C interface: the keys bound as text without a copy (no `StatementArguments`,
/// no `DatabaseValue` per key) and each row's columns read in place. Used
/// only on the statement's own connection, inside the caller's read (not thread-safe on its own).
enum RawEntryRows {
    /// SQLite copies a text bound with this destructor before the bind returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Runs `body` with `statement`'s handle, reset before, and reset with its bindings cleared
    /// after, thrown or not.
    private static func stepping<T>(_ statement: Statement, _ body: (SQLiteStatement) throws -> T) rethrows -> T {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        return try body(handle)
    }

    /// Steps `handle`: true on a row, false when done; an error is thrown.
    private static func step(_ handle: SQLiteStatement) throws -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_DONE { return false }
        guard code == SQLITE_ROW else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
        return true
    }

    /// Steps one prepared `CacheEntryStore.selectListedSQL` statement (its rows: the index of a
    /// key in the list, then payload, stored_at, expires_at, etag, last_modified, stale_use), with `list`
    /// (the keys as one JSON array, `JSONStringArray`) and `namespace` bound without a copy
    /// (`SQLITE_STATIC`, stepped while the bytes are held). Hands `body` each row found with its
    /// key's index (below `count`, the number of keys), its payload bytes (valid only during the
    /// call) and metadata.
    /// One execution for every key, no temporary index for an `IN (…)` list, no key text to
    /// match back; a key listed twice is read twice. Validators equal to the previous row's are
    /// the same `String` (a page's entities share them), so they are made once. The statement
    /// is reset and its bindings cleared before returning, thrown or not.
    static func forEachListed(
        _ statement: Statement, namespace: String, list: [UInt8], count: Int,
        _ body: (Int, UnsafeRawBufferPointer, EntryMetadata) throws -> Void
    ) throws {
        var namespace = namespace
        try stepping(statement) { handle in
            try namespace.withUTF8 { namespace in
                try list.withUnsafeBufferPointer { list in
                    try bindStatic(list, at: 1, in: handle)
                    try bindStatic(namespace, at: 2, in: handle)
                    var previous = PreviousRow()
                    while try step(handle) {
                        let index = Int(sqlite3_column_int64(handle, 0))
                        // The payload column is NOT NULL: no type to check.
                        guard index >= 0, index < count else { continue }
                        let metadata = rowMetadata(handle, from: 2, previous: &previous)
                        try body(index, blob(handle, 1), metadata)
                    }
                }
            }
        }
    }

    /// Steps one prepared `CacheEntryStore.selectOneSQL` statement (payload, stored_at,
    /// expires_at, etag, last_modified, stale_use of one key) for `key` of `namespace`, both bound without
    /// a copy, and hands `body` the row's payload bytes (valid only during the call, while the
    /// statement is on the row: other statements may run meanwhile, in the same read
    /// transaction) and metadata. False when no row is held. The statement is reset and its
    /// bindings cleared before returning, thrown or not.
    static func one(
        _ statement: Statement, namespace: String, key: String,
        _ body: (UnsafeRawBufferPointer, EntryMetadata) throws -> Void
    ) throws -> Bool {
        var namespace = namespace
        var key = key
        return try stepping(statement) { handle in
            try namespace.withUTF8 { namespace in
                try key.withUTF8 { key in
                    try bindStatic(namespace, at: 1, in: handle)
                    try bindStatic(key, at: 2, in: handle)
                    guard try step(handle) else { return false }
                    var previous = PreviousRow()
                    let metadata = rowMetadata(handle, from: 1, previous: &previous)
                    try body(blob(handle, 0), metadata)
                    return true
                }
            }
        }
    }

    /// The texts of the previous row's metadata, reused when the next row's bytes are the same
    /// (a page's entities share them): its validators and its stale use, parsed once.
    private struct PreviousRow {
        var etag: String?
        var lastModified: String?
        var staleUseText: String?
        var staleUse: StaleUse?
    }

    /// The metadata in the five columns from `first` (stored_at, expires_at, etag,
    /// last_modified, stale_use); `previous` holds the previous row's texts, reused when the
    /// bytes are the same, and is set to this row's.
    private static func rowMetadata(
        _ handle: SQLiteStatement, from first: Int32, previous: inout PreviousRow
    ) -> EntryMetadata {
        previous.etag = text(handle, first + 2, reusing: previous.etag)
        previous.lastModified = text(handle, first + 3, reusing: previous.lastModified)
        let staleUseText = text(handle, first + 4, reusing: previous.staleUseText)
        if staleUseText != previous.staleUseText {
            previous.staleUseText = staleUseText
            previous.staleUse = staleUseText.flatMap(StaleUse.init(directives:))
        }
        return EntryMetadata(
            storedAt: Date(timeIntervalSinceReferenceDate: sqlite3_column_double(handle, first)),
            expiresAt: sqlite3_column_type(handle, first + 1) == SQLITE_NULL
                ? nil : Date(timeIntervalSinceReferenceDate: sqlite3_column_double(handle, first + 1)),
            etag: previous.etag, lastModified: previous.lastModified, staleUse: previous.staleUse)
    }

    /// The column's blob in place (valid until the statement moves), empty for an empty blob.
    private static func blob(_ handle: SQLiteStatement, _ column: Int32) -> UnsafeRawBufferPointer {
        // The pointer first, then its length (SQLite's documented order).
        let bytes = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return UnsafeRawBufferPointer(start: count > 0 ? bytes : nil, count: count)
    }

    /// Binds `text` without SQLite copying it: the caller keeps the bytes until the statement
    /// is reset. An empty text is bound as an empty string, not null.
    private static func bindStatic(
        _ text: UnsafeBufferPointer<UInt8>, at index: Int32, in handle: SQLiteStatement
    ) throws {
        let code = text.withMemoryRebound(to: CChar.self) { chars in
            guard let base = chars.baseAddress else { return sqlite3_bind_text(handle, index, "", 0, transient) }
            return sqlite3_bind_text(handle, index, base, Int32(chars.count), nil)
        }
        guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
    }

    /// The column's text, or nil when it is null: `previous` itself when its bytes are the same.
    private static func text(_ handle: SQLiteStatement, _ column: Int32, reusing previous: String?) -> String? {
        // Null for SQL NULL (an empty text is an empty string, not null).
        guard let bytes = sqlite3_column_text(handle, column) else { return nil }
        let row = UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column)))
        if let previous, previous.utf8.count == row.count,
            previous.utf8.withContiguousStorageIfAvailable({ held in
                held.baseAddress.map { memcmp($0, bytes, row.count) == 0 } ?? row.isEmpty
            }) == true
        {
            return previous
        }
        return String(decoding: row, as: UTF8.self)
    }
}
