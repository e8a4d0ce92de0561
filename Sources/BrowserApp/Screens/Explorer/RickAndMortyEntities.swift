import CharacterData
import ExplorerData
import ExplorerModel
import Foundation
import Locking
import RepositoryCore
import RickAndMortyModel

/// Rick and Morty's characters, episodes and locations as the entity detail reads them: through
/// its own repositories (`CharacterRepository`, `GraphRepository`, their binary codec on disk).
/// An episode or location is laid out as the API writes it (its cast or residents the members the
/// detail opens on, shown whole); a character as labelled rows (`+Characters`). Links' titles are
/// read in the multi-id batches the server accepts and recorded as answers (`characters 1,2,…`,
/// `episodes 1,2,…`). Thread-safe: a value over thread-safe repositories.
struct RickAndMortyEntities: EntityReading {
    /// Where episodes, locations and casts are read; nil: only characters open.
    let graph: GraphRepository?
    /// How reads are timed and counted.
    let services: BrowserServices

    /// Where an API that names none of its own (a hostile or empty `url`) is placed.
    static let fallbackBase = "https://rickandmortyapi.com/api"

    func entityUpdates(_ target: ExplorerDetailScreen.Target, policy: CachePolicy) async throws(ExplorerError)
        -> ExplorerUpdates<ExplorerEntity>
    {
        guard case .rickAndMorty(let kind, let id) = target else { throw .noSuchResource(target.path, known: []) }
        if kind == .character { return try await characterUpdates(id, target: target, policy: policy) }
        guard let graph else { throw .unavailable(url: target.path, reason: "episodes and locations cannot be read here") }
        // Stale inside its server's stale-while-revalidate window: at once, and again behind.
        if kind == .location {
            return try await Self.updates(of: target, entity: Self.entity) {
                () async throws(RepositoryError) -> AnswerUpdates<Location> in
                try await graph.locationRevalidating(id: id, policy: policy)
            }
        }
        return try await Self.updates(of: target, entity: Self.entity) { () async throws(RepositoryError) in
            try await graph.episodeRevalidating(id: id, policy: policy)
        }
    }

    func tree(of entity: ExplorerEntity) -> ExplorerTree { services.laidOut.tree(of: entity, build: Self.laidOut) }

    /// `entity` laid out for its detail as labelled rows: a character's, an episode's or a location's.
    static func laidOut(_ entity: ExplorerEntity) -> ExplorerTree {
        switch place(of: entity.address)?.0 {
        case .character: characterTree(entity)
        case .episode: membersTree(entity, kind: .episode)
        case .location: membersTree(entity, kind: .location)
        case nil: ExplorerTree(entity, api: base(of: entity.address))
        }
    }

    func titles(
        of links: [EntityLink], policy: CachePolicy, give: @Sendable ([LinkTitle]) -> Void,
        record: @Sendable (AppliedAnswer) -> Void
    ) async {
        var byID: [EntityKind: [Int: [EntityAddress]]] = [:]
        var ids: [EntityKind: [Int]] = [:]
        for link in links {
            guard let (kind, id) = Self.place(of: link.address), kind != .location else { continue }
            byID[kind, default: [:]][id, default: []].append(link.address)
            ids[kind, default: []].append(id)
        }
        let repository = services.repository
        for kind in [EntityKind.episode, .character] {
            for batch in GraphRepository.batches(of: ids[kind] ?? []) {
                if Task.isCancelled { return }
                let found: [Int: String]?
                switch kind {
                case .episode:
                    found = await titles(of: batch, kind, query: QueryText.episodes(batch), policy: policy, record: record) {
                        () async throws(RepositoryError) in try await repository.episodes(ids: batch, policy: policy)
                    } title: { "\($0.code) \($0.name)" }
                default:
                    guard let graph else { continue }
                    found = await titles(of: batch, kind, query: QueryText.characters(batch), policy: policy, record: record) {
                        () async throws(RepositoryError) in try await graph.characters(ids: batch, policy: policy)
                    } title: { $0.name }
                }
                give(
                    batch.flatMap { id in
                        let outcome: Result<String, ExplorerError> =
                            if let title = found?[id] {
                                .success(title)
                            } else {
                                .failure(.notFound(url: "\(kind.rawValue) \(id)"))
                            }
                        return (byID[kind]?[id] ?? []).map { LinkTitle(address: $0, outcome: outcome, source: nil) }
                    })
            }
        }
    }

    /// Reads the entities `ids` of `kind` (one multi-id request, `read`), records the read as
    /// `query`, and returns their titles by id; nil when the read failed.
    private func titles<Value: Identifiable & Sendable>(
        of ids: [Int], _ kind: EntityKind, query: String, policy: CachePolicy,
        record: @Sendable (AppliedAnswer) -> Void, read: () async throws(RepositoryError) -> Answer<[Value]>,
        title: (Value) -> String
    ) async -> [Int: String]? where Value.ID == Int {
        let report = await services.read(read)
        record(AppliedAnswer(query: query, kind: kind, policy: policy, keys: ids.map { .entity(kind, id: $0) }, report))
        guard let answer = try? report.result.get() else { return nil }
        var found = Dictionary(answer.value.map { ($0.id, title($0)) }) { first, _ in first }
        // One a delete of this process not sent yet left out: said so, not shown as its address.
        for pending in answer.provenance?.pendingIDs ?? [] {
            if let id = Int(pending), found[id] == nil { found[id] = Self.deletedNotSent }
        }
        return found
    }

    /// The title of a link to a character deleted by a write not sent yet.
    static let deletedNotSent = "(deleted, not sent yet)"

    func naming(_ target: ExplorerDetailScreen.Target, at address: EntityAddress?) -> EntityReadNaming {
        guard case .rickAndMorty(let kind, let id) = target else {
            return EntityReadNaming(query: target.path, kind: nil, keys: [])
        }
        return EntityReadNaming(query: "\(kind.rawValue) \(id)", kind: kind, keys: [.entity(kind, id: id)])
    }

    func counters() -> MetricsSnapshot? { services.repository.metricsSnapshot() }

    func members(of entity: ExplorerEntity) -> String? { Self.members(in: entity) }

    /// The first `rows` members, or a character's every episode: read in one batch with the
    /// entity, so it shows with their titles.
    func linksReadWith(_ entity: ExplorerEntity, tree: ExplorerTree, rows: Int) -> [EntityLink] {
        let isCharacter = Self.place(of: entity.address)?.0 == .character
        guard let field = isCharacter ? "episode" : Self.members(in: entity) else { return [] }
        let prefix = field + "["
        let limit = isCharacter ? Int.max : rows
        // (the rows' links, in the rows' order; a plain loop: this runs on every opening)
        var links: [EntityLink] = []
        for row in tree.labeled ?? [] {
            guard links.count < limit else { break }
            if let link = row.link, link.path.hasPrefix(prefix) { links.append(link) }
        }
        return links
    }

    /// The field of `entity` holding its members: an episode's `characters`, a location's `residents`.
    static func members(in entity: ExplorerEntity) -> String? {
        switch place(of: entity.address)?.0 {
        case .episode: "characters"
        case .location: "residents"
        default: nil
        }
    }

    func screen(following link: EntityLink, titled title: String) -> (any ScreenModel)? {
        guard let (kind, id) = Self.place(of: link.address) else { return nil }
        return ExplorerDetailScreen(target: .rickAndMorty(kind, id: id), knownTitle: title)
    }

    func copySubject(of entity: ExplorerEntity) -> CopySubject {
        Self.character(of: entity).flatMap { CopySubject($0) }
            ?? CopySubject(label: Self.label(of: entity.address), json: JSONText.text(of: .object(entity.object)))
    }

    func copySubject(of address: EntityAddress, titled title: String) -> CopySubject {
        var subject = CopySubject(label: Self.label(of: address), json: "")
        subject.url = address.key
        return subject
    }

    func change(_ shown: ShownEntity, on entity: ExplorerEntity) -> EntityDetailChange? {
        let newer: ExplorerEntity?
        let isCharacter = Self.place(of: entity.address)?.0 == .character
        switch shown {
        // (the id first: most shown entities are not this one)
        case .episode(let episode) where !isCharacter && entity.id == String(episode.id): newer = Self.entity(episode)
        case .location(let location) where !isCharacter && entity.id == String(location.id):
            newer = Self.entity(location)
        case .character(let character) where isCharacter && entity.id == String(character.id):
            // A character's detail takes its newer value at once (an edit saved over it, say).
            guard Self.character(of: entity) != character, let value = Self.entity(character),
                value.address == entity.address
            else { return nil }
            return .value(value)
        case .characterDeleted(let id) where isCharacter && entity.id == String(id):
            return .gone("character \(id) was deleted, on the server or by a delete of yours not sent yet")
        // Another entity's new title, when this one refers to it (its URL is among the references).
        case .character(let character) where Self.refers(entity, to: character.url):
            let address = Self.address(kind: .character, id: character.id, url: character.url, near: entity.address)
            return address.map { .title($0, character.name) }
        case .episode(let episode) where Self.refers(entity, to: episode.url):
            let address = Self.address(kind: .episode, id: episode.id, url: episode.url, near: entity.address)
            return address.map { .title($0, "\(episode.code) \(episode.name)") }
        default: newer = nil
        }
        guard let newer, newer.address == entity.address, newer != entity else { return nil }
        return .outdated
    }

    /// Whether `url` is among the references `entity` lists (a cast, residents, episodes).
    private static func refers(_ entity: ExplorerEntity, to url: String) -> Bool {
        entity.object.members.contains { member in
            if case .array(let items) = member.value { items.contains(.string(url)) } else { false }
        }
    }

    /// A character just read, for the list's row and the casts below; nothing of an episode or a
    /// location (the screens learn of those from the repositories' changes).
    func shown(_ entity: ExplorerEntity) -> ShownEntity? { Self.character(of: entity).map { .character($0) } }

    func image(of entity: ExplorerEntity, resource: ExplorerResource?) -> (source: ExplorerImageSource, query: String)? {
        guard let (kind, id) = Self.place(of: entity.address), kind == .character,
            case .string(let image)? = entity.object["image"], !image.isEmpty
        else { return nil }
        return (.url(image), "avatar \(id)")
    }

    /// An episode as the API writes it, titled `S01E01 Pilot`.
    static func entity(_ episode: Episode) -> ExplorerEntity? {
        entity(
            .episode, id: episode.id, title: "\(episode.code) \(episode.name)", url: episode.url,
            created: episode.created,
            fields: [
                ("name", episode.name), ("air_date", episode.airDate), ("episode", episode.code),
            ], members: ("characters", episode.characters))
    }

    /// A location as the API writes it, titled by its name.
    static func entity(_ location: Location) -> ExplorerEntity? {
        entity(
            .location, id: location.id, title: location.name, url: location.url, created: location.created,
            fields: [("name", location.name), ("type", location.type), ("dimension", location.dimension)],
            members: ("residents", location.residents))
    }

    /// Entity `id` of `kind` as the API writes it: its id, `fields`, its members' URLs, its `url`
    /// and `created`.
    private static func entity(
        _ kind: EntityKind, id: Int, title: String, url: String, created: String, fields: [(String, String)],
        members: (name: String, urls: [String])
    ) -> ExplorerEntity? {
        guard let address = address(kind: kind, id: id, url: url) else { return nil }
        let object = JSONObject(
            [JSONMember("id", .number(String(id)))] + fields.map { JSONMember($0.0, .string($0.1)) } + [
                JSONMember(members.name, .array(members.urls.map { .string($0) })),
                JSONMember("url", .string(url)), JSONMember("created", .string(created)),
            ])
        return ExplorerEntity(address: address, id: String(id), title: title, object: object)
    }

    /// The address of entity `id` of `kind`: its `url` when that names it, else its place under the
    /// API of `near` (or the public API's).
    static func address(kind: EntityKind, id: Int, url: String, near: EntityAddress? = nil) -> EntityAddress? {
        func names(_ address: EntityAddress) -> Bool { place(of: address).map { $0 == (kind, id) } == true }
        // Most URLs of a run are of one API: found under it without the URL parser.
        if let plain = lastAPI.withLock({ $0 })?.address(of: url), names(plain) { return plain }
        if let named = URL(string: url).flatMap(EntityAddress.init), names(named) {
            if let api = base(of: named) { lastAPI.withLock { $0 = api } }
            return named
        }
        let base = near.flatMap { Self.base(of: $0)?.url.absoluteString } ?? fallbackBase
        let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
        return URL(string: "\(trimmed)/\(kind.rawValue)/\(id)").flatMap(EntityAddress.init)
    }

    /// The API of the last address found with the URL parser (a cache: any API gives the same addresses).
    private static let lastAPI = PThreadMutex<APIBase?>(nil)

    /// The kind and id an address names (`…/episode/3`), when it names one.
    static func place(of address: EntityAddress) -> (EntityKind, Int)? {
        let path = address.path
        guard let slash = path.lastIndex(of: "/"), let id = Int(path[path.index(after: slash)...]),
            let above = path[..<slash].lastIndex(of: "/"),
            let kind = EntityKind(rawValue: String(path[path.index(after: above)..<slash]))
        else { return nil }
        return (kind, id)
    }

    /// The API an entity's address is of: two segments above it (`…/api` of `…/api/episode/3`).
    static func base(of address: EntityAddress) -> APIBase? {
        let key = address.key
        guard let slash = key.lastIndex(of: "/"), let above = key[..<slash].lastIndex(of: "/"),
            key.distance(from: key.startIndex, to: above) >= address.origin.count
        else { return URL(string: fallbackBase).flatMap(APIBase.init) }
        let prefix = key[..<above]
        if let last = lastAPI.withLock({ $0 }), last.address.key == prefix { return last }
        return URL(string: String(prefix)).flatMap(APIBase.init)
    }

    /// `episode 3`, `character 1`, or the address's path.
    private static func label(of address: EntityAddress) -> String {
        place(of: address).map { "\($0.0.rawValue) \($0.1)" } ?? address.path
    }

    /// The explorer's words for a repository error met reading `target`.
    static func explorerError(_ error: RepositoryError, of target: ExplorerDetailScreen.Target)
        -> ExplorerError
    {
        switch error {
        case .cancelled: .cancelled
        case .notFound: .notFound(url: target.path)
        default: .unavailable(url: target.path, reason: error.description)
        }
    }
}

extension ExplorerDetailScreen {
    /// Pushes the detail of Rick and Morty's `kind` `id`, known as `title` until read: a character
    /// always, an episode or location when those can be read (otherwise a toast says so).
    static func push(_ kind: EntityKind, id: Int, title: String, context: inout ScreenContext) {
        guard kind == .character || context.services.graph != nil else {
            context.toast("Episodes and locations cannot be opened here.", kind: .info)
            return
        }
        let known = title.isEmpty ? "\(kind.rawValue) \(id)" : title
        context.push(ExplorerDetailScreen(target: .rickAndMorty(kind, id: id), knownTitle: known))
    }
}
