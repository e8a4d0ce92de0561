/// Why a backend could not read input: a failing system call with its error number, or a key
/// script's wait that gave up. A plain value.
public enum TerminalBackendError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Reading input failed: `operation` set `errno` to `code`.
    case inputFailed(operation: String, code: Int32)
    /// A key script's `wait:` token gave up: no frame drawn within its timeout had a row
    /// containing its text. `screen` is the last frame's rows.
    case scriptWaitTimedOut(KeyScriptWait, screen: [String])

    public var description: String {
        switch self {
        case .inputFailed(let operation, let code):
            "reading terminal input failed: \(operation) returned error \(code)"
        case .scriptWaitTimedOut(let wait, let screen):
            "key script token \(wait.position) '\(wait.token)' gave up after \(wait.timeoutDescription): "
                + "no row of the screen contained \"\(wait.text)\"; the screen showed:\n"
                + Self.quoted(screen)
        }
    }

    /// The rows of `screen` without its trailing blank rows, each behind a bar.
    private static func quoted(_ screen: [String]) -> String {
        let lastText = screen.lastIndex { !$0.allSatisfy(\.isWhitespace) }
        guard let lastText else { return "| (nothing)" }
        return screen[...lastText].map { $0.isEmpty ? "|" : "| " + $0 }.joined(separator: "\n")
    }
}
