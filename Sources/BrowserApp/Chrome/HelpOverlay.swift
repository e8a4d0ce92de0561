import TerminalUI

/// The `?` overlay: the keys of the screen on top, then those of every screen, as the key
/// table binds them, then what the mouse does. Any key or click closes it; the wheel scrolls it.
enum HelpOverlay {
    /// The overlay over `area` on `scope`, its first `scroll` lines scrolled off (clamped).
    static func box(
        for scope: KeyTable.Scope, exploring: Bool = false, mouseOn: Bool, scroll: Int = 0, in area: Rect
    ) -> OverlayBox {
        let lines = lines(for: scope, exploring: exploring, mouseOn: mouseOn)
        let most = maximumScroll(of: lines, in: area)
        return OverlayBox(title: "Keys", lines: Array(lines.dropFirst(min(max(0, scroll), most))))
    }

    /// The most lines the overlay on `scope` over `area` scrolls off: none when all show.
    static func maximumScroll(
        for scope: KeyTable.Scope, exploring: Bool = false, mouseOn: Bool, in area: Rect
    ) -> Int {
        maximumScroll(of: lines(for: scope, exploring: exploring, mouseOn: mouseOn), in: area)
    }

    /// The most of `lines` an overlay over `area` scrolls off.
    private static func maximumScroll(of lines: [Line], in area: Rect) -> Int {
        max(0, lines.count - max(0, OverlayBox(title: "Keys", lines: lines).frame(in: area).height - 2))
    }

    /// The keys on `scope` and what they do (first the moves every screen has: `1`–`3`, and `:`
    /// while an API is explored), then what the mouse does, on or off (`--no-mouse`).
    private static func lines(for scope: KeyTable.Scope, exploring: Bool, mouseOn: Bool) -> [Line] {
        let screen = scope.bindings
        let moves = KeyTable.resourceMoves(exploring: exploring).filter { move in
            !screen.contains { $0.label == move.label }
        }
        let keys = (moves + screen + KeyTable.global(sayingOn: scope)).filter { !$0.label.isEmpty }
            .map { ($0.label, $0.help) }
        let mouse =
            mouseOn
            ? [
                ("click", "select; double click: open; wheel: scroll"),
                ("", "a click on a footer hint or a crumb: as its key"),
                ("Shift-drag", "selects text in most terminals while the mouse is on"),
            ] : [("mouse", "off (--no-mouse): the terminal selects text")]
        let entries = keys + mouse
        let keyWidth = entries.map { DisplayWidth.of($0.0) }.max() ?? 0
        let lines = entries.map { key, action in
            Line([Span(TextFitting.fit(key, width: keyWidth), style: Style(bold: true)), Span("  " + action)])
        }
        return lines + [Line("any key or click closes this help", style: .plain.dimmed())]
    }
}
