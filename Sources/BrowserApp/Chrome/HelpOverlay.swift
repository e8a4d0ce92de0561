import TerminalUI

/// The `?` overlay: the keys of the screen on top, then those of every screen, as the key
/// table binds them. Any key closes it.
enum HelpOverlay {
    /// The overlay's rows on `scope`: keys, and what they do.
    static func entries(for scope: KeyTable.Scope) -> [(String, String)] {
        (KeyTable.bindings(for: scope) + KeyTable.global).filter { !$0.label.isEmpty }.map {
            ($0.label, $0.help)
        }
    }

    static func box(for scope: KeyTable.Scope) -> OverlayBox {
        let entries = entries(for: scope)
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
