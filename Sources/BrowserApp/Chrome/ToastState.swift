/// A short message shown over the screen until Esc dismisses it or it expires. A plain value.
package struct ToastState: Sendable, Hashable {
    /// How the toast looks: an `error` (red: a read failed), a `warning` (yellow: a read fell back
    /// to the cache), or `info` (something the user asked for happened).
    package enum Kind: Sendable, Hashable {
        case error, warning, info
    }

    /// The text, one line.
    var message: String
    /// How it looks.
    var kind: Kind
    /// The tick at which it disappears on its own.
    var expiresAtTick: Int
}
