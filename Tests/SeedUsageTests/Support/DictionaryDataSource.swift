import Foundation
import Locking
import RepositoryCore

/// A data source as a user of the library writes one from the docs: a dictionary behind a lock,
/// implementing the three capability protocols, telling a `Journal` about each call. It can be
/// told to fail every call with one error. Thread-safe (one `PThreadMutex`).
final class DictionaryDataSource<Value: Sendable>: GetDataSource, PutDataSource, DeleteDataSource {
    private struct State {
        var values: [Query: Value] = [:]
        var failure: RepositoryError?
    }

    private let state = PThreadMutex(State())
    let name: String
    let origin: Origin
    let journal: Journal

    init(_ name: String, origin: Origin, journal: Journal) {
        self.name = name
        self.origin = origin
        self.journal = journal
    }

    func get(_ query: Query, cached: Entry<Value>?) async throws(RepositoryError) -> Entry<Value> {
        journal.record("\(name).get")
        let (value, failure) = state.withLock { ($0.values[query], $0.failure) }
        if let failure { throw failure }
        guard let value else { throw .notFound(query: query.cacheKey) }
        return Entry(value: value, metadata: EntryMetadata(storedAt: Date()), origin: origin)
    }

    @discardableResult
    func put(_ entry: Entry<Value>, for query: Query) async throws(RepositoryError) -> Entry<Value> {
        journal.record("\(name).put")
        let failure: RepositoryError? = state.withLock { state in
            guard state.failure == nil else { return state.failure }
            state.values[query] = entry.value
            return nil
        }
        if let failure { throw failure }
        return entry.with(origin: origin)
    }

    func delete(_ query: Query) async throws(RepositoryError) {
        journal.record("\(name).delete")
        let failure: RepositoryError? = state.withLock { state in
            guard state.failure == nil else { return state.failure }
            if query == .all { state.values.removeAll() } else { state.values[query] = nil }
            return nil
        }
        if let failure { throw failure }
    }

    /// Sets the value held for `query` without a journal entry (test setup).
    func hold(_ value: Value?, for query: Query) { state.withLock { $0.values[query] = value } }

    /// The value held for `query`, without a journal entry.
    func held(_ query: Query) -> Value? { state.withLock { $0.values[query] } }

    /// Makes every later call fail with `error` (nil: succeed again).
    func failEveryCall(with error: RepositoryError?) { state.withLock { $0.failure = error } }
}
