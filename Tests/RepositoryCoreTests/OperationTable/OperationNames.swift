import RepositoryCore

// The operations every table names, with both values of their parameter.
let mainSyncFail = RepositoryOperation.mainSync(fallback: .fail)
let mainSyncStale = RepositoryOperation.mainSync(fallback: .serveStale)
let cacheChecked = RepositoryOperation.cache(ignoreValidation: false)
let cacheUnchecked = RepositoryOperation.cache(ignoreValidation: true)
let cacheSyncStale = RepositoryOperation.cacheSync(fallback: .serveStale)
let cacheSyncFail = RepositoryOperation.cacheSync(fallback: .fail)
