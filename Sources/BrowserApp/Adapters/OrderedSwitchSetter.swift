import Locking
import RickAndMortyHTTP

/// Sets a `NetworkSwitch` from effects that may run in any order: each setting carries the
/// number the browser gave it, and one older than the last applied is ignored, so the switch
/// ends as the browser's last `o` said. Thread-safe: a `PThreadMutex` around the number and the set.
final class OrderedSwitchSetter: Sendable {
    private let networkSwitch: NetworkSwitch
    private let lastApplied = PThreadMutex(0)

    init(_ networkSwitch: NetworkSwitch) { self.networkSwitch = networkSwitch }

    /// Sets the switch to `isOnline` unless a setting numbered `number` or later was applied.
    func set(_ isOnline: Bool, number: Int) {
        lastApplied.withLock { last in
            guard number > last else { return }
            last = number
            networkSwitch.setOnline(isOnline)
        }
    }
}
