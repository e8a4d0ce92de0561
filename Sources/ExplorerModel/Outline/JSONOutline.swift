/// A JSON value laid out once as the nodes of an indented tree, in document order: each node's
/// depth, its label (the member's key, or `[i]` in an array), what it shows (a scalar's text, or a
/// container's kind and size) and where its subtree ends, so a folded subtree is skipped in one
/// step. Built once per value (a 700 KB entity is some tens of thousands of nodes); which nodes are
/// open is `OutlineFolds`' business. A value; thread-safe.
public struct JSONOutline: Sendable {
    /// One node of the tree.
    public struct Node: Sendable, Hashable {
        /// What a node shows.
        public enum Shown: Sendable, Hashable {
            /// A string, as it is (the caller wraps and cleans it).
            case string(String)
            /// A number, `true`, `false` or `null`, as JSON writes it.
            case literal(String)
            /// An object of `count` members.
            case object(count: Int)
            /// An array of `count` elements.
            case array(count: Int)
        }

        public let depth: Int
        /// The member's key, `[i]` for an array's element, nil for the root.
        public let label: String?
        public let shown: Shown
        /// The index after the node's last descendant: its subtree is `index..<end`.
        public let end: Int
        /// The node's parent, nil for the root.
        public let parent: Int?

        /// Whether the node holds others (an object or an array, empty or not).
        public var isContainer: Bool {
            switch shown {
            case .object, .array: true
            case .string, .literal: false
            }
        }

        /// How many members or elements it holds (0 for a scalar).
        public var childCount: Int {
            switch shown {
            case .object(let count), .array(let count): count
            case .string, .literal: 0
            }
        }
    }

    /// The nodes in document order; the root is node 0.
    public let nodes: [Node]

    /// The outline of `root`.
    public init(_ root: JSONNode) {
        var nodes: [Node] = []
        Self.add(root, label: nil, depth: 0, parent: nil, to: &nodes)
        self.nodes = nodes
    }

    /// Appends `node`'s subtree; returns its index.
    @discardableResult
    private static func add(_ node: JSONNode, label: String?, depth: Int, parent: Int?, to nodes: inout [Node]) -> Int {
        let index = nodes.count
        let shown: Node.Shown
        switch node {
        case .string(let text): shown = .string(text)
        case .number(let text): shown = .literal(text)
        case .bool(let flag): shown = .literal(flag ? "true" : "false")
        case .null: shown = .literal("null")
        case .object(let object): shown = .object(count: object.members.count)
        case .array(let elements): shown = .array(count: elements.count)
        }
        nodes.append(Node(depth: depth, label: label, shown: shown, end: index + 1, parent: parent))
        switch node {
        case .object(let object):
            for member in object.members { add(member.value, label: member.key, depth: depth + 1, parent: index, to: &nodes) }
        case .array(let elements):
            for (position, element) in elements.enumerated() {
                add(element, label: "[\(position)]", depth: depth + 1, parent: index, to: &nodes)
            }
        case .string, .number, .bool, .null:
            return index
        }
        let finished = nodes[index]
        nodes[index] = Node(depth: finished.depth, label: finished.label, shown: finished.shown, end: nodes.count, parent: parent)
        return index
    }

    /// The children of container `index`, in order.
    public func children(of index: Int) -> [Int] {
        var found: [Int] = []
        var child = index + 1
        while child < nodes[index].end {
            found.append(child)
            child = nodes[child].end
        }
        return found
    }
}
