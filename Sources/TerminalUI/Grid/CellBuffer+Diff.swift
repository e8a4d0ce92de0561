/// A cell a backend must draw: its position and content. A plain value.
public struct CellChange: Sendable, Hashable {
    public let x: Int
    public let y: Int
    public let cell: Cell
}

extension CellBuffer {
    /// The cells that differ from `previous`, row by row — every cell when `previous` is nil
    /// or of another size. Continuation cells are left out: drawing a wide glyph's lead cell
    /// draws both halves.
    public func changes(since previous: CellBuffer?) -> [CellChange] {
        var result: [CellChange] = []
        let old = previous.flatMap { $0.size == size ? $0.cells : nil }
        for index in cells.indices {
            let cell = cells[index]
            if cell.isContinuation { continue }
            if let old, old[index] == cell {
                if cell.width == 2, old[index + 1] != cells[index + 1] {
                    result.append(CellChange(x: index % width, y: index / width, cell: cell))
                }
                continue
            }
            result.append(CellChange(x: index % width, y: index / width, cell: cell))
        }
        return result
    }

    /// Each row as plain text, trailing spaces trimmed (continuation cells add nothing).
    public var textLines: [String] {
        (0..<height).map { row in
            var line = ""
            for column in 0..<width {
                line += cells[row * width + column].text
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
