/// A cache made of a fast upper tier (memory) over a slower lower tier (disk, or any cache source).
///
/// Reads try the upper tier, then the lower one; a lower-tier hit is copied up (promotion) and
/// answered with the lower tier's origin (for example `.disk`). Any upper-tier failure counts as
/// a miss; a failed promotion is ignored (the value is still served). Writes go to the lower
/// tier, then the upper one; deletes go to every tier. Thread-safe when both tiers are.
public struct TieredCacheDataSource<
    Upper: CacheDataSource,
    Lower: CacheDataSource
>:
    CacheDataSource
where Upper.Value == Lower.Value {
    /// The type of value served.
    public typealias Value = Upper.Value

    /// The fast tier, read first.
    public let upper: Upper
    /// The slow tier, read on an upper-tier miss.
    public let lower: Lower

    /// Creates a tiered cache: `upper` over `lower`.
    public init(upper: Upper, lower: Lower) {
        self.upper = upper
        self.lower = lower
    }

    public func get(_ query: Query, cached: Entry<Value>?) async throws(RepositoryError) -> Entry<Value> {
        do {
            return try await upper.get(query, cached: cached)
        } catch {
            if error == .cancelled { throw error }
        }
        let entry = try await lower.get(query, cached: cached)
        _ = try? await upper.put(entry, for: query)
        return entry
    }

    /// The upper tier's entries without suspending (the lower tier is not asked).
    @inlinable
    public func immediateEntries(for queries: [Query]) -> AlignedEntries<Value>? {
        upper.immediateEntries(for: queries)
    }

    /// An upper-tier hit without suspending; anything else needs the lower tier, so `get`.
    @inlinable
    public func immediateGet(_ query: Query) -> ImmediateRead<Value> {
        guard case .entry(let entry) = upper.immediateGet(query) else { return .needsSuspension }
        return .entry(entry)
    }

    /// Writes the lower tier, then the upper one. When the lower write fails, the upper tier's
    /// entry for `query` is dropped (so no tier serves a value the other lacks) and the error is thrown.
    @discardableResult
    public func put(_ entry: Entry<Value>, for query: Query) async throws(RepositoryError) -> Entry<Value> {
        let stored: Entry<Value>
        do {
            stored = try await lower.put(entry, for: query)
        } catch {
            try? await upper.delete(query)
            throw error
        }
        try await upper.put(stored, for: query)
        return stored
    }

    /// Deletes from every tier, even when one fails; the first failure is thrown afterwards.
    public func delete(_ query: Query) async throws(RepositoryError) {
        var failure: RepositoryError?
        do { try await upper.delete(query) } catch { failure = error }
        do { try await lower.delete(query) } catch { failure = failure ?? error }
        if let failure { throw failure }
    }
}

extension TieredCacheDataSource: ImmediateVersionedDataSource where Upper: ImmediateVersionedDataSource {
    /// The upper tier's version: `immediateGet` answers from the upper tier alone.
    @inlinable
    public var immediateVersion: UInt64 { upper.immediateVersion }
}
