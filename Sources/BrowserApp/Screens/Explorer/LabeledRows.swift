import ExplorerModel
import TerminalUI

/// One row of an entity laid out as labelled fields (`Species   Human`): its label and value, or,
/// for a link, its entity's title once known — as the value, or split at its first space into
/// label and value (`S01E01 Pilot`). A plain value.
struct LabeledRow: Sendable, Hashable {
    /// How a link's row shows its entity's title.
    enum Titled: Sendable, Hashable {
        /// As the value, beside the row's label.
        case value
        /// Split at its first space: the label, then the value.
        case split
    }

    var label: String
    var value: String
    var valueStyle: Style = .plain
    /// The link the row is (at `origin`, `episode[3]`), if it is one.
    var link: EntityLink?
    /// Whether the row shows its link's title, and how; `value` is shown, dimmed, when the row is
    /// a reference that names no entity of the API (as written).
    var titled: Titled?
    /// What Enter says when the row is a reference that names no entity of the API (unknown or
    /// dangling); nil for a row that is no reference.
    var note: LineNote?
}

extension ExplorerDetailLines {
    /// The lines of labelled `rows` `width` columns wide: a label column as wide as the widest
    /// label, long values wrapped under their value column; a row that is a link carries it (its
    /// title, when the row is made of it, from `titles`; its path, dimmed, until then).
    static func labeled(_ rows: [LabeledRow], titles: [EntityAddress: String], width: Int) -> [ExplorerDetailLine] {
        let fields = rows.map { row in
            var field = LabeledValue(row.label, row.value, valueStyle: row.valueStyle)
            switch (row.titled, row.link?.address) {
            case (nil, _): break
            case (_, nil): field.valueStyle = .plain.dimmed()
            case (.value?, let address?):
                field.value = titles[address] ?? address.path
                if titles[address] == nil { field.valueStyle = .plain.dimmed() }
            case (.split?, let address?):
                if let title = titles[address] {
                    let parts = title.split(separator: " ", maxSplits: 1)
                    field = LabeledValue(String(parts.first ?? ""), parts.count > 1 ? String(parts[1]) : "")
                } else {
                    field = LabeledValue("", address.path, valueStyle: .plain.dimmed())
                }
            }
            return field
        }
        return DetailView(fields: fields).lines(width: width).map { laid in
            let row = rows[laid.field]
            return ExplorerDetailLine(
                row: .node(0), text: laid.line, isFirst: laid.isFirst, link: row.link,
                note: row.link == nil ? row.note : nil)
        }
    }
}

/// What Enter says on a line that stands where a link would and is none: a toast's text and kind.
/// A plain value.
struct LineNote: Sendable, Hashable {
    let message: String
    let kind: ToastState.Kind
}
