/// The reads the built-in cache tiers answer faster than `get` can, behind the package's walls:
/// a cache of a library user's own (a `GetDataSource`, `PutDataSource` and `DeleteDataSource`)
/// is read through `get` alone and needs none of this.
///
/// The in-memory store answers without suspending (`immediateGet`, `immediateEntries`), the
/// SQLite tier reads many entries in one statement (`batchEntriesIfSupported`) and a list with
/// its entities in one transaction (`joinedReader`, `entryJoined`); the tiered, mapped and
/// validating wrappers pass them on. Each default says "not this way". A repository, a tiered
/// cache and the normalized layer find a source's fast paths once, when they are made
/// (`FoundFastPaths`), never per read. Implementations must be safe to call from any task.
@usableFromInline
package protocol CacheFastPaths<Value>: GetDataSource {
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
    /// Reads the entry for `query` and, still inside that read of the storage `storage` names
    /// (one connection, one transaction), hands it to `inside` with the read's context, in which
    /// a `JoinedReader` of that storage reads another source's entries (a list's entities).
    /// Returns the entry; nil when this source cannot (its storage is not `storage`, or nothing
    /// readable is held for `query`), and then `inside` was not called. `inside` runs inside the
    /// read: it must not suspend or block.
    func entryJoined(
        _ query: Query, on storage: ObjectIdentifier, inside: (Entry<Value>, AnyObject) -> Void
    ) async -> Entry<Value>?
    /// The built-in memory store `immediateGet` and `immediateEntries` answer from, and whether
    /// its miss is this source's (the store itself) or leaves tiers below to read (a tiered cache
    /// over it); nil when they answer otherwise. Read directly, it is what keeps a memory hit as
    /// fast as a call of the store's own.
    var immediateMemory: (store: InMemoryDataSource<Value>, missIsFinal: Bool)? { get }
}

extension CacheFastPaths {
    /// The default: this source cannot answer without suspending.
    @inlinable
    package func immediateGet(_ query: Query) -> ImmediateRead<Value> { .needsSuspension }

    /// The default: this source answers nothing without suspending.
    @inlinable
    package func immediateEntries(for queries: [Query]) -> AlignedEntries<Value>? { nil }

    /// The default: this source reads one query at a time.
    @inlinable
    package func batchEntriesIfSupported(for queries: [Query]) async -> [Query: Entry<Value>]? { nil }

    /// The default: this source's entries are not read inside another source's read.
    @inlinable
    package func joinedReader() -> JoinedReader<Value>? { nil }

    /// The default: no joined read; the caller reads the two sources one after the other.
    @inlinable
    package func entryJoined(
        _ query: Query, on storage: ObjectIdentifier, inside: (Entry<Value>, AnyObject) -> Void
    ) async -> Entry<Value>? { nil }

    /// The default: no memory store answers for this source.
    @inlinable
    package var immediateMemory: (store: InMemoryDataSource<Value>, missIsFinal: Bool)? { nil }

    /// The entry for `query` and, in the same read of the storage, the entries `related` holds
    /// for the queries `follow` picks from its value: a list and its entities (see
    /// `entryJoined(_:on:inside:)`). `follow` runs inside the read: it must not suspend or block.
    @inlinable
    package func entryJoined<Related: Sendable>(
        _ query: Query, with related: JoinedReader<Related>, follow: (Value) -> [Query]
    ) async -> JoinedEntries<Value, Related>? {
        var found: JoinedEntries<Value, Related>?
        _ = await entryJoined(query, on: related.storage) { lead, context in
            found = JoinedEntries(lead: lead, following: follow, in: related, context: context)
        }
        return found
    }
}

extension BatchGetDataSource where Self: CacheFastPaths {
    /// Reads in one call: `entries(for:)`, a failure as no entries.
    @inlinable
    package func batchEntriesIfSupported(for queries: [Query]) async -> [Query: Entry<Value>]? {
        (try? await entries(for: queries)) ?? [:]
    }
}
