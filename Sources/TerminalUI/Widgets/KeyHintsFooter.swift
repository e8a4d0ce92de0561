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
        for placed in placements(in: row) {
            let hint = hints[placed.index]
            let x = placed.columns.lowerBound
            let keyWidth = buffer.write(" \(hint.key) ", x: x, y: row.y, style: keyStyle)
            buffer.write(" \(hint.action)", x: x + keyWidth, y: row.y, style: actionStyle)
        }
    }

    /// The index of the hint drawn over `column` of the footer's row in `area` (its key and its
    /// word), or nil between hints and past the last: what a click there stands for.
    public func hint(atColumn column: Int, in area: Rect) -> Int? {
        placements(in: area.top(1)).first { $0.columns.contains(column) }?.index
    }

    /// Where each hint that fits goes in `row`: its index and the columns of its key and word.
    private func placements(in row: Rect) -> [(index: Int, columns: Range<Int>)] {
        var placed: [(index: Int, columns: Range<Int>)] = []
        var x = row.x
        for (index, hint) in hints.enumerated() {
            let width = DisplayWidth.of(" \(hint.key) ") + DisplayWidth.of(" \(hint.action)")
            guard x + width <= row.maxX else { break }
            placed.append((index, x..<x + width))
            x += width + 2
        }
        return placed
    }
}
