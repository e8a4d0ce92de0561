import Foundation

extension CacheRepository: PutRepository where Main: PutDataSource {
    /// Writes `value` for `query` as `operation` says and returns the value the last source
    /// written holds (main's answer when main is written).
    ///
    /// Every entry this repository writes is stamped stored-at now by its own time source
    /// (`configuration.timeSource`), also the copy of main's answer that goes to the cache.
    ///
    /// `default` / `mainSync`: main, then the cache gets the value main returned; if that cache
    /// write fails, the cache's entry for `query` is dropped (best effort, so the old value is not
    /// served) and the cache's error is thrown — main has already accepted the value.
    /// `cacheSync`: the cache, then main; if main fails, its error is thrown and the cache keeps
    /// the value. `cache` / `main`: that source only. Observers hear `.written(query)` once the
    /// first source has accepted the value.
    @discardableResult
    public func put(_ value: Value, for query: Query, operation: RepositoryOperation)
        async throws(RepositoryError)
        -> Value
    {
        let now = configuration.timeSource.now()
        let entry = Entry(value: value, metadata: EntryMetadata(storedAt: now), origin: .network)
        switch operation {
        case .main:
            let stored = try await main.put(entry, for: query)
            broadcaster.publish(.written(query))
            return stored.value
        case .default, .mainSync:
            var stored = try await main.put(entry, for: query)
            broadcaster.publish(.written(query))
            stored.metadata.storedAt = now
            do {
                try await cache.put(stored, for: query)
            } catch {
                try? await cache.delete(query)
                throw error
            }
            return stored.value
        case .cache:
            let stored = try await cache.put(entry, for: query)
            broadcaster.publish(.written(query))
            return stored.value
        case .cacheSync:
            try await cache.put(entry, for: query)
            broadcaster.publish(.written(query))
            return try await main.put(entry, for: query).value
        }
    }
}

extension CacheRepository: DeleteRepository where Main: DeleteDataSource {
    /// Deletes what `query` names as `operation` says (`.all` deletes everything).
    ///
    /// `default` / `mainSync`: main, then the cache. `cacheSync`: the cache, then main. `cache` /
    /// `main`: that source only. The second step runs only if the first succeeded; its error is
    /// thrown. Observers hear `.invalidated(query)` (or `.cleared` for `.all`) once the first
    /// source has deleted.
    public func delete(_ query: Query, operation: RepositoryOperation) async throws(RepositoryError) {
        switch operation {
        case .main:
            try await main.delete(query)
            publishDeletion(of: query)
        case .default, .mainSync:
            try await main.delete(query)
            publishDeletion(of: query)
            try await cache.delete(query)
        case .cache:
            try await cache.delete(query)
            publishDeletion(of: query)
        case .cacheSync:
            try await cache.delete(query)
            publishDeletion(of: query)
            try await main.delete(query)
        }
    }
}
