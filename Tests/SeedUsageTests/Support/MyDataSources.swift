import Foundation
import Locking
import RepositoryCore

/// Seed 000's `MyNetworkDataSource`, as a user of the library writes one: a `GetDataSource` that
/// answers "value of <key>" for every key, counting its calls. Thread-safe (one `PThreadMutex`).
final class MyNetworkDataSource: GetDataSource {
    private let count = PThreadMutex(0)

    /// How many reads reached this source.
    var calls: Int { count.withLock { $0 } }

    func get(_ query: Query, cached: Entry<String>?) async throws(RepositoryError) -> Entry<String> {
        count.withLock { $0 += 1 }
        return Entry(
            value: "value of \(query.key ?? query.cacheKey)", metadata: EntryMetadata(storedAt: Date()),
            origin: .network)
    }
}

/// Seed 000's `MyStorageDataSource`, as a user of the library writes one: a `GetDataSource`,
/// `PutDataSource` and `DeleteDataSource` over a dictionary, and nothing else. Thread-safe (one
/// `PThreadMutex`).
final class MyStorageDataSource: GetDataSource, PutDataSource, DeleteDataSource {
    private let entries = PThreadMutex<[Query: Entry<String>]>([:])

    func get(_ query: Query, cached: Entry<String>?) async throws(RepositoryError) -> Entry<String> {
        guard let entry = entries.withLock({ $0[query] }) else { throw .notFound(query: query.cacheKey) }
        return entry
    }

    @discardableResult
    func put(_ entry: Entry<String>, for query: Query) async throws(RepositoryError) -> Entry<String> {
        let stored = entry.with(origin: .disk)
        entries.withLock { $0[query] = stored }
        return stored
    }

    func delete(_ query: Query) async throws(RepositoryError) {
        entries.withLock { entries in
            if query == .all { entries.removeAll() } else { entries[query] = nil }
        }
    }

    /// The value held for `query` (test checks).
    func held(_ query: Query) -> String? { entries.withLock { $0[query]?.value } }
}
