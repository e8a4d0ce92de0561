import CharacterData
import ExplorerData
import ExplorerModel
import RepositoryCore
import RickAndMortyModel
import TerminalUI

/// Rick and Morty's character as the entity detail shows it: read through the character
/// repository (stale-while-revalidate included), written as the API writes it, laid out as
/// labelled rows under `Character 1 · Rick Sanchez` — its fields, its origin and location as links
/// by name, then its episodes as links titled `S01E01 Pilot`, read with it in one multi-id request.
extension RickAndMortyEntities {
    /// Character `id` read with `policy`: at once, and again in the background when it is stale
    /// inside its server's stale-while-revalidate window.
    func characterUpdates(_ id: Int, target: ExplorerDetailScreen.Target, policy: CachePolicy)
        async throws(ExplorerError) -> ExplorerUpdates<ExplorerEntity>
    {
        let updates: AnswerUpdates<ShowCharacter>
        do throws(RepositoryError) {
            updates = try await services.repository.characterRevalidating(id: id, policy: policy)
        } catch {
            throw Self.explorerError(error, of: target)
        }
        let first = try Self.entityAnswer(updates.first, of: target)
        guard updates.isRevalidating else { return ExplorerUpdates(first) }
        return ExplorerUpdates(first: first) { () async throws(ExplorerError) in
            let revalidated: Answer<ShowCharacter>?
            do throws(RepositoryError) {
                revalidated = try await updates.revalidated()
            } catch {
                throw Self.explorerError(error, of: target)
            }
            return try revalidated.map { answer throws(ExplorerError) in
                try Self.entityAnswer(answer, of: target)
            } ?? first
        }
    }

    private static func entityAnswer(_ answer: Answer<ShowCharacter>, of target: ExplorerDetailScreen.Target)
        throws(ExplorerError) -> Answer<ExplorerEntity>
    {
        guard let entity = entity(answer.value) else { throw .notFound(url: target.path) }
        return answer.map { _ in entity }
    }

    /// A character as the API writes it, titled by its name.
    static func entity(_ character: ShowCharacter) -> ExplorerEntity? {
        guard let address = address(kind: .character, id: character.id, url: character.url) else {
            return nil
        }
        func place(_ reference: PlaceReference) -> JSONNode {
            .object(
                JSONObject([
                    JSONMember("name", .string(reference.name)), JSONMember("url", .string(reference.url)),
                ]))
        }
        let object = JSONObject([
            JSONMember("id", .number(String(character.id))), JSONMember("name", .string(character.name)),
            JSONMember("status", .string(character.status.rawValue)),
            JSONMember("species", .string(character.species)),
            JSONMember("type", .string(character.type)),
            JSONMember("gender", .string(character.gender.rawValue)),
            JSONMember("origin", place(character.origin)), JSONMember("location", place(character.location)),
            JSONMember("image", .string(character.image)),
            JSONMember("episode", .array(character.episode.map { .string($0) })),
            JSONMember("url", .string(character.url)), JSONMember("created", .string(character.created)),
        ])
        return ExplorerEntity(
            address: address, id: String(character.id), title: character.name, object: object)
    }

    /// The character an entity of `entity(_:)` is, nil for any other entity.
    /// Read member by member, so every string comes back exactly as it was written.
    static func character(of entity: ExplorerEntity) -> ShowCharacter? {
        guard let (kind, id) = place(of: entity.address), kind == .character else { return nil }
        func text(_ key: String, in object: JSONObject) -> String? {
            if case .string(let value)? = object[key] { value } else { nil }
        }
        func reference(_ key: String) -> PlaceReference? {
            guard case .object(let reference)? = entity.object[key], let name = text("name", in: reference),
                let url = text("url", in: reference)
            else { return nil }
            return PlaceReference(name: name, url: url)
        }
        let object = entity.object
        guard case .array(let episodes)? = object["episode"], let name = text("name", in: object),
            let status = text("status", in: object).flatMap(CharacterStatus.init(rawValue:)),
            let gender = text("gender", in: object).flatMap(CharacterGender.init(rawValue:)),
            let species = text("species", in: object), let type = text("type", in: object),
            let origin = reference("origin"), let location = reference("location"),
            let image = text("image", in: object),
            let url = text("url", in: object), let created = text("created", in: object)
        else { return nil }
        return ShowCharacter(
            id: id, name: name, status: status, species: species, type: type, gender: gender, origin: origin,
            location: location, image: image,
            episode: episodes.compactMap { if case .string(let url) = $0 { url } else { nil } }, url: url,
            created: created)
    }

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
            return LabeledRow(label: label, value: placeName, linkPath: name, note: note)
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
        rows += memberRows("episode", titled: "Episodes", of: entity)
        return ExplorerTree(
            entity, api: api, rows: rows,
            boxTitle: "Character \(entity.id ?? "") · \(ExplorerText.clean(entity.title))")
    }

    /// An episode's or a location's rows, under `Episode 1 · S01E01 Pilot`: its fields, then its
    /// cast or residents titled by name, each labelled by its id.
    static func membersTree(_ entity: ExplorerEntity, kind: EntityKind) -> ExplorerTree {
        func text(_ name: String, dash: Bool = false) -> String {
            let value = if case .string(let value)? = entity.object[name] { value } else { "" }
            return dash && value.isEmpty ? "—" : value
        }
        let rows =
            kind == .episode
            ? [
                LabeledRow(label: "Code", value: text("episode")),
                LabeledRow(label: "Name", value: text("name"), valueStyle: Style(bold: true)),
                LabeledRow(label: "Air date", value: text("air_date")), LabeledRow(label: "", value: ""),
            ] + memberRows("characters", titled: "Characters", of: entity)
            : [
                LabeledRow(label: "Name", value: text("name"), valueStyle: Style(bold: true)),
                LabeledRow(label: "Type", value: text("type", dash: true)),
                LabeledRow(label: "Dimension", value: text("dimension", dash: true)), LabeledRow(label: "", value: ""),
            ] + memberRows("residents", titled: "Residents", of: entity)
        let title = "\(kind == .episode ? "Episode" : "Location") \(entity.id ?? "") · \(ExplorerText.clean(entity.title))"
        return ExplorerTree(entity, api: base(of: entity.address), rows: rows, boxTitle: title)
    }

    /// `heading` and the count of the references in `field`, then a row per reference: an
    /// episode's `S01E01 Pilot` split into label and value, any other entity's title beside its id;
    /// one that names nothing of the API shown as written, Enter saying so.
    private static func memberRows(_ field: String, titled heading: String, of entity: ExplorerEntity) -> [LabeledRow] {
        guard case .array(let references)? = entity.object[field] else { return [] }
        let bold = Style(bold: true)
        return [LabeledRow(label: heading, value: String(references.count), valueStyle: bold)]
            + references.enumerated().map { index, reference in
                let written = if case .string(let url) = reference { url } else { "" }
                let id = written.split(separator: "/").last.map(String.init) ?? ""
                let isEpisode = field == "episode"
                return LabeledRow(
                    label: isEpisode ? "" : id, value: written.isEmpty ? "\"\"" : written, linkPath: "\(field)[\(index)]",
                    titled: isEpisode ? .split : .value,
                    note: LineNote(message: "Dangling reference, not followed: \(written)", kind: .warning))
            }
    }
}
