import Foundation
import RepositoryCore
import TestSupport

/// How the main fake behaves in a table row.
enum MainScript: String, Sendable, CaseIterable {
    /// Serves "fresh"; writes answer "<value>@main"; deletes succeed.
    case ok
    /// Every call throws `.mainUnavailable(reason: "offline")`.
    case fails
}

/// What the cache fake holds in a table row (a 60 s TTL validator judges it).
enum CacheScript: String, Sendable, CaseIterable {
    /// "cached", stored now.
    case valid
    /// "stale", stored 120 s ago.
    case invalid
    /// Nothing.
    case missing
    /// Every call throws `.storageFailure(detail: "disk full")`.
    case failing

    /// What the cache holds before the call.
    var initialValue: String? {
        switch self {
        case .valid: "cached"
        case .invalid: "stale"
        case .missing, .failing: nil
        }
    }
}

/// The kind of error a row expects (payload text is checked by the dedicated tests).
enum ErrorKind: String, Sendable {
    case notFound, notValid, mainUnavailable, storageFailure

    func matches(_ error: RepositoryError) -> Bool {
        switch (self, error) {
        case (.notFound, .notFound), (.notValid, .notValid), (.mainUnavailable, .mainUnavailable),
            (.storageFailure, .storageFailure):
            true
        default: false
        }
    }
}

/// A repository over two fakes, set up as a table row says.
struct OperationHarness {
    static let query = Query.id(1)
    static let offline = RepositoryError.mainUnavailable(reason: "offline")
    static let diskFull = RepositoryError.storageFailure(detail: "disk full")

    let time = ManualTimeSource()
    let main: FakeDataSource<String>
    let cache: FakeDataSource<String>
    let repository: CacheRepository<FakeDataSource<String>, FakeDataSource<String>>

    /// `immediateCache`: the cache answers without suspending when it can (as an in-memory store).
    init(main mainScript: MainScript, cache cacheScript: CacheScript, immediateCache: Bool = false) {
        main = FakeDataSource(origin: .network, timeSource: time)
        cache = FakeDataSource(origin: .memory, timeSource: time, answersImmediately: immediateCache)
        switch mainScript {
        case .ok:
            main.store("fresh", for: Self.query)
            main.setPutTransform { $0 + "@main" }
        case .fails:
            main.failEverything(with: Self.offline)
        }
        switch cacheScript {
        case .valid: cache.store("cached", for: Self.query)
        case .invalid: cache.store("stale", for: Self.query, storedAt: time.now().addingTimeInterval(-120))
        case .missing: break
        case .failing: cache.failEverything(with: Self.diskFull)
        }
        repository = CacheRepository(
            main: main, cache: cache, validator: TTLValidator(timeToLive: 60, timeSource: time),
            configuration: CacheRepositoryConfiguration(timeSource: time))
    }
}

extension RepositoryOperation {
    /// The operation with its arguments, for test names.
    var label: String {
        switch self {
        case .default: "default"
        case .main: "main"
        case .mainSync(let fallback): "mainSync(\(fallback))"
        case .cache(let ignoreValidation): ignoreValidation ? "cache(ignoreValidation)" : "cache"
        case .cacheSync(let fallback): "cacheSync(\(fallback))"
        }
    }

    /// Every distinct operation value (the enum is exhaustive; aliases are among these).
    static let everyCase: [RepositoryOperation] = [
        .default, .main, .mainSync(fallback: .fail), .mainSync(fallback: .serveStale),
        .cache(ignoreValidation: false), .cache(ignoreValidation: true),
        .cacheSync(fallback: .serveStale), .cacheSync(fallback: .fail),
    ]
}
