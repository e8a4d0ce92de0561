/// A screen the runtime draws on and reads input from: a real terminal or an in-memory one.
///
/// Threading: a backend is confined to the thread that runs the app loop — every member
/// except `wakeSignal` must be used from that thread only. `wakeSignal` may be used from
/// any thread, including background tasks.
public protocol TerminalBackend: AnyObject {
    /// The current size in columns and rows; frames are rendered at this size.
    var size: TerminalSize { get }

    /// How input is paced against background work (see `InputPacing`).
    var pacing: InputPacing { get }

    /// A thread-safe handle that interrupts a `nextInput` wait.
    var wakeSignal: any WakeSignal { get }

    /// Shows `buffer`, writing only the cells that differ from the previously presented
    /// frame (every cell after a resize or on the first call). Returns how many cells were written.
    @discardableResult
    func present(_ buffer: CellBuffer) -> Int

    /// Waits up to `timeout` (forever when nil) for input and returns what happened.
    func nextInput(timeout: Duration?) throws(TerminalBackendError) -> InputPoll

    /// Gives the terminal back. Safe to call more than once; later calls do nothing.
    func shutdown()
}

/// What waiting for input produced. A plain value.
public enum InputPoll: Sendable, Hashable {
    /// The user pressed a key or the terminal changed size.
    case event(InputEvent)
    /// The wait ended without input: woken, timed out, or interrupted by a signal.
    case interrupted
    /// The backend holds its next input until a frame shows what it waits for (a key script's
    /// `wait:` token): the loop draws a frame if an applied message shows in none yet and, until
    /// the next event, draws one for every message (a subscription's too), then asks again.
    case held
    /// No input will ever come (end of a script, or the terminal went away).
    case closed
}

/// How a backend's input relates to background work. A plain value.
public enum InputPacing: Sendable, Hashable {
    /// Input is read as it arrives, while background tasks run (a real terminal).
    case realTime
    /// The next input is read only once no background task is in flight and every posted
    /// message has been applied, so each frame is deterministic (scripted runs).
    case settled
}

/// Interrupts a backend's input wait. Safe to call from any thread, any number of times.
public protocol WakeSignal: Sendable {
    /// Makes a pending or the next `nextInput` wait return `.interrupted` promptly.
    func wake()
}

/// A wake signal that does nothing, for backends that never block.
public struct NoWakeSignal: WakeSignal {
    /// Creates the signal.
    public init() {}
    public func wake() {}
}
