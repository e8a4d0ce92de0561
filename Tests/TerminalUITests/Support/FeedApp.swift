import Locking
import TerminalUI

/// An app that, at start, subscribes to `feed` and shows the last text it sent (on row 0) and
/// the last key (on row 1); `q` quits. For tests of what a held input draws.
struct FeedApp: TerminalApp {
    struct State {
        var shown = "waiting"
        var lastKey = ""
    }

    enum Message: Sendable {
        case fed(String)
    }

    let feed: AsyncStream<String>

    func update(state: inout State, event: AppEvent<Message>) -> [Effect<Message>] {
        switch event {
        case .start:
            return [
                .subscribe(key: "feed") { [feed] sink in
                    for await text in feed { sink.send(.fed(text)) }
                }
            ]
        case .message(.fed(let text)):
            state.shown = text
        case .input(.key(.character("q"))):
            return [.quit]
        case .input(.key(let key)):
            state.lastKey = "\(key)"
        case .input(.resize), .input(.mouse), .tick:
            break
        }
        return []
    }

    func render(state: State, into buffer: inout CellBuffer) {
        buffer.write(state.shown, x: 0, y: 0)
        buffer.write(state.lastKey, x: 0, y: 1)
    }
}

/// A clock that moves on by `step` each time it is read. Thread-safe (a `PThreadMutex` guards "now").
final class SteppingClock: Clock, Sendable {
    typealias Instant = ManualClock.Instant

    private let current = PThreadMutex(Instant(offset: .zero))
    private let step: Duration

    init(step: Duration) { self.step = step }

    var now: Instant {
        current.withLock { now in
            defer { now = now.advanced(by: step) }
            return now
        }
    }

    var minimumResolution: Duration { .nanoseconds(1) }

    /// Never used by the code under test; returns at once.
    func sleep(until deadline: Instant, tolerance: Duration?) async throws {}
}

/// A headless backend that runs `beforeInput` (on the loop thread) before handing over the
/// script's input number `number` (from 0), and `onFirstHold` the first time the script holds.
final class HookedBackend: TerminalBackend {
    let headless: HeadlessBackend
    private let number: Int
    private let beforeInput: () -> Void
    private let onFirstHold: () -> Void
    private var inputsGiven = 0
    private var hasHeld = false

    init(
        _ headless: HeadlessBackend, beforeInput number: Int = -1, _ beforeInput: @escaping () -> Void = {},
        onFirstHold: @escaping () -> Void = {}
    ) {
        self.headless = headless
        self.number = number
        self.beforeInput = beforeInput
        self.onFirstHold = onFirstHold
    }

    var size: TerminalSize { headless.size }
    var pacing: InputPacing { headless.pacing }
    var wakeSignal: any WakeSignal { headless.wakeSignal }

    func present(_ buffer: CellBuffer) -> Int { headless.present(buffer) }

    func nextInput(timeout: Duration?) throws(TerminalBackendError) -> InputPoll {
        let poll = try headless.nextInput(timeout: timeout)
        switch poll {
        case .event:
            if inputsGiven == number { beforeInput() }
            inputsGiven += 1
        case .held where !hasHeld:
            hasHeld = true
            onFirstHold()
        default:
            break
        }
        return poll
    }

    func shutdown() { headless.shutdown() }
}
