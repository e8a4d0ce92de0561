import CNcurses
import CTerminalSupport
import TerminalUI

/// The real-terminal backend, on ncursesw. Confined to the thread that created it (ncurses
/// is not thread-safe); only `wakeSignal` may be used elsewhere.
///
/// Start-up refuses a non-terminal or TERM=dumb (pointing at --headless), adopts a UTF-8
/// locale, installs a signal guard that restores the terminal on SIGINT, SIGTERM and
/// crashes before re-raising, and opens the screen with `newterm`. `shutdown` calls
/// `endwin` exactly once (the guard shares that once-only flag).
public final class NcursesBackend: TerminalBackend {
    /// Start-up options; defaults suit an interactive program.
    public struct Configuration: Sendable {
        /// Facts about the terminal; `TerminalEnvironment.detect()` by default.
        public var environment: TerminalEnvironment
        /// How long a lone Esc waits for the rest of an escape sequence, in milliseconds.
        public var escapeDelayMilliseconds: Int

        /// Options with the given values.
        public init(environment: TerminalEnvironment = .detect(), escapeDelayMilliseconds: Int = 25) {
            self.environment = environment
            self.escapeDelayMilliseconds = escapeDelayMilliseconds
        }
    }

    public private(set) var size: TerminalSize
    public let pacing = InputPacing.realTime
    public var wakeSignal: any WakeSignal { wakePipe }

    let screen: OpaquePointer
    let window: UnsafeMutablePointer<WINDOW>
    let wakePipe: WakePipe
    let usesColor: Bool
    var colorPairs: ColorPairTable
    var front: CellBuffer?
    var pendingEvents: [InputEvent] = []
    private var isShutDown = false
    private var hasAdoptedDrawingThread = false

    /// Opens the terminal in full-screen mode, or explains why it cannot.
    public init(configuration: Configuration = Configuration()) throws(NcursesBackendError) {
        let environment = configuration.environment
        if let refusal = environment.refusal { throw refusal }
        let terminalType = environment.terminalType ?? ""
        LocaleSetup.adoptUTF8Locale()
        let pipe = try WakePipe()
        cts_signal_guard_install { _ = endwin() }
        guard let screen = cn_newterm_stdio(terminalType) else {
            cts_signal_guard_uninstall()
            pipe.close()
            throw .unknownTerminal(terminalType)
        }
        _ = set_term(screen)
        guard let window = cn_current_stdscr() else {
            _ = cts_signal_guard_restore_once()
            delscreen(screen)
            cts_signal_guard_uninstall()
            pipe.close()
            throw .unknownTerminal(terminalType)
        }
        self.screen = screen
        self.window = window
        self.wakePipe = pipe
        _ = cbreak()
        _ = noecho()
        _ = nonl()
        _ = keypad(window, true)
        _ = nodelay(window, true)
        _ = set_escdelay(Int32(clamping: configuration.escapeDelayMilliseconds))
        _ = curs_set(0)
        usesColor = !environment.noColor && has_colors() && start_color() == OK
        if usesColor { _ = use_default_colors() }
        colorPairs = ColorPairTable(
            pairCount: usesColor ? Int(cn_color_pair_count()) : 0, colorCount: Int(cn_color_count()))
        size = TerminalSize(width: Int(getmaxx(window)), height: Int(getmaxy(window)))
        cts_signal_guard_watch_resize(pipe.writeDescriptor)
    }

    deinit { shutdown() }

    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        _ = cts_signal_guard_restore_once()
        cts_signal_guard_uninstall()
        delscreen(screen)
        wakePipe.close()
    }

    /// Makes the thread that draws the one that handles SIGINT, SIGTERM, SIGHUP and SIGQUIT
    /// (`cts_signal_guard_adopt_thread`): restoring the terminal on another thread would race
    /// this thread's next refresh, which puts the terminal back in program mode. Once, at the
    /// first frame.
    func adoptDrawingThread() {
        guard !hasAdoptedDrawingThread else { return }
        hasAdoptedDrawingThread = true
        cts_signal_guard_adopt_thread()
    }

    /// Whether `shutdown` has run; drawing and reading then do nothing.
    var isClosed: Bool { isShutDown }

    /// Re-reads the window size after ncurses reported a resize; the next frame is drawn in full.
    func adoptWindowSize() -> TerminalSize {
        size = TerminalSize(width: Int(getmaxx(window)), height: Int(getmaxy(window)))
        front = nil
        _ = clearok(window, true)
        return size
    }
}
