/// A short message shown over the screen until Esc dismisses it or it expires. A plain value.
package struct ToastState: Sendable, Hashable {
    /// How the toast looks.
    package enum Kind: Sendable, Hashable {
        /// A read failed (red).
        case error
        /// A read fell back to the cache (yellow).
        case warning
        /// Something the user asked for happened.
        case info
    }

    /// The text, one line.
    var message: String
    /// How it looks.
    var kind: Kind
    /// The tick at which it disappears on its own.
    var expiresAtTick: Int

    /// A toast of `kind` showing `message` until tick `expiresAtTick`.
    init(_ message: String, kind: Kind, expiresAtTick: Int) {
        self.message = message
        self.kind = kind
        self.expiresAtTick = expiresAtTick
    }
}
