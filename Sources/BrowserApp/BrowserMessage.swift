/// What the browser's background work reports back to `update`. A plain, sendable value.
public enum BrowserMessage: Sendable {
    /// The network switch was flipped; `isOnline` is its new state.
    case networkToggled(isOnline: Bool)
}
