import RickAndMortyModel
import TerminalUI

/// The widths of the list's columns for a row width, and the rows they make: id, name,
/// status, species, and on wide rows gender and last known location too.
struct ListColumns {
    let idWidth = 4
    let statusWidth = 7
    let nameWidth: Int
    let speciesWidth: Int
    /// Zero when the row is too narrow for the gender and location columns.
    let genderWidth: Int
    let locationWidth: Int

    /// Columns filling `width` cells, one space between.
    init(width: Int) {
        let rest = max(0, width - idWidth - statusWidth - 3)
        if rest >= 96 {
            nameWidth = 32
            speciesWidth = 22
            genderWidth = 10
            locationWidth = min(48, rest - nameWidth - speciesWidth - genderWidth - 3)
        } else {
            speciesWidth = min(22, rest / 3)
            nameWidth = max(0, rest - speciesWidth - 1)
            genderWidth = 0
            locationWidth = 0
        }
    }

    var header: Line {
        line(["ID", "Name", "Status", "Species", "Gender", "Last seen"], style: Style(bold: true, dim: true))
    }

    /// A character's row of `cells` (`RickAndMortyLists.row`): id, name, status, species, gender
    /// and location, the status in its colour.
    func line(_ cells: [String]) -> Line {
        let status = cells.count > 2 ? CharacterStatus(rawValue: cells[2]) ?? .unknown : nil
        return line(cells, statusStyle: status.map(StatusStyle.of))
    }

    /// `cells` fitted to the columns (the id right-aligned), one plain space between: the status
    /// cell in `statusStyle`, the others in `style`; gender and location only when they have room.
    private func line(_ cells: [String], style: Style = .plain, statusStyle: Style? = nil) -> Line {
        let widths = [idWidth, nameWidth, statusWidth, speciesWidth]
            + (genderWidth > 0 ? [genderWidth, locationWidth] : [])
        let spans = zip(cells, widths).enumerated().flatMap { index, cell in
            let text = TextFitting.fit(cell.0, width: cell.1, alignment: index == 0 ? .trailing : .leading)
            return [Span(" "), Span(text, style: index == 2 ? statusStyle ?? style : style)]
        }
        return Line(Array(spans.dropFirst()))
    }
}

/// The colour of a life status: Alive green, Dead red, unknown dim.
enum StatusStyle {
    static func of(_ status: CharacterStatus) -> Style {
        switch status {
        case .alive: Style(foreground: .green)
        case .dead: Style(foreground: .red)
        case .unknown: Style(dim: true)
        }
    }
}

/// Fixed columns over a row's cells (Rick and Morty's episodes and locations): each as wide as
/// declared, the last taking what is left, the first (the id) right-aligned. A plain value.
struct FixedColumns {
    let columns: [ListLook.FixedColumn]
    let widths: [Int]

    /// `columns` in `width` cells, one space between.
    init(_ columns: [ListLook.FixedColumn], width: Int) {
        self.columns = columns
        let fixed = columns.dropLast().map(\.width)
        widths = fixed + [max(0, width - fixed.reduce(0, +) - fixed.count)]
    }

    var header: Line { line(columns.map(\.title), style: Style(bold: true, dim: true)) }

    /// `cells` fitted to the columns.
    func line(_ cells: [String], style: Style = .plain) -> Line {
        Line(
            zip(cells, widths).enumerated().flatMap { column, pair in
                let alignment: TextFitting.Alignment = column == 0 ? .trailing : .leading
                return [Span(TextFitting.fit(pair.0, width: pair.1, alignment: alignment), style: style), Span(" ")]
            })
    }
}
