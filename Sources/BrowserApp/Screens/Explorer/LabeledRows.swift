import ExplorerModel
import TerminalUI

/// One row of an entity laid out as labelled fields (`Species   Human`): its label and value, or,
/// for a link whose entity is titled `CODE name` (an episode), both from that title once known.
/// A plain value.
struct LabeledRow: Sendable, Hashable {
    var label: String
    var value: String
    var valueStyle: Style = .plain
    /// The path of the link the row is (`origin`, `episode[3]`), if it is one.
    var linkPath: String?
    /// Whether label and value are the link's title split at its first space.
    var fromTitle = false
    /// What Enter says when `linkPath` names no link (an unknown or dangling reference).
    var note: LineNote?
}

extension ExplorerDetailLines {
    /// The lines of `tree`'s labelled rows `width` columns wide: a label column as wide as the
    /// widest label, long values wrapped under their value column; a row that is a link carries it
    /// (its title, when the row is made of it, from `titles`; its path, dimmed, until then).
    static func labeled(_ rows: [LabeledRow], tree: ExplorerTree, titles: [EntityAddress: String], width: Int)
        -> [ExplorerDetailLine]
    {
        var byPath: [String: (node: Int, link: EntityLink)] = [:]
        for (node, link) in tree.links { byPath[link.path] = (node, link) }
        var fields: [LabeledValue] = []
        var found: [(node: Int, link: EntityLink)?] = []
        for row in rows {
            let linked = row.linkPath.flatMap { byPath[$0] }
            var field = LabeledValue(row.label, row.value, valueStyle: row.valueStyle)
            if row.fromTitle, let link = linked?.link {
                if let title = titles[link.address] {
                    let parts = title.split(separator: " ", maxSplits: 1)
                    field = LabeledValue(String(parts.first ?? ""), parts.count > 1 ? String(parts[1]) : "")
                } else {
                    field = LabeledValue("", link.address.path, valueStyle: .plain.dimmed())
                }
            }
            fields.append(field)
            found.append(linked)
        }
        return DetailView(fields: fields).lines(width: width).map { laid in
            let linked = found[laid.field]
            let row = rows[laid.field]
            return ExplorerDetailLine(
                row: .node(linked?.node ?? 0), text: laid.line, isFirst: laid.isFirst, link: linked?.link,
                note: linked == nil && row.linkPath != nil ? row.note : nil)
        }
    }
}

/// What Enter says on a line that stands where a link would and is none: a toast's text and kind.
/// A plain value.
struct LineNote: Sendable, Hashable {
    let message: String
    let kind: ToastState.Kind
}
