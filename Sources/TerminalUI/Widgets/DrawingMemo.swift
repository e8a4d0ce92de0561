import Locking

/// Remembers one widget's last drawing: rendering an equal widget into the same area again
/// copies the remembered cells instead of laying them out. For the panes of a screen that is
/// drawn whole every frame while most panes' inputs stay the same.
///
/// The widget's value must be everything its drawing depends on (equal values in equal areas
/// draw equal cells), and it must keep to its area, as every `Widget` does. The memo clears the
/// area before rendering, so what it keeps never depends on what was under it. Thread-safe: the
/// remembered drawing sits behind a lock; one memo serves one place on the screen.
public final class DrawingMemo<Content: Widget & Equatable & Sendable>: Sendable {
    // Inlinable, with its storage usable from inline code, so that each pane's memo is
    // specialised for its type where it is used: the check runs every frame.
    @usableFromInline
    struct Drawing: Sendable {
        @usableFromInline let content: Content
        @usableFromInline let area: Rect
        @usableFromInline let cells: [Cell]

        @usableFromInline
        init(content: Content, area: Rect, cells: [Cell]) {
            self.content = content
            self.area = area
            self.cells = cells
        }
    }

    @usableFromInline let last = PThreadMutex<Drawing?>(nil)

    /// A memo that remembers nothing yet.
    public init() {}

    /// Draws `content` into `area` of `buffer`: from the remembered cells when `content` and the
    /// (clipped) area equal the last call's, else by rendering it, and then remembers the result.
    @inlinable
    public func render(_ content: Content, in area: Rect, buffer: inout CellBuffer) {
        let area = area.intersection(buffer.area)
        guard !area.isEmpty else { return }
        // On a miss the old drawing is taken out, so that its storage, now held only here, is
        // reused for the new one instead of allocating again.
        var storage: [Cell] = []
        let remembered = last.withLock { drawing -> [Cell]? in
            guard let kept = drawing else { return nil }
            if kept.area == area && kept.content == content { return kept.cells }
            storage = kept.cells
            drawing = nil
            return nil
        }
        if let remembered {
            buffer.paste(remembered, in: area)
            return
        }
        buffer.fill(area)
        content.render(in: area, buffer: &buffer)
        guard buffer.copy(of: area, into: &storage) else { return }
        last.withLock { $0 = Drawing(content: content, area: area, cells: storage) }
    }
}

extension CellBuffer {
    /// Replaces `copied` with the cells of `area` (inside the grid), row by row, reusing its
    /// storage; false when a wide glyph crosses the area's left or right edge, since such cells
    /// could not be pasted back on their own.
    @usableFromInline
    func copy(of area: Rect, into copied: inout [Cell]) -> Bool {
        copied.removeAll(keepingCapacity: true)
        copied.reserveCapacity(area.width * area.height)
        for row in area.y..<area.maxY {
            let start = row * width + area.x
            let end = start + area.width
            guard !cells[start].isContinuation, cells[end - 1].width != 2 else { return false }
            copied.append(contentsOf: cells[start..<end])
        }
        return true
    }

    /// Puts back cells that `copy(of:into:)` took from an area of the same size; a wide glyph outside
    /// the area that the paste half covers is blanked, as `put` does.
    @usableFromInline
    mutating func paste(_ copied: [Cell], in area: Rect) {
        for row in area.y..<area.maxY {
            replaceCells(
                row * width + area.x..<row * width + area.maxX,
                with: copied[(row - area.y) * area.width..<(row - area.y + 1) * area.width])
        }
    }
}
