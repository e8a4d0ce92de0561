import ExplorerData
import ExplorerModel
import RickAndMortyModel
import TerminalUI

/// Rick and Morty's entities as the entity detail lays them out: labelled rows under a title of
/// their kind (`Character 1 · Rick Sanchez`, `Episode 1 · S01E01 Pilot`), the references they hold
/// as rows titled once their batch is read. Stateless.
extension RickAndMortyEntities {
    /// The tree of a character: its rows as the detail shows them, under `Character 1 · Rick Sanchez`.
    static func characterTree(_ entity: ExplorerEntity) -> ExplorerTree {
        let api = base(of: entity.address)
        func text(_ name: String) -> String {
            if case .string(let value)? = entity.object[name] { value } else { "" }
        }
        func place(_ label: String, _ name: String) -> LabeledRow {
            var (placeName, url) = ("", "")
            if case .object(let place)? = entity.object[name] {
                if case .string(let value)? = place["name"] { placeName = value }
                if case .string(let value)? = place["url"] { url = value }
            }
            // Where the API names no place of its own, a line says so instead of opening one.
            let note =
                url.isEmpty
                ? LineNote(message: "The \(name) is unknown.", kind: .info)
                : LineNote(message: "Dangling reference, not followed: \(url)", kind: .warning)
            return LabeledRow(label: label, value: placeName, link: link(name, url, name: placeName, api), note: note)
        }
        let status = CharacterStatus(rawValue: text("status")) ?? .unknown
        var rows = [
            LabeledRow(label: "Name", value: entity.title, valueStyle: Style(bold: true)),
            LabeledRow(label: "Status", value: text("status"), valueStyle: StatusStyle.of(status)),
            LabeledRow(label: "Species", value: text("species")),
            LabeledRow(label: "Type", value: text("type").isEmpty ? "—" : text("type")),
            LabeledRow(label: "Gender", value: text("gender")),
            place("Origin", "origin"), place("Location", "location"),
            LabeledRow(label: "Created", value: text("created")),
            LabeledRow(label: "ID", value: entity.id ?? ""),
            LabeledRow(label: "URL", value: text("url")),
            LabeledRow(label: "Image", value: text("image")),
            LabeledRow(label: "", value: ""),
        ]
        rows += memberRows("episode", titled: "Episodes", of: entity, api: api)
        return ExplorerTree(rows: rows, boxTitle: "Character \(entity.id ?? "") · \(ExplorerText.clean(entity.title))")
    }

    /// An episode's or a location's rows, under `Episode 1 · S01E01 Pilot`: its fields, then its
    /// cast or residents titled by name, each labelled by its id.
    static func membersTree(_ entity: ExplorerEntity, kind: EntityKind) -> ExplorerTree {
        func text(_ name: String, dash: Bool = false) -> String {
            let value = if case .string(let value)? = entity.object[name] { value } else { "" }
            return dash && value.isEmpty ? "—" : value
        }
        let api = base(of: entity.address)
        let rows =
            kind == .episode
            ? [
                LabeledRow(label: "Code", value: text("episode")),
                LabeledRow(label: "Name", value: text("name"), valueStyle: Style(bold: true)),
                LabeledRow(label: "Air date", value: text("air_date")), LabeledRow(label: "", value: ""),
            ] + memberRows("characters", titled: "Characters", of: entity, api: api)
            : [
                LabeledRow(label: "Name", value: text("name"), valueStyle: Style(bold: true)),
                LabeledRow(label: "Type", value: text("type", dash: true)),
                LabeledRow(label: "Dimension", value: text("dimension", dash: true)),
                LabeledRow(label: "", value: ""),
            ] + memberRows("residents", titled: "Residents", of: entity, api: api)
        let title =
            "\(kind == .episode ? "Episode" : "Location") \(entity.id ?? "") · \(ExplorerText.clean(entity.title))"
        return ExplorerTree(rows: rows, boxTitle: title)
    }

    /// `heading` and the count of the references in `field`, then a row per reference: an
    /// episode's `S01E01 Pilot` split into label and value, any other entity's title beside its id;
    /// one that names nothing of the API shown as written, Enter saying so.
    private static func memberRows(_ field: String, titled heading: String, of entity: ExplorerEntity, api: APIBase?)
        -> [LabeledRow]
    {
        guard case .array(let references)? = entity.object[field] else { return [] }
        let bold = Style(bold: true)
        return [LabeledRow(label: heading, value: String(references.count), valueStyle: bold)]
            + references.enumerated().map { index, reference in
                let written = if case .string(let url) = reference { url } else { "" }
                let id = written.lastIndex(of: "/").map { String(written[written.index(after: $0)...]) } ?? ""
                let isEpisode = field == "episode"
                let found = link("\(field)[\(index)]", written, name: nil, api)
                return LabeledRow(
                    label: isEpisode ? "" : id, value: written.isEmpty ? "\"\"" : written, link: found,
                    titled: isEpisode ? .split : .value,
                    note: found != nil ? nil : LineNote(message: "Dangling reference, not followed: \(written)", kind: .warning))
            }
    }

    /// The link at `path` to `url` when that names an entity of `api` (not a file under it).
    private static func link(_ path: String, _ url: String, name: String?, _ api: APIBase?) -> EntityLink? {
        guard let address = api?.address(of: url), !address.namesFile else { return nil }
        return EntityLink(path: path, address: address, name: name)
    }
}
