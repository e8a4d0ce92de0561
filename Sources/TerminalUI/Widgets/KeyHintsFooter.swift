/// A key and what it does, as shown in a footer ("q quit"). A plain value.
public struct KeyHint: Sendable, Hashable {
    public var key: String
    public var action: String

    /// `key` does `action`.
    public init(_ key: String, _ action: String) {
        self.key = key
        self.action = action
    }
}

/// One line of key hints, keys highlighted. Hints are never cut: those that do not fit are
/// left out from the end, so list the most important first.
public struct KeyHintsFooter: Widget, Sendable, Hashable {
    public var hints: [KeyHint]
    public var keyStyle: Style
    public var actionStyle: Style

    /// A footer of `hints`.
    public init(
        hints: [KeyHint], keyStyle: Style = Style(bold: true, reverse: true), actionStyle: Style = .plain
    ) {
        self.hints = hints
        self.keyStyle = keyStyle
        self.actionStyle = actionStyle
    }

    public func render(in area: Rect, buffer: inout CellBuffer) {
        let row = area.intersection(buffer.area).top(1)
        guard !row.isEmpty else { return }
        buffer.fill(row, style: actionStyle)
        var x = row.x
        for hint in hints {
            let key = " \(hint.key) "
            let action = " \(hint.action)"
            guard x + DisplayWidth.of(key) + DisplayWidth.of(action) <= row.maxX else { break }
            x += buffer.write(key, x: x, y: row.y, style: keyStyle)
            x += buffer.write(action, x: x, y: row.y, style: actionStyle) + 2
        }
    }
}
