/// One step of a key script: input to feed the app, or a wait that holds the input after it
/// until the screen shows something. A plain value.
public enum KeyScriptStep: Sendable, Hashable {
    /// A key or a resize.
    case input(InputEvent)
    /// A `wait:` token: the steps after it are held until a frame shows its text.
    case wait(KeyScriptWait)

    /// The input event of an `.input` step; nil for a wait.
    public var event: InputEvent? {
        if case .input(let event) = self { event } else { nil }
    }
}

/// A `wait:TEXT` token of a key script: hold the next input until a row of the drawn frame
/// contains `text` (case-sensitively), giving up after `timeout`. A plain value; it keeps the
/// token as written and its position so that a wait that gives up can say which one it was.
public struct KeyScriptWait: Sendable, Hashable {
    /// The text a row of the frame must contain, escapes resolved (`\s` is a space).
    public let text: String
    /// How long the wait may last, counted from when the input before it has settled.
    public let timeout: Duration
    /// The token as written (`wait@30s:Rick\sSanchez`).
    public let token: String
    /// Its position among the script's tokens, from 1.
    public let position: Int

    /// The timeout of a `wait:` token that names none.
    public static let defaultTimeout = Duration.seconds(10)
    /// The longest timeout a token may name.
    public static let longestTimeout = Duration.seconds(3_600)

    /// A wait for `text`; `token` and `position` say where it was written.
    public init(text: String, timeout: Duration = defaultTimeout, token: String, position: Int) {
        self.text = text
        self.timeout = timeout
        self.token = token
        self.position = position
    }

    /// The timeout as a person writes it: `10 s`, `1.5 s`, `250 ms`.
    public var timeoutDescription: String {
        let milliseconds =
            timeout.components.seconds * 1_000 + timeout.components.attoseconds / 1_000_000_000_000_000
        if milliseconds < 1_000 { return "\(milliseconds) ms" }
        if milliseconds % 1_000 == 0 { return "\(milliseconds / 1_000) s" }
        return "\(Double(milliseconds) / 1_000) s"
    }
}
