import RickAndMortyModel
import TerminalUI

extension EntityDetailScreen {
    /// The episode or location in its box: its fields, what could not be read or followed, then
    /// its cast or residents as a list with the selection highlighted.
    package func render(in area: Rect, buffer: inout CellBuffer, context: ScreenRenderContext) {
        let kindTitle = detail.kind == .episode ? "Episode" : "Location"
        BorderBox(title: "\(kindTitle) \(detail.id) · \(detail.title)").render(in: area, buffer: &buffer)
        let inside = context.layout.mainInterior.inset(left: 1)
        let header = Self.headerLines(detail, isLoading: loading != nil)
        for (index, line) in header.prefix(inside.height).enumerated() {
            buffer.write(line, x: inside.x, y: inside.y + index, maxWidth: inside.width)
        }
        let rows = membersArea(in: context.layout)
        guard !rows.isEmpty else { return }
        let columns = ListColumns(width: rows.width - 1)
        let members = detail.members
        ListView(rowCount: members.count, state: detail.memberList, placeholder: placeholder) {
            columns.line(for: members[$0])
        }
        .render(in: rows, buffer: &buffer)
    }

    /// The fields, then one line on unreadable or dangling members, then the members' heading.
    static func headerLines(_ detail: EntityDetailState, isLoading: Bool) -> [Line] {
        let bold = Style(bold: true)
        func field(_ label: String, _ value: String) -> Line {
            Line([Span(TextFitting.fit(label, width: 11), style: .plain.dimmed()), Span(value)])
        }
        var lines: [Line] = []
        if let episode = detail.episode {
            lines = [
                field("Code", episode.code), field("Name", episode.name), field("Air date", episode.airDate),
            ]
        } else if let location = detail.location {
            lines = [
                field("Name", location.name), field("Type", location.type.isEmpty ? "—" : location.type),
                field("Dimension", location.dimension.isEmpty ? "—" : location.dimension),
            ]
        } else if let failure = detail.failure {
            return [Line([Span("Not loaded: \(failure)", style: Style(foreground: .red))])]
        } else {
            return [Line([Span(isLoading ? "Loading…" : "Not loaded.", style: .plain.dimmed())])]
        }
        if let failure = detail.membersFailure {
            lines.append(
                Line([
                    Span("Some \(detail.memberNoun) not loaded: \(failure)", style: Style(foreground: .red))
                ]))
        }
        if !detail.dangling.isEmpty {
            let shown = detail.dangling.prefix(2).map { $0.isEmpty ? "\"\"" : $0 }.joined(separator: ", ")
            let more = detail.dangling.count > 2 ? " and \(detail.dangling.count - 2) more" : ""
            lines.append(
                Line([
                    Span(
                        "\(detail.dangling.count) dangling reference(s), not followed: \(shown)\(more)",
                        style: Style(foreground: .yellow))
                ]))
        }
        let total = detail.memberIDs.count
        let noun = detail.memberNoun.prefix(1).uppercased() + detail.memberNoun.dropFirst()
        lines.append(Line([Span("\(noun) \(total)", style: bold)]))
        return lines
    }

    private var placeholder: String {
        if detail.memberIDs.isEmpty { return "No \(detail.memberNoun)." }
        return loading != nil
            ? "Loading…" : "None loaded. Press \(KeyTable.keyName(of: .refresh, in: .entityDetail)) to retry."
    }
}
