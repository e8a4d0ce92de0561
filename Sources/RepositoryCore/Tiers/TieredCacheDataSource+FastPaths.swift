extension TieredCacheDataSource: CacheFastPaths {
    /// The upper tier's entries without suspending (the lower tier is not asked).
    @inlinable
    package func immediateEntries(for queries: [Query]) -> AlignedEntries<Value>? {
        upperPaths.immediateEntries(for: queries)
    }

    /// An upper-tier hit without suspending; anything else needs the lower tier, so `get`.
    @inlinable
    package func immediateGet(_ query: Query) -> ImmediateRead<Value> {
        guard case .entry(let entry) = upperPaths.immediateGet(query) else { return .needsSuspension }
        return .entry(entry)
    }

    /// The upper tier's memory store, when it answers the upper tier's reads without suspending;
    /// its miss leaves the lower tier to read.
    @inlinable
    package var immediateMemory: (store: InMemoryDataSource<Value>, missIsFinal: Bool)? {
        upperPaths.memory.map { ($0, false) }
    }

    /// The upper tier's joined reader when it has one; otherwise the lower tier's, whose `settle`
    /// also promotes what the read found into the upper tier, in the order asked — only the last
    /// `upper.keepsAtMost` of them when the upper tier keeps fewer (as `entries(for:)` does).
    @inlinable
    package func joinedReader() -> JoinedReader<Value>? {
        if let reader = upperPaths.joinedReader { return reader }
        guard let below = lowerPaths.joinedReader else { return nil }
        let upper = upper
        return JoinedReader(storage: below.storage, read: below.read) { queries, found in
            await below.settle(queries, found)
            await Self.promote(found, for: queries, into: upper)
        }
    }

    /// The upper tier's joined read when it makes one; otherwise the lower tier's, its lead entry
    /// promoted into the upper tier (as `get` promotes). The upper tier is not read first: call
    /// this once it missed (a memory tier joins nothing, so its miss is the caller's to see).
    @inlinable
    package func entryJoined(
        _ query: Query, on storage: ObjectIdentifier, inside: (Entry<Value>, AnyObject) -> Void
    ) async -> Entry<Value>? {
        if let lead = await upperPaths.entryJoined(query, on: storage, inside: inside) { return lead }
        guard let lead = await lowerPaths.entryJoined(query, on: storage, inside: inside) else { return nil }
        _ = try? await upper.put(lead, for: query)
        return lead
    }

    /// Writes the entries found into `upper`, in the order of `queries`, at most
    /// `upper.keepsAtMost` of them (the last ones); a failed write is skipped.
    @inlinable
    static func promote(_ found: AlignedEntries<Value>, for queries: [Query], into upper: Upper) async {
        var first = 0
        if let room = upper.keepsAtMost { first = max(0, found.heldCount - room) }
        // The held entries only, and of them only the ones written are assembled (copied).
        let (values, parts, places) = (found.values, found.parts, found.places)
        for slot in places.indices.dropFirst(first) where places[slot] < queries.count {
            let entry = Entry(value: values[slot], metadata: parts[slot].metadata, origin: parts[slot].origin)
            _ = try? await upper.put(entry, for: queries[places[slot]])
        }
    }
}
