import Foundation
import GRDB
import RepositoryCore

// The database side of `SQLiteDataSource`'s joined read, with no generic parameter: the
// inlinable, specialized part only decodes.
extension CacheDatabase {
    /// Reads the row of `key` in `namespace` in one read transaction and, while it is open, hands
    /// `body` its payload (read in place: valid only during the call), its metadata and the
    /// read's handle (for a `JoinedReader`). Nothing is called when no row is held or the read
    /// fails.
    @usableFromInline
    func readJoined(
        namespace: String, key: String, _ body: (UnsafeRawBufferPointer, EntryMetadata, AnyObject) -> Void
    ) {
        let found =
            // No BEGIN/COMMIT: the list's statement stays on its row while `body` runs the
            // entities' statement, so both read one snapshot (SQLite keeps the read transaction
            // open while a statement is active), ended when the list's statement is reset.
            (try? fastRead { _, hot -> Bool in
                try RawEntryRows.one(hot.statement(.selectOne), namespace: namespace, key: key) {
                    payload, metadata in
                    body(payload, metadata, hot)
                }
            }) ?? false
        if found { accessLog.record(EntryAddress(namespace: namespace, key: key), at: now.storedSeconds) }
    }

    /// Reads the rows of `queries` in `namespace` inside the read `context` (a handle
    /// `readJoined` gave), handing each to `body` with its query's index, its payload (valid
    /// only during the call) and its metadata. The access is recorded as one item (the key list
    /// the statement walked: every listed row that exists is touched). False when `context` is
    /// not such a handle or the statement failed.
    @usableFromInline
    func readRows(
        namespace: String, queries: [Query], in context: AnyObject,
        _ body: (Int, UnsafeRawBufferPointer, EntryMetadata) -> Void
    ) -> Bool {
        guard let hot = context as? HotStatements else { return false }
        let list = JSONStringArray.bytes(ofCacheKeys: queries)
        do {
            try CacheEntryStore.forEachRow(namespace: namespace, list: list, count: queries.count, using: hot, body)
        } catch {
            return false
        }
        accessLog.record(listed: ListedKeys(namespace: namespace, json: list), at: now.storedSeconds)
        return true
    }
}
