extension KeyScript {
    /// The mouse tokens' names and what they stand for.
    static let mouseTokens: [String: MouseEvent.Action] = [
        "click": .click, "dclick": .doubleClick, "wheel-up": .wheelUp, "wheel-down": .wheelDown,
    ]

    /// The help text of the mouse tokens, for error messages.
    static let mouseForms = "click:COL,ROW dclick:COL,ROW wheel-up:COL,ROW wheel-down:COL,ROW (cells from 1)"

    /// The mouse event a `click:COL,ROW`, `dclick:…`, `wheel-up:…` or `wheel-down:…` token stands
    /// for (the cell counted from 1, as a terminal reports it; the event's from 0); nil when
    /// `token` is not one.
    static func mouse(token: String, position: Int) throws(KeyScriptError) -> MouseEvent? {
        guard let colon = token.firstIndex(of: ":"),
            let action = mouseTokens[token[..<colon].lowercased()]
        else { return nil }
        let cell = token[token.index(after: colon)...].split(separator: ",", omittingEmptySubsequences: false)
        guard cell.count == 2,
            cell.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let column = Int(cell[0]), let row = Int(cell[1]),
            (1...TerminalSize.maximumDimension).contains(column),
            (1...TerminalSize.maximumDimension).contains(row)
        else {
            throw KeyScriptError(
                token: token, position: position,
                reason:
                    "a mouse token needs a cell COL,ROW counted from 1 (at most \(TerminalSize.maximumDimension)), "
                    + "as in click:5,3")
        }
        return MouseEvent(action, column: column - 1, row: row - 1)
    }
}
