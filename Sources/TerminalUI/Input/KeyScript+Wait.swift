extension KeyScript {
    /// The help text of the `wait:` token, for error messages.
    static let waitForms = #"wait:TEXT (\s is a space, \\ a backslash), wait@30s:TEXT or wait@500ms:TEXT"#

    /// The wait a `wait:TEXT` or `wait@DURATION:TEXT` token stands for; nil when `token` is not
    /// one (its name before the first colon is not `wait` or `wait@…`).
    static func wait(token: String, position: Int) throws(KeyScriptError) -> KeyScriptWait? {
        guard let colon = token.firstIndex(of: ":") else { return nil }
        let name = token[..<colon].lowercased()
        guard name == "wait" || name.hasPrefix("wait@") else { return nil }
        func failure(_ reason: String) -> KeyScriptError {
            KeyScriptError(token: token, position: position, reason: reason)
        }
        var timeout = KeyScriptWait.defaultTimeout
        if name != "wait" {
            guard let parsed = Self.timeout(String(name.dropFirst("wait@".count))) else {
                throw failure(
                    "the timeout after wait@ must be seconds or milliseconds between 1 ms and 3600 s, "
                        + "as in wait@30s:Rick or wait@500ms:Rick")
            }
            timeout = parsed
        }
        let written = token[token.index(after: colon)...]
        guard !written.isEmpty else {
            throw failure(#"wait: needs the text to wait for, as in wait:Rick or wait:Rick\sSanchez"#)
        }
        guard let text = unescaped(written) else {
            throw failure(#"wait: knows two escapes, \s (a space) and \\ (a backslash)"#)
        }
        return KeyScriptWait(text: text, timeout: timeout, token: token, position: position)
    }

    /// `30s`, `1.5s`, `500ms` as a duration of at least 1 ms and at most an hour; nil otherwise.
    private static func timeout(_ text: String) -> Duration? {
        let (number, scale): (Substring, Double) =
            text.hasSuffix("ms")
            ? (text.dropLast(2), 1) : text.hasSuffix("s") ? (text.dropLast(1), 1_000) : ("", 0)
        guard number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(number)
        else { return nil }
        let milliseconds = (value * scale).rounded()
        let longest = Double(KeyScriptWait.longestTimeout.components.seconds) * 1_000
        guard milliseconds >= 1, milliseconds <= longest else { return nil }
        return .milliseconds(Int64(milliseconds))
    }

    /// `text` with `\s` as a space and `\\` as a backslash; nil at any other backslash.
    private static func unescaped(_ text: Substring) -> String? {
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "s": result.append(" ")
                case "\\": result.append("\\")
                default: return nil
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return escaping ? nil : result
    }
}
