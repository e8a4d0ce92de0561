/// A source that can read many queries in one call (an SQLite tier: one statement for a page's
/// entities). The normalized layer composes a list through it when the entity store offers it.
/// Implementations must be safe to call from any task.
public protocol BatchGetDataSource<Value>: GetDataSource {
    /// The entries held for `queries`; a query with nothing held (or an unreadable entry) is
    /// left out. Throws only when the store itself fails.
    func entries(for queries: [Query]) async throws(RepositoryError) -> [Query: Entry<Value>]
}

extension TieredCacheDataSource: BatchGetDataSource {
    /// The upper tier's entries (without suspending where it can), then the rest from the lower
    /// tier in one call when it reads in batches (one by one otherwise), promoted into the upper
    /// tier in the order asked — only the last `upper.keepsAtMost` of them when the upper tier
    /// keeps fewer than were found (the earlier ones would be evicted by the later ones at once).
    /// A failing lower tier leaves its queries out, as a miss.
    @inlinable
    public func entries(for queries: [Query]) async throws(RepositoryError) -> [Query: Entry<Value>] {
        var found: [Query: Entry<Value>] = [:]
        var rest: [Query] = []
        var suspending: [Query] = []
        for query in queries where found[query] == nil {
            switch upperPaths.immediateGet(query) {
            case .entry(let entry): found[query] = entry
            case .notFound: rest.append(query)
            case .needsSuspension: suspending.append(query)
            }
        }
        if !suspending.isEmpty {
            var upperFound = await Self.read(suspending, from: upper, paths: upperPaths)
            if found.isEmpty, upperFound.count == suspending.count { return upperFound }
            for query in suspending where found[query] == nil {
                // Moved out, not copied: an entry's copy retains every reference it holds.
                if let entry = upperFound.removeValue(forKey: query) {
                    found[query] = entry
                } else {
                    rest.append(query)
                }
            }
        }
        guard !rest.isEmpty else { return found }
        let lowerFound = await Self.read(rest, from: lower, paths: lowerPaths)
        var promoted = rest.filter { lowerFound[$0] != nil }
        if let room = upper.keepsAtMost, promoted.count > room { promoted.removeFirst(promoted.count - room) }
        for query in promoted {
            guard let entry = lowerFound[query] else { continue }
            _ = try? await upper.put(entry, for: query)
        }
        guard !found.isEmpty else { return lowerFound }
        found.merge(lowerFound) { upperEntry, _ in upperEntry }
        return found
    }

    /// The entries `source` holds for `queries`: in one call when it reads in batches (`paths`, its
    /// fast paths), one by one otherwise; a failure is a miss.
    @inlinable
    static func read<Source: GetDataSource>(
        _ queries: [Query], from source: Source, paths: FoundFastPaths<Value>
    ) async -> [Query: Entry<Value>] where Source.Value == Value {
        if let found = await paths.batchEntriesIfSupported(for: queries) { return found }
        var found: [Query: Entry<Value>] = [:]
        for query in queries where found[query] == nil {
            if let entry = try? await source.get(query, cached: nil) { found[query] = entry }
        }
        return found
    }
}
