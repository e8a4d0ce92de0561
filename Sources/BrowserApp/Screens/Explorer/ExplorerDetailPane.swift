import ExplorerData
import TerminalUI

/// An explored entity in its box: its title and where it is in the title, then its lines with
/// the cursor's highlighted, and its picture beside them (or a line saying why there is none);
/// before its read, `Loading…`, or why it could not be read.
struct ExplorerDetailPane: Widget {
    let screen: ExplorerDetailScreen
    let layout: BrowserLayout
    var colorMode: ColorMode = .palette256

    func render(in area: Rect, buffer: inout CellBuffer) {
        BorderBox(title: title).render(in: area, buffer: &buffer)
        let inside = screen.content
        guard screen.entity != nil else {
            let text = screen.failure ?? (screen.loading == nil ? "Not read." : "Loading…")
            let style = screen.failure == nil ? Style.plain.dimmed() : Style(foreground: .red)
            for (index, part) in TextWrapper.wrap(text, width: max(1, inside.width)).prefix(inside.height).enumerated() {
                buffer.write(part, x: inside.x, y: inside.y + index, maxWidth: inside.width, style: style)
            }
            return
        }
        let lines = screen.lines
        ListView(rowCount: lines.count, state: screen.cursor, placeholder: "No fields.") { lines[$0].text }
            .render(in: inside, buffer: &buffer)
        if let image = screen.image, let area = screen.imageArea {
            AvatarPane(avatar: image, mode: colorMode).render(in: area, buffer: &buffer)
        }
    }

    /// `Luke Skywalker · /api/people/1 · line 3/27`.
    var title: String {
        let whereAt: String
        switch screen.target {
        case .address(let address): whereAt = address.path
        case .id(let id, let resource): whereAt = "\(resource.name)/\(id)"
        }
        let position = screen.lines.isEmpty ? "" : " · line \(screen.cursor.selected + 1)/\(screen.lines.count)"
        return "\(screen.crumb) · \(screen.entity?.address.path ?? whereAt)\(position)"
    }
}
