import Foundation
import Locking
import RepositoryCore

/// A library user's own tier: entries in a dictionary, inspectable as the protocol documents
/// (key order, cursors, totals, evict, purge). Thread-safe: a `PThreadMutex`.
final class DictionaryTier: InspectableCacheTier {
    let tierName = "dictionary"
    private let entries = PThreadMutex<[CacheEntryKey: CacheEntryInfo]>([:])

    func store(_ key: CacheEntryKey, metadata: EntryMetadata, bytes: Int) {
        entries.withLock { $0[key] = CacheEntryInfo(key: key, metadata: metadata, bytes: bytes) }
    }

    func entries(after cursor: CacheEntryKey?, limit: Int) async throws(RepositoryError) -> CacheEntryPage {
        let sorted = entries.withLock { all in
            all.values.filter { info in cursor.map { $0 < info.key } ?? true }.sorted { $0.key < $1.key }
        }
        return .taking(limit, of: sorted)
    }

    func totals() async throws(RepositoryError) -> CacheTierTotals {
        entries.withLock { all in
            let dates = all.values.map(\.storedAt)
            return CacheTierTotals(
                entries: all.count, bytes: all.values.reduce(0) { $0 + ($1.bytes ?? 0) }, oldest: dates.min(),
                newest: dates.max())
        }
    }

    func entry(_ key: CacheEntryKey) async throws(RepositoryError) -> CacheEntryInfo? {
        entries.withLock { $0[key] }
    }

    func evict(_ key: CacheEntryKey) async throws(RepositoryError) -> Bool {
        entries.withLock { $0.removeValue(forKey: key) != nil }
    }

    func purge() async throws(RepositoryError) -> Int {
        entries.withLock { all in
            defer { all = [:] }
            return all.count
        }
    }
}
