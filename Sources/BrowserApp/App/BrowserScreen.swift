import TerminalUI

/// The whole browser screen for one state: title, the screen on top, status panes, footer or
/// question, then a toast and the help overlay on top. A plain value built for each frame; with
/// `memos`, the panes whose inputs did not change since the last frame are pasted, not drawn.
struct BrowserScreen: Widget {
    let state: BrowserState
    var colorMode: ColorMode = .palette256
    /// Whether the mouse is on (the help overlay says what it does).
    var mouseOn = true
    /// Whether an API is explored (the help overlay lists the explorer's moves on every screen).
    var exploring = false
    var memos: PaneMemos?

    func render(in area: Rect, buffer: inout CellBuffer) {
        let layout = state.layout
        TitleBar(state: state).render(in: layout.title, buffer: &buffer, memo: memos?.title)
        state.screens.last?.render(
            in: layout.main, buffer: &buffer,
            context: ScreenRenderContext(
                layout: layout, colorMode: colorMode, memos: memos, pendingCharacterIDs: state.pendingCharacterIDs,
                keptWrites: state.keptWrites, sharedCache: state.sharedCache, revalidating: state.revalidating))
        StatusPaneContent(state: state, isWide: layout.isWide)
            .render(in: layout.status, buffer: &buffer, memo: memos?.status)
        if let counters = layout.counters {
            CountersPane(state: state).render(in: counters, buffer: &buffer, memo: memos?.counters)
        }
        if let recent = layout.recent {
            RecentAnswersPane(events: state.recent).render(in: recent, buffer: &buffer, memo: memos?.recent)
        }
        // A question goes on the footer, or on the row its screen keeps for it (the key hints stay).
        let question = state.asking?.question
        let row = question == nil ? nil : state.screens.last?.questionRow(in: layout)
        if let question {
            QuestionBar(question: question, showsKeys: row == nil)
                .render(in: row ?? layout.footer, buffer: &buffer)
        }
        if question == nil || row != nil {
            KeyHintsFooter(hints: FooterHints.hints(for: state))
                .render(in: layout.footer, buffer: &buffer, memo: memos?.footer)
        }
        if let toast = state.toast {
            // Over the body, clear of the boxes' bottom border, centred across the whole width.
            let body = Rect(
                x: area.x, y: layout.title.maxY, width: area.width,
                height: layout.footer.y - layout.title.maxY - 1)
            Toast(toast.message, style: Self.style(of: toast.kind)).render(in: body, buffer: &buffer)
        }
        if state.showsHelp {
            HelpOverlay.box(
                for: state.keyScope, exploring: exploring, mouseOn: mouseOn, scroll: state.helpScroll, in: area)
                .render(in: area, buffer: &buffer)
        }
    }

    /// How a toast of `kind` looks.
    static func style(of kind: ToastState.Kind) -> Style {
        switch kind {
        case .error: Style(foreground: .red, bold: true)
        case .warning: Style(foreground: .yellow, bold: true)
        case .info: Style(bold: true)
        }
    }
}
