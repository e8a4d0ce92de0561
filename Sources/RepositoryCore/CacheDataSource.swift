/// A data source a repository caches in: it reads, stores and removes values (`GetDataSource`,
/// `PutDataSource`, `DeleteDataSource`), and may answer faster than `get` can.
///
/// A cache of your own conforms with nothing more than `get`, `put` and `delete`: every fast path
/// below has a default that says "not this way", and the repository then reads through `get`.
/// The built-in tiers implement them: the in-memory store answers without suspending
/// (`immediateGet`, `immediateEntries`), the SQLite tier reads many entries in one statement
/// (`batchEntriesIfSupported`) and a list with its entities in one transaction (`joinedReader`,
/// `entryJoined`), and the tiered, mapped and validating wrappers pass them on. Implementations
/// must be safe to call from any task.
public protocol CacheDataSource<Value>: GetDataSource, PutDataSource, DeleteDataSource {
    /// Answers without suspending when the source can (an in-memory store): the entry, a
    /// definite miss, or `.needsSuspension` (then `get` must be called). It counts as a read.
    func immediateGet(_ query: Query) -> ImmediateRead<Value>
    /// The entries held for `queries` that this source answers without suspending, one place
    /// per query (empty: not held, or not known without suspending), read in one call; nil when
    /// the source answers nothing without suspending. Each query counts as a read.
    func immediateEntries(for queries: [Query]) -> AlignedEntries<Value>?
    /// The entries held for `queries` read in one call, or nil when the source reads one query
    /// at a time. A `BatchGetDataSource` answers its `entries(for:)`, a failure as no entries.
    func batchEntriesIfSupported(for queries: [Query]) async -> [Query: Entry<Value>]?
    /// What lets another source's read read this source's entries in the same read of the
    /// storage both live in (`JoinedReader`), or nil: this source reads alone.
    func joinedReader() -> JoinedReader<Value>?
    /// Reads the entry for `query` and, in the same read of the storage (one connection, one
    /// transaction), the entries `related` holds for the queries `follow` picks from its value:
    /// a list and its entities. Nil when this source cannot (a source on other storage than
    /// `related`'s, or `query` not held here): the caller then reads the two sources one after
    /// the other. `follow` runs inside the read; it must not suspend or block.
    func entryJoined<Related: Sendable>(
        _ query: Query, with related: JoinedReader<Related>, follow: (Value) -> [Query]
    ) async -> JoinedEntries<Value, Related>?
}

/// What a cache could answer without suspending (see `CacheDataSource.immediateGet`).
public enum ImmediateRead<Value: Sendable>: Sendable {
    /// The entry held for the query.
    case entry(Entry<Value>)
    /// Nothing is held for the query (as `get` would throw `.notFound`).
    case notFound
    /// The source must be asked with `get`.
    case needsSuspension
}

extension CacheDataSource {
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
}
