/// Why a key script was rejected: the offending token, its 1-based position, and the reason.
public struct KeyScriptError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The token as written.
    public let token: String
    /// Its position among the script's tokens, from 1.
    public let position: Int
    /// What is wrong with it.
    public let reason: String

    public var description: String { "key script token \(position) '\(token)': \(reason)" }
}

/// Reads the key scripts that drive headless runs. Pure functions, thread-safe.
///
/// Tokens are separated by whitespace. A single character is that key ("q", "/", "G").
/// Named keys: up down left right pgup pgdn home end enter esc tab btab space backspace del,
/// f1…f12 and ctrl-a…ctrl-z. `text:STRING` types each character of STRING (use `space`
/// between words). `resize:WxH` resizes the terminal. `wait:TEXT` holds the next token until
/// a row of the drawn frame contains TEXT (case-sensitive; `\s` stands for a space, `\\` for a
/// backslash), for at most 10 s, or as long as `wait@30s:TEXT` / `wait@500ms:TEXT` says; a
/// wait that gives up ends the run with `TerminalBackendError.scriptWaitTimedOut`.
/// `click:COL,ROW`, `dclick:COL,ROW`, `wheel-up:COL,ROW` and `wheel-down:COL,ROW` are the
/// mouse's click, double click and wheel notches on a cell counted from 1. Names (not TEXT) are
/// case-insensitive.
public enum KeyScript {
    /// The input events a script stands for, in order; its `wait:` tokens, which hold input
    /// rather than being input, are left out (see `steps`).
    public static func parse(_ script: String) throws(KeyScriptError) -> [InputEvent] {
        try steps(script).compactMap(\.event)
    }

    /// The steps a script stands for, in order: its input events and its waits.
    public static func steps(_ script: String) throws(KeyScriptError) -> [KeyScriptStep] {
        var steps: [KeyScriptStep] = []
        for (index, token) in script.split(whereSeparator: \.isWhitespace).enumerated() {
            steps.append(contentsOf: try parse(token: String(token), position: index + 1))
        }
        return steps
    }

    /// Every named key and what it stands for.
    public static let namedKeys: [String: Key] = [
        "up": .up, "down": .down, "left": .left, "right": .right, "pgup": .pageUp, "pgdn": .pageDown,
        "home": .home, "end": .end, "enter": .enter, "esc": .escape, "tab": .tab, "btab": .backTab,
        "space": .character(" "), "backspace": .backspace, "del": .delete,
    ]

    private static func parse(token: String, position: Int) throws(KeyScriptError) -> [KeyScriptStep] {
        func failure(_ reason: String) -> KeyScriptError {
            KeyScriptError(token: token, position: position, reason: reason)
        }
        if token.count == 1, let character = token.first {
            return [.input(.key(.character(character)))]
        }
        let lowered = token.lowercased()
        if let key = namedKeys[lowered] ?? functionKey(lowered) ?? controlKey(lowered) {
            return [.input(.key(key))]
        }
        if lowered.hasPrefix("text:") {
            let text = token.dropFirst(5)
            guard !text.isEmpty else { throw failure("text: needs at least one character, as in text:rick") }
            return text.map { .input(.key(.character($0))) }
        }
        if lowered.hasPrefix("resize:") {
            do throws(TerminalSizeError) {
                return [.input(.resize(try TerminalSize.parse(String(token.dropFirst(7)))))]
            } catch {
                throw failure(error.description)
            }
        }
        if let wait = try wait(token: token, position: position) {
            return [.wait(wait)]
        }
        if let mouse = try mouse(token: token, position: position) {
            return [.input(.mouse(mouse))]
        }
        throw failure(
            "unknown key; use one character, a named key (\(namedKeys.keys.sorted().joined(separator: " ")) "
                + "f1…f12 ctrl-a…ctrl-z), text:STRING, resize:WxH, \(mouseForms) or \(waitForms)")
    }

    private static func functionKey(_ token: String) -> Key? {
        guard token.hasPrefix("f"), let number = Int(token.dropFirst()), (1...12).contains(number) else {
            return nil
        }
        return .function(number)
    }

    private static func controlKey(_ token: String) -> Key? {
        guard token.hasPrefix("ctrl-"), token.count == 6, let letter = token.last,
            letter.isASCII, letter.isLetter
        else { return nil }
        return .control(letter)
    }
}
