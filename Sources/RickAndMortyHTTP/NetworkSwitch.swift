import Locking

/// The app's offline key: while off, every data source built on it fails fast with
/// `.mainUnavailable(reason: "offline")` and sends nothing. Thread-safe (a `PThreadMutex` guards the flag);
/// share one instance between the data sources and the key that flips it.
public final class NetworkSwitch: Sendable {
    private let online: PThreadMutex<Bool>

    /// Creates a switch, online unless told otherwise.
    public init(online: Bool = true) {
        self.online = PThreadMutex(online)
    }

    /// True while requests may go out.
    public var isOnline: Bool { online.withLock { $0 } }

    /// Turns the network on or off.
    public func setOnline(_ isOnline: Bool) {
        online.withLock { $0 = isOnline }
    }

    /// Flips the switch and returns the new state (true = online).
    @discardableResult
    public func toggle() -> Bool {
        online.withLock { state in
            state.toggle()
            return state
        }
    }
}
