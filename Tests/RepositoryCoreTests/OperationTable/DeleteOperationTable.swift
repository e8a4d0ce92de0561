import RepositoryCore

/// One cell of the DELETE operation table.
struct DeleteRow: Sendable, CustomStringConvertible {
    let operation: RepositoryOperation
    let main: MainScript
    let cache: CacheScript
    /// nil: the delete succeeds.
    let error: ErrorKind?
    /// Main deletes, cache deletes (failed ones included).
    let mainDeletes: Int, cacheDeletes: Int
    /// What the cache holds afterwards.
    let cacheAfter: String?

    init(
        _ operation: RepositoryOperation, _ main: MainScript, _ cache: CacheScript, _ error: ErrorKind?,
        main mainDeletes: Int, deletes cacheDeletes: Int, after cacheAfter: String?
    ) {
        self.operation = operation
        self.main = main
        self.cache = cache
        self.error = error
        self.mainDeletes = mainDeletes
        self.cacheDeletes = cacheDeletes
        self.cacheAfter = cacheAfter
    }

    var description: String { "DELETE \(operation.label), main \(main), cache \(cache)" }
}

/// Every DELETE cell: 8 operations × main ok/fails × cache valid/invalid/missing/failing.
/// (Kept one row per line, as the table it is.)
// swift-format-ignore
let deleteTable: [DeleteRow] = [
    // default = mainSync: main, then the cache
    DeleteRow(.default, .ok, .valid, nil, main: 1, deletes: 1, after: nil),
    DeleteRow(.default, .ok, .invalid, nil, main: 1, deletes: 1, after: nil),
    DeleteRow(.default, .ok, .missing, nil, main: 1, deletes: 1, after: nil),
    DeleteRow(.default, .ok, .failing, .storageFailure, main: 1, deletes: 1, after: nil),
    DeleteRow(.default, .fails, .valid, .mainUnavailable, main: 1, deletes: 0, after: "cached"),
    DeleteRow(.default, .fails, .invalid, .mainUnavailable, main: 1, deletes: 0, after: "stale"),
    DeleteRow(.default, .fails, .missing, .mainUnavailable, main: 1, deletes: 0, after: nil),
    DeleteRow(.default, .fails, .failing, .mainUnavailable, main: 1, deletes: 0, after: nil),
    DeleteRow(mainSyncFail, .ok, .valid, nil, main: 1, deletes: 1, after: nil),
    DeleteRow(mainSyncFail, .ok, .invalid, nil, main: 1, deletes: 1, after: nil),
    DeleteRow(mainSyncFail, .ok, .missing, nil, main: 1, deletes: 1, after: nil),
    DeleteRow(mainSyncFail, .ok, .failing, .storageFailure, main: 1, deletes: 1, after: nil),
    DeleteRow(mainSyncFail, .fails, .valid, .mainUnavailable, main: 1, deletes: 0, after: "cached"),
    DeleteRow(mainSyncFail, .fails, .invalid, .mainUnavailable, main: 1, deletes: 0, after: "stale"),
    DeleteRow(mainSyncFail, .fails, .missing, .mainUnavailable, main: 1, deletes: 0, after: nil),
    DeleteRow(mainSyncFail, .fails, .failing, .mainUnavailable, main: 1, deletes: 0, after: nil),
    DeleteRow(mainSyncStale, .ok, .valid, nil, main: 1, deletes: 1, after: nil),
    DeleteRow(mainSyncStale, .ok, .invalid, nil, main: 1, deletes: 1, after: nil),
    DeleteRow(mainSyncStale, .ok, .missing, nil, main: 1, deletes: 1, after: nil),
    DeleteRow(mainSyncStale, .ok, .failing, .storageFailure, main: 1, deletes: 1, after: nil),
    DeleteRow(mainSyncStale, .fails, .valid, .mainUnavailable, main: 1, deletes: 0, after: "cached"),
    DeleteRow(mainSyncStale, .fails, .invalid, .mainUnavailable, main: 1, deletes: 0, after: "stale"),
    DeleteRow(mainSyncStale, .fails, .missing, .mainUnavailable, main: 1, deletes: 0, after: nil),
    DeleteRow(mainSyncStale, .fails, .failing, .mainUnavailable, main: 1, deletes: 0, after: nil),
    // main only
    DeleteRow(.main, .ok, .valid, nil, main: 1, deletes: 0, after: "cached"),
    DeleteRow(.main, .ok, .invalid, nil, main: 1, deletes: 0, after: "stale"),
    DeleteRow(.main, .ok, .missing, nil, main: 1, deletes: 0, after: nil),
    DeleteRow(.main, .ok, .failing, nil, main: 1, deletes: 0, after: nil),
    DeleteRow(.main, .fails, .valid, .mainUnavailable, main: 1, deletes: 0, after: "cached"),
    DeleteRow(.main, .fails, .invalid, .mainUnavailable, main: 1, deletes: 0, after: "stale"),
    DeleteRow(.main, .fails, .missing, .mainUnavailable, main: 1, deletes: 0, after: nil),
    DeleteRow(.main, .fails, .failing, .mainUnavailable, main: 1, deletes: 0, after: nil),
    // cache only
    DeleteRow(cacheChecked, .ok, .valid, nil, main: 0, deletes: 1, after: nil),
    DeleteRow(cacheChecked, .ok, .invalid, nil, main: 0, deletes: 1, after: nil),
    DeleteRow(cacheChecked, .ok, .missing, nil, main: 0, deletes: 1, after: nil),
    DeleteRow(cacheChecked, .ok, .failing, .storageFailure, main: 0, deletes: 1, after: nil),
    DeleteRow(cacheChecked, .fails, .valid, nil, main: 0, deletes: 1, after: nil),
    DeleteRow(cacheChecked, .fails, .invalid, nil, main: 0, deletes: 1, after: nil),
    DeleteRow(cacheChecked, .fails, .missing, nil, main: 0, deletes: 1, after: nil),
    DeleteRow(cacheChecked, .fails, .failing, .storageFailure, main: 0, deletes: 1, after: nil),
    DeleteRow(cacheUnchecked, .ok, .valid, nil, main: 0, deletes: 1, after: nil),
    DeleteRow(cacheUnchecked, .ok, .invalid, nil, main: 0, deletes: 1, after: nil),
    DeleteRow(cacheUnchecked, .ok, .missing, nil, main: 0, deletes: 1, after: nil),
    DeleteRow(cacheUnchecked, .ok, .failing, .storageFailure, main: 0, deletes: 1, after: nil),
    DeleteRow(cacheUnchecked, .fails, .valid, nil, main: 0, deletes: 1, after: nil),
    DeleteRow(cacheUnchecked, .fails, .invalid, nil, main: 0, deletes: 1, after: nil),
    DeleteRow(cacheUnchecked, .fails, .missing, nil, main: 0, deletes: 1, after: nil),
    DeleteRow(cacheUnchecked, .fails, .failing, .storageFailure, main: 0, deletes: 1, after: nil),
    // cacheSync: the cache, then main
    DeleteRow(cacheSyncStale, .ok, .valid, nil, main: 1, deletes: 1, after: nil),
    DeleteRow(cacheSyncStale, .ok, .invalid, nil, main: 1, deletes: 1, after: nil),
    DeleteRow(cacheSyncStale, .ok, .missing, nil, main: 1, deletes: 1, after: nil),
    DeleteRow(cacheSyncStale, .ok, .failing, .storageFailure, main: 0, deletes: 1, after: nil),
    DeleteRow(cacheSyncStale, .fails, .valid, .mainUnavailable, main: 1, deletes: 1, after: nil),
    DeleteRow(cacheSyncStale, .fails, .invalid, .mainUnavailable, main: 1, deletes: 1, after: nil),
    DeleteRow(cacheSyncStale, .fails, .missing, .mainUnavailable, main: 1, deletes: 1, after: nil),
    DeleteRow(cacheSyncStale, .fails, .failing, .storageFailure, main: 0, deletes: 1, after: nil),
    DeleteRow(cacheSyncFail, .ok, .valid, nil, main: 1, deletes: 1, after: nil),
    DeleteRow(cacheSyncFail, .ok, .invalid, nil, main: 1, deletes: 1, after: nil),
    DeleteRow(cacheSyncFail, .ok, .missing, nil, main: 1, deletes: 1, after: nil),
    DeleteRow(cacheSyncFail, .ok, .failing, .storageFailure, main: 0, deletes: 1, after: nil),
    DeleteRow(cacheSyncFail, .fails, .valid, .mainUnavailable, main: 1, deletes: 1, after: nil),
    DeleteRow(cacheSyncFail, .fails, .invalid, .mainUnavailable, main: 1, deletes: 1, after: nil),
    DeleteRow(cacheSyncFail, .fails, .missing, .mainUnavailable, main: 1, deletes: 1, after: nil),
    DeleteRow(cacheSyncFail, .fails, .failing, .storageFailure, main: 0, deletes: 1, after: nil),
]
