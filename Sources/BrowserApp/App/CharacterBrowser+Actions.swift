import RepositoryCore
import TerminalUI

/// The global actions the app carries out itself: the network switch and clearing the caches.
extension CharacterBrowser {
    /// The `o` key: flips the network switch and shows its new state at once; the switch is set
    /// by the effect returned (see `setNetworkSwitch`).
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
        return [
            .stream(key: Self.networkSwitchKey) { _ in
                setter.set(isOnline, number: number)
                // Back online: the writes kept meanwhile go now, in order.
                if isOnline { await repository.sendPendingWrites() }
            }
        ]
    }

    /// Sends the writes the cache file keeps (made while main was out of reach, or put back by
    /// `charbrowser cache retry`), in order; each one applied reaches the screens as a change.
    func sendKeptWrites() -> Effect<BrowserMessage> {
        let repository = services.repository
        return .stream(key: Self.keptWritesKey) { _ in await repository.sendPendingWrites() }
    }

    /// The task key of the effect that sends the kept writes.
    package static var keptWritesKey: String { "kept-writes" }

    /// The task key of the effect that sets the network switch.
    package static var networkSwitchKey: String { "network-switch" }

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
}
