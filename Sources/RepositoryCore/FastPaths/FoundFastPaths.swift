/// A source's fast paths (`CacheFastPaths`), found once when the repository, tiered cache or
/// normalized layer that reads it is made: each a closure over the source, or nil when the source
/// has none (a cache of a library user's own: every read goes through `get`). Made in the
/// caller's inlinable initializer, so for a concrete source the closures run code specialized
/// for it. A read without suspending goes straight to the built-in memory store when that is what
/// answers it (`CacheFastPaths.immediateMemory`): a call the caller inlines, as a direct call of
/// the store's own would be. A value; its closures are safe to call from any task.
@usableFromInline
package struct FoundFastPaths<Value: Sendable>: Sendable {
    /// `CacheFastPaths.entryJoined(_:on:inside:)` of the source.
    @usableFromInline typealias JoinedLeadRead =
        @Sendable (Query, ObjectIdentifier, (Entry<Value>, AnyObject) -> Void) async -> Entry<Value>?

    /// The memory store reads without suspending go to, and whether its miss is the source's.
    @usableFromInline let memory: InMemoryDataSource<Value>?
    @usableFromInline let memoryMissIsFinal: Bool
    @usableFromInline let immediate: (@Sendable (Query) -> ImmediateRead<Value>)?
    @usableFromInline let immediateMany: (@Sendable ([Query]) -> AlignedEntries<Value>?)?
    @usableFromInline let batch: (@Sendable ([Query]) async -> [Query: Entry<Value>]?)?
    @usableFromInline let joined: JoinedLeadRead?
    /// The source's joined reader, asked once (see `CacheFastPaths.joinedReader()`).
    @usableFromInline package let joinedReader: JoinedReader<Value>?

    @inlinable
    init(
        memory: (store: InMemoryDataSource<Value>, missIsFinal: Bool)?,
        immediate: (@Sendable (Query) -> ImmediateRead<Value>)?,
        immediateMany: (@Sendable ([Query]) -> AlignedEntries<Value>?)?,
        batch: (@Sendable ([Query]) async -> [Query: Entry<Value>]?)?,
        joined: JoinedLeadRead?,
        joinedReader: JoinedReader<Value>?
    ) {
        self.memory = memory?.store
        memoryMissIsFinal = memory?.missIsFinal ?? false
        self.immediate = immediate
        self.immediateMany = immediateMany
        self.batch = batch
        self.joined = joined
        self.joinedReader = joinedReader
    }

    /// The fast paths of `source`: its own when it has them (a built-in tier), its
    /// `entries(for:)` as the batch read when it is only a `BatchGetDataSource`, none otherwise.
    @inlinable
    package init<Source: GetDataSource>(of source: Source) where Source.Value == Value {
        if let fast = source as? any CacheFastPaths, let found = Self.paths(of: fast) {
            self = found
        } else if let batching = source as? any BatchGetDataSource,
            let found = Self.batchPath(of: batching)
        {
            self = found
        } else {
            self.init(
                memory: nil, immediate: nil, immediateMany: nil, batch: nil, joined: nil, joinedReader: nil)
        }
    }

    /// Every fast path of `source` (nil when its value is not `Value`, which the caller's
    /// constraint rules out).
    @inlinable
    static func paths<Source: CacheFastPaths>(of source: Source) -> Self? {
        FoundFastPaths<Source.Value>(
            memory: source.immediateMemory,
            immediate: { source.immediateGet($0) },
            immediateMany: { source.immediateEntries(for: $0) },
            batch: { await source.batchEntriesIfSupported(for: $0) },
            joined: { await source.entryJoined($0, on: $1, inside: $2) },
            joinedReader: source.joinedReader()
        ) as? Self
    }

    /// The batch read of a source that has no other fast path.
    @inlinable
    static func batchPath<Source: BatchGetDataSource>(of source: Source) -> Self? {
        FoundFastPaths<Source.Value>(
            memory: nil, immediate: nil, immediateMany: nil,
            batch: { (try? await source.entries(for: $0)) ?? [:] },
            joined: nil, joinedReader: nil
        ) as? Self
    }
}

extension FoundFastPaths {
    /// The source's answer without suspending; `.needsSuspension` when it has none.
    @inlinable @inline(__always)
    package func immediateGet(_ query: Query) -> ImmediateRead<Value> {
        if let read = memory?.immediateGet(query, missIsFinal: memoryMissIsFinal) { return read }
        return immediate?(query) ?? .needsSuspension
    }

    /// The entries the source answers without suspending, or nil (see `CacheFastPaths.immediateEntries`).
    @inlinable
    package func immediateEntries(for queries: [Query]) -> AlignedEntries<Value>? {
        if let found = memory?.immediateEntries(for: queries) { return found }
        return immediateMany?(queries)
    }

    /// The entries read in one call, or nil when the source reads one query at a time.
    @inlinable
    package func batchEntriesIfSupported(for queries: [Query]) async -> [Query: Entry<Value>]? {
        guard let batch else { return nil }
        return await batch(queries)
    }

    /// The source's joined read (see `CacheFastPaths.entryJoined(_:on:inside:)`), or nil.
    @inlinable
    package func entryJoined(
        _ query: Query, on storage: ObjectIdentifier, inside: (Entry<Value>, AnyObject) -> Void
    ) async -> Entry<Value>? {
        guard let joined else { return nil }
        return await joined(query, storage, inside)
    }

    /// The entry for `query` and, in the same read, what `related` holds for the queries
    /// `follow` picks from it (see `CacheFastPaths.entryJoined(_:with:follow:)`), or nil.
    @inlinable
    package func entryJoined<Related: Sendable>(
        _ query: Query, with related: JoinedReader<Related>, follow: (Value) -> [Query]
    ) async -> JoinedEntries<Value, Related>? {
        guard let joined else { return nil }
        var found: JoinedEntries<Value, Related>?
        _ = await joined(query, related.storage) { lead, context in
            found = JoinedEntries(lead: lead, following: follow, in: related, context: context)
        }
        return found
    }
}
