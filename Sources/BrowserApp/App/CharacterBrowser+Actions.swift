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
        // Back online: the writes kept meanwhile go now, in order, once the switch is set (a send
        // running meanwhile makes this one return at once: one drain of the outbox runs at a time).
        guard isOnline else {
            return [.stream(key: Self.networkSwitchKey) { _ in setter.set(isOnline, number: number) }]
        }
        state.sendFailures = 0
        return [
            .cancel(key: Self.sendBackoffKey),
            .stream(key: Self.networkSwitchKey) { sink in
                setter.set(isOnline, number: number)
                let sent = await repository.sendKeptWrites()
                if !sent.isEmpty { sink.send(.keptWritesSent(sent, fromTask: false)) }
            },
        ]
    }

    /// The task key of the effect that sets the network switch.
    static var networkSwitchKey: String { "network-switch" }

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
