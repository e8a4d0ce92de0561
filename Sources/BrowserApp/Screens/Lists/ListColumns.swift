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
        let style = Style(bold: true, dim: true)
        var spans = [
            Span(TextFitting.fit("ID", width: idWidth, alignment: .trailing), style: style), Span(" "),
            Span(TextFitting.fit("Name", width: nameWidth), style: style), Span(" "),
            Span(TextFitting.fit("Status", width: statusWidth), style: style), Span(" "),
            Span(TextFitting.fit("Species", width: speciesWidth), style: style),
        ]
        if genderWidth > 0 {
            spans += [
                Span(" "), Span(TextFitting.fit("Gender", width: genderWidth), style: style), Span(" "),
                Span(TextFitting.fit("Last seen", width: locationWidth), style: style),
            ]
        }
        return Line(spans)
    }

    func line(for character: ShowCharacter) -> Line {
        var spans = [
            Span(TextFitting.fit(String(character.id), width: idWidth, alignment: .trailing)), Span(" "),
            Span(TextFitting.fit(character.name, width: nameWidth)), Span(" "),
            Span(
                TextFitting.fit(character.status.rawValue, width: statusWidth),
                style: StatusStyle.of(character.status)),
            Span(" "),
            Span(TextFitting.fit(character.species, width: speciesWidth)),
        ]
        if genderWidth > 0 {
            spans += [
                Span(" "), Span(TextFitting.fit(character.gender.rawValue, width: genderWidth)), Span(" "),
                Span(TextFitting.fit(character.location.name, width: locationWidth)),
            ]
        }
        return Line(spans)
    }
}
