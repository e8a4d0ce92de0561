import Metrics
import RepositoryCore

/// The counters and timers of one instrumented repository, made once (every origin, operation
/// and staleness) so that an answer only picks its counter from an array: no lookup, no lock of
/// its own. The observer of an instrumented repository's answers; with no metrics backend
/// (`nothing`), an observer that counts nothing. Sendable: constants, and swift-metrics' handlers
/// are thread-safe.
@usableFromInline
struct AnswerCounters: AnswerObserver {
    /// Whether there is anything to count (false for `nothing`).
    @usableFromInline let counts: Bool
    /// One counter per origin, operation and staleness, at `(origin × slots + slot) × 2 + stale`:
    /// the factory's handlers, held without reference counting (`answerHandlers` keeps them).
    @usableFromInline let answers: [any UnretainedCounting]
    /// The same handlers, held strongly for as long as `answers` is used.
    let answerHandlers: [any CounterHandler]
    @usableFromInline let failures: [Counter]
    @usableFromInline let durations: [Metrics.Timer]

    /// Counters that count nothing, for a repository with no metrics backend.
    static let nothing = AnswerCounters()

    private init() {
        counts = false
        answerHandlers = []
        answers = []
        failures = []
        durations = []
    }

    init(kind: String, factory: any MetricsFactory) {
        counts = true
        answerHandlers = Origin.allCases.flatMap { origin in
            OperationSlot.all.flatMap { slot in
                [false, true].map { stale in
                    factory.makeCounter(
                        label: "charbrowser_repository_answers",
                        dimensions: [
                            ("kind", kind), ("origin", origin.rawValue), ("policy", slot.policy),
                            ("stale", String(stale)),
                        ])
                }
            }
        }
        answers = answerHandlers.map(unretained)
        failures = OperationSlot.all.map { slot in
            Counter(
                label: "charbrowser_repository_failures",
                dimensions: [("kind", kind), ("policy", slot.policy)],
                factory: factory)
        }
        durations = Origin.allCases.map { origin in
            Metrics.Timer(
                label: "charbrowser_repository_read_duration",
                dimensions: [("kind", kind), ("origin", origin.rawValue)], factory: factory)
        }
    }

    /// Counts `answer`, as `record(origin:operation:stale:duration:)`.
    @inlinable
    func observe<Value>(_ answer: Answer<Value>, for query: Query) {
        guard counts else { return }
        record(origin: answer.origin, operation: answer.operation, stale: answer.isStale, duration: answer.duration)
    }

    /// Counts a read that threw.
    @inlinable
    func observeFailure(_ error: RepositoryError, for query: Query, operation: RepositoryOperation) {
        guard counts else { return }
        recordFailure(operation)
    }

    /// Counts an answer from `origin` to a read of `operation`, and times it when it was timed
    /// (a nonzero `duration`) and not a memory hit. Not inlined into the (async) read: there,
    /// each counter would be copied out of its array through its type's value witnesses first.
    @usableFromInline @inline(never)
    func record(origin: Origin, operation: RepositoryOperation, stale: Bool, duration: Duration) {
        let originIndex = Self.index(of: origin)
        let slot = originIndex &* OperationSlot.count &+ OperationSlot.index(of: operation)
        answers[slot &* 2 &+ (stale ? 1 : 0)].increment()
        // A memory hit is not timed here: at a tenth of a microsecond, recording it into a
        // histogram would cost more than the hit (the tiers' own latency summary counts it).
        guard origin != .memory else { return }
        let (seconds, attoseconds) = duration.components
        if seconds != 0 || attoseconds != 0 {
            durations[originIndex].recordNanoseconds(seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000)
        }
    }

    /// Counts one read of `operation` that threw.
    @inlinable
    func recordFailure(_ operation: RepositoryOperation) {
        failures[OperationSlot.index(of: operation)].increment()
    }

    @inlinable
    static func index(of origin: Origin) -> Int {
        switch origin {
        case .memory: 0
        case .disk: 1
        case .network: 2
        case .revalidated: 3
        case .coalesced: 4
        case .sharedCache: 5
        }
    }
}

/// A counter's handler called without reference counting: counting an answer (every memory hit)
/// then costs no retain and release of it, two atomic operations as dear as the count itself.
/// (`unowned(unsafe)` storage does not do it: the call still copies the reference strongly.)
@usableFromInline
protocol UnretainedCounting: Sendable {
    /// Adds one.
    func increment()
}

/// `UnretainedCounting` for a handler of a known type, which `Unmanaged` needs. Safe because it
/// is only read through `AnswerCounters.answers`, whose `answerHandlers` holds the same handlers
/// strongly: both are constants of one value, so none is freed while it is read.
@usableFromInline
struct UnretainedCounter<Handler: CounterHandler>: UnretainedCounting {
    @usableFromInline let handler: Unmanaged<Handler>

    init(_ handler: Handler) { self.handler = .passUnretained(handler) }

    @inlinable func increment() { handler._withUnsafeGuaranteedRef { $0.increment(by: 1) } }
}

/// The unretained counter of `handler`, its dynamic type opened.
private func unretained(_ handler: any CounterHandler) -> any UnretainedCounting {
    func open<Handler: CounterHandler>(_ handler: Handler) -> any UnretainedCounting {
        UnretainedCounter(handler)
    }
    return open(handler)
}

/// The operations a repository reads with, each under the policy name that stands for it.
@usableFromInline
enum OperationSlot {
    /// How many slots there are: `all.count`, as a constant for the read path.
    @inlinable static var count: Int { 8 }

    /// The `policy` dimension of each slot, in slot order.
    static let all: [(operation: RepositoryOperation, policy: String)] = [
        (RepositoryOperation.default, "default"),
        (RepositoryOperation.main, CachePolicy.noCache.rawValue),
        (RepositoryOperation.mainSync(fallback: .fail), "mainSync"),
        (RepositoryOperation.mainSync(fallback: .serveStale), CachePolicy.remoteFirst.rawValue),
        (RepositoryOperation.cache(ignoreValidation: false), CachePolicy.cacheOnly.rawValue),
        (RepositoryOperation.cache(ignoreValidation: true), "cache(ignoreValidation)"),
        (RepositoryOperation.cacheSync(fallback: .fail), CachePolicy.localFirst.rawValue),
        (RepositoryOperation.cacheSync(fallback: .serveStale), "cacheSync(serveStale)"),
    ]

    /// The slot of `operation`.
    @inlinable
    static func index(of operation: RepositoryOperation) -> Int {
        switch operation {
        case .default: 0
        case .main: 1
        case .mainSync(.fail): 2
        case .mainSync(.serveStale): 3
        case .cache(ignoreValidation: false): 4
        case .cache(ignoreValidation: true): 5
        case .cacheSync(.fail): 6
        case .cacheSync(.serveStale): 7
        }
    }

    /// The `policy` name of `operation`.
    static func policy(of operation: RepositoryOperation) -> String { all[index(of: operation)].policy }
}
