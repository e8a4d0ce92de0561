import RepositoryCore

/// One cell of the PUT operation table: the value "new" is written; main answers "new@main".
struct PutRow: Sendable, CustomStringConvertible {
    enum Outcome: Sendable {
        case value(String)
        case error(ErrorKind)
    }

    let operation: RepositoryOperation
    let main: MainScript
    let cache: CacheScript
    let outcome: Outcome
    /// Main writes, cache writes, cache deletes (a failed cache write after main drops the entry).
    let mainPuts: Int, cachePuts: Int, cacheDeletes: Int
    /// What the cache holds afterwards.
    let cacheAfter: String?

    init(
        _ operation: RepositoryOperation, _ main: MainScript, _ cache: CacheScript, _ outcome: Outcome,
        main mainPuts: Int, puts cachePuts: Int, deletes cacheDeletes: Int = 0, after cacheAfter: String?
    ) {
        self.operation = operation
        self.main = main
        self.cache = cache
        self.outcome = outcome
        self.mainPuts = mainPuts
        self.cachePuts = cachePuts
        self.cacheDeletes = cacheDeletes
        self.cacheAfter = cacheAfter
    }

    var description: String { "PUT \(operation.label), main \(main), cache \(cache)" }
}

/// Every PUT cell: 8 operations × main ok/fails × cache valid/invalid/missing/failing.
/// (Kept one row per line, as the table it is.)
// swift-format-ignore
let putTable: [PutRow] = [
    // default = mainSync: main, then the cache gets main's value
    PutRow(.default, .ok, .valid, .value("new@main"), main: 1, puts: 1, after: "new@main"),
    PutRow(.default, .ok, .invalid, .value("new@main"), main: 1, puts: 1, after: "new@main"),
    PutRow(.default, .ok, .missing, .value("new@main"), main: 1, puts: 1, after: "new@main"),
    PutRow(.default, .ok, .failing, .error(.storageFailure), main: 1, puts: 1, deletes: 1, after: nil),
    PutRow(.default, .fails, .valid, .error(.mainUnavailable), main: 1, puts: 0, after: "cached"),
    PutRow(.default, .fails, .invalid, .error(.mainUnavailable), main: 1, puts: 0, after: "stale"),
    PutRow(.default, .fails, .missing, .error(.mainUnavailable), main: 1, puts: 0, after: nil),
    PutRow(.default, .fails, .failing, .error(.mainUnavailable), main: 1, puts: 0, after: nil),
    PutRow(mainSyncFail, .ok, .valid, .value("new@main"), main: 1, puts: 1, after: "new@main"),
    PutRow(mainSyncFail, .ok, .invalid, .value("new@main"), main: 1, puts: 1, after: "new@main"),
    PutRow(mainSyncFail, .ok, .missing, .value("new@main"), main: 1, puts: 1, after: "new@main"),
    PutRow(mainSyncFail, .ok, .failing, .error(.storageFailure), main: 1, puts: 1, deletes: 1, after: nil),
    PutRow(mainSyncFail, .fails, .valid, .error(.mainUnavailable), main: 1, puts: 0, after: "cached"),
    PutRow(mainSyncFail, .fails, .invalid, .error(.mainUnavailable), main: 1, puts: 0, after: "stale"),
    PutRow(mainSyncFail, .fails, .missing, .error(.mainUnavailable), main: 1, puts: 0, after: nil),
    PutRow(mainSyncFail, .fails, .failing, .error(.mainUnavailable), main: 1, puts: 0, after: nil),
    PutRow(mainSyncStale, .ok, .valid, .value("new@main"), main: 1, puts: 1, after: "new@main"),
    PutRow(mainSyncStale, .ok, .invalid, .value("new@main"), main: 1, puts: 1, after: "new@main"),
    PutRow(mainSyncStale, .ok, .missing, .value("new@main"), main: 1, puts: 1, after: "new@main"),
    PutRow(mainSyncStale, .ok, .failing, .error(.storageFailure), main: 1, puts: 1, deletes: 1, after: nil),
    PutRow(mainSyncStale, .fails, .valid, .error(.mainUnavailable), main: 1, puts: 0, after: "cached"),
    PutRow(mainSyncStale, .fails, .invalid, .error(.mainUnavailable), main: 1, puts: 0, after: "stale"),
    PutRow(mainSyncStale, .fails, .missing, .error(.mainUnavailable), main: 1, puts: 0, after: nil),
    PutRow(mainSyncStale, .fails, .failing, .error(.mainUnavailable), main: 1, puts: 0, after: nil),
    // main only
    PutRow(.main, .ok, .valid, .value("new@main"), main: 1, puts: 0, after: "cached"),
    PutRow(.main, .ok, .invalid, .value("new@main"), main: 1, puts: 0, after: "stale"),
    PutRow(.main, .ok, .missing, .value("new@main"), main: 1, puts: 0, after: nil),
    PutRow(.main, .ok, .failing, .value("new@main"), main: 1, puts: 0, after: nil),
    PutRow(.main, .fails, .valid, .error(.mainUnavailable), main: 1, puts: 0, after: "cached"),
    PutRow(.main, .fails, .invalid, .error(.mainUnavailable), main: 1, puts: 0, after: "stale"),
    PutRow(.main, .fails, .missing, .error(.mainUnavailable), main: 1, puts: 0, after: nil),
    PutRow(.main, .fails, .failing, .error(.mainUnavailable), main: 1, puts: 0, after: nil),
    // cache only
    PutRow(cacheChecked, .ok, .valid, .value("new"), main: 0, puts: 1, after: "new"),
    PutRow(cacheChecked, .ok, .invalid, .value("new"), main: 0, puts: 1, after: "new"),
    PutRow(cacheChecked, .ok, .missing, .value("new"), main: 0, puts: 1, after: "new"),
    PutRow(cacheChecked, .ok, .failing, .error(.storageFailure), main: 0, puts: 1, after: nil),
    PutRow(cacheChecked, .fails, .valid, .value("new"), main: 0, puts: 1, after: "new"),
    PutRow(cacheChecked, .fails, .invalid, .value("new"), main: 0, puts: 1, after: "new"),
    PutRow(cacheChecked, .fails, .missing, .value("new"), main: 0, puts: 1, after: "new"),
    PutRow(cacheChecked, .fails, .failing, .error(.storageFailure), main: 0, puts: 1, after: nil),
    PutRow(cacheUnchecked, .ok, .valid, .value("new"), main: 0, puts: 1, after: "new"),
    PutRow(cacheUnchecked, .ok, .invalid, .value("new"), main: 0, puts: 1, after: "new"),
    PutRow(cacheUnchecked, .ok, .missing, .value("new"), main: 0, puts: 1, after: "new"),
    PutRow(cacheUnchecked, .ok, .failing, .error(.storageFailure), main: 0, puts: 1, after: nil),
    PutRow(cacheUnchecked, .fails, .valid, .value("new"), main: 0, puts: 1, after: "new"),
    PutRow(cacheUnchecked, .fails, .invalid, .value("new"), main: 0, puts: 1, after: "new"),
    PutRow(cacheUnchecked, .fails, .missing, .value("new"), main: 0, puts: 1, after: "new"),
    PutRow(cacheUnchecked, .fails, .failing, .error(.storageFailure), main: 0, puts: 1, after: nil),
    // cacheSync: the cache, then main (the cache keeps the value when main fails)
    PutRow(cacheSyncStale, .ok, .valid, .value("new@main"), main: 1, puts: 1, after: "new"),
    PutRow(cacheSyncStale, .ok, .invalid, .value("new@main"), main: 1, puts: 1, after: "new"),
    PutRow(cacheSyncStale, .ok, .missing, .value("new@main"), main: 1, puts: 1, after: "new"),
    PutRow(cacheSyncStale, .ok, .failing, .error(.storageFailure), main: 0, puts: 1, after: nil),
    PutRow(cacheSyncStale, .fails, .valid, .error(.mainUnavailable), main: 1, puts: 1, after: "new"),
    PutRow(cacheSyncStale, .fails, .invalid, .error(.mainUnavailable), main: 1, puts: 1, after: "new"),
    PutRow(cacheSyncStale, .fails, .missing, .error(.mainUnavailable), main: 1, puts: 1, after: "new"),
    PutRow(cacheSyncStale, .fails, .failing, .error(.storageFailure), main: 0, puts: 1, after: nil),
    PutRow(cacheSyncFail, .ok, .valid, .value("new@main"), main: 1, puts: 1, after: "new"),
    PutRow(cacheSyncFail, .ok, .invalid, .value("new@main"), main: 1, puts: 1, after: "new"),
    PutRow(cacheSyncFail, .ok, .missing, .value("new@main"), main: 1, puts: 1, after: "new"),
    PutRow(cacheSyncFail, .ok, .failing, .error(.storageFailure), main: 0, puts: 1, after: nil),
    PutRow(cacheSyncFail, .fails, .valid, .error(.mainUnavailable), main: 1, puts: 1, after: "new"),
    PutRow(cacheSyncFail, .fails, .invalid, .error(.mainUnavailable), main: 1, puts: 1, after: "new"),
    PutRow(cacheSyncFail, .fails, .missing, .error(.mainUnavailable), main: 1, puts: 1, after: "new"),
    PutRow(cacheSyncFail, .fails, .failing, .error(.storageFailure), main: 0, puts: 1, after: nil),
]
