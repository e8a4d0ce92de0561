/// Which nodes of a `JSONOutline` are open, and the rows that makes: an open container shows its
/// children (below the root, an array or object longer than `shownChildren` shows that many and a
/// row that says how many more; a root object shows every field), a folded one only itself. By default the root and its direct containers are
/// open and everything deeper folded, so a large entity opens as a page of fields; `toggle` opens
/// or folds a node, `showAll` shows a long container's every child. Rows are worked out when
/// asked, skipping folded subtrees whole. A value; thread-safe.
public struct OutlineFolds: Sendable, Hashable {
    /// One row of the tree as shown.
    public enum Row: Sendable, Hashable {
        /// Node `index` of the outline.
        case node(Int)
        /// The `count` children of container `parent` not shown (opened by `showAll`).
        case more(parent: Int, count: Int)
    }

    /// How many children an open container shows before its `more` row.
    public var shownChildren: Int
    /// How deep containers are open until toggled (the root is depth 0).
    public var openDepth: Int
    /// The containers toggled from their default.
    private var toggled: Set<Int> = []
    /// The containers that show every child.
    private var unlimited: Set<Int> = []

    /// Folds with the default: the root and depth-1 containers open, 10 children each.
    public init(shownChildren: Int = 10, openDepth: Int = 1) {
        self.shownChildren = shownChildren
        self.openDepth = openDepth
    }

    /// Whether container `index` of `outline` is open.
    public func isOpen(_ index: Int, in outline: JSONOutline) -> Bool {
        let byDefault = outline.nodes[index].depth <= openDepth
        return byDefault != toggled.contains(index)
    }

    /// Opens a folded container, folds an open one; nothing for a scalar.
    public mutating func toggle(_ index: Int, in outline: JSONOutline) {
        guard outline.nodes[index].isContainer else { return }
        if !toggled.insert(index).inserted { toggled.remove(index) }
    }

    /// Shows every child of container `index` (its `more` row goes).
    public mutating func showAll(_ index: Int) {
        unlimited.insert(index)
    }

    /// The rows of `outline` as folded now, in order.
    public func rows(of outline: JSONOutline) -> [Row] {
        var rows: [Row] = []
        guard !outline.nodes.isEmpty else { return rows }
        append(0, of: outline, to: &rows)
        return rows
    }

    private func append(_ index: Int, of outline: JSONOutline, to rows: inout [Row]) {
        rows.append(.node(index))
        let node = outline.nodes[index]
        guard node.isContainer, node.childCount > 0, isOpen(index, in: outline) else { return }
        let everyField = index == 0 && node.shown == .object(count: node.childCount)
        let limit = everyField || unlimited.contains(index) ? Int.max : shownChildren
        var child = index + 1
        var shown = 0
        while child < node.end {
            guard shown < limit else {
                rows.append(.more(parent: index, count: node.childCount - shown))
                return
            }
            append(child, of: outline, to: &rows)
            child = outline.nodes[child].end
            shown += 1
        }
    }
}
