import CharacterData
import ExplorerData
import ExplorerModel
import RepositoryCore
import RickAndMortyModel

/// Rick and Morty's character as the entity detail reads it: through the character repository
/// (stale-while-revalidate included), written as the API writes it and read back member by member
/// (the edit form, a delete and the other screens take the typed character). Its rows are in
/// `+Rows`.
extension RickAndMortyEntities {
    /// Character `id` read with `policy`: at once, and again in the background when it is stale
    /// inside its server's stale-while-revalidate window.
    func characterUpdates(_ id: Int, target: ExplorerDetailScreen.Target, policy: CachePolicy)
        async throws(ExplorerError) -> ExplorerUpdates<ExplorerEntity>
    {
        let repository = services.repository
        return try await Self.updates(of: target, entity: Self.entity) { () async throws(RepositoryError) in
            try await repository.characterRevalidating(id: id, policy: policy)
        }
    }

    /// What `read` gives, as the detail takes it: its first answer at once, its revalidation's
    /// after, each value laid out by `entity` (nil: not found at `target`).
    static func updates<Value: Sendable>(
        of target: ExplorerDetailScreen.Target, entity: @escaping @Sendable (Value) -> ExplorerEntity?,
        read: () async throws(RepositoryError) -> AnswerUpdates<Value>
    ) async throws(ExplorerError) -> ExplorerUpdates<ExplorerEntity> {
        let updates: AnswerUpdates<Value>
        do throws(RepositoryError) {
            updates = try await read()
        } catch {
            throw explorerError(error, of: target)
        }
        @Sendable func laidOut(_ answer: Answer<Value>) throws(ExplorerError) -> Answer<ExplorerEntity> {
            guard let value = entity(answer.value) else { throw .notFound(url: target.path) }
            return answer.map { _ in value }
        }
        let first = try laidOut(updates.first)
        guard updates.isRevalidating else { return ExplorerUpdates(first) }
        return ExplorerUpdates(first: first) { () async throws(ExplorerError) in
            let revalidated: Answer<Value>?
            do throws(RepositoryError) {
                revalidated = try await updates.revalidated()
            } catch {
                throw explorerError(error, of: target)
            }
            return try revalidated.map { answer throws(ExplorerError) in try laidOut(answer) } ?? first
        }
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
}
