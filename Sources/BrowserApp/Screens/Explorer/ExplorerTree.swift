import ExplorerData
import ExplorerModel
import Locking

/// An entity laid out once for its detail, off the loop thread: its `JSONOutline`, the link each
/// node is (a string that is a URL of the API, an object with such a `url`), and the folds it
/// opens with (a reference object is a link, folded to one line); or, where its reader says so,
/// as labelled rows under a title of their own (Rick and Morty's character). Built once per
/// value, never per frame. A value; thread-safe.
struct ExplorerTree: Sendable {
    /// The entity's fields as a tree.
    let outline: JSONOutline
    /// The link each node is, by node index.
    let links: [Int: EntityLink]
    /// The folds the detail opens with.
    let folds: OutlineFolds
    /// The rows the detail shows instead of the tree, when the reader lays the entity out so.
    private(set) var labeled: [LabeledRow]?
    /// The detail box's title instead of `title · path · line`, with `labeled`.
    private(set) var boxTitle: String?

    /// An entity shown as `rows` under `boxTitle`, its links the rows' (by row): no tree of its
    /// fields is built, nor are its strings searched for links.
    init(rows: [LabeledRow], boxTitle: String) {
        ExplorerBuildCount.current?.countTree()
        outline = JSONOutline(.object(JSONObject([])))
        var links: [Int: EntityLink] = [:]
        for (index, row) in rows.enumerated() { links[index] = row.link }
        self.links = links
        folds = OutlineFolds()
        labeled = rows
        self.boxTitle = boxTitle
    }

    /// The tree of `entity`, whose links are those of `api` (none without one).
    init(_ entity: ExplorerEntity, api: APIBase?) {
        ExplorerBuildCount.current?.countTree()
        outline = JSONOutline(.object(entity.object))
        let found = api.map { entity.links(in: $0) } ?? []
        var byPath: [String: EntityLink] = [:]
        for link in found where byPath[link.path] == nil { byPath[link.path] = link }
        var links: [Int: EntityLink] = [:]
        var folds = OutlineFolds()
        if !byPath.isEmpty {
            var paths = [String](repeating: "", count: outline.nodes.count)
            for (index, node) in outline.nodes.enumerated() {
                guard let parent = node.parent, let label = node.label else { continue }
                let above = paths[parent]
                paths[index] = label.hasPrefix("[") || above.isEmpty ? above + label : above + "." + label
                guard let link = byPath[paths[index]] else { continue }
                links[index] = link
                if node.isContainer, folds.isOpen(index, in: outline) { folds.toggle(index, in: outline) }
            }
        }
        self.links = links
        self.folds = folds
    }
}

/// Counts the explorer detail's trees and line sets built by the task it is bound to
/// (`ExplorerBuildCount.$current`), so a test can prove that frames and moves build neither.
/// Unbound, nothing is counted. Thread-safe.
final class ExplorerBuildCount: Sendable {
    /// The counter of the current task, if one is bound.
    @TaskLocal static var current: ExplorerBuildCount?

    private let counts = PThreadMutex((trees: 0, lines: 0))

    /// `ExplorerTree`s built.
    var trees: Int { counts.withLock { $0.trees } }
    /// `ExplorerDetailLines.build` calls.
    var lines: Int { counts.withLock { $0.lines } }

    func countTree() { counts.withLock { $0.trees += 1 } }
    func countLines() { counts.withLock { $0.lines += 1 } }
}
