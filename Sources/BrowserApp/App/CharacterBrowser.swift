import PostgresCache
import TerminalUI

/// The character browser: a `TerminalApp` whose state is `BrowserState` and whose background
/// work reads the character repository of its `BrowserServices`.
///
/// Navigation reads with `localFirst` (cache first), the `r` key with `remoteFirst` (network
/// first). Like every `TerminalApp` it is used from the runtime's loop thread only; the effects
/// it returns run off that thread and report back as `BrowserMessage`s: a screen's to that screen.
package struct CharacterBrowser: TerminalApp {
    /// What the browser reads from and reports to.
    let services: BrowserServices
    /// How many ticks a toast stays up (50 ticks of 100 ms: five seconds).
    var toastLifetime: Int
    /// The panes' last drawings, which the next frame reuses where a pane's input is unchanged.
    private let memos = PaneMemos()

    /// A browser over `services`.
    package init(services: BrowserServices, toastLifetime: Int = 50) {
        self.services = services
        self.toastLifetime = toastLifetime
    }

    /// The smallest terminal the layout supports.
    package var minimumSize: TerminalSize? { TerminalSize(width: 60, height: 16) }

    /// Ticks are wanted only while something animates or expires: a spinner or a toast.
    package func wantsTicks(_ state: BrowserState) -> Bool { state.isBusy || state.toast != nil }

    package func update(state: inout BrowserState, event: AppEvent<BrowserMessage>) -> [Effect<BrowserMessage>]
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
            return effects + callEach(.open, state: &state) + observeChanges()
                + observeSharedCacheHealth() + [readKeptWrites()] + sendKeptWritesIfAny(state: &state, force: true)
        case .input(.resize(let size)):
            state.size = size
            return callEach(.resized, state: &state) + settle(state: &state)
        case .input(.key(let key)):
            let effects = handle(key, state: &state)
            return effects + settle(state: &state)
        case .input(.mouse(let mouse)):
            let effects = handle(mouse, state: &state)
            return effects + settle(state: &state)
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

    /// At start, the notices the user should read once: the services' notice (a cache file moved
    /// aside) and the cache file's migration, in one long-lived toast (a warning if either is).
    func showStartNotices(_ state: inout BrowserState) {
        let migration = services.repository.migrationNotice?.description
        let notices = [services.notice, migration].compactMap { $0 }
        guard !notices.isEmpty else { return }
        state.toast = ToastState(
            notices.joined(separator: " "), kind: services.notice == nil ? .info : .warning,
            expiresAtTick: state.tick + toastLifetime * 4)
    }

    /// Shows `message` as a toast of `kind` from now until it expires.
    func showToast(_ message: String, kind: ToastState.Kind, state: inout BrowserState) {
        state.toast = ToastState(message, kind: kind, expiresAtTick: state.tick + toastLifetime)
    }
}
