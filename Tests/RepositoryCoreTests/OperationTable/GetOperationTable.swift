import RepositoryCore

/// One cell of the GET operation table (cache-semantics.md): setup, expected outcome, expected calls.
struct GetRow: Sendable, CustomStringConvertible {
    enum Outcome: Sendable {
        case value(String, Origin, stale: Bool, fallback: Bool, diagnosed: Bool)
        case error(ErrorKind)
    }

    let operation: RepositoryOperation
    let main: MainScript
    let cache: CacheScript
    let outcome: Outcome
    /// Main reads, cache reads, cache writes.
    let mainGets: Int, cacheGets: Int, cachePuts: Int
    /// Whether main received the stale entry as `cached:` (for revalidation).
    let staleHandedToMain: Bool

    init(
        _ operation: RepositoryOperation, _ main: MainScript, _ cache: CacheScript, _ outcome: Outcome,
        main mainGets: Int, gets cacheGets: Int, puts cachePuts: Int, handsStale: Bool = false
    ) {
        self.operation = operation
        self.main = main
        self.cache = cache
        self.outcome = outcome
        self.mainGets = mainGets
        self.cacheGets = cacheGets
        self.cachePuts = cachePuts
        self.staleHandedToMain = handsStale
    }

    var description: String { "GET \(operation.label), main \(main), cache \(cache)" }
}

private func value(
    _ value: String, _ origin: Origin, stale: Bool = false, fallback: Bool = false, diagnosed: Bool = false
) -> GetRow.Outcome {
    .value(value, origin, stale: stale, fallback: fallback, diagnosed: diagnosed)
}

private func error(_ kind: ErrorKind) -> GetRow.Outcome { .error(kind) }

/// Every GET cell: 8 operations × main ok/fails × cache valid/invalid/missing/failing.
/// (Kept one row per line, as the table it is.)
// swift-format-ignore
let getTable: [GetRow] = [
    // default = cacheSync(.fail), as seed 000 says
    GetRow(.default, .ok, .valid, value("cached", .memory), main: 0, gets: 1, puts: 0),
    GetRow(.default, .ok, .invalid, value("fresh", .network), main: 1, gets: 1, puts: 1, handsStale: true),
    GetRow(.default, .ok, .missing, value("fresh", .network), main: 1, gets: 1, puts: 1),
    GetRow(.default, .ok, .failing, error(.storageFailure), main: 0, gets: 1, puts: 0),
    GetRow(.default, .fails, .valid, value("cached", .memory), main: 0, gets: 1, puts: 0),
    GetRow(.default, .fails, .invalid, error(.mainUnavailable), main: 1, gets: 1, puts: 0, handsStale: true),
    GetRow(.default, .fails, .missing, error(.mainUnavailable), main: 1, gets: 1, puts: 0),
    GetRow(.default, .fails, .failing, error(.storageFailure), main: 0, gets: 1, puts: 0),
    // cacheSync(.serveStale)
    GetRow(cacheSyncStale, .ok, .valid, value("cached", .memory), main: 0, gets: 1, puts: 0),
    GetRow(cacheSyncStale, .ok, .invalid, value("fresh", .network), main: 1, gets: 1, puts: 1, handsStale: true),
    GetRow(cacheSyncStale, .ok, .missing, value("fresh", .network), main: 1, gets: 1, puts: 1),
    GetRow(cacheSyncStale, .ok, .failing, error(.storageFailure), main: 0, gets: 1, puts: 0),
    GetRow(cacheSyncStale, .fails, .valid, value("cached", .memory), main: 0, gets: 1, puts: 0),
    GetRow(cacheSyncStale, .fails, .invalid, value("stale", .memory, stale: true, fallback: true), main: 1, gets: 1, puts: 0, handsStale: true),
    GetRow(cacheSyncStale, .fails, .missing, error(.mainUnavailable), main: 1, gets: 1, puts: 0),
    GetRow(cacheSyncStale, .fails, .failing, error(.storageFailure), main: 0, gets: 1, puts: 0),
    // cacheSync(.fail)
    GetRow(cacheSyncFail, .ok, .valid, value("cached", .memory), main: 0, gets: 1, puts: 0),
    GetRow(cacheSyncFail, .ok, .invalid, value("fresh", .network), main: 1, gets: 1, puts: 1, handsStale: true),
    GetRow(cacheSyncFail, .ok, .missing, value("fresh", .network), main: 1, gets: 1, puts: 1),
    GetRow(cacheSyncFail, .ok, .failing, error(.storageFailure), main: 0, gets: 1, puts: 0),
    GetRow(cacheSyncFail, .fails, .valid, value("cached", .memory), main: 0, gets: 1, puts: 0),
    GetRow(cacheSyncFail, .fails, .invalid, error(.mainUnavailable), main: 1, gets: 1, puts: 0, handsStale: true),
    GetRow(cacheSyncFail, .fails, .missing, error(.mainUnavailable), main: 1, gets: 1, puts: 0),
    GetRow(cacheSyncFail, .fails, .failing, error(.storageFailure), main: 0, gets: 1, puts: 0),
    // main: the cache is neither read nor written
    GetRow(.main, .ok, .valid, value("fresh", .network), main: 1, gets: 0, puts: 0),
    GetRow(.main, .ok, .invalid, value("fresh", .network), main: 1, gets: 0, puts: 0),
    GetRow(.main, .ok, .missing, value("fresh", .network), main: 1, gets: 0, puts: 0),
    GetRow(.main, .ok, .failing, value("fresh", .network), main: 1, gets: 0, puts: 0),
    GetRow(.main, .fails, .valid, error(.mainUnavailable), main: 1, gets: 0, puts: 0),
    GetRow(.main, .fails, .invalid, error(.mainUnavailable), main: 1, gets: 0, puts: 0),
    GetRow(.main, .fails, .missing, error(.mainUnavailable), main: 1, gets: 0, puts: 0),
    GetRow(.main, .fails, .failing, error(.mainUnavailable), main: 1, gets: 0, puts: 0),
    // mainSync(.fail): the original MainSync, never falls back
    GetRow(mainSyncFail, .ok, .valid, value("fresh", .network), main: 1, gets: 0, puts: 1),
    GetRow(mainSyncFail, .ok, .invalid, value("fresh", .network), main: 1, gets: 0, puts: 1),
    GetRow(mainSyncFail, .ok, .missing, value("fresh", .network), main: 1, gets: 0, puts: 1),
    GetRow(mainSyncFail, .ok, .failing, value("fresh", .network, diagnosed: true), main: 1, gets: 0, puts: 1),
    GetRow(mainSyncFail, .fails, .valid, error(.mainUnavailable), main: 1, gets: 0, puts: 0),
    GetRow(mainSyncFail, .fails, .invalid, error(.mainUnavailable), main: 1, gets: 0, puts: 0),
    GetRow(mainSyncFail, .fails, .missing, error(.mainUnavailable), main: 1, gets: 0, puts: 0),
    GetRow(mainSyncFail, .fails, .failing, error(.mainUnavailable), main: 1, gets: 0, puts: 0),
    // mainSync(.serveStale) = remoteFirst
    GetRow(mainSyncStale, .ok, .valid, value("fresh", .network), main: 1, gets: 0, puts: 1),
    GetRow(mainSyncStale, .ok, .invalid, value("fresh", .network), main: 1, gets: 0, puts: 1),
    GetRow(mainSyncStale, .ok, .missing, value("fresh", .network), main: 1, gets: 0, puts: 1),
    GetRow(mainSyncStale, .ok, .failing, value("fresh", .network, diagnosed: true), main: 1, gets: 0, puts: 1),
    GetRow(mainSyncStale, .fails, .valid, value("cached", .memory, fallback: true), main: 1, gets: 1, puts: 0),
    GetRow(mainSyncStale, .fails, .invalid, value("stale", .memory, stale: true, fallback: true), main: 1, gets: 1, puts: 0),
    GetRow(mainSyncStale, .fails, .missing, error(.mainUnavailable), main: 1, gets: 1, puts: 0),
    GetRow(mainSyncStale, .fails, .failing, error(.mainUnavailable), main: 1, gets: 1, puts: 0),
    // cache: validator applied, main never called
    GetRow(cacheChecked, .ok, .valid, value("cached", .memory), main: 0, gets: 1, puts: 0),
    GetRow(cacheChecked, .ok, .invalid, error(.notValid), main: 0, gets: 1, puts: 0),
    GetRow(cacheChecked, .ok, .missing, error(.notFound), main: 0, gets: 1, puts: 0),
    GetRow(cacheChecked, .ok, .failing, error(.storageFailure), main: 0, gets: 1, puts: 0),
    GetRow(cacheChecked, .fails, .valid, value("cached", .memory), main: 0, gets: 1, puts: 0),
    GetRow(cacheChecked, .fails, .invalid, error(.notValid), main: 0, gets: 1, puts: 0),
    GetRow(cacheChecked, .fails, .missing, error(.notFound), main: 0, gets: 1, puts: 0),
    GetRow(cacheChecked, .fails, .failing, error(.storageFailure), main: 0, gets: 1, puts: 0),
    // cache(ignoreValidation): an invalid value is served, marked stale
    GetRow(cacheUnchecked, .ok, .valid, value("cached", .memory), main: 0, gets: 1, puts: 0),
    GetRow(cacheUnchecked, .ok, .invalid, value("stale", .memory, stale: true), main: 0, gets: 1, puts: 0),
    GetRow(cacheUnchecked, .ok, .missing, error(.notFound), main: 0, gets: 1, puts: 0),
    GetRow(cacheUnchecked, .ok, .failing, error(.storageFailure), main: 0, gets: 1, puts: 0),
    GetRow(cacheUnchecked, .fails, .valid, value("cached", .memory), main: 0, gets: 1, puts: 0),
    GetRow(cacheUnchecked, .fails, .invalid, value("stale", .memory, stale: true), main: 0, gets: 1, puts: 0),
    GetRow(cacheUnchecked, .fails, .missing, error(.notFound), main: 0, gets: 1, puts: 0),
    GetRow(cacheUnchecked, .fails, .failing, error(.storageFailure), main: 0, gets: 1, puts: 0),
]
