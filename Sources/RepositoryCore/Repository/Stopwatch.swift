/// Measures elapsed time on an injected clock without boxing on the common path: the
/// continuous clock is read directly, any other clock through its existential.
struct Stopwatch: Sendable {
    enum Mark: Sendable {
        case continuous(ContinuousClock.Instant)
        case custom(any InstantProtocol<Duration>)
    }

    private let custom: (any Clock<Duration>)?

    init(_ clock: any Clock<Duration>) {
        custom = clock is ContinuousClock ? nil : clock
    }

    func start() -> Mark {
        guard let custom else { return .continuous(ContinuousClock.now) }
        return .custom(custom.now)
    }

    func elapsed(since mark: Mark) -> Duration {
        switch mark {
        case .continuous(let start): return start.duration(to: ContinuousClock.now)
        case .custom(let start):
            guard let custom else { return .zero }
            return Self.elapsed(on: custom, since: start)
        }
    }

    private static func elapsed<C: Clock<Duration>>(on clock: C, since start: any InstantProtocol<Duration>) -> Duration {
        guard let start = start as? C.Instant else { return .zero }
        return start.duration(to: clock.now)
    }
}
