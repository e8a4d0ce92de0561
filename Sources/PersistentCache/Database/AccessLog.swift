import Foundation
import Locking

/// The address of a cached entry: its namespace and key. Hashed by its key alone (equal
/// addresses have equal keys; the few keys two namespaces share are told apart by `==`), so
/// recording a page's reads hashes each key once and no namespace.
struct EntryAddress: Hashable, Sendable {
    var namespace: String
    var key: String

    func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// The keys of one namespace a joined read listed, as the JSON array of its statement (the
/// bytes it bound): recorded as one item, written as one `UPDATE` of every listed row.
struct ListedKeys: Hashable, Sendable {
    var namespace: String
    var json: [UInt8]
}

/// Last-access times recorded by reads, so a read never writes; the next write transaction stores
/// them in batch (`CacheDatabase.write`). Thread-safe (a `PThreadMutex` guards the tables).
///
/// A joined read records the keys it listed as one item (`ListedKeys`), not each row: one hash
/// per list read instead of one per entity, and one `UPDATE` per list when written. Memory is
/// bounded by the number of distinct keys and key lists read between two writes. Times not yet
/// written when the process ends are lost; that only makes the LRU order slightly less exact.
final class AccessLog: Sendable {
    /// The times not yet written: per row, and per list of rows.
    struct Pending: Sendable {
        var rows: [EntryAddress: Double] = [:]
        var lists: [ListedKeys: Double] = [:]

        var isEmpty: Bool { rows.isEmpty && lists.isEmpty }
    }

    private let pending = PThreadMutex(Pending())

    /// Records that `address` was read at `time` (seconds since the reference date).
    func record(_ address: EntryAddress, at time: Double) {
        pending.withLock { pending in Self.note(address, at: time, in: &pending.rows) }
    }

    /// Records that the rows of `listed` (those that exist) were read at `time`.
    func record(listed: ListedKeys, at time: Double) {
        pending.withLock { pending in Self.note(listed, at: time, in: &pending.lists) }
    }

    /// Keeps the later of `time` and the time pending for `key`: one hash of the key when it is
    /// pending already (the usual case: the same rows are read again and again).
    private static func note<Key: Hashable>(_ key: Key, at time: Double, in table: inout [Key: Double]) {
        if let index = table.index(forKey: key) {
            if table.values[index] < time { table.values[index] = time }
        } else {
            table[key] = time
        }
    }

    /// Takes every pending time, leaving the log empty.
    func drain() -> Pending {
        pending.withLock { pending in
            defer { pending = Pending() }
            return pending
        }
    }

    /// Puts back times whose write failed, keeping the newest of each.
    func restore(_ times: Pending) {
        guard !times.isEmpty else { return }
        pending.withLock { pending in
            pending.rows.merge(times.rows) { max($0, $1) }
            pending.lists.merge(times.lists) { max($0, $1) }
        }
    }
}
