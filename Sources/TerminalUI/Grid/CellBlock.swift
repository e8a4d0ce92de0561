/// A rectangle of single-width cells, row by row: a drawing made once and pasted into frames.
/// A plain value.
public struct CellBlock: Sendable, Hashable {
    /// Cells across.
    public let columns: Int
    /// Cells down.
    public let rows: Int
    /// `columns * rows` cells, the top row first.
    public let cells: [Cell]

    /// A block of `cells`; nil when the count is not `columns * rows` or a cell is not one column wide.
    public init?(columns: Int, rows: Int, cells: [Cell]) {
        guard columns >= 0, rows >= 0, cells.count == columns * rows, cells.allSatisfy({ $0.width == 1 })
        else {
            return nil
        }
        self.init(checkedColumns: columns, rows: rows, cells: cells)
    }

    init(checkedColumns columns: Int, rows: Int, cells: [Cell]) {
        self.columns = columns
        self.rows = rows
        self.cells = cells
    }
}

extension CellBuffer {
    /// Copies `block` with its top-left cell at (`x`, `y`), clipped to the buffer; a wide glyph
    /// it half covers is blanked, as `put` does.
    public mutating func paste(_ block: CellBlock, x: Int, y: Int) {
        let target = Rect(x: x, y: y, width: block.columns, height: block.rows).intersection(area)
        guard !target.isEmpty else { return }
        for row in target.y..<target.maxY {
            let source = (row - y) * block.columns + (target.x - x)
            let destination = row * width + target.x
            replaceCells(
                destination..<destination + target.width, with: block.cells[source..<source + target.width])
        }
    }
}
