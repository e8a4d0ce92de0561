import EntityWrites
import Foundation
import RickAndMortyModel
import TerminalUI

/// Draws the Changes screen: the kept writes as rows (state, entity, change, age, attempts, last
/// error) with the selected one highlighted, or, with a write opened, the fields that differ
/// between base, mine and theirs, the fields in conflict marked.
struct ChangesPane: Widget {
    let screen: ChangesScreen

    func render(in area: Rect, buffer: inout CellBuffer) {
        let counts = WriteCounts(screen.writes)
        BorderBox(title: "Changes · \(counts.description)").render(in: area, buffer: &buffer)
        let geometry = ChangesGeometry(area: area)
        let inside = geometry.inside
        guard inside.width > 10, inside.height > 1 else { return }
        if let opened = screen.opened, let write = screen.writes.first(where: { $0.sequence == opened }) {
            renderDiff(write, in: inside, buffer: &buffer)
            return
        }
        let columns = Columns(width: inside.width - 1)
        buffer.write(columns.header, x: inside.x, y: inside.y, maxWidth: inside.width)
        let placeholder =
            screen.hasRead
            ? "No writes kept: every edit and delete was taken by the server." : "Reading the outbox…"
        let writes = screen.writes
        let now = screen.now
        ListView(rowCount: writes.count, state: screen.selection, placeholder: placeholder) { index in
            columns.line(for: writes[index], now: now)
        }
        .render(in: geometry.rows, buffer: &buffer)
    }

    /// The opened write's fields that differ: base → mine, and theirs for a conflict.
    private func renderDiff(_ write: EntityWrite, in area: Rect, buffer: inout CellBuffer) {
        var y = area.y
        let what = write.method == .delete ? "Delete" : "Edit"
        buffer.write(
            "\(what) of \(ChangesScreen.title(of: write)) (\(write.entity)) · \(write.state.rawValue) · written \(ChangesPane.age(write.createdAt, now: screen.now)) ago",
            x: area.x, y: y, maxWidth: area.width, style: Style(bold: true))
        y += 1
        if let error = write.lastError {
            for line in TextWrapper.wrap("Last error: \(error)", width: area.width).prefix(2) {
                buffer.write(line, x: area.x, y: y, maxWidth: area.width, style: Style(foreground: .red))
                y += 1
            }
        }
        y += 1
        let base = write.base ?? [:]
        let theirs = write.conflict?.theirs.value
        let conflicting = write.conflict?.fields ?? []
        let differing = Set(write.changes.keys).union(conflicting).union(
            theirs.map { theirs in Set(theirs.keys).union(base.keys).filter { theirs[$0] != base[$0] } } ?? [])
        buffer.write(
            theirs == nil ? "field      base → mine" : "field      base → mine / theirs", x: area.x, y: y,
            maxWidth: area.width, style: Style(bold: true, dim: true))
        y += 1
        for field in differing.sorted() where y < area.maxY {
            let mine = write.method == .delete ? "(deleted)" : Self.text(write.changes[field] ?? base[field])
            var text = "\(Self.text(base[field])) → \(mine)"
            if let theirs { text += " / \(Self.text(theirs[field]))" }
            let style: Style =
                if conflicting.contains(field) {
                    Style(foreground: .yellow, bold: true)
                } else if write.changes[field] != nil {
                    Style(bold: true)
                } else {
                    .plain.dimmed()
                }
            let label = TextFitting.fit(field + (conflicting.contains(field) ? " !" : ""), width: 10)
            buffer.write(Line([Span(label + " ", style: .plain.dimmed()), Span(text, style: style)]), x: area.x, y: y, maxWidth: area.width)
            y += 1
        }
        y += 1
        guard y < area.maxY else { return }
        let keys =
            write.state == .conflict
            ? "m keeps mine (sent over the server's version) · t takes theirs · d discards · Esc back"
            : "r sends it again now · d discards · Esc back"
        buffer.write(keys, x: area.x, y: y, maxWidth: area.width, style: .plain.dimmed())
    }

    /// A field's value as shown: a string as it is, an absent field `?`, anything else as JSON.
    static func text(_ value: JSONValue?) -> String {
        switch value {
        case nil: "?"
        case .string(let text)?: UntrustedText.sanitize(text)
        case let value?: value.description
        }
    }

    /// `42 s`, `5 min`, `3 h`, `2 d` between `date` and `now`.
    static func age(_ date: Date, now: Date) -> String {
        StatusPaneContent.age(max(0, now.timeIntervalSince(date)))
    }

    /// The list's columns for a width.
    struct Columns {
        let stateWidth = 9
        let nameWidth: Int
        let changeWidth: Int
        let ageWidth = 6
        let triesWidth = 5
        let errorWidth: Int

        init(width: Int) {
            let rest = max(0, width - stateWidth - ageWidth - triesWidth - 5)
            nameWidth = min(30, rest / 2)
            changeWidth = min(24, rest / 4)
            errorWidth = max(0, rest - nameWidth - changeWidth)
        }

        var header: Line {
            let style = Style(bold: true, dim: true)
            return Line([
                Span(TextFitting.fit("State", width: stateWidth) + " ", style: style),
                Span(TextFitting.fit("Entity", width: nameWidth) + " ", style: style),
                Span(TextFitting.fit("Change", width: changeWidth) + " ", style: style),
                Span(TextFitting.fit("Age", width: ageWidth) + " ", style: style),
                Span(TextFitting.fit("Tries", width: triesWidth) + " ", style: style),
                Span(TextFitting.fit("Last error", width: errorWidth), style: style),
            ])
        }

        func line(for write: EntityWrite, now: Date) -> Line {
            let change = write.method == .delete ? "delete" : "edit " + write.changes.keys.sorted().joined(separator: ", ")
            let stateStyle: Style =
                switch write.state {
                case .pending, .sending: Style(foreground: .cyan)
                case .conflict: Style(foreground: .yellow, bold: true)
                case .rejected: Style(foreground: .red, bold: true)
                }
            return Line([
                Span(TextFitting.fit(write.state.rawValue, width: stateWidth) + " ", style: stateStyle),
                Span(TextFitting.fit("\(ChangesScreen.title(of: write)) #\(write.entity.split(separator: "/").last ?? "")", width: nameWidth) + " "),
                Span(TextFitting.fit(change, width: changeWidth) + " "),
                Span(TextFitting.fit(ChangesPane.age(write.createdAt, now: now), width: ageWidth) + " "),
                Span(TextFitting.fit(String(write.attempts), width: triesWidth, alignment: .trailing) + " "),
                Span(TextFitting.fit(write.lastError ?? "", width: errorWidth), style: .plain.dimmed()),
            ])
        }
    }
}
