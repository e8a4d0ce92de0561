import TerminalUI

/// The key hints of the footer, from the key table, most important first (those that do not
/// fit are left out).
enum FooterHints {
    static func hints(for state: BrowserState) -> [KeyHint] {
        KeyTable.hints(for: state.keyScope, withGlobal: state.screens.last?.takesTyping != true)
    }

    /// What a click on `column` of the footer does: the action of the hint drawn there, if any.
    static func action(atColumn column: Int, state: BrowserState) -> BrowserAction? {
        let footer = KeyHintsFooter(hints: hints(for: state))
        guard let index = footer.hint(atColumn: column, in: state.layout.footer) else { return nil }
        let withGlobal = state.screens.last?.takesTyping != true
        let actions = KeyTable.hintActions(for: state.keyScope, withGlobal: withGlobal)
        return actions.indices.contains(index) ? actions[index] : nil
    }
}
