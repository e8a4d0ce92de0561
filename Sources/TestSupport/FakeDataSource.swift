import Foundation
import Locking
import RepositoryCore

/// A scriptable data source with call counters, for unit tests at the data-source boundary.
/// Thread-safe (a `PThreadMutex` guards everything).
///
/// Reads serve, in this order: the next queued result (`enqueueGets`), the persistent failure
/// (`failGets`), a revalidation (when `revalidates` and the caller passed `cached:`), the stored
/// entry, else `.notFound`. Every read first waits on `gate` when one is given. Writes store the
/// value after `putTransform` (what a server would answer) unless `failPuts` is set. Reads report
/// `origin`; metadata is stamped with `timeSource`. With `answersImmediately`, a repository reads
/// stored entries and misses without suspending, as from an in-memory store (counted as reads);
/// anything scripted (a queue, a failure, revalidation, a gate) makes it read through `get`.
public final class FakeDataSource<Value: Sendable>: GetDataSource, PutDataSource, DeleteDataSource {
    struct State {
        var storage: [Query: Entry<Value>] = [:]
        var queuedGets: [Result<Value, RepositoryError>] = []
        var getFailure: RepositoryError?
        var putFailure: RepositoryError?
        var deleteFailure: RepositoryError?
        var revalidates = false
        var putTransform: (@Sendable (Value) -> Value)?
        var getCount = 0
        var putCount = 0
        var deleteCount = 0
        var cachedArguments: [Entry<Value>?] = []
    }

    let state = PThreadMutex(State())
    /// The origin reads report.
    public let origin: Origin
    /// Stamps stored-at times.
    public let timeSource: any TimeSource
    /// Waited on at the start of every read, when given.
    public let gate: Gate?
    /// Called at the start of every read (after the counter moved), for tests that advance clocks.
    public let onGet: (@Sendable () -> Void)?
    /// Whether a read without suspending answers from storage (as an in-memory store) or always
    /// defers to `get`.
    public let answersImmediately: Bool

    /// Creates an empty fake.
    public init(
        origin: Origin = .network, timeSource: any TimeSource = ManualTimeSource(), gate: Gate? = nil,
        onGet: (@Sendable () -> Void)? = nil, answersImmediately: Bool = false
    ) {
        self.origin = origin
        self.timeSource = timeSource
        self.gate = gate
        self.onGet = onGet
        self.answersImmediately = answersImmediately
    }

    public func get(_ query: Query, cached: Entry<Value>?) async throws(RepositoryError) -> Entry<Value> {
        state.withLock { state in
            state.getCount += 1
            state.cachedArguments.append(cached)
        }
        onGet?()
        if let gate { try await gate.wait() }
        let now = timeSource.now()
        let origin = origin
        let result: Result<Entry<Value>, RepositoryError> = state.withLock { state in
            if !state.queuedGets.isEmpty {
                return state.queuedGets.removeFirst().map {
                    Entry(value: $0, metadata: EntryMetadata(storedAt: now), origin: origin)
                }
            }
            if let failure = state.getFailure { return .failure(failure) }
            if state.revalidates, let cached {
                var metadata = cached.metadata
                metadata.storedAt = now
                return .success(Entry(value: cached.value, metadata: metadata, origin: .revalidated))
            }
            guard let entry = state.storage[query] else { return .failure(.notFound(query: query.cacheKey)) }
            return .success(entry.with(origin: origin))
        }
        return try result.get()
    }

    @discardableResult
    public func put(_ entry: Entry<Value>, for query: Query) async throws(RepositoryError) -> Entry<Value> {
        let origin = origin
        let result: Result<Entry<Value>, RepositoryError> = state.withLock { state in
            state.putCount += 1
            if let failure = state.putFailure { return .failure(failure) }
            var stored = entry.with(origin: origin)
            if let transform = state.putTransform { stored.value = transform(entry.value) }
            state.storage[query] = stored
            return .success(stored)
        }
        return try result.get()
    }

    /// Stores a bare value stamped stored-at now by `timeSource` (counted as a put).
    @discardableResult
    public func put(_ value: Value, for query: Query) async throws(RepositoryError) -> Entry<Value> {
        try await put(value, for: query, storedAt: timeSource.now())
    }

    public func delete(_ query: Query) async throws(RepositoryError) {
        let failure: RepositoryError? = state.withLock { state in
            state.deleteCount += 1
            if let failure = state.deleteFailure { return failure }
            if query == .all { state.storage = [:] } else { state.storage[query] = nil }
            return nil
        }
        if let failure { throw failure }
    }
}

extension FakeDataSource: CacheFastPaths {
    /// With `answersImmediately` and nothing scripted, the stored entry or a miss (a counted
    /// read); `.needsSuspension` otherwise.
    @usableFromInline
    package func immediateGet(_ query: Query) -> ImmediateRead<Value> {
        guard answersImmediately, gate == nil else { return .needsSuspension }
        let origin = origin
        let read: ImmediateRead<Value> = state.withLock { state in
            guard state.queuedGets.isEmpty, state.getFailure == nil, !state.revalidates else {
                return .needsSuspension
            }
            state.getCount += 1
            state.cachedArguments.append(nil)
            guard let entry = state.storage[query] else { return .notFound }
            return .entry(entry.with(origin: origin))
        }
        if case .needsSuspension = read { return read }
        onGet?()
        return read
    }
}
