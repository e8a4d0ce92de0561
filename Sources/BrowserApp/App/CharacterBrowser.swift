import PostgresCache
import RepositoryCore
import RickAndMortyModel
import TerminalUI

/// The character browser: a `TerminalApp` whose state is `BrowserState` and whose background
/// work reads through its `BrowserServices`. Used from the runtime's loop thread only; the effects
/// it returns run off that thread and report back as `BrowserMessage`s: a screen's to that screen.
package struct CharacterBrowser: TerminalApp {
    /// What the browser reads from and reports to.
    let services: BrowserServices
    /// How many ticks a toast stays up (50 ticks of 100 ms: five seconds).
    var toastLifetime: Int
    /// The panes' last drawings, which the next frame reuses where a pane's input is unchanged.
    private let memos = PaneMemos()

    package init(services: BrowserServices, toastLifetime: Int = 50) {
        self.services = services
        self.toastLifetime = toastLifetime
    }

    /// The smallest terminal the layout supports.
    package var minimumSize: TerminalSize? { TerminalSize(width: 60, height: 16) }

    /// Ticks are wanted only while something animates or expires: a spinner or a toast.
    package func wantsTicks(_ state: BrowserState) -> Bool { state.isBusy || state.toast != nil }

    package func update(state: inout BrowserState, event: AppEvent<BrowserMessage>)
        -> [Effect<BrowserMessage>]
    {
        switch event {
        case .start(let size):
            state.size = size
            showStartNotices(&state)
            var effects: [Effect<BrowserMessage>] = []
            // (The composition root sets the switch before the run; this reaches one it did not.)
            if let remembered = services.remembered, remembered.isOnline != state.isOnline {
                effects += setNetworkSwitch(remembered.isOnline, state: &state)
            }
            return effects + callEach(.open, state: &state) + observeChanges() + observeSharedCacheHealth()
                + observeDiskWrites() + [readKeptWrites()] + sendKeptWritesIfAny(state: &state, force: true)
        case .input(.resize(let size)):
            state.size = size
            return callEach(.resized, state: &state) + callEach(.settle, state: &state)
        case .input(.key(let key)):
            return handle(key, state: &state) + callEach(.settle, state: &state)
        case .input(.mouse(let mouse)):
            return handle(mouse, state: &state) + callEach(.settle, state: &state)
        case .message(let message):
            return apply(message, state: &state)
        case .tick:
            state.tick += 1
            if let toast = state.toast, state.tick >= toast.expiresAtTick { state.toast = nil }
            return []
        }
    }

    package func render(state: BrowserState, into buffer: inout CellBuffer) {
        BrowserScreen(
            state: state, colorMode: services.colorMode, mouseOn: services.mouseOn,
            exploring: services.explorer != nil, memos: memos)
            .render(in: buffer.area, buffer: &buffer)
    }

    /// Takes the shared tier's new state; when it goes down, says so in a warning toast.
    func applySharedCacheHealth(_ now: SharedCacheHealth, state: inout BrowserState) {
        guard now != state.sharedCache else { return }
        let wasDown = state.sharedCache?.isDown ?? false
        state.sharedCache = now
        if now.isDown, !wasDown {
            showToast(
                "Shared cache \(now) (answering from the local tiers and the network)", kind: .warning,
                state: &state)
        }
    }

    /// Says when the disk cache's writes start failing (a full disk: what is read is not kept, nor
    /// is an edit) and when they work again.
    func applyDiskWrites(_ failure: RepositoryError?, state: inout BrowserState) {
        state.diskWritesFail = failure != nil
        guard let failure else {
            return showToast("The disk cache is written again.", kind: .info, state: &state)
        }
        let why = if case .storageFailure(let detail) = failure { detail } else { failure.description }
        state.toast = ToastState(
            message: "The disk cache cannot be written (\(why)): what is read is not kept until it can be, "
                + "nor is an edit.", kind: .warning, expiresAtTick: state.tick + toastLifetime * 4)
    }

    /// At start, the notices the user should read once: the services' notice (a cache file moved
    /// aside) and the cache file's migration, in one long-lived toast (a warning if either is).
    func showStartNotices(_ state: inout BrowserState) {
        let migration = services.repository.migrationNotice?.description
        let notices = [services.notice, migration].compactMap { $0 }
        guard !notices.isEmpty else { return }
        state.toast = ToastState(
            message: notices.joined(separator: " "), kind: services.notice == nil ? .info : .warning,
            expiresAtTick: state.tick + toastLifetime * 4)
    }

    /// Shows `message` as a toast of `kind` from now until it expires.
    func showToast(_ message: String, kind: ToastState.Kind, state: inout BrowserState) {
        state.toast = ToastState(message: message, kind: kind, expiresAtTick: state.tick + toastLifetime)
    }

    /// Runs the browser on `backend` from `BrowserState.initial(services:)` until the user quits,
    /// input ends or `stop` is requested; returns the final state (the caller shuts the backend).
    package func run(
        on backend: any TerminalBackend, ticks: any TickSource = NoTicks(), stop: StopRequest? = nil
    ) async throws(TerminalBackendError) -> BrowserState {
        try await AppRuntime(app: self, backend: backend, ticks: ticks, stop: stop)
            .run(initialState: .initial(services: services))
    }

    /// Puts `copy` on the clipboard through the services, with a toast that says what and how much;
    /// a copy larger than terminals take is refused with a toast, never cut.
    func copy(_ asked: ClipboardCopy, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        var onThisPort = asked
        // The Cache screen shows an entry as stored: a URL an earlier run's embedded server wrote
        // names that run's port, and is copied on this one's.
        if asked.format == "url", let rebase = services.repository.portRebase {
            onThisPort.text = rebase(asked.text)
        }
        let copy = onThisPort
        guard ClipboardSequence.fits(copy.text) else {
            let most = ByteText.short(ClipboardSequence.maximumEncodedBytes)
            showToast(
                "Not copied: \(copy.label) is \(ByteText.short(copy.bytes)), more than a terminal's "
                    + "clipboard takes (\(most) once encoded)", kind: .warning, state: &state)
            return []
        }
        showToast(copy.toast, kind: .info, state: &state)
        let clipboard = services.clipboard
        return [.call { clipboard(copy) }]
    }
}

/// The global actions the app carries out itself (the network switch, clearing the caches) and
/// the subscriptions it starts with.
extension CharacterBrowser {
    /// The `o` key: flips the network switch, its new state shown at once (see `setNetworkSwitch`).
    func toggleNetwork(state: inout BrowserState) -> [Effect<BrowserMessage>] {
        let effects = setNetworkSwitch(!state.isOnline, state: &state)
        showToast(
            state.isOnline
                ? "Online: reads may use the network again." : "Offline: only cached data can answer.",
            kind: .info, state: &state)
        return effects
    }

    /// Sets the network switch to `isOnline`: the state says so at once, and the effect sets the
    /// switch. Each setting is numbered, so however fast `o` is pressed and however the effects
    /// are scheduled, the switch ends as the last setting says (never the opposite of the screen).
    func setNetworkSwitch(_ isOnline: Bool, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        state.isOnline = isOnline
        state.switchSettings += 1
        let number = state.switchSettings
        let setter = services.switchSetter
        let repository = services.repository
        // Back online, once the switch is set: what failed offline is read again, and the writes
        // kept meanwhile go, in order (a send running meanwhile makes this one return at once: one
        // drain of the outbox runs at a time).
        let set = Effect<BrowserMessage>.stream(key: Self.networkSwitchKey) { sink in
            setter.set(isOnline, number: number)
            guard isOnline else { return }
            sink.send(.reconnected(number: number))
            let sent = await repository.sendKeptWrites()
            if !sent.isEmpty { sink.send(.keptWritesSent(sent, fromTask: false)) }
        }
        guard isOnline else { return [set] }
        state.sendFailures = 0
        return [.cancel(key: Self.sendBackoffKey), set]
    }

    /// The task key of the effect that sets the network switch.
    static let networkSwitchKey = "network-switch"

    /// The `c` and `C` keys: empties memory, or memory and disk.
    func clearCache(_ scope: CacheClearing, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        state.isClearing = true
        let repository = services.repository
        let graph = services.graph
        return [
            .task(key: "clear") {
                var failure: RepositoryError?
                switch scope {
                case .memory:
                    await repository.clearMemory()
                    await graph?.clearMemory()
                case .memoryAndDisk:
                    do throws(RepositoryError) {
                        try await repository.clearAll()
                        try await graph?.clearAll()
                    } catch {
                        failure = error
                    }
                }
                return .cacheCleared(scope, failure: failure, metrics: repository.metricsSnapshot())
            }
        ]
    }

    /// The subscriptions to the change streams of characters, episodes and locations, made at
    /// start so no later change is missed; subscriptions, so a headless run does not wait on them.
    func observeChanges() -> [Effect<BrowserMessage>] {
        guard services.observesChanges else { return [] }
        let repository = services.repository
        var effects = [
            Self.subscribe(Self.characterChangesKey, repository.characterChanges()) { .characterChanged($0) },
            Self.subscribe(Self.episodeChangesKey, repository.episodeChanges()) { .episodeChanged($0) },
        ]
        if let locations = services.graph?.locationChanges() {
            effects.append(Self.subscribe(Self.locationChangesKey, locations) { .locationChanged($0) })
        }
        return effects
    }

    /// A subscription under `key` posting each element of `stream` as the message `message` makes.
    private static func subscribe<Element: Sendable>(
        _ key: String, _ stream: AsyncStream<Element>,
        _ message: @escaping @Sendable (Element) -> BrowserMessage
    ) -> Effect<BrowserMessage> {
        .subscribe(key: key) { sink in
            for await element in stream { sink.send(message(element)) }
        }
    }

    /// The subscription to the shared tier's health, when the services have one: its state now,
    /// then every change, posted as `sharedCacheHealthChanged`. The stream is made here, at start.
    func observeSharedCacheHealth() -> [Effect<BrowserMessage>] {
        guard let changes = services.sharedCacheHealthChanges?() else { return [] }
        let repository = services.repository
        return [
            .subscribe(key: Self.sharedCacheHealthKey) { sink in
                if let now = repository.sharedCacheHealth { sink.send(.sharedCacheHealthChanged(now)) }
                for await health in changes { sink.send(.sharedCacheHealthChanged(health)) }
            }
        ]
    }

    /// The subscription to the disk cache's writes failing or working again, when there is a disk
    /// cache: each change posted as `diskWritesChanged`. The stream is made here, at start.
    func observeDiskWrites() -> [Effect<BrowserMessage>] {
        guard let changes = services.repository.database?.writeFailureChanges() else { return [] }
        return [
            .subscribe(key: Self.diskWritesKey) { sink in
                for await failure in changes { sink.send(.diskWritesChanged(failure)) }
            }
        ]
    }

    /// The task keys of the subscriptions (they end only with the run).
    static let sharedCacheHealthKey = "shared-cache-health"
    static let diskWritesKey = "disk-writes"
    static let characterChangesKey = "changes-character"
    static let episodeChangesKey = "changes-episode"
    static let locationChangesKey = "changes-location"
}

/// The whole browser screen for one state: title, the screen on top, status panes, footer or
/// question, then a toast and the help overlay on top. A plain value built for each frame; with
/// `memos`, the panes whose inputs did not change since the last frame are pasted, not drawn.
struct BrowserScreen: Widget {
    let state: BrowserState
    var colorMode: ColorMode = .palette256
    /// Whether the mouse is on (the help overlay says what it does).
    var mouseOn = true
    /// Whether an API is explored (the help overlay lists the explorer's moves on every screen).
    var exploring = false
    var memos: PaneMemos?

    func render(in area: Rect, buffer: inout CellBuffer) {
        let layout = state.layout
        TitleBar(state: state).render(in: layout.title, buffer: &buffer, memo: memos?.title)
        state.screens.last?.render(
            in: layout.main, buffer: &buffer,
            context: ScreenRenderContext(
                layout: layout, colorMode: colorMode, memos: memos,
                pendingCharacterIDs: state.pendingCharacterIDs, keptWrites: state.keptWrites,
                sharedCache: state.sharedCache, revalidating: state.revalidating))
        StatusPaneContent(state: state, isWide: layout.isWide)
            .render(in: layout.status, buffer: &buffer, memo: memos?.status)
        if let counters = layout.counters {
            CountersPane(state: state).render(in: counters, buffer: &buffer, memo: memos?.counters)
        }
        if let recent = layout.recent {
            RecentAnswersPane(events: state.recent).render(in: recent, buffer: &buffer, memo: memos?.recent)
        }
        // A question goes on the footer, or on the row its screen keeps for it (the key hints stay).
        let question = state.asking?.question
        let row = question == nil ? nil : state.screens.last?.questionRow(in: layout)
        if let question {
            QuestionBar(question: question, showsKeys: row == nil)
                .render(in: row ?? layout.footer, buffer: &buffer)
        }
        if question == nil || row != nil {
            KeyHintsFooter(hints: FooterHints.hints(for: state))
                .render(in: layout.footer, buffer: &buffer, memo: memos?.footer)
        }
        if let toast = state.toast {
            // Over the body, clear of the boxes' bottom border, centred across the whole width.
            let body = Rect(
                x: area.x, y: layout.title.maxY, width: area.width,
                height: layout.footer.y - layout.title.maxY - 1)
            Toast(toast.message, style: Self.style(of: toast.kind)).render(in: body, buffer: &buffer)
        }
        if state.showsHelp {
            HelpOverlay.box(
                for: state.keyScope, exploring: exploring, mouseOn: mouseOn, scroll: state.helpScroll,
                in: area
            ).render(in: area, buffer: &buffer)
        }
    }

    /// How a toast of `kind` looks.
    static func style(of kind: ToastState.Kind) -> Style {
        switch kind {
        case .error: Style(foreground: .red, bold: true)
        case .warning: Style(foreground: .yellow, bold: true)
        case .info: Style(bold: true)
        }
    }
}
