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

    func line(for character: ShowCharacter) -> Line {
        line(
            [
                String(character.id), character.name, character.status.rawValue, character.species,
                character.gender.rawValue, character.location.name,
            ], statusStyle: StatusStyle.of(character.status))
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
