/// A width × height grid of cells that widgets draw into and backends present. A plain value.
///
/// Invariants kept by every mutating method: a wide glyph's lead cell is always followed by
/// its continuation cell in the same row, a continuation never stands alone, and no cell
/// holds a control character. Writes outside the grid are clipped.
public struct CellBuffer: Sendable, Equatable {
    /// Columns and rows.
    public let size: TerminalSize
    /// All cells, row by row.
    public private(set) var cells: [Cell]

    /// A grid of `size` filled with `fill` (a blank by default; a wide fill becomes a blank in its style).
    public init(size: TerminalSize, fill: Cell = .blank) {
        self.size = size
        let filler = fill.width == 1 ? fill : Cell.blank(fill.style)
        self.cells = Array(repeating: filler, count: size.width * size.height)
    }

    /// Columns.
    public var width: Int { size.width }
    /// Rows.
    public var height: Int { size.height }
    /// The whole grid as a rectangle.
    public var area: Rect { Rect(size: size) }

    /// The cell at column `x`, row `y`, or nil outside the grid.
    public subscript(x: Int, y: Int) -> Cell? {
        guard x >= 0, x < width, y >= 0, y < height else { return nil }
        return cells[y * width + x]
    }

    /// Draws `glyph` at (`x`, `y`). Returns false, changing nothing, when it does not fit
    /// (outside the grid, or a wide glyph in the last column). A wide glyph that the write
    /// cuts in half is replaced by blanks in its style.
    @discardableResult
    public mutating func put(_ glyph: Glyph, x: Int, y: Int, style: Style = .plain) -> Bool {
        guard y >= 0, y < height, x >= 0, x + glyph.width <= width else { return false }
        let index = y * width + x
        detachWideNeighbours(of: index, rowStart: y * width)
        if glyph.width == 2 {
            detachWideNeighbours(of: index + 1, rowStart: y * width)
            cells[index] = Cell(glyph, style: style)
            cells[index + 1] = .continuation(style)
        } else {
            cells[index] = Cell(glyph, style: style)
        }
        return true
    }

    /// Fills `rect` (clipped to the grid) with blanks in `style`.
    public mutating func fill(_ rect: Rect, style: Style = .plain) {
        fill(rect, with: .blank(style))
    }

    /// Fills `rect` (clipped to the grid) with `glyph` in `style`, as `put` would cell by cell;
    /// a glyph wider than one column fills nothing.
    public mutating func fill(_ rect: Rect, with glyph: Glyph, style: Style = .plain) {
        guard glyph.width == 1 else { return }
        fill(rect, with: Cell(glyph, style: style))
    }

    private mutating func fill(_ rect: Rect, with cell: Cell) {
        let clipped = rect.intersection(area)
        guard !clipped.isEmpty else { return }
        for row in clipped.y..<clipped.maxY {
            let rowStart = row * width
            detachWideNeighbours(of: rowStart + clipped.x, rowStart: rowStart)
            detachWideNeighbours(of: rowStart + clipped.maxX - 1, rowStart: rowStart)
            for index in (rowStart + clipped.x)..<(rowStart + clipped.maxX) {
                cells[index] = cell
            }
        }
    }

    /// Changes the style of every cell in `rect` (clipped to the grid), keeping the text.
    public mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
        let clipped = rect.intersection(area)
        guard !clipped.isEmpty else { return }
        for row in clipped.y..<clipped.maxY {
            for index in (row * width + clipped.x)..<(row * width + clipped.maxX) {
                change(&cells[index].style)
            }
        }
    }

    /// Before `index` is overwritten: blanks the other half of any wide glyph it belongs to.
    /// Writes `count` printable-ASCII `bytes` from (`x`, `y`) on, which must fit in the row, as
    /// `put` would one by one: a wide glyph the run half covers is blanked.
    mutating func putASCII(_ bytes: some Sequence<UInt8>, count: Int, x: Int, y: Int, style: Style) {
        guard count > 0, y >= 0, y < height, x >= 0, x + count <= width else { return }
        let rowStart = y * width
        detachWideNeighbours(of: rowStart + x, rowStart: rowStart)
        detachWideNeighbours(of: rowStart + x + count - 1, rowStart: rowStart)
        var index = rowStart + x
        for byte in bytes {
            cells[index] = Cell(.ascii(byte), style: style)
            index += 1
        }
    }

    /// Overwrites the cells at `range` (indices within one row) with as many `newCells`, whose
    /// wide glyphs, if any, lie whole inside the range; a wide glyph outside the range that it
    /// half covers is blanked, as `put` does.
    @usableFromInline
    mutating func replaceCells(_ range: Range<Int>, with newCells: ArraySlice<Cell>) {
        guard !range.isEmpty, range.count == newCells.count else { return }
        let rowStart = range.lowerBound - range.lowerBound % width
        detachWideNeighbours(of: range.lowerBound, rowStart: rowStart)
        detachWideNeighbours(of: range.upperBound - 1, rowStart: rowStart)
        cells.withUnsafeMutableBufferPointer { target in
            newCells.withUnsafeBufferPointer { source in
                guard let from = source.baseAddress, let to = target.baseAddress else { return }
                (to + range.lowerBound).update(from: from, count: source.count)
            }
        }
    }

    private mutating func detachWideNeighbours(of index: Int, rowStart: Int) {
        let cell = cells[index]
        if cell.isContinuation, index > rowStart {
            cells[index - 1] = .blank(cells[index - 1].style)
        } else if cell.width == 2, index + 1 < rowStart + width {
            cells[index + 1] = .blank(cells[index + 1].style)
        }
    }
}
