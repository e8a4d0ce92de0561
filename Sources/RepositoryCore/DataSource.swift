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

extension GetDataSource {
    /// Reads the entry for `query` with nothing cached to revalidate.
    public func get(_ query: Query) async throws(RepositoryError) -> Entry<Value> {
        try await get(query, cached: nil)
    }

    /// Reads only the value for `query`.
    public func value(_ query: Query) async throws(RepositoryError) -> Value {
        try await get(query, cached: nil).value
    }
}
