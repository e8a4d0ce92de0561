#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
        forEachChange(since: previous) { index in
            result.append(CellChange(x: index % width, y: index / width, cell: cells[index]))
        }
        return result
    }

    /// How many cells `changes(since:)` returns, without building them.
    public func changeCount(since previous: CellBuffer?) -> Int {
        var count = 0
        forEachChange(since: previous) { _ in count += 1 }
        return count
    }

    /// Calls `body` with the index of every cell that `changes(since:)` lists, in order.
    @inline(__always)
    private func forEachChange(since previous: CellBuffer?, _ body: (Int) -> Void) {
        guard let previous, previous.size == size else {
            for index in cells.indices where !cells[index].isContinuation { body(index) }
            return
        }
        cells.withUnsafeBufferPointer { new in
            previous.cells.withUnsafeBufferPointer { old in
                guard width > 0, let newCells = new.baseAddress, let oldCells = old.baseAddress else {
                    return
                }
                let rowBytes = width * MemoryLayout<Cell>.stride
                for rowStart in stride(from: 0, to: new.count, by: width) {
                    // Most rows of a frame are as they were: one byte comparison skips them (a
                    // cell has no padding, so equal bytes are equal cells).
                    if memcmp(newCells + rowStart, oldCells + rowStart, rowBytes) == 0 { continue }
                    for index in rowStart..<rowStart + width where !new[index].isContinuation {
                        let unchanged =
                            new[index] == old[index]
                            && (new[index].width == 1 || new[index + 1] == old[index + 1])
                        if !unchanged { body(index) }
                    }
                }
            }
        }
    }

    /// Each row as plain text, trailing spaces trimmed (continuation cells add nothing).
    public var textLines: [String] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * 4)
        return (0..<height).map { row in
            bytes.removeAll(keepingCapacity: true)
            for column in 0..<width {
                for scalar in cells[row * width + column].scalars {
                    if scalar.isASCII {
                        bytes.append(UInt8(truncatingIfNeeded: scalar.value))
                    } else if let encoded = UTF8.encode(scalar) {
                        bytes.append(contentsOf: encoded)
                    }
                }
            }
            while bytes.last == 0x20 { bytes.removeLast() }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
