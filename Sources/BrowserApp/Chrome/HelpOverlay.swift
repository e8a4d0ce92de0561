import TerminalUI

/// The `?` overlay: the keys of the screen on top, then those of every screen, as the key
/// table binds them, then what the mouse does. Any key or click closes it; the wheel scrolls it.
enum HelpOverlay {
    /// The overlay's rows on `scope`: keys, and what they do; while an API is explored
    /// (`exploring`), first the explorer's moves every screen has (`1`–`3`, `:`).
    static func entries(for scope: KeyTable.Scope, exploring: Bool = false) -> [(String, String)] {
        let screen = KeyTable.bindings(for: scope)
        let moves =
            exploring ? KeyTable.explorerMoves.filter { move in !screen.contains { $0.label == move.label } } : []
        return (moves + screen + KeyTable.global).filter { !$0.label.isEmpty }.map { ($0.label, $0.help) }
    }

    /// What the overlay says of the mouse, on or off (`--no-mouse`).
    static func mouseEntries(mouseOn: Bool) -> [(String, String)] {
        guard mouseOn else { return [("mouse", "off (--no-mouse): the terminal selects text")] }
        return [
            ("click", "select; double click: open; wheel: scroll"),
            ("", "a click on a footer hint or a crumb: as its key"),
            ("Shift-drag", "selects text in most terminals while the mouse is on"),
        ]
    }

    /// The overlay over `area` on `scope`, its first `scroll` lines scrolled off (clamped).
    static func box(
        for scope: KeyTable.Scope, exploring: Bool = false, mouseOn: Bool, scroll: Int = 0, in area: Rect
    ) -> OverlayBox {
        let lines = lines(for: scope, exploring: exploring, mouseOn: mouseOn)
        let dropped = min(max(0, scroll), maximumScroll(of: lines, in: area))
        return OverlayBox(title: "Keys", lines: Array(lines.dropFirst(dropped)))
    }

    /// The most lines the overlay on `scope` over `area` scrolls off: none when all show.
    static func maximumScroll(
        for scope: KeyTable.Scope, exploring: Bool = false, mouseOn: Bool, in area: Rect
    ) -> Int {
        maximumScroll(of: lines(for: scope, exploring: exploring, mouseOn: mouseOn), in: area)
    }

    private static func maximumScroll(of lines: [Line], in area: Rect) -> Int {
        let shown = max(0, OverlayBox(title: "Keys", lines: lines).frame(in: area).height - 2)
        return max(0, lines.count - shown)
    }

    private static func lines(for scope: KeyTable.Scope, exploring: Bool, mouseOn: Bool) -> [Line] {
        let entries = entries(for: scope, exploring: exploring) + mouseEntries(mouseOn: mouseOn)
        let keyWidth = entries.map { DisplayWidth.of($0.0) }.max() ?? 0
        var lines = entries.map { key, action in
            Line([
                Span(TextFitting.fit(key, width: keyWidth), style: Style(bold: true)), Span("  "),
                Span(action),
            ])
        }
        lines.append(Line("any key or click closes this help", style: .plain.dimmed()))
        return lines
    }
}
