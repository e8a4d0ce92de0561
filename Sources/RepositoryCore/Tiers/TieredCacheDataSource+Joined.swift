extension TieredCacheDataSource {
    /// The upper tier's joined reader when it has one; otherwise the lower tier's, whose `settle`
    /// also promotes what the read found into the upper tier, in the order asked — only the last
    /// `upper.keepsAtMost` of them when the upper tier keeps fewer (as `entries(for:)` does).
    @inlinable
    public func joinedReader() -> JoinedReader<Value>? {
        if let reader = upper.joinedReader() { return reader }
        guard let below = lower.joinedReader() else { return nil }
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
    public func entryJoined<Related: Sendable>(
        _ query: Query, with related: JoinedReader<Related>, follow: (Value) -> [Query]
    ) async -> JoinedEntries<Value, Related>? {
        if let joined = await upper.entryJoined(query, with: related, follow: follow) { return joined }
        guard let joined = await lower.entryJoined(query, with: related, follow: follow) else { return nil }
        _ = try? await upper.put(joined.lead, for: query)
        return joined
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
