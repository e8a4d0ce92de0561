import Foundation

/// The storage half of the normalized layer: entities once per tier under their id (in
/// `entities`), lists as their ordered ids plus their own information (in `lists`), and the
/// composition of a list's answer from the entities. Thread-safe when both stores are.
///
/// - Writing entities (`store(_:metadata:)`): each entity is written under `.entity(id)` unless
///   the copy `entities` can answer without suspending (its memory tier) is newer — the newer
///   stored-at wins. A store whose lower tiers keep a newer copy (a put that answers the entry
///   it kept, as a `TieredCacheDataSource` over such tiers does) wins the same way in every
///   tier. Each entity written, or kept newer, is published to `changes()` observers.
/// - Writing a list (`storeList(_:for:info:metadata:)`) writes its entities, then its ids.
/// - Composing (`composedList(_:)`) reads the list's ids, then each entity (memory first); an
///   entity missing from every tier (evicted between the list and the read, a corrupt row)
///   is reported in `missingIDs`, never invented. When memory lacks the list and both stores
///   are the built-in tiers over one database (memory over SQLite), the list and the entities
///   memory lacks are read in one read of that database; what it did not find is then looked
///   for as usual (memory, every tier below). Other stores are read one after the other.
/// - When both stores keep their memory in the built-in LRU (`InMemoryDataSource`, a tiered
///   cache over it), a list composed entirely from memory is kept and answered again, in one
///   lookup, until any entity or list in memory is written, removed or evicted: what it answers
///   is always what composing again would give (the kept answer does not refresh the entities'
///   LRU recency nor count their memory hits).
///
/// A reference type with immutable properties, so a read never copies the stores.
public final class NormalizedCache<
    Entity: NormalizedEntity,
    Info: Sendable & Hashable,
    Entities: GetDataSource & PutDataSource & DeleteDataSource,
    Lists: GetDataSource & PutDataSource & DeleteDataSource
>: Sendable where Entities.Value == Entity, Lists.Value == StoredList<Info> {
    /// Where each entity is stored once, under `.entity(id)`.
    public let entities: Entities
    /// Where each list is stored as its ids, under the list's own query.
    public let lists: Lists
    /// Tells observers of each entity written or dropped.
    public let broadcaster: ChangeBroadcaster<EntityChange<Entity>>
    @usableFromInline let compositions = CompositionMemo<Entity, Info>(limit: 256)
    /// When this process stored a write's answer for an entity (`WriteFence`): a read asked for
    /// before then neither writes over that copy nor brings a deleted entity back.
    public let writeFence: WriteFence
    @usableFromInline let entitiesVersion: (@Sendable () -> UInt64)?
    @usableFromInline let listsVersion: (@Sendable () -> UInt64)?
    /// The entity store's reader for a list read joined with its entities, if it offers one.
    @usableFromInline let joinedEntities: JoinedReader<Entity>?
    /// Each store's fast paths, found once.
    @usableFromInline let entityPaths: FoundFastPaths<Entity>
    @usableFromInline let listPaths: FoundFastPaths<StoredList<Info>>

    /// Creates the layer over `entities` and `lists`, publishing to `broadcaster`. Inlinable, so
    /// the stores' fast paths are found (and run) specialized for the caller's stores.
    @inlinable
    public init(
        entities: Entities, lists: Lists,
        broadcaster: ChangeBroadcaster<EntityChange<Entity>> = ChangeBroadcaster(),
        writeFence: WriteFence = WriteFence()
    ) {
        self.entities = entities
        self.lists = lists
        self.broadcaster = broadcaster
        self.writeFence = writeFence
        entitiesVersion = immediateVersionReader(of: entities)
        listsVersion = immediateVersionReader(of: lists)
        entityPaths = FoundFastPaths(of: entities)
        listPaths = FoundFastPaths(of: lists)
        joinedEntities = entityPaths.joinedReader
    }

    /// The versions of both memory stores now, or nil when either does not tell it.
    @inlinable
    func memoryVersions() -> CompositionMemo<Entity, Info>.Versions? {
        guard let entitiesVersion, let listsVersion else { return nil }
        return CompositionMemo.Versions(entities: entitiesVersion(), lists: listsVersion())
    }

    /// Every entity change from now on: written by this process, announced by another, removed.
    public func changes() -> AsyncStream<EntityChange<Entity>> { broadcaster.stream() }

    /// The entity with `id` from the first tier that holds it, or nil (a miss, a corrupt row, a
    /// failing store: each is a miss here, so the caller fetches it again).
    public func entity(_ id: String) async -> Entry<Entity>? {
        switch entityPaths.immediateGet(.entity(id)) {
        case .entry(let entry): return entry
        case .notFound: return nil
        case .needsSuspension: return try? await entities.get(.entity(id), cached: nil)
        }
    }

    /// The entities with `ids` the cache holds, by id, and the ids it does not hold, in order.
    public func entities(ids: [String]) async -> (found: [String: Entry<Entity>], missing: [String]) {
        let found = await entries(for: ids)
        var seen = Set<String>()
        let missing = ids.filter { found[$0] == nil && seen.insert($0).inserted }
        return (found, missing)
    }

    /// The entries held for `ids`: without suspending for those memory holds; the rest in one
    /// batch when `entities` reads in batches (`BatchGetDataSource`), one by one otherwise.
    func entries(for ids: [String]) async -> [String: Entry<Entity>] {
        let aligned = await alignedEntries(for: ids)
        var found: [String: Entry<Entity>] = [:]
        found.reserveCapacity(ids.count)
        for (id, entry) in zip(ids, aligned) { if let entry { found[id] = entry } }
        return found
    }

    /// The entry held for each of `ids`, in the same order (nil: not held); see `entries(for:)`.
    @inlinable
    func alignedEntries(for ids: [String]) async -> [Entry<Entity>?] {
        await alignedEntriesNotingSuspension(for: ids).entries
    }

    /// As `alignedEntries(for:)`, and whether every entry came from memory without suspending.
    @inlinable
    func alignedEntriesNotingSuspension(for ids: [String]) async -> (
        entries: [Entry<Entity>?], fromMemory: Bool
    ) {
        var found = [Entry<Entity>?](repeating: nil, count: ids.count)
        var rest: [Int] = []
        var fromMemory = true
        for (index, id) in ids.enumerated() {
            switch entityPaths.immediateGet(.id(id)) {
            case .entry(let entry): found[index] = entry
            case .notFound: fromMemory = false
            case .needsSuspension: rest.append(index)
            }
        }
        guard !rest.isEmpty else { return (found, fromMemory) }
        if var entries = await entityPaths.batchEntriesIfSupported(for: rest.map { .entity(ids[$0]) }) {
            for index in rest {
                // Moved out, not copied; an id asked twice takes its first place's entry.
                found[index] =
                    entries.removeValue(forKey: .entity(ids[index]))
                    ?? ids[..<index].firstIndex(of: ids[index]).flatMap { found[$0] }
            }
        } else {
            for index in rest {
                found[index] = try? await entities.get(.entity(ids[index]), cached: nil)
            }
        }
        return (found, false)
    }

    /// Writes each entity under its id, stamped with `metadata`, unless a newer copy is held
    /// in memory, a tier's put answers a newer copy it kept, or (for a read asked for at `asked`)
    /// a write's answer for it was stored since (`writeFence`); returns the ids written. A failed
    /// write is skipped (the next read misses).
    @discardableResult
    public func store(_ values: [Entity], metadata: EntryMetadata, askedAt asked: Date? = nil) async
        -> [String]
    {
        var written: [String] = []
        // (a read asked for before a write's answer was stored carries an older copy of it)
        let fenced = asked.map(writeFence.anyAfter) ?? false
        for value in values {
            let id = value.entityID
            if fenced, let asked, writeFence.wroteAfter(id, asked) { continue }
            if case .entry(let held) = entityPaths.immediateGet(.entity(id)),
                held.metadata.storedAt > metadata.storedAt
            {
                continue
            }
            let entry = Entry(value: value, metadata: metadata, origin: .memory)
            guard let stored = try? await entities.put(entry, for: .entity(id)) else { continue }
            // A lower tier that kept a newer copy answers it; the tiers above now hold that one.
            if stored.metadata.storedAt > metadata.storedAt {
                broadcaster.publish(EntityChange(id: id, entry: stored, cause: .written))
                continue
            }
            written.append(id)
            broadcaster.publish(EntityChange(id: id, entry: entry, cause: .written))
        }
        return written
    }

    /// Writes a list: its entities (as `store`; `asked`: when the list was asked for), then its ids
    /// and `info` under `query`.
    public func storeList(
        _ values: [Entity], for query: Query, info: Info, metadata: EntryMetadata, askedAt asked: Date? = nil
    ) async throws(RepositoryError) {
        // The list's validators are the list's: each entity is stored without them.
        await store(values, metadata: metadata.withoutValidators, askedAt: asked)
        let list = StoredList(ids: values.map(\.entityID), info: info)
        try await lists.put(Entry(value: list, metadata: metadata, origin: .memory), for: query)
    }

    /// `values` (read from main, asked for at `asked`) with each entity a write's answer was
    /// stored for since replaced by the copy held, or left out when none is (a delete).
    public func newerWritten(in values: [Entity], since asked: Date) async -> [Entity] {
        var shown: [Entity] = []
        shown.reserveCapacity(values.count)
        for value in values {
            guard writeFence.wroteAfter(value.entityID, asked) else {
                shown.append(value)
                continue
            }
            if let held = await entity(value.entityID) { shown.append(held.value) }
        }
        return shown
    }

    /// Drops the entity with `id` from every tier and tells observers.
    public func remove(_ id: String, cause: EntityChange<Entity>.Cause = .removed) async throws(RepositoryError) {
        try await entities.delete(.entity(id))
        broadcaster.publish(EntityChange(id: id, entry: nil, cause: cause))
    }

    /// The list stored under `query`, composed from its entities. Throws what `lists` throws
    /// when the list itself is not held (`.notFound` for a miss). A list composed entirely from
    /// memory is answered from the kept composition while memory is unchanged (see the type).
    @inlinable
    public func composedList(_ query: Query) async throws(RepositoryError) -> ComposedList<Entity, Info> {
        // Read before composing: a change during the composition moves them, so it is never kept.
        let versions = memoryVersions()
        if let versions, let kept = compositions.composed(for: query, at: versions) { return kept }
        // Each way of reading is its own function: one frame per way, not every way's
        // temporaries in this one (async frames are allocated per call).
        var (list, aligned, fromMemory): (Entry<StoredList<Info>>, AlignedEntries<Entity>, Bool)
        switch listPaths.immediateGet(query) {
        case .entry(let entry):
            (list, aligned, fromMemory) = await listedFromMemory(entry)
        case .notFound: throw .notFound(query: query.cacheKey)
        case .needsSuspension:
            fromMemory = false
            (list, aligned) = try await listedBelowMemory(query)
        }
        return compose(list, &aligned, fromMemory: fromMemory, query: query, versions: versions)
    }

    /// The entities of `list` (held in memory) from wherever they are held.
    @inlinable @inline(never)
    func listedFromMemory(_ list: Entry<StoredList<Info>>) async -> (
        Entry<StoredList<Info>>, AlignedEntries<Entity>, Bool
    ) {
        let read = await alignedEntriesNotingSuspension(for: list.value.ids)
        return (list, AlignedEntries(read.entries), read.fromMemory)
    }

    /// The list `query` names (memory lacks it) and its entities: one joined read when the
    /// stores join, else the list then its entities.
    @inlinable @inline(never)
    func listedBelowMemory(_ query: Query) async throws(RepositoryError) -> (
        Entry<StoredList<Info>>, AlignedEntries<Entity>
    ) {
        if let joinedEntities, let joined = await joinedList(query, reader: joinedEntities) { return joined }
        return try await listedOneAfterTheOther(query)
    }

    /// The list `query` names read from `lists`, then its entities.
    @inlinable @inline(never)
    func listedOneAfterTheOther(_ query: Query) async throws(RepositoryError) -> (
        Entry<StoredList<Info>>, AlignedEntries<Entity>
    ) {
        let list = try await lists.get(query, cached: nil)
        return (list, AlignedEntries(await alignedEntries(for: list.value.ids)))
    }

    /// The composition of `list` from `aligned` (taken), kept when it came wholly from memory.
    @inlinable
    func compose(
        _ list: Entry<StoredList<Info>>, _ aligned: inout AlignedEntries<Entity>, fromMemory: Bool,
        query: Query, versions: CompositionMemo<Entity, Info>.Versions?
    ) -> ComposedList<Entity, Info> {
        var composed = ComposedList<Entity, Info>(list: list)
        let ids = list.value.ids
        // The found values are already dense and in the list's order: the composition takes the
        // arrays as they are, and what is missing is the places nothing holds.
        var (values, parts, places) = aligned.takeAll()
        if let cut = places.firstIndex(where: { $0 >= ids.count }) {
            values.removeSubrange(cut...)
            parts.removeSubrange(cut...)
            places.removeSubrange(cut...)
        }
        var tally = OriginTally()
        for slot in parts.indices { tally.add(parts[slot].origin, storedAt: parts[slot].metadata.storedAt) }
        var next = 0
        for index in ids.indices {
            if next < places.count, places[next] == index {
                next += 1
            } else {
                composed.provenance.missingIDs.append(ids[index])
            }
        }
        composed.values = consume values
        composed.parts = consume parts
        tally.write(into: &composed.provenance)
        if let versions, fromMemory, composed.isComplete {
            composed.keptDetails = AnswerDetails(fallbackError: nil, provenance: composed.answerProvenance)
            compositions.remember(composed, for: query, at: versions)
        }
        return composed
    }

    /// The list `query` names and its entities from one joined read (the entities memory holds
    /// taken from memory inside it); the ones it did not find then looked for as usual. Nil
    /// when the lists store made no joined read (the caller reads the list, then its entities).
    @inlinable @inline(never)
    func joinedList(_ query: Query, reader: JoinedReader<Entity>) async -> (
        list: Entry<StoredList<Info>>, entries: AlignedEntries<Entity>
    )? {
        var count = 0
        var held: [(index: Int, entry: Entry<Entity>)] = []
        var asked: [Int] = []
        var read = await listPaths.entryJoined(query, with: reader) { list in
            let ids = list.ids
            count = ids.count
            let all = ids.map(Query.entity)
            // Memory asked once for every id when it can (one lock), else id by id.
            let inMemory = entityPaths.immediateEntries(for: all)
            if let inMemory, inMemory.heldCount == 0 {
                asked = Array(ids.indices)
                return all
            }
            asked.reserveCapacity(ids.count)
            var queries: [Query] = []
            queries.reserveCapacity(ids.count)
            for (index, query) in all.enumerated() {
                let found: Entry<Entity>?
                if let inMemory {
                    found = inMemory[index]
                } else if case .entry(let entry) = entityPaths.immediateGet(query) {
                    found = entry
                } else {
                    found = nil
                }
                if let found {
                    held.append((index, found))
                } else {
                    asked.append(index)
                    queries.append(query)
                }
            }
            return queries
        }
        guard var joined = read.take() else { return nil }
        await reader.settle(joined.queries, joined.related)
        var entries = AlignedEntries<Entity>(count: 0)
        if held.isEmpty, joined.related.count == count {
            // Memory held none: the read's entries are the list's, place for place (moved out,
            // so adding to them below copies nothing).
            swap(&entries, &joined.related)
        } else {
            entries = AlignedEntries(count: count)
            for (index, entry) in held { entries.set(entry, at: index) }
            let related = joined.related
            for (slot, value) in related.values.enumerated() where related.places[slot] < asked.count {
                entries.set(value, part: related.parts[slot], at: asked[related.places[slot]])
            }
        }
        if entries.heldCount < entries.count { await lookForUnfound(in: &entries, ids: joined.lead.value.ids) }
        return (joined.lead, entries)
    }

    /// Fills the places of `entries` nothing holds with what the tiers hold for their ids (read
    /// as usual). Its own function, so the frame of every joined read does not carry this rarer
    /// read's (async frames are allocated per call, sized for everything inlined into them).
    @inlinable @inline(never)
    func lookForUnfound(in entries: inout AlignedEntries<Entity>, ids: [String]) async {
        let unfound = entries.indices.filter { !entries.isHeld(at: $0) && $0 < ids.count }
        guard !unfound.isEmpty else { return }
        let rest = await alignedEntries(for: unfound.map { ids[$0] })
        for (index, entry) in zip(unfound, rest) {
            if let entry { entries.set(entry, at: index) }
        }
    }
}

/// A list read from the normalized cache: the list's own entry and the entities it references
/// that the cache still holds, in the list's order, with where each came from. A value type.
///
/// The values and their parts (metadata, origin) are kept side by side, so an answer takes the
/// values as one array (shared, not copied entity by entity).
public struct ComposedList<Entity: NormalizedEntity, Info: Sendable & Hashable>: Sendable {
    /// The stored list (ids, info) with its own metadata and origin.
    public var list: Entry<StoredList<Info>>
    /// The entity values found, in the list's order (the missing ones left out).
    public var values: [Entity]
    /// The metadata and origin of each value found, aligned with `values`.
    public var parts: [Entry<Void>]
    /// Counts per source, the oldest part, and the ids no tier holds any more.
    public var provenance: Provenance

    /// An empty composition of `list`.
    @inlinable
    public init(list: Entry<StoredList<Info>>) {
        self.list = list
        self.values = []
        self.parts = []
        self.provenance = Provenance()
        self.keptDetails = nil
    }

    /// The entities found, in the list's order (the missing ones left out): `values` with their
    /// parts.
    @inlinable
    public var entries: [Entry<Entity>] {
        zip(values, parts).map { Entry(value: $0, metadata: $1.metadata, origin: $1.origin) }
    }

    /// True when every id of the list was found.
    @inlinable
    public var isComplete: Bool { provenance.missingIDs.isEmpty }

    /// The boxed provenance of a kept composition's answers (made once, shared by every answer).
    @usableFromInline var keptDetails: AnswerDetails?

    /// The provenance an answer made of this composition carries: the parts' counts, and as
    /// oldest part the oldest of the entities and the list's own row.
    @inlinable
    var answerProvenance: Provenance {
        var provenance = provenance
        if list.metadata.storedAt < provenance.oldestStoredAt ?? .distantFuture {
            provenance.oldestStoredAt = list.metadata.storedAt
        }
        return provenance
    }
}
