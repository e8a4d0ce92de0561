/// An in-memory terminal for scripted runs and tests: input comes from a list of events,
/// and every presented frame is recorded as text lines (trailing spaces trimmed) — unless
/// `recordsEveryFrame` is false, when only the last buffer is kept (long scripts).
///
/// Not thread-safe: use it from the loop thread, then read `frames` after the run.
/// Its pacing is `.settled`, so the runtime feeds the next event only once background work is done.
public final class HeadlessBackend: TerminalBackend {
    /// The current size; a scripted resize changes it. Settable for tests.
    public var size: TerminalSize
    public let pacing = InputPacing.settled
    public let wakeSignal: any WakeSignal = NoWakeSignal()

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

    private var script: [InputEvent]
    private var nextScriptIndex = 0

    /// A terminal of `size` whose input is `script`, then `.closed`; `recordsEveryFrame: false`
    /// keeps only the last frame, which a long script needs (10,000 frames of text add up).
    public init(size: TerminalSize, script: [InputEvent] = [], recordsEveryFrame: Bool = true) {
        self.size = size
        self.script = script
        self.recordsEveryFrame = recordsEveryFrame
    }

    /// A terminal of `size` whose input is the key script `script` (see `KeyScript`).
    public convenience init(size: TerminalSize, keyScript: String) throws(KeyScriptError) {
        self.init(size: size, script: try KeyScript.parse(keyScript))
    }

    /// The last frame's rows (empty before the first frame).
    public var lastFrame: [String] { frames.last ?? lastBuffer?.textLines ?? [] }

    /// The scripted events not yet read.
    public var remainingScript: ArraySlice<InputEvent> { script[nextScriptIndex...] }

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
        guard !isShutDown, nextScriptIndex < script.count else { return .closed }
        let event = script[nextScriptIndex]
        nextScriptIndex += 1
        if case .resize(let newSize) = event { size = newSize }
        return .event(event)
    }

    public func shutdown() { isShutDown = true }
}
