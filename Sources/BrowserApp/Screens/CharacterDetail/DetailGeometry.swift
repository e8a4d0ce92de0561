import TerminalUI

/// Where a character's detail draws: the avatar's area, the fields' area and the fields, how many
/// lines show, how far it can scroll, and which field each link is. Built once per change of the
/// detail or the layout (`layOut`), for `perform` and the pane to read. A plain value.
struct DetailGeometry: Sendable {
    /// Where the avatar goes, when the detail has one and there is room.
    let avatar: Rect?
    /// Where the fields go: inside the box, one column of margin on the left, beside or below
    /// the avatar.
    let content: Rect
    /// The fields shown.
    let fields: [LabeledValue]
    /// The field of each link (`CharacterDetailState.links`).
    let linkFields: [Int]
    /// The largest useful scroll offset: the last line at the bottom of the pane (the fields
    /// wrapped once, here, not on every layout).
    let maxScrollOffset: Int

    /// The geometry of `detail` in `layout` (its fields as drawn while loading, or not).
    init(layout: BrowserLayout, detail: CharacterDetailState, isLoading: Bool = false) {
        (fields, linkFields) = DetailPane.fields(of: detail, isLoading: isLoading)
        let content = layout.mainInterior.inset(left: 1)
        avatar = detail.avatar == nil ? nil : Self.avatarArea(of: layout)
        let shown = avatar.map { Self.content(content, besideAvatar: $0) } ?? content
        self.content = shown
        maxScrollOffset = max(0, DetailView(fields: fields).lineCount(width: shown.width) - shown.height)
    }

    /// What is left of `content` for the text beside the avatar at `area` (one column of gap), or
    /// below it when it is above.
    static func content(_ content: Rect, besideAvatar area: Rect) -> Rect {
        if area.y == content.y && area.x > content.x {
            return Rect(x: content.x, y: content.y, width: area.x - 1 - content.x, height: content.height)
        }
        return content.inset(top: area.height)
    }

    /// How many lines the pane shows at once.
    var visibleLines: Int { max(1, content.height) }

    /// How far PgDn and PgUp scroll: a screen but one line.
    var page: Int { max(1, visibleLines - 1) }

    /// Where the avatar goes: the right part of the pane when it is wide (one column of gap, at
    /// most 40 columns), else the top third; nil when there is no room.
    static func avatarArea(of layout: BrowserLayout) -> Rect? {
        let inside = layout.mainInterior.inset(left: 1, right: 1)
        if inside.width >= 64 {
            let width = min(40, inside.width / 3)
            return Rect(
                x: inside.maxX - width, y: inside.y, width: width, height: min(inside.height, width / 2 + 1))
        }
        let height = min(inside.height / 3, inside.width / 2 + 1)
        guard height >= 3 else { return nil }
        return Rect(x: inside.x, y: inside.y, width: inside.width, height: height)
    }

    /// The lines link `index` takes, counting the wrapped lines of every field above it (a long
    /// URL beside the avatar takes several): what scrolling must bring into view.
    func lines(ofLink index: Int) -> Range<Int> {
        guard linkFields.indices.contains(index) else { return 0..<1 }
        let field = linkFields[index]
        let first = DetailView(fields: Array(fields[..<field])).lineCount(width: content.width)
        let count = DetailView(fields: [fields[field]]).lineCount(width: content.width)
        return first..<first + max(1, count)
    }

    /// The link drawn over the cell (`column`, `row`) with the pane scrolled by `scrollOffset`
    /// lines, or nil when none is there: what a click there selects.
    func link(atColumn column: Int, row: Int, scrollOffset: Int) -> Int? {
        guard content.contains(column: column, row: row) else { return nil }
        let line = scrollOffset + row - content.y
        return linkFields.indices.first { lines(ofLink: $0).contains(line) }
    }
}
