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

/// Last-access times recorded by reads, so a read never writes; the next write transaction stores
/// them in batch (`CacheDatabase.write`). Thread-safe (a `PThreadMutex` guards the table).
///
/// Memory is bounded by the number of distinct keys read between two writes. Times not yet
/// written when the process ends are lost; that only makes the LRU order slightly less exact.
final class AccessLog: Sendable {
    private let pending = PThreadMutex<[EntryAddress: Double]>([:])

    /// Records that `address` was read at `time` (seconds since the reference date).
    func record(_ address: EntryAddress, at time: Double) {
        pending.withLock { table in Self.note(address, at: time, in: &table) }
    }

    /// Records several reads at once.
    func record(_ addresses: some Sequence<EntryAddress>, at time: Double) {
        pending.withLock { table in
            for address in addresses { Self.note(address, at: time, in: &table) }
        }
    }

    /// Keeps the later of `time` and the time pending for `address`: one hash of the address
    /// when it is pending already (the usual case: the same rows are read again and again).
    private static func note(_ address: EntryAddress, at time: Double, in table: inout [EntryAddress: Double]) {
        if let index = table.index(forKey: address) {
            if table.values[index] < time { table.values[index] = time }
        } else {
            table[address] = time
        }
    }

    /// Takes every pending time, leaving the log empty.
    func drain() -> [EntryAddress: Double] {
        pending.withLock { table in
            defer { table = [:] }
            return table
        }
    }

    /// Puts back times whose write failed, keeping the newest of each.
    func restore(_ times: [EntryAddress: Double]) {
        guard !times.isEmpty else { return }
        pending.withLock { table in
            table.merge(times) { max($0, $1) }
        }
    }
}
