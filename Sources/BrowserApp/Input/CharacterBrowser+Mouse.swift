import TerminalUI

extension CharacterBrowser {
    /// Applies a click or a wheel notch, by where it lands in the layout: over the help overlay
    /// the wheel scrolls it and a click closes it; a click on a footer hint does what its key
    /// does, one on a crumb goes back to that screen; over the main pane the screen on top selects
    /// (a double click also opens) or scrolls the view. Ignored while a question is asked,
    /// and when the mouse is off (`--no-mouse`).
    func handle(_ mouse: MouseEvent, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        guard services.mouseOn else { return [] }
        if state.showsHelp {
            if mouse.scrollRows == 0 {
                state.showsHelp = false
            } else {
                let most = HelpOverlay.maximumScroll(
                    for: state.keyScope, exploring: services.explorer != nil, mouseOn: true,
                    in: Rect(size: state.size))
                state.helpScroll = min(max(0, state.helpScroll + mouse.scrollRows), most)
            }
            return []
        }
        guard state.asking == nil else { return [] }
        let layout = state.layout
        let (column, row) = (mouse.column, mouse.row)
        if layout.main.contains(column: column, row: row) {
            let action: BrowserAction =
                mouse.scrollRows != 0
                ? .scroll(rows: mouse.scrollRows, column: column, row: row)
                : .click(column: column, row: row, opens: mouse.action == .doubleClick)
            return callTop(.perform(action), state: &state)
        }
        guard mouse.scrollRows == 0 else { return [] }
        if layout.footer.contains(column: column, row: row),
            let action = FooterHints.action(atColumn: column, state: state)
        {
            return perform(action, state: &state)
        }
        if layout.title.contains(column: column, row: row),
            let index = TitleBar(state: state).crumb(atColumn: column, in: layout.title)
        {
            return popBack(to: index, state: &state)
        }
        return []
    }
}
