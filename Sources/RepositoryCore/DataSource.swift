import Foundation

/// A source that can answer reads. Implementations must be safe to call from any task.
///
/// `cached`, when given, is what the caller already holds for this query (perhaps stale). A
/// source able to revalidate (HTTP with ETag / Last-Modified) may answer with that value and
/// origin `.revalidated`; every other source ignores it.
public protocol GetDataSource<Value>: Sendable {
    /// The type of value served.
    associatedtype Value: Sendable
    /// Reads the entry for `query`. Throws `.notFound` when there is none.
    func get(_ query: Query, cached: Entry<Value>?) async throws(RepositoryError) -> Entry<Value>
    /// Answers without suspending when the source can (an in-memory store): the entry, a
    /// definite miss, or `.needsSuspension` (then `get` must be called). It counts as a read.
    /// The default answers `.needsSuspension`; only sources that hold values in memory override it.
    func immediateGet(_ query: Query) -> ImmediateRead<Value>
    /// The entries held for `queries` that this source answers without suspending, one place
    /// per query (empty: not held, or not known without suspending), read in one call; nil when
    /// the source answers nothing without suspending (the default). An in-memory store answers a
    /// list's entities under one lock. Each query counts as a read, as with `immediateGet`.
    func immediateEntries(for queries: [Query]) -> AlignedEntries<Value>?
    /// The entries held for `queries` read in one call, or nil when the source reads one query
    /// at a time (the default). A `BatchGetDataSource` answers its `entries(for:)`, a failure as
    /// no entries. A requirement (not only a cast) so specialized callers dispatch to it statically.
    func batchEntriesIfSupported(for queries: [Query]) async -> [Query: Entry<Value>]?
    /// What lets another source's read read this source's entries in the same read of the
    /// storage both live in (`JoinedReader`), or nil (the default: this source reads alone).
    func joinedReader() -> JoinedReader<Value>?
    /// Reads the entry for `query` and, in the same read of the storage (one connection, one
    /// transaction), the entries `related` holds for the queries `follow` picks from its value:
    /// a list and its entities. Nil when this source cannot (the default, a source on other
    /// storage than `related`'s, or `query` not held here): the caller then reads the two
    /// sources one after the other. `follow` runs inside the read; it must not suspend or block.
    func entryJoined<Related: Sendable>(
        _ query: Query, with related: JoinedReader<Related>, follow: (Value) -> [Query]
    ) async -> JoinedEntries<Value, Related>?
}

/// What a source could answer without suspending (see `GetDataSource.immediateGet`).
public enum ImmediateRead<Value: Sendable>: Sendable {
    /// The entry held for the query.
    case entry(Entry<Value>)
    /// Nothing is held for the query (as `get` would throw `.notFound`).
    case notFound
    /// The source must be asked with `get`.
    case needsSuspension
}

/// A source that can store values. Implementations must be safe to call from any task.
///
/// Two ways to write: `put(_:for:)` with a bare value (the source stamps stored-at with its own
/// time source) and `put(_:for:)` with an `Entry` (the caller's metadata is kept; the entry's
/// origin is ignored, reads report the source's own origin).
public protocol PutDataSource<Value>: Sendable {
    /// The type of value stored.
    associatedtype Value: Sendable
    /// Stores `entry` for `query` and returns what the source now holds (a server may change it).
    @discardableResult
    func put(_ entry: Entry<Value>, for query: Query) async throws(RepositoryError) -> Entry<Value>
    /// Stores `value` for `query`, stored-at "now" by this source's own time source, and returns
    /// what the source now holds. The default stamps the system clock; sources that own a time
    /// source (the in-memory store, the SQLite tier, device storage) use it.
    @discardableResult
    func put(_ value: Value, for query: Query) async throws(RepositoryError) -> Entry<Value>
    /// The most entries this source keeps (an LRU's count limit), or nil when it keeps every
    /// entry written (the default). A tiered cache promotes at most this many of the entries a
    /// batch read found below: writing more would only evict the batch's own entries.
    var keepsAtMost: Int? { get }
}

extension PutDataSource {
    /// The default: the source keeps every entry written.
    @inlinable
    public var keepsAtMost: Int? { nil }

    /// The default: the value stamped stored-at now by the system clock, written as an entry.
    @discardableResult
    public func put(_ value: Value, for query: Query) async throws(RepositoryError) -> Entry<Value> {
        try await put(value, for: query, storedAt: SystemTimeSource().now())
    }

    /// Stores `value` for `query` stamped stored-at `storedAt` (no validators, no expiry).
    @discardableResult
    public func put(_ value: Value, for query: Query, storedAt: Date) async throws(RepositoryError)
        -> Entry<Value>
    {
        try await put(
            Entry(value: value, metadata: EntryMetadata(storedAt: storedAt), origin: .memory), for: query)
    }
}

/// A source that can remove values. Implementations must be safe to call from any task.
public protocol DeleteDataSource: Sendable {
    /// Removes what `query` names. `.all` removes everything. Deleting a missing key is not an error.
    func delete(_ query: Query) async throws(RepositoryError)
}

/// A source with all three capabilities.
public typealias DataSource<Value: Sendable> = GetDataSource<Value> & PutDataSource<Value> & DeleteDataSource

extension GetDataSource {
    /// The default: this source cannot answer without suspending.
    @inlinable
    public func immediateGet(_ query: Query) -> ImmediateRead<Value> { .needsSuspension }

    /// The default: this source answers nothing without suspending.
    @inlinable
    public func immediateEntries(for queries: [Query]) -> AlignedEntries<Value>? { nil }

    /// The default: this source reads one query at a time.
    @inlinable
    public func batchEntriesIfSupported(for queries: [Query]) async -> [Query: Entry<Value>]? { nil }

    /// The default: this source's entries are not read inside another source's read.
    @inlinable
    public func joinedReader() -> JoinedReader<Value>? { nil }

    /// The default: no joined read; the caller reads the two sources one after the other.
    @inlinable
    public func entryJoined<Related: Sendable>(
        _ query: Query, with related: JoinedReader<Related>, follow: (Value) -> [Query]
    ) async -> JoinedEntries<Value, Related>? { nil }

    /// Reads the entry for `query` with nothing cached to revalidate.
    public func get(_ query: Query) async throws(RepositoryError) -> Entry<Value> {
        try await get(query, cached: nil)
    }

    /// Reads only the value for `query`.
    public func value(_ query: Query) async throws(RepositoryError) -> Value {
        try await get(query, cached: nil).value
    }
}
