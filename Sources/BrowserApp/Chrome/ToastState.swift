/// A short message shown over the screen until Esc dismisses it or it expires. A plain value.
public struct ToastState: Sendable, Hashable {
    /// How the toast looks.
    public enum Kind: Sendable, Hashable {
        /// A read failed (red).
        case error
        /// A read fell back to the cache (yellow).
        case warning
        /// Something the user asked for happened.
        case info
    }

    /// The text, one line.
    public var message: String
    /// How it looks.
    public var kind: Kind
    /// The tick at which it disappears on its own.
    public var expiresAtTick: Int

    /// A toast of `kind` showing `message` until tick `expiresAtTick`.
    public init(_ message: String, kind: Kind, expiresAtTick: Int) {
        self.message = message
        self.kind = kind
        self.expiresAtTick = expiresAtTick
    }
}
