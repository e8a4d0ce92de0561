import TerminalUI

/// The `?` overlay: every key and what it does. Any key closes it.
enum HelpOverlay {
    static let entries: [(String, String)] = [
        ("j k ↓ ↑", "move, or scroll the detail"),
        ("PgDn PgUp", "a screen down or up"),
        ("g G Home End", "first or last row"),
        ("1 2 3  Tab", "characters, episodes, locations"),
        ("Enter", "open the row, member or selected link"),
        ("n p", "select a character's next/previous link"),
        ("Esc Backspace", "back one screen"),
        ("Esc", "close a toast; clear the filter"),
        ("/", "filter (name; key=value for others)"),
        ("s", "cycle status: any alive dead unknown"),
        ("r", "refresh what is shown (remoteFirst)"),
        ("o", "toggle offline"),
        ("c  C", "clear memory  /  memory and disk"),
        ("?  q", "this help  /  quit"),
    ]

    static var box: OverlayBox {
        let keyWidth = entries.map { DisplayWidth.of($0.0) }.max() ?? 0
        var lines = entries.map { key, action in
            Line([
                Span(TextFitting.fit(key, width: keyWidth), style: Style(bold: true)), Span("  "),
                Span(action),
            ])
        }
        lines.append(Line("any key closes this help", style: .plain.dimmed()))
        return OverlayBox(title: "Keys", lines: lines)
    }
}
