/// An in-memory terminal for scripted runs and tests: input comes from a list of events,
/// and every presented frame is recorded as text lines (trailing spaces trimmed) — unless
/// `recordsEveryFrame` is false, when only the last buffer is kept (long scripts).
///
/// Not thread-safe: use it from the loop thread, then read `frames` after the run (its
/// `wakeSignal` alone may be used from any thread). Its pacing is `.settled`, so the runtime
/// feeds the next event only once background work is done.
///
/// A script's `wait:` step holds the input after it until a row of the last presented frame
/// contains the wait's text: `nextInput` answers `.held` (the loop then draws what changed) and
/// blocks until the wake signal says a message arrived or a task ended, checking the frame
/// again each time, never on a timer. The wait gives up, throwing
/// `TerminalBackendError.scriptWaitTimedOut`, once its timeout has passed on the injected
/// clock since it began (when everything before it had settled).
public final class HeadlessBackend: TerminalBackend {
    /// The current size; a scripted resize changes it. Settable for tests.
    public var size: TerminalSize
    public let pacing = InputPacing.settled
    public var wakeSignal: any WakeSignal { wakes }

    /// Every presented frame, oldest first, one string per row (empty when not recording).
    public private(set) var frames: [[String]] = []
    /// Whether `present` records each frame's text in `frames`.
    public let recordsEveryFrame: Bool
    /// The last presented buffer, with styles.
    public private(set) var lastBuffer: CellBuffer?
    /// How many cells each `present` wrote, in order (empty when not recording: a long run would
    /// grow it by one number a frame).
    public private(set) var writtenCellCounts: [Int] = []
    /// Whether `shutdown` was called.
    public private(set) var isShutDown = false

    private let steps: [KeyScriptStep]
    private var nextStepIndex = 0
    private let wakes = LatchedWakeSignal()
    /// The time on the injected clock since this backend was made.
    private let elapsed: () -> Duration
    /// When the wait under way gives up, in `elapsed` time; nil while none is under way.
    private var waitDeadline: Duration?

    /// A terminal of `size` whose input is `steps`, then `.closed`, its waits timed by `clock`;
    /// `recordsEveryFrame: false` keeps only the last frame, which a long script needs (10,000
    /// frames of text add up).
    public init<C: Clock>(
        size: TerminalSize, steps: [KeyScriptStep], recordsEveryFrame: Bool = true, clock: C
    )
    where C.Duration == Duration {
        self.size = size
        self.steps = steps
        self.recordsEveryFrame = recordsEveryFrame
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
    }

    /// A terminal of `size` whose input is `steps`, then `.closed`, its waits timed in real time.
    public convenience init(size: TerminalSize, steps: [KeyScriptStep], recordsEveryFrame: Bool = true) {
        self.init(size: size, steps: steps, recordsEveryFrame: recordsEveryFrame, clock: ContinuousClock())
    }

    /// A terminal of `size` whose input is `script`, then `.closed` (see `init(size:steps:…)`).
    public convenience init(size: TerminalSize, script: [InputEvent] = [], recordsEveryFrame: Bool = true) {
        self.init(size: size, steps: script.map(KeyScriptStep.input), recordsEveryFrame: recordsEveryFrame)
    }

    /// A terminal of `size` whose input is the key script `keyScript` (see `KeyScript`), its waits
    /// timed in real time.
    public convenience init(size: TerminalSize, keyScript: String) throws(KeyScriptError) {
        self.init(size: size, steps: try KeyScript.steps(keyScript))
    }

    /// A terminal of `size` whose input is the key script `keyScript`, its waits timed by `clock`.
    public convenience init<C: Clock>(size: TerminalSize, keyScript: String, clock: C) throws(KeyScriptError)
    where C.Duration == Duration {
        self.init(size: size, steps: try KeyScript.steps(keyScript), clock: clock)
    }

    /// The last frame's rows (empty before the first frame).
    public var lastFrame: [String] { frames.last ?? lastBuffer?.textLines ?? [] }

    /// The scripted events not yet read (waits left out).
    public var remainingScript: ArraySlice<InputEvent> {
        ArraySlice(steps[nextStepIndex...].compactMap(\.event))
    }

    @discardableResult
    public func present(_ buffer: CellBuffer) -> Int {
        let written = buffer.changeCount(since: lastBuffer)
        lastBuffer = buffer
        if recordsEveryFrame {
            frames.append(buffer.textLines)
            writtenCellCounts.append(written)
        }
        return written
    }

    public func nextInput(timeout: Duration?) throws(TerminalBackendError) -> InputPoll {
        while !isShutDown, nextStepIndex < steps.count {
            switch steps[nextStepIndex] {
            case .input(let event):
                nextStepIndex += 1
                if case .resize(let newSize) = event { size = newSize }
                return .event(event)
            case .wait(let wait):
                if lastFrame.contains(where: { $0.contains(wait.text) }) {
                    nextStepIndex += 1
                    waitDeadline = nil
                    continue
                }
                return try hold(for: wait, tickTimeout: timeout)
            }
        }
        return .closed
    }

    /// Holds the input for `wait`, whose text the last frame lacks: when the wait begins, at
    /// once (so the loop draws what no frame shows yet); then until a wake, the deadline, or
    /// the runtime's next tick. Throws once the deadline has passed.
    private func hold(for wait: KeyScriptWait, tickTimeout: Duration?) throws(TerminalBackendError)
        -> InputPoll
    {
        let now = elapsed()
        guard let deadline = waitDeadline else {
            waitDeadline = now + wait.timeout
            return .held
        }
        guard now < deadline else { throw .scriptWaitTimedOut(wait, screen: lastFrame) }
        _ = wakes.wait(upTo: min(deadline - now, tickTimeout ?? deadline - now))
        return .held
    }

    public func shutdown() { isShutDown = true }
}
