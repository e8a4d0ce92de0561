/// A cache made of a fast upper tier (memory) over a slower lower tier (disk, or any cache source).
///
/// Reads try the upper tier, then the lower one; a lower-tier hit is copied up (promotion) and
/// answered with the lower tier's origin (for example `.disk`). Any upper-tier failure counts as
/// a miss; a failed promotion is ignored (the value is still served). Writes go to the lower
/// tier, then the upper one; deletes go to every tier. Each tier is a `GetDataSource`,
/// `PutDataSource` and `DeleteDataSource`: a built-in one or your own. Thread-safe when both
/// tiers are.
public struct TieredCacheDataSource<
    Upper: GetDataSource & PutDataSource & DeleteDataSource,
    Lower: GetDataSource & PutDataSource & DeleteDataSource
>: GetDataSource, PutDataSource, DeleteDataSource
where Upper.Value == Lower.Value {
    /// The type of value served.
    public typealias Value = Upper.Value

    /// The fast tier, read first.
    public let upper: Upper
    /// The slow tier, read on an upper-tier miss.
    public let lower: Lower
    /// Each tier's fast paths, found once.
    @usableFromInline let upperPaths: FoundFastPaths<Value>
    @usableFromInline let lowerPaths: FoundFastPaths<Value>

    /// Creates a tiered cache: `upper` over `lower`.
    @inlinable
    public init(upper: Upper, lower: Lower) {
        // Inlinable: each tier's fast paths are found where its type is known, so they run
        // specialized for it.
        self.upper = upper
        self.lower = lower
        upperPaths = FoundFastPaths(of: upper)
        lowerPaths = FoundFastPaths(of: lower)
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
    package var immediateVersion: UInt64 { upper.immediateVersion }
}
