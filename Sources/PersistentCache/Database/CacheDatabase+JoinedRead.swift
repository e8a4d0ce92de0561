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
            (try? fastRead(inTransaction: true) { db, hot -> Bool in
                try RawEntryRows.one(hot.statement(.selectOne), namespace: namespace, key: key) {
                    payload, metadata in
                    body(payload, metadata, hot)
                }
            }) ?? false
        if found { accessLog.record(EntryAddress(namespace: namespace, key: key), at: now.storedSeconds) }
    }

    /// Reads the rows of `keys` in `namespace` inside the read `context` (a handle `readJoined`
    /// gave), handing each to `body` with its key's index, its payload (valid only during the
    /// call) and its metadata; `body` answers whether it used the row (its access is recorded).
    /// False when `context` is not such a handle or the statement failed.
    @usableFromInline
    func readRows(
        namespace: String, keys: [String], in context: AnyObject,
        _ body: (Int, UnsafeRawBufferPointer, EntryMetadata) -> Bool
    ) -> Bool {
        guard let hot = context as? HotStatements else { return false }
        var read: [EntryAddress] = []
        read.reserveCapacity(keys.count)
        do {
            try CacheEntryStore.forEachRow(namespace: namespace, keys: keys, using: hot) {
                index, payload, metadata in
                if body(index, payload, metadata) {
                    read.append(EntryAddress(namespace: namespace, key: keys[index]))
                }
            }
        } catch {
            return false
        }
        accessLog.record(read, at: now.storedSeconds)
        return true
    }
}
