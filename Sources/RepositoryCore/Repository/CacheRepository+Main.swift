extension CacheRepository {
    /// Calls main for `query` through the single-flight group (one call shared by concurrent
    /// readers of the same query and cache-write mode), with retry. `joined` is true when this
    /// caller joined another caller's call.
    @usableFromInline
    func fetchFromMain(_ query: Query, cached: Entry<Value>?, writesCache: Bool) async throws(RepositoryError)
        -> (fetch: MainFetch<Value>, joined: Bool)
    {
        let key = FlightKey(query: query, writesCache: writesCache)
        let (fetch, joined) = try await flights.run(key) {
            () async throws(RepositoryError) -> MainFetch<Value> in
            try await self.performMainRead(query, cached: cached, writesCache: writesCache)
        }
        return (fetch, joined)
    }

    /// One main read (retried), then, when asked, the cache write (none for an answer whose
    /// metadata says `noStore`). A failed cache write is a diagnostic, not a failure. Main's entry answers as `.network` (or `.revalidated`,
    /// `.sharedCache`, `.coalesced` when main says so), whatever origin main gave it. Main's entry is stamped stored-at now by this repository's
    /// time source (the moment it arrived), so a validator sharing that time source judges it
    /// whatever clock the main source keeps.
    func performMainRead(_ query: Query, cached: Entry<Value>?, writesCache: Bool)
        async throws(RepositoryError)
        -> MainFetch<Value>
    {
        var entry: Entry<Value>
        do {
            entry = try await configuration.retry.run(
                sleeper: configuration.sleeper,
                onRetry: { _, _ in metrics.record(.retry, tier: .network) }
            ) { () async throws(RepositoryError) -> Entry<Value> in
                try await main.get(query, cached: cached)
            }
        } catch {
            switch error {
            case .notFound: metrics.record(.miss, tier: .network)
            case .cancelled: break
            default: metrics.record(.failure, tier: .network)
            }
            throw error
        }
        // Main's answer is the network's unless main says it confirmed the cached value or took
        // another caller's result: a main source never has to choose an origin.
        switch entry.origin {
        case .revalidated, .sharedCache, .coalesced: break
        case .memory, .disk, .network: entry.origin = .network
        }
        // A value another process fetched and a shared cache handed over keeps the stamp of that fetch.
        if entry.origin != .sharedCache { entry.metadata = entry.metadata.restamped(at: configuration.timeSource.now()) }
        if entry.origin == .revalidated {
            metrics.record(.revalidation, tier: .revalidated)
        } else if entry.origin == .sharedCache {
            // A main source that waited for another process's call and read its result from the shared tier.
            metrics.record(.hit, tier: .sharedCache)
        } else {
            metrics.record(.hit, tier: .network)
        }
        var diagnostics: [String] = []
        // (`no-store`: answered, written to no tier)
        if writesCache, !entry.metadata.noStore {
            do {
                try await cache.put(entry, for: query)
                broadcaster.publish(.written(query))
            } catch {
                let problem = "The value for \(query.summary) was not cached: \(error.description)"
                diagnostics.append(problem)
                configuration.diagnosticsHandler(problem)
            }
        }
        return MainFetch(entry: entry, diagnostics: diagnostics)
    }
}
