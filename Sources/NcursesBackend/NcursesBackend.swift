import CNcurses
import CTerminalSupport
import Foundation
import Synchronization
import TerminalUI

/// The terminal descriptor on which a backend turned on SGR mouse reports itself, so restoring the
/// terminal (at shutdown, or from the signal guard) turns them off there; -1 while none.
private let sgrModeOutput = Atomic<Int32>(-1)

/// The real-terminal backend, on ncursesw. Confined to the thread that created it (ncurses
/// is not thread-safe); only `wakeSignal` may be used elsewhere.
///
/// Start-up refuses a non-terminal or TERM=dumb (pointing at --headless), adopts a UTF-8
/// locale, installs a signal guard that restores the terminal on SIGINT, SIGTERM, SIGHUP,
/// SIGQUIT and crashes before re-raising (leaving to `TerminationSignals` those it watches), and
/// opens the screen with `newterm` on the configured device. Input ends (`.closed`) when the
/// terminal goes away. `shutdown` calls
/// `endwin` exactly once (the guard shares that once-only flag).
public final class NcursesBackend: TerminalBackend {
    /// Start-up options; defaults suit an interactive program.
    public struct Configuration: Sendable {
        /// Facts about the terminal; `TerminalEnvironment.detect()` by default.
        public var environment: TerminalEnvironment
        /// How long a lone Esc waits for the rest of an escape sequence, in milliseconds.
        public var escapeDelayMilliseconds: Int
        /// The terminal's descriptors; standard input and output by default.
        public var device: TerminalDevice
        /// Whether the program takes the mouse (clicks and the wheel, in xterm's SGR 1006 reports,
        /// or X10 from a terminal that ignores the request); off, the terminal keeps it for its own
        /// text selection.
        public var mouse: Bool

        /// Options with the given values.
        public init(
            environment: TerminalEnvironment = .detect(), escapeDelayMilliseconds: Int = 25,
            device: TerminalDevice = .standard, mouse: Bool = true
        ) {
            self.environment = environment
            self.escapeDelayMilliseconds = escapeDelayMilliseconds
            self.device = device
            self.mouse = mouse
        }
    }

    /// The descriptors a screen reads keys from and draws to. A plain value; the backend
    /// duplicates descriptors other than standard input and output, so the caller keeps its own.
    public struct TerminalDevice: Sendable, Hashable {
        /// Where keys are read.
        public var input: Int32
        /// Where frames are written.
        public var output: Int32

        /// A device of the given descriptors (one pseudo-terminal may be both).
        public init(input: Int32, output: Int32) {
            self.input = input
            self.output = output
        }

        /// The process's standard input and output.
        public static let standard = TerminalDevice(input: STDIN_FILENO, output: STDOUT_FILENO)
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
    /// The descriptors the screen reads and writes (duplicates, unless the standard ones).
    let device: TerminalDevice
    /// The streams opened on a device other than the standard one, closed at shutdown.
    private let openedStreams: [UnsafeMutablePointer<FILE>]
    /// Whether the terminal went away; input is closed from then on.
    var hasEnded = false
    /// Wakes with input ready but no key, bounded by `IdleWakeLimit`.
    var idleWakes = IdleWakeLimit()
    /// How many times `nextInput` waited in `ppoll` (a dead terminal must not make this race).
    public internal(set) var inputWaits = 0
    /// Whether ncurses reports the mouse (the configuration asked and the terminal can).
    public private(set) var mouseIsOn = false
    /// Whether this backend asked for SGR reports and reads them itself (`kmous` is X10's).
    public private(set) var readsSGRReportsItself = false
    /// The SGR report being read after its `CSI <`, while one is.
    var sgrReader: SGRMouseReport.Reader?
    /// The escape sequence being read after an ESC ncurses delivered alone, if one is.
    var escapeReader: EscapeSequenceReader?
    /// Tells clicks from double clicks (ncurses' own click resolution is off: it would delay each click).
    var clicks = ClickCounter()
    /// The origin of the click times.
    let clickClockOrigin = ContinuousClock.now
    /// Writes copies to the terminal's clipboard (OSC 52, through tmux when inside it).
    public let clipboard: TerminalClipboard
    private var isShutDown = false
    private var hasAdoptedDrawingThread = false

    /// Opens the terminal in full-screen mode, or explains why it cannot.
    public init(configuration: Configuration = Configuration()) throws(NcursesBackendError) {
        let environment = configuration.environment
        if let refusal = environment.refusal { throw refusal }
        let terminalType = environment.terminalType ?? ""
        LocaleSetup.adoptUTF8Locale()
        let pipe = try WakePipe()
        let streams: TerminalStreams
        do {
            streams = try TerminalStreams(device: configuration.device)
        } catch {
            pipe.close()
            throw error
        }
        cts_signal_guard_install {
            let output = sgrModeOutput.exchange(-1, ordering: .relaxed)
            if output >= 0 { NcursesMouseMapping.sendSGRMode(on: false, to: output) }
            _ = endwin()
        }
        guard let screen = newterm(terminalType, streams.output, streams.input) else {
            cts_signal_guard_uninstall()
            streams.close()
            pipe.close()
            throw .unknownTerminal(terminalType)
        }
        _ = set_term(screen)
        guard let window = cn_current_stdscr() else {
            _ = cts_signal_guard_restore_once()
            delscreen(screen)
            cts_signal_guard_uninstall()
            streams.close()
            pipe.close()
            throw .unknownTerminal(terminalType)
        }
        self.device = streams.device
        self.openedStreams = streams.opened
        self.screen = screen
        self.window = window
        self.wakePipe = pipe
        clipboard = TerminalClipboard(output: streams.device.output, throughTmux: environment.insideTmux)
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
        if configuration.mouse {
            _ = mouseinterval(0)
            mouseIsOn = mousemask(cn_mouse_all_events(), nil) != 0
            let kmous = cn_terminfo_string("kmous").map { String(cString: $0) }
            if mouseIsOn, NcursesMouseMapping.readsSGRReportsItself(kmous: kmous) {
                // ncurses would read X10 (cells up to 223): the terminal is asked for SGR instead,
                // and `CSI <` becomes a key code after which the backend reads the report itself.
                _ = define_key(NcursesMouseMapping.sgrLeadIn, NcursesMouseMapping.sgrLeadInCode)
                NcursesMouseMapping.sendSGRMode(on: true, to: device.output)
                sgrModeOutput.store(device.output, ordering: .relaxed)
                readsSGRReportsItself = true
            }
        }
    }

    deinit { shutdown() }

    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        _ = cts_signal_guard_restore_once()
        cts_signal_guard_uninstall()
        delscreen(screen)
        for stream in openedStreams { fclose(stream) }
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
