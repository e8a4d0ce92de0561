/// How much of a split a part takes. Fixed and percentage parts are served first, in order;
/// fill parts share what remains by weight.
public enum LayoutLength: Sendable, Hashable {
    /// Exactly this many cells (fewer when space runs out).
    case fixed(Int)
    /// This percentage of the whole (rounded down).
    case percent(Int)
    /// A share of the remainder, proportional to the weight.
    case fill(Int)

    /// A fill part of weight 1.
    public static let fill = LayoutLength.fill(1)
}

extension Rect {
    /// The rectangle shrunk by `margin` cells on every side.
    public func inset(by margin: Int) -> Rect {
        inset(top: margin, left: margin, bottom: margin, right: margin)
    }

    /// The rectangle shrunk by the given margins (never below empty).
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        Rect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
    }

    /// Stacked rows, top to bottom, one per length; together they never exceed this height.
    public func splitRows(_ lengths: [LayoutLength]) -> [Rect] {
        Self.distribute(height, lengths).map { offset, size in
            Rect(x: x, y: y + offset, width: width, height: size)
        }
    }

    /// Side-by-side columns, left to right, one per length; together they never exceed this width.
    public func splitColumns(_ lengths: [LayoutLength]) -> [Rect] {
        Self.distribute(width, lengths).map { offset, size in
            Rect(x: x + offset, y: y, width: size, height: height)
        }
    }

    /// A rectangle of at most `width` × `height` centred inside this one.
    public func centered(width: Int, height: Int) -> Rect {
        let clampedWidth = min(max(0, width), self.width)
        let clampedHeight = min(max(0, height), self.height)
        return Rect(
            x: x + (self.width - clampedWidth) / 2, y: y + (self.height - clampedHeight) / 2,
            width: clampedWidth, height: clampedHeight)
    }

    /// The top `count` rows.
    public func top(_ count: Int) -> Rect { Rect(x: x, y: y, width: width, height: min(count, height)) }

    /// The bottom `count` rows.
    public func bottom(_ count: Int) -> Rect {
        let rows = min(max(0, count), height)
        return Rect(x: x, y: maxY - rows, width: width, height: rows)
    }

    /// Offsets and sizes along one axis of `total` cells.
    private static func distribute(_ total: Int, _ lengths: [LayoutLength]) -> [(Int, Int)] {
        var sizes = Array(repeating: 0, count: lengths.count)
        var remaining = total
        for (index, length) in lengths.enumerated() {
            let wanted: Int
            switch length {
            case .fixed(let cells): wanted = max(0, cells)
            case .percent(let percent): wanted = total * min(max(0, percent), 100) / 100
            case .fill: continue
            }
            sizes[index] = min(wanted, remaining)
            remaining -= sizes[index]
        }
        let weights = lengths.map { length -> Int in
            if case .fill(let weight) = length { return max(0, weight) }
            return 0
        }
        let totalWeight = weights.reduce(0, +)
        if totalWeight > 0 {
            var shared = 0
            var weightSoFar = 0
            for (index, weight) in weights.enumerated() where weight > 0 {
                weightSoFar += weight
                let end = remaining * weightSoFar / totalWeight
                sizes[index] = end - shared
                shared = end
            }
        }
        var offset = 0
        return sizes.map { size in
            defer { offset += size }
            return (offset, size)
        }
    }
}
