import Foundation

extension CacheRepository {
    /// Reads `query` as `operation` says and answers with provenance.
    ///
    /// - `default` (= `cacheSync(fallback: .fail)`) / `cacheSync(fallback)`: a valid cache hit is
    ///   returned. A cache miss (`.notFound`), an invalid entry or an undecodable one
    ///   (`.serialization`) goes to main, passing the invalid entry as `cached:` so main can
    ///   revalidate; main's value is written to the cache and returned. If main fails, main's
    ///   error is thrown (seed 000), never the cache miss — unless the caller chose
    ///   `.serveStale`, which serves the invalid entry (stale, main's error attached) when there was one.
    ///   Any other cache error (`.storageFailure`, `.cancelled`, …) is thrown as the cache's
    ///   answer, without calling main (seed 000: "otherwise, return the result of the cache").
    /// - `main`: main only, the cache is neither read nor written.
    /// - `mainSync(fallback)`: main, then the cache is written. If main fails, `.serveStale` reads
    ///   the cache and serves what is there (valid or stale, main's error attached); an empty or
    ///   failing cache throws main's error. `.fail` throws main's error.
    ///
    /// An entry's server bounds `.serveStale` (`EntryMetadata.staleUse`): a stale entry is served
    /// only inside its `stale-if-error` window when it gave one, and never once expired under
    /// `must-revalidate`.
    /// - `cache(ignoreValidation)`: the cache only; an invalid entry is `.notValid` unless
    ///   `ignoreValidation`, which serves it marked stale.
    ///
    /// A failed cache write after a successful main read never fails the call: main's value is
    /// returned and the failure is in `diagnostics`. A built-in memory tier (`InMemoryDataSource`,
    /// a tiered cache over it) is read without suspending, so a memory hit costs no suspension; any
    /// other cache is read through its `get`. A memory hit is timed
    /// one time in 64 (every time with an injected clock or time source); the others read no
    /// clock source, report a zero `duration` and count as untimed answers (`LatencySummary`).
    @inlinable
    public func answer(_ query: Query, operation: RepositoryOperation) async throws(RepositoryError)
        -> Answer<Value>
    {
        switch firstLook(query, operation: operation) {
        case .answered(let answer): return answer
        case .read(let next): return try await read(query, next)
        }
    }

    /// The same read, `observer` told of its answer or failure before it is returned: a memory hit
    /// tells it right where it is found, with no suspension between (see `AnswerObserver`).
    @inlinable
    public func answer(_ query: Query, operation: RepositoryOperation, observer: some AnswerObserver)
        async throws(RepositoryError) -> Answer<Value>
    {
        switch firstLook(query, operation: operation) {
        case .answered(let answer):
            observer.observe(answer, for: query)
            return answer
        case .read(let next):
            return try await read(query, next, operation: operation, observer: observer)
        }
    }

    /// `read(_:_:)`, `observer` told of its answer or failure. Not inlined: a read that reaches
    /// it suspends anyway, and kept out, the memory hit's path stays small enough to inline.
    @inlinable @inline(never)
    func read(_ query: Query, _ next: NextRead, operation: RepositoryOperation, observer: some AnswerObserver)
        async throws(RepositoryError) -> Answer<Value>
    {
        do {
            let answer = try await read(query, next)
            observer.observe(answer, for: query)
            return answer
        } catch {
            observer.observeFailure(error, for: query, operation: operation)
            throw error
        }
    }

    /// What a read does first, without suspending: under `default` and `cacheSync`, a valid entry
    /// the cache gives at once is the answer; anything else names the read still to do.
    @inlinable
    func firstLook(_ query: Query, operation: RepositoryOperation) -> FirstLook {
        switch operation {
        case .default, .cacheSync:
            let fallback: FallbackRule =
                if case .cacheSync(let rule) = operation { rule } else { .fail }
            // A memory hit is timed one time in `Stopwatch.sampleInterval` (see `untimedAnswer`);
            // any other read starts its stopwatch right after the cache's answer.
            let timed = stopwatch.timesEveryAnswer || metrics.timesNextImmediateAnswer()
            let mark = timed ? stopwatch.start() : 0
            switch cacheFastPaths.immediateGet(query) {
            case .entry(let entry):
                if let validator, case .invalid = validator.validate(entry, for: query, timeSource: configuration.timeSource) {
                    return .read(.fromMain(stale: entry, fallback: fallback, start: timed ? mark : stopwatch.start()))
                }
                let resolved = RepositoryOperation.cacheSync(fallback: fallback)
                guard timed else { return .answered(untimedAnswer(entry, operation: resolved)) }
                return .answered(answer(entry, operation: resolved, start: mark))
            case .notFound:
                return .read(.fromMain(stale: nil, fallback: fallback, start: timed ? mark : stopwatch.start()))
            case .needsSuspension:
                return .read(.cacheFirst(fallback: fallback, start: timed ? mark : stopwatch.start()))
            }
        case .main: return .read(.mainOnly(start: stopwatch.start()))
        case .mainSync(let fallback): return .read(.mainFirst(fallback: fallback, start: stopwatch.start()))
        case .cache(let ignoreValidation):
            return .read(.cacheOnly(ignoreValidation: ignoreValidation, start: stopwatch.start()))
        }
    }

    /// The read `firstLook` left to do.
    @inlinable
    func read(_ query: Query, _ next: NextRead) async throws(RepositoryError) -> Answer<Value> {
        switch next {
        case .fromMain(let stale, let fallback, let start):
            return try await fetchOrServeStale(query, stale: stale, fallback: fallback, start: start)
        case .cacheFirst(let fallback, let start):
            return try await readCacheFirst(query, fallback: fallback, start: start)
        case .mainOnly(let start):
            let (fetch, joined) = try await fetchFromMain(query, cached: nil, writesCache: false)
            return answer(fetch, joined: joined, operation: .main, start: start)
        case .mainFirst(let fallback, let start):
            return try await readMainFirst(query, fallback: fallback, start: start)
        case .cacheOnly(let ignoreValidation, let start):
            return try await readCacheOnly(query, ignoreValidation: ignoreValidation, start: start)
        }
    }

    /// The outcome of `firstLook`: the answer, or the read still to do.
    @usableFromInline
    enum FirstLook {
        case answered(Answer<Value>)
        case read(NextRead)
    }

    /// A read that may suspend, each with its stopwatch's start.
    @usableFromInline
    enum NextRead {
        /// Main, after a miss (`stale` nil) or an invalid entry (`fetchOrServeStale`).
        case fromMain(stale: Entry<Value>?, fallback: FallbackRule, start: Stopwatch.Mark)
        /// The cache through `get`, for caches that must suspend (`readCacheFirst`).
        case cacheFirst(fallback: FallbackRule, start: Stopwatch.Mark)
        /// `main`: main only.
        case mainOnly(start: Stopwatch.Mark)
        /// `mainSync` (`readMainFirst`).
        case mainFirst(fallback: FallbackRule, start: Stopwatch.Mark)
        /// `cache` (`readCacheOnly`).
        case cacheOnly(ignoreValidation: Bool, start: Stopwatch.Mark)
    }

    /// Cache first through `get` (for caches that must suspend).
    @usableFromInline
    func readCacheFirst(_ query: Query, fallback: FallbackRule, start: Stopwatch.Mark)
        async throws(RepositoryError)
        -> Answer<Value>
    {
        var stale: Entry<Value>?
        do {
            let entry = try await cache.get(query, cached: nil)
            guard let validator, case .invalid = validator.validate(entry, for: query, timeSource: configuration.timeSource) else {
                return answer(entry, operation: .cacheSync(fallback: fallback), start: start)
            }
            stale = entry
        } catch {
            guard error.isCacheMiss else { throw error }
        }
        return try await fetchOrServeStale(query, stale: stale, fallback: fallback, start: start)
    }

    /// Whether `entry` may be answered after main failed, under `fallback`: only when the caller
    /// chose `.serveStale`, bounded by what the entry's server said (only inside a
    /// `stale-if-error` window, never once expired under `must-revalidate`; see
    /// `EntryMetadata.mayAnswerAfterFailure`).
    @usableFromInline
    func mayAnswer(_ entry: Entry<Value>, afterFailureUnder fallback: FallbackRule) -> Bool {
        entry.metadata.mayAnswerAfterFailure(
            at: configuration.timeSource.now(), timeToLive: nil, callerServesStale: fallback == .serveStale)
    }

    /// After a cache miss (`stale == nil`) or an invalid entry: main, written to the cache; on
    /// main's failure the stale entry (with `.serveStale`, inside the server's `stale-if-error`
    /// window when it gave one, never under `must-revalidate`) or main's error.
    @usableFromInline
    func fetchOrServeStale(
        _ query: Query, stale: Entry<Value>?, fallback: FallbackRule, start: Stopwatch.Mark
    )
        async throws(RepositoryError) -> Answer<Value>
    {
        let operation = RepositoryOperation.cacheSync(fallback: fallback)
        do {
            let (fetch, joined) = try await fetchFromMain(query, cached: stale, writesCache: true)
            return answer(fetch, joined: joined, operation: operation, start: start)
        } catch {
            guard error != .cancelled, let stale, mayAnswer(stale, afterFailureUnder: fallback) else { throw error }
            metrics.record(.staleServe, tier: stale.origin)
            return answer(stale, isStale: true, fallbackError: error, operation: operation, start: start)
        }
    }

    @usableFromInline
    func readMainFirst(_ query: Query, fallback: FallbackRule, start: Stopwatch.Mark)
        async throws(RepositoryError)
        -> Answer<Value>
    {
        let operation = RepositoryOperation.mainSync(fallback: fallback)
        let mainError: RepositoryError
        do {
            let (fetch, joined) = try await fetchFromMain(query, cached: nil, writesCache: true)
            return answer(fetch, joined: joined, operation: operation, start: start)
        } catch {
            mainError = error
        }
        guard fallback == .serveStale, mainError != .cancelled else { throw mainError }
        let entry: Entry<Value>
        do { entry = try await cache.get(query, cached: nil) } catch { throw mainError }
        guard mayAnswer(entry, afterFailureUnder: fallback) else { throw mainError }
        let isStale = !isValid(entry, for: query)
        if isStale { metrics.record(.staleServe, tier: entry.origin) }
        return answer(entry, isStale: isStale, fallbackError: mainError, operation: operation, start: start)
    }

    @usableFromInline
    func readCacheOnly(_ query: Query, ignoreValidation: Bool, start: Stopwatch.Mark)
        async throws(RepositoryError)
        -> Answer<Value>
    {
        let operation = RepositoryOperation.cache(ignoreValidation: ignoreValidation)
        let entry: Entry<Value>
        switch cacheFastPaths.immediateGet(query) {
        case .entry(let found): entry = found
        case .notFound: throw .notFound(query: query.cacheKey)
        case .needsSuspension: entry = try await cache.get(query, cached: nil)
        }
        guard let validator, case .invalid(let reason) = validator.validate(entry, for: query, timeSource: configuration.timeSource) else {
            return answer(entry, operation: operation, start: start)
        }
        guard ignoreValidation else { throw .notValid(query: query.cacheKey, reason: reason) }
        metrics.record(.staleServe, tier: entry.origin)
        return answer(entry, isStale: true, operation: operation, start: start)
    }

    @usableFromInline
    func isValid(_ entry: Entry<Value>, for query: Query) -> Bool {
        validator?.validate(entry, for: query, timeSource: configuration.timeSource).isValid ?? true
    }

    @usableFromInline
    func answer(
        _ fetch: MainFetch<Value>, joined: Bool, operation: RepositoryOperation, start: Stopwatch.Mark
    )
        -> Answer<Value>
    {
        var entry = fetch.entry
        if joined { entry.origin = .coalesced }
        return answer(entry, diagnostics: fetch.diagnostics, operation: operation, start: start)
    }

    /// Builds the answer for `entry`: one clock reading gives the duration (from the stopwatch)
    /// and "now" for the age; the latency is recorded against the answering tier without a lock.
    @inlinable
    func answer(
        _ entry: Entry<Value>, isStale: Bool = false, fallbackError: RepositoryError? = nil,
        diagnostics: [String] = [], operation: RepositoryOperation, start: Stopwatch.Mark
    ) -> Answer<Value> {
        let lap = stopwatch.lap(start)
        metrics.recordLatency(nanoseconds: lap.nanoseconds, tier: entry.origin)
        return Answer(
            value: entry.value, origin: entry.origin, isStale: isStale,
            age: lap.now.timeIntervalSince(entry.metadata.storedAt), fallbackError: fallbackError,
            diagnostics: diagnostics, nanoseconds: lap.nanoseconds, operation: operation,
            metadata: entry.metadata)
    }

    /// Builds the answer for a valid `entry` the cache gave without suspending (a memory hit) that
    /// is not among the timed ones: its age from the coarse wall clock (never below zero), its
    /// duration zero, counted as an untimed answer of its tier. No clock source is read.
    @inlinable @inline(__always)
    func untimedAnswer(_ entry: Entry<Value>, operation: RepositoryOperation) -> Answer<Value> {
        metrics.recordUntimedAnswer(tier: entry.origin)
        return Answer(
            value: entry.value, origin: entry.origin,
            age: max(0, stopwatch.coarseNow().timeIntervalSince(entry.metadata.storedAt)), nanoseconds: 0,
            operation: operation, metadata: entry.metadata)
    }
}
