import Foundation

extension NormalizedRepository {
    /// The list `query` names (a page), read as `policy` says (see the type's documentation):
    /// composed from the cached entities, or read from `main` and stored as its ids plus entities.
    @inlinable
    public func list<Main: GetDataSource>(
        _ query: Query, policy: CachePolicy, whenMainFails rule: FallbackRule = .fail, main: Main
    ) async throws(RepositoryError) -> Answer<Main.Value>
    where Main.Value: EntityListValue, Main.Value.Entity == Entity, Main.Value.Info == Info {
        let start = stopwatch.start()
        let operation = policy.operation(whenMainFails: rule)
        switch policy {
        case .cacheOnly:
            let composed = try await cache.composedList(query)
            return answer(composed, operation: operation, start: start)
        case .noCache:
            let entry = try await callMain(main, query, cached: nil)
            return answer(fetched: entry, operation: operation, start: start)
        case .localFirst:
            var composed: ComposedList<Entity, Info>?
            do {
                composed = try await cache.composedList(query)
            } catch {
                guard error.isCacheMiss else { throw error }
            }
            if let composed, composed.isComplete, isFresh(composed, now: configuration.timeSource.now()) {
                return answer(composed, knownFresh: true, operation: operation, start: start)
            }
            return try await fetchList(
                query, main: main, fallback: composed, rule: rule, operation: operation, start: start)
        case .remoteFirst:
            let composed = { [cache] () async -> ComposedList<Entity, Info>? in
                try? await cache.composedList(query)
            }
            return try await fetchList(
                query, main: main, fallback: nil, lateFallback: composed, rule: rule, operation: operation,
                start: start)
        }
    }

    /// The list `query` names read again from `main`, conditionally when the cache holds all of
    /// it: the request carries the cached list's validators, so a 304 answers `revalidated` (the
    /// copies' stored-at refreshed, nothing else written); otherwise, or without a cached copy, an
    /// ordinary read. Stored as a `remoteFirst` read stores it; a failure is thrown, not served
    /// stale.
    @inlinable
    public func revalidateList<Main: GetDataSource>(_ query: Query, main: Main) async throws(RepositoryError)
        -> Answer<Main.Value>
    where Main.Value: EntityListValue, Main.Value.Entity == Entity, Main.Value.Info == Info {
        let start = stopwatch.start()
        let composed = try? await cache.composedList(query)
        return try await fetchList(
            query, main: main, fallback: composed, rule: .fail,
            operation: CachePolicy.remoteFirst.operation(whenMainFails: .fail), start: start)
    }

    /// Whether `composed` may be answered after main failed: the list and every part allow it
    /// (`EntryMetadata.mayAnswerAfterFailure`: the caller's rule, bounded by what the server said).
    @inlinable
    func mayAnswerAfterFailure(_ composed: ComposedList<Entity, Info>, rule: FallbackRule) -> Bool {
        let now = configuration.timeSource.now()
        return configuration.mayAnswer(composed.list.metadata, afterFailureAt: now, rule: rule)
            && composed.parts.allSatisfy { configuration.mayAnswer($0.metadata, afterFailureAt: now, rule: rule) }
    }

    /// True when the list and every entity found are fresh at `now`.
    @inlinable
    func isFresh(_ composed: ComposedList<Entity, Info>, now: Date) -> Bool {
        configuration.isFresh(composed.list.metadata, now: now)
            && composed.parts.allSatisfy { configuration.isFresh($0.metadata, now: now) }
    }

    @usableFromInline
    func fetchList<Main: GetDataSource>(
        _ query: Query, main: Main, fallback: ComposedList<Entity, Info>?,
        lateFallback: (() async -> ComposedList<Entity, Info>?)? = nil, rule: FallbackRule,
        operation: RepositoryOperation, start: Stopwatch.Mark
    ) async throws(RepositoryError) -> Answer<Main.Value>
    where Main.Value: EntityListValue, Main.Value.Entity == Entity, Main.Value.Info == Info {
        let cached = fallback.map { composed in
            Entry(
                value: Main.Value(listInfo: composed.list.value.info, entities: composed.values),
                metadata: composed.list.metadata, origin: composed.list.origin)
        }
        let fetched: MainFetch<Main.Value>
        do {
            let revalidating = fallback?.isComplete == true ? cached : nil
            fetched = try await shared(query, storing: true) {
                [self] () async throws(RepositoryError) -> MainFetch<Main.Value> in
                let asked = configuration.timeSource.now()
                var entry = try await callMain(main, query, cached: revalidating)
                var diagnostics: [String] = []
                // (`no-store`: answered, written nowhere)
                if !entry.metadata.noStore {
                    do {
                        try await cache.storeList(
                            entry.value.listEntities, for: query, info: entry.value.listInfo,
                            metadata: entry.metadata, askedAt: asked)
                    } catch {
                        diagnostics.append("The list \(query.summary) could not be cached: \(error)")
                    }
                }
                // A write's answer stored while the list was on its way is newer than the list's
                // copy: the list shows that one, or leaves out an entity the write deleted.
                if cache.writeFence.anyAfter(asked) {
                    entry.value = Main.Value(
                        listInfo: entry.value.listInfo,
                        entities: await cache.newerWritten(in: entry.value.listEntities, since: asked))
                }
                return MainFetch(entry: entry, diagnostics: diagnostics)
            }
        } catch {
            guard error != .cancelled else { throw error }
            var stale = fallback
            if stale == nil, let lateFallback { stale = await lateFallback() }
            guard let stale, mayAnswerAfterFailure(stale, rule: rule) else { throw error }
            var answer: Answer<Main.Value> = answer(stale, operation: operation, start: start)
            answer.isStale = answer.isStale || !stale.isComplete
            answer.fallbackError = error
            return answer
        }
        let entry = fetched.entry
        var diagnostics: [String] = []
        let entities = entry.value.listEntities
        let unique = StoredList(ids: entities.map(\.entityID), info: entry.value.listInfo)
        if unique.ids.count != entities.count {
            diagnostics.append(
                "The list \(query.summary) repeated \(entities.count - unique.ids.count) \(Entity.entityKind) id(s); each is shown once."
            )
        }
        diagnostics += fetched.diagnostics
        var answer = answer(fetched: entry, operation: operation, start: start)
        answer.diagnostics += diagnostics
        return answer
    }

    /// The answer for a list composed from the cache: age and staleness of its oldest part (the
    /// list's own row included), origin the most expensive source that took part.
    @inlinable
    func answer<Value: EntityListValue>(
        _ composed: ComposedList<Entity, Info>, knownFresh: Bool = false, operation: RepositoryOperation,
        start: Stopwatch.Mark
    ) -> Answer<Value> where Value.Entity == Entity, Value.Info == Info {
        let lap = stopwatch.lap(start)
        let now = lap.now
        let list = composed.list
        let details =
            composed.keptDetails ?? AnswerDetails(fallbackError: nil, provenance: composed.answerProvenance)
        let provenance = details.provenance ?? composed.answerProvenance
        var metadata = list.metadata
        metadata.storedAt = provenance.oldestStoredAt ?? list.metadata.storedAt
        let origin = provenance.dominantOrigin ?? list.origin
        configuration.metrics?.recordLatency(nanoseconds: lap.nanoseconds, tier: origin)
        var diagnostics: [String] = []
        if !composed.isComplete {
            diagnostics.append(
                "\(provenance.missingIDs.count) \(Entity.entityKind)(s) of \(list.value.ids.count) are no longer cached."
            )
        }
        return Answer(
            value: Value(listInfo: list.value.info, entities: composed.values), origin: origin,
            isStale: !knownFresh && !isFresh(composed, now: now),
            age: now.timeIntervalSince(metadata.storedAt),
            diagnostics: diagnostics, nanoseconds: lap.nanoseconds, operation: operation, metadata: metadata,
            details: details)
    }

    /// The answer for a list `main` returned: every entity from main's origin, repeats dropped.
    @usableFromInline
    func answer<Value: EntityListValue>(
        fetched entry: Entry<Value>, operation: RepositoryOperation, start: Stopwatch.Mark
    ) -> Answer<Value> where Value.Entity == Entity, Value.Info == Info {
        let entities = entry.value.listEntities
        var parts = PartsAssembly<Entity>(order: StoredList(ids: entities.map(\.entityID), info: 0).ids)
        for value in entities {
            parts.add(
                Entry(value: value, metadata: entry.metadata, origin: entry.origin), for: value.entityID,
                stale: false)
        }
        let info = entry.value.listInfo
        return parts.answer(
            operation: operation, stopwatch: stopwatch, start: start, metrics: configuration.metrics,
            extraPart: Entry(value: (), metadata: entry.metadata, origin: entry.origin)
        ) { Value(listInfo: info, entities: $0) }
    }
}

extension NormalizedRepository {
    /// The list `query` names, as `list(_:policy:whenMainFails:main:)` reads it, except for one
    /// case: a `localFirst` read whose cached list (and every entity of it) is stale but inside the
    /// `stale-while-revalidate` window its server gave (`EntryFreshness.staleWhileRevalidate`) is
    /// answered at once from the cache, marked stale, while the list is read again in the
    /// background (conditionally, as `revalidateList` does; one main call per query however many
    /// readers: a read that finds the query's revalidation running awaits that one). The
    /// revalidation's answer is the sequence's second. Without such a window — the server said
    /// none, or it has passed — this is `list(_:policy:whenMainFails:main:)`'s single answer, so
    /// `localFirst` keeps its meaning.
    @inlinable
    public func listRevalidating<Main: GetDataSource>(
        _ query: Query, policy: CachePolicy, whenMainFails rule: FallbackRule = .fail, main: Main
    ) async throws(RepositoryError) -> AnswerUpdates<Main.Value>
    where Main.Value: EntityListValue, Main.Value.Entity == Entity, Main.Value.Info == Info {
        guard policy == .localFirst else {
            return AnswerUpdates(try await list(query, policy: policy, whenMainFails: rule, main: main))
        }
        let start = stopwatch.start()
        let operation = policy.operation(whenMainFails: rule)
        var composed: ComposedList<Entity, Info>?
        do {
            composed = try await cache.composedList(query)
        } catch {
            guard error.isCacheMiss else { throw error }
        }
        let now = configuration.timeSource.now()
        if let composed, composed.isComplete {
            if isFresh(composed, now: now) {
                return AnswerUpdates(answer(composed, knownFresh: true, operation: operation, start: start))
            }
            if revalidatesInBackground(composed, now: now) {
                var first: Answer<Main.Value> = answer(composed, operation: operation, start: start)
                first.isStale = true
                configuration.metrics?.record(.staleServe, tier: first.origin)
                // One revalidation per query at a time: a read that finds one running awaits it.
                let key = NormalizedFlightKey(
                    query: query, valueType: ObjectIdentifier(Main.Value.self), storing: true)
                let revalidation = revalidations.task(for: key) {
                    [self] () async throws(RepositoryError) -> Answer<Main.Value> in
                    try await revalidateUnlessFresh(query, main: main)
                }
                return AnswerUpdates(first: first, revalidation: revalidation)
            }
        }
        return AnswerUpdates(
            try await fetchList(query, main: main, fallback: composed, rule: rule, operation: operation, start: start))
    }

    /// True when the list and every entity of it are fresh or inside their
    /// `stale-while-revalidate` windows at `now`.
    @inlinable
    func revalidatesInBackground(_ composed: ComposedList<Entity, Info>, now: Date) -> Bool {
        let ttl = configuration.timeToLive
        guard composed.list.metadata.freshness(at: now, timeToLive: ttl) != .stale else { return false }
        for part in composed.parts where part.metadata.freshness(at: now, timeToLive: ttl) == .stale {
            return false
        }
        return true
    }

    /// The background half of `listRevalidating`: the list read again, unless another read has
    /// made it fresh meanwhile (then the cache's answer, with no main call).
    @inlinable
    func revalidateUnlessFresh<Main: GetDataSource>(_ query: Query, main: Main) async throws(RepositoryError)
        -> Answer<Main.Value>
    where Main.Value: EntityListValue, Main.Value.Entity == Entity, Main.Value.Info == Info {
        let start = stopwatch.start()
        if let composed = try? await cache.composedList(query), composed.isComplete,
            isFresh(composed, now: configuration.timeSource.now())
        {
            return answer(composed, knownFresh: true, operation: .cacheSync, start: start)
        }
        return try await revalidateList(query, main: main)
    }
}
