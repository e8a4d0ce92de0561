/// Runs a `TerminalApp` on a backend: one event loop for real and headless terminals.
///
/// The synchronous `run` blocks the calling thread — call it from a thread that may block,
/// such as the main thread of a synchronous `main`, never from Swift's concurrency pool (use
/// the `async` overload there) — and does all drawing and every `update` on it. Each
/// iteration applies the messages background tasks sent, draws a frame if anything was
/// applied, waits for input, applies it, then sends a `.tick` when the tick source says one
/// is due. The caller owns the backend: shut it down after `run` returns or throws.
///
/// With `.settled` pacing (headless) frames are deterministic: one after `.start` and after
/// each input, showing exactly what that update did; then the loop waits until no task is in
/// flight and every message was applied, and draws one more frame if any message arrived.
/// Subscriptions (`Effect.subscribe`) are not waited for, and their messages, applied as they
/// come, show in the next frame drawn for another reason — except while the backend holds its
/// input (`InputPoll.held`, a script's `wait:`): then a frame shows what no frame showed yet,
/// and every message draws one, so that the backend sees each change it may be waiting for.
public struct AppRuntime<App: TerminalApp> {
    public let app: App
    public let backend: any TerminalBackend
    /// When `.tick` is sent; `NoTicks` by default.
    public var ticks: any TickSource
    /// Ends the run from outside (a termination signal); nil: only the app or the input end it.
    public var stop: StopRequest?

    /// A runtime for `app` on `backend`.
    public init(
        app: App, backend: any TerminalBackend, ticks: any TickSource = NoTicks(), stop: StopRequest? = nil
    ) {
        self.app = app
        self.backend = backend
        self.ticks = ticks
        self.stop = stop
    }

    /// Runs until the app returns `.quit`, input is closed (the end of a script, once all
    /// work has settled; a terminal that went away) or `stop` is requested (then at the loop's
    /// next turn, without waiting for work in flight). Returns the final state; running tasks
    /// are cancelled on return.
    public func run(initialState: App.State) throws(TerminalBackendError) -> App.State {
        var loop = EventLoop(app: app, backend: backend, ticks: ticks, stop: stop, state: initialState)
        defer { loop.inbox.cancelAll() }
        try loop.run()
        return loop.state
    }
}

/// The mutable parts of one run.
private struct EventLoop<App: TerminalApp> {
    let app: App
    let backend: any TerminalBackend
    var ticks: any TickSource
    let stop: StopRequest?
    var state: App.State
    let inbox: TaskInbox<App.Message>
    var needsFrame = false
    /// Whether an applied message shows in no frame yet (a subscription's, under settled pacing).
    var hasUndrawnMessages = false
    /// Whether the backend holds its input (`InputPoll.held`) until a frame shows something.
    var inputIsHeld = false
    var quitting = false

    init(app: App, backend: any TerminalBackend, ticks: any TickSource, stop: StopRequest?, state: App.State) {
        self.app = app
        self.backend = backend
        self.ticks = ticks
        self.stop = stop
        self.state = state
        let inbox = TaskInbox<App.Message>(wakeSignal: backend.wakeSignal)
        self.inbox = inbox
        stop?.onRequest { inbox.wakeLoop() }
    }

    /// Whether the run must end now: the app quit or a stop was requested.
    private var isEnding: Bool { quitting || stop?.isRequested == true }

    /// Whether the terminal is below the app's minimum size (the too-small screen shows).
    private var isTooSmall: Bool { app.minimumSize.map { !backend.size.covers($0) } ?? false }

    mutating func run() throws(TerminalBackendError) {
        let settles = backend.pacing == .settled
        apply(.start(backend.size))
        if settles { draw() }
        while !isEnding {
            for delivery in inbox.drain() where !isEnding {
                apply(
                    .message(delivery.message),
                    drawsFrame: !(settles && delivery.fromSubscription) || inputIsHeld)
            }
            if isEnding { break }
            if settles, !inbox.isSettled {
                inbox.waitForActivity()
                continue
            }
            if needsFrame { draw() }
            let wantsTicks = app.wantsTicks(state)
            let input = try backend.nextInput(timeout: wantsTicks ? ticks.timeUntilNextTick() : nil)
            if isEnding { break }
            switch input {
            case .event(let event):
                inputIsHeld = false
                // Below the app's minimum size no screen shows: a key or a click is dropped, not
                // acted on unseen (a resize is taken; Ctrl-C still ends the run by its signal).
                if case .resize = event { apply(.input(event)) } else if !isTooSmall { apply(.input(event)) }
            case .held:
                inputIsHeld = true
                if hasUndrawnMessages { needsFrame = true }
            case .interrupted: break
            case .closed: return
            }
            if !quitting, wantsTicks, ticks.takeTick() { apply(.tick) }
            // Settled pacing: the input's own frame, before any message its work sends.
            if settles, needsFrame, !quitting { draw() }
        }
    }

    /// Applies `event` and starts its effects; a frame follows when `drawsFrame`.
    private mutating func apply(_ event: AppEvent<App.Message>, drawsFrame: Bool = true) {
        if drawsFrame { needsFrame = true } else { hasUndrawnMessages = true }
        for effect in app.update(state: &state, event: event) {
            switch effect {
            case .run(let key, let operation): inbox.start(key: key, operation: operation)
            case .subscribe(let key, let operation):
                inbox.start(key: key, isSubscription: true, operation: operation)
            case .call(let operation): operation()
            case .cancel(let key): inbox.cancel(key: key)
            case .quit: quitting = true
            }
        }
    }

    private mutating func draw() {
        needsFrame = false
        hasUndrawnMessages = false
        let size = backend.size
        var buffer = CellBuffer(size: size)
        if let minimum = app.minimumSize, !size.covers(minimum) {
            TooSmallScreen(required: minimum, actual: size).render(in: buffer.area, buffer: &buffer)
        } else {
            app.render(state: state, into: &buffer)
        }
        backend.present(buffer)
    }
}
