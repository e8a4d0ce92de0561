import RepositoryCore
import Testing

/// One line of seed 000's (and seed 001's) operation rules, as a test argument: the verb and
/// operation, how the two sources are set up, and what must happen.
struct OperationCase: Sendable, CustomTestStringConvertible {
    enum Verb: String, Sendable { case get = "GET", put = "PUT", delete = "DELETE" }

    /// What the cache (storage) holds before the call.
    enum CacheSetup: String, Sendable {
        /// A valid value, "cached value".
        case holds
        /// Nothing.
        case empty
        /// A value the validator rejects, "expired".
        case notValid
        /// Every call fails with `diskFull`.
        case failing
    }

    /// What the main (network) source does.
    enum MainSetup: String, Sendable {
        /// Holds "main value" and accepts writes.
        case answers
        /// Every call fails with `offline`.
        case fails
    }

    let verb: Verb
    let operation: RepositoryOperation
    let cache: CacheSetup
    let main: MainSetup
    /// The value returned (GET, PUT) or the error thrown; nil for a DELETE that succeeds.
    let outcome: Result<String, RepositoryError>?
    /// The calls the sources received, in order.
    let journal: [String]
    /// What the cache holds afterwards.
    let cacheAfter: String?

    var testDescription: String { "\(verb.rawValue) \(operation.label), cache \(cache), main \(main)" }

    static let offline = RepositoryError.mainUnavailable(reason: "offline")
    static let diskFull = RepositoryError.storageFailure(detail: "disk full")
    static let query: Query = "myKey"
}

extension RepositoryOperation {
    /// `cacheSync(.fail)`, `mainSync(.serveStale)`, …: the name with its parameter.
    var label: String {
        switch self {
        case .default, .main: name
        case .mainSync(let rule), .cacheSync(let rule): "\(name)(\(rule))"
        case .cache(let ignoreValidation): ignoreValidation ? "cache(ignoreValidation)" : "cache"
        }
    }
}
