import Foundation
import RepositoryCore

extension FakeDataSource {
    // MARK: - Scripting

    /// Stores `value` for `query` directly (no counter moves), stored at `storedAt` (now by default).
    public func store(_ value: Value, for query: Query, storedAt: Date? = nil, etag: String? = nil) {
        let metadata = EntryMetadata(storedAt: storedAt ?? timeSource.now(), etag: etag)
        let origin = origin
        state.withLock { $0.storage[query] = Entry(value: value, metadata: metadata, origin: origin) }
    }

    /// Queues results served by the next reads, one each, before anything else.
    public func enqueueGets(_ results: [Result<Value, RepositoryError>]) {
        state.withLock { $0.queuedGets.append(contentsOf: results) }
    }

    /// Makes every read throw `error` (nil: back to normal).
    public func failGets(with error: RepositoryError?) { state.withLock { $0.getFailure = error } }

    /// Makes every write throw `error` (nil: back to normal).
    public func failPuts(with error: RepositoryError?) { state.withLock { $0.putFailure = error } }

    /// Makes every delete throw `error` (nil: back to normal).
    public func failDeletes(with error: RepositoryError?) { state.withLock { $0.deleteFailure = error } }

    /// Makes every source call throw `error`.
    public func failEverything(with error: RepositoryError) {
        state.withLock {
            $0.getFailure = error
            $0.putFailure = error
            $0.deleteFailure = error
        }
    }

    /// When true, a read given `cached:` answers it back with origin `.revalidated` and a fresh stored-at (a 304).
    public func setRevalidates(_ revalidates: Bool) { state.withLock { $0.revalidates = revalidates } }

    /// What writes store instead of the value given (what a server would answer).
    public func setPutTransform(_ transform: (@Sendable (Value) -> Value)?) {
        state.withLock { $0.putTransform = transform }
    }

    // MARK: - Inspection

    /// Reads so far.
    public var getCount: Int { state.withLock { $0.getCount } }
    /// Writes so far (failed ones included).
    public var putCount: Int { state.withLock { $0.putCount } }
    /// Deletes so far (failed ones included).
    public var deleteCount: Int { state.withLock { $0.deleteCount } }
    /// The `cached:` argument of every read, in order.
    public var cachedArguments: [Entry<Value>?] { state.withLock { $0.cachedArguments } }
    /// The stored entry for `query`, read without moving any counter.
    public func stored(_ query: Query) -> Entry<Value>? { state.withLock { $0.storage[query] } }
}
