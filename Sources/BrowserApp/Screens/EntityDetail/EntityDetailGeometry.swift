import TerminalUI

/// Where an episode's or a location's detail draws, computed from the layout and the detail: its
/// header lines (fields, what could not be read, the members' heading) and the member rows below
/// them. The screen builds it once per change of the detail or the layout (`layOut`), and
/// `perform` (moving the member selection) and the pane read that one. A plain value.
struct EntityDetailGeometry: Sendable, Equatable {
    /// Inside the box, one column of margin on the left.
    let inside: Rect
    /// Where the member rows go: below the header lines.
    let members: Rect

    /// The geometry of `detail` in `layout`.
    init(layout: BrowserLayout, detail: EntityDetailState) {
        inside = layout.mainInterior.inset(left: 1)
        members = inside.inset(top: min(inside.height, EntityDetailPane.headerLines(detail, isLoading: false).count))
    }

    /// How many member rows show at once (at least one, for moving).
    var visibleMembers: Int { max(1, members.height) }
}
