import ExplorerData
import ExplorerModel
import RepositoryCore
import RickAndMortyModel

/// Where an entity's detail (`ExplorerDetailScreen`) reads the entity and its links' titles, and
/// how those reads are named where answers are recorded: an explored API's session
/// (`ExplorerSession`, over its `ExplorerRepository`), or Rick and Morty's own repositories
/// (`RickAndMortyEntities`: its characters, episodes and locations in their own form, titles in
/// multi-id batches). Thread-safe: `Sendable`, callable from any task.
protocol EntityReading: Sendable {
    /// Reads the entity `target` names with `policy`; an entry stale inside its server's
    /// stale-while-revalidate window answers at once and is read again in the background.
    func entityUpdates(_ target: ExplorerDetailScreen.Target, policy: CachePolicy) async throws(ExplorerError)
        -> ExplorerUpdates<ExplorerEntity>
    /// `entity` laid out for its detail, its links those of its API.
    func tree(of entity: ExplorerEntity) -> ExplorerTree
    /// Hands `give` the titles of `links`, read with `policy`, as they become known (those one read
    /// found together, at once: one redraw), and `record` the reads that found them when those are
    /// recorded as answers.
    func titles(
        of links: [EntityLink], policy: CachePolicy, give: @Sendable ([LinkTitle]) -> Void,
        record: @Sendable (AppliedAnswer) -> Void
    ) async
    /// What a read of `target` (at `address` once known) is called and counted as, and its cache entries.
    func naming(_ target: ExplorerDetailScreen.Target, at address: EntityAddress?) -> EntityReadNaming
    /// The counters of the repository read, now.
    func counters() -> MetricsSnapshot?
    /// The field whose first link the detail's cursor opens on (a cast), if any.
    func members(of entity: ExplorerEntity) -> String?
    /// The links whose titles are read with `entity` (laid out as `tree`), before it is shown in
    /// `rows` lines: none, or those cheap enough to read at once (a cast's first screenful).
    func linksReadWith(_ entity: ExplorerEntity, tree: ExplorerTree, rows: Int) -> [EntityLink]
    /// The screen following `link` opens when it is not another entity detail.
    func screen(following link: EntityLink, titled title: String) -> (any ScreenModel)?
    /// What `y` copies of `entity`.
    func copySubject(of entity: ExplorerEntity) -> CopySubject
    /// What `Y` copies of the entity at `address`, titled `title`.
    func copySubject(of address: EntityAddress, titled title: String) -> CopySubject
    /// What another screen showing `shown` changes on the detail of `entity`.
    func change(_ shown: ShownEntity, on entity: ExplorerEntity) -> EntityDetailChange?
    /// What the other screens are shown of a newly read `entity` (nil: they learn of it otherwise).
    func shown(_ entity: ExplorerEntity) -> ShownEntity?
    /// The picture drawn beside `entity` (listed in `resource` when known), and what its load is
    /// recorded as; nil for none.
    func image(of entity: ExplorerEntity, resource: ExplorerResource?) -> (source: ExplorerImageSource, query: String)?
}

/// How a read of an entity is recorded: its query (`entity people/1`, `episode 3`), the Rick and
/// Morty kind it counts as (nil for another API's) and the cache entries it touches. A plain value.
struct EntityReadNaming: Sendable, Hashable {
    var query: String
    var kind: EntityKind?
    var keys: [CacheEntryKey]
}

/// What another screen's newer value changes on an entity's detail. A plain value.
enum EntityDetailChange: Sendable, Hashable {
    /// The entity itself is newer: read it again from the cache when on top.
    case outdated
    /// A link's entity is now titled so.
    case title(EntityAddress, String)
    /// The entity is now this value: shown at once.
    case value(ExplorerEntity)
    /// The entity was deleted (on the server, or by a delete not sent yet): shown so at once.
    case gone(String)
}

extension ExplorerSession: EntityReading {
    func entityUpdates(_ target: ExplorerDetailScreen.Target, policy: CachePolicy) async throws(ExplorerError)
        -> ExplorerUpdates<ExplorerEntity>
    {
        switch target {
        case .address(let address): try await repository.entityUpdates(at: address, policy: policy)
        case .id(let id, let resource): try await repository.entityUpdates(id: id, of: resource, policy: policy)
        case .rickAndMorty: throw .noSuchResource(target.path, known: [])
        }
    }

    func tree(of entity: ExplorerEntity) -> ExplorerTree { ExplorerTree(entity, api: api) }

    func titles(
        of links: [EntityLink], policy: CachePolicy, give: @Sendable ([LinkTitle]) -> Void,
        record: @Sendable (AppliedAnswer) -> Void
    ) async {
        for await title in repository.titles(of: links, policy: policy, batches: batches) { give([title]) }
    }

    func naming(_ target: ExplorerDetailScreen.Target, at address: EntityAddress?) -> EntityReadNaming {
        var known = address
        if known == nil, case .address(let own) = target { known = own }
        let keys = known.map { [ExplorerRepository.cacheKey(ofEntity: $0)] } ?? []
        return EntityReadNaming(query: "entity \(target.path)", kind: nil, keys: keys)
    }

    func counters() -> MetricsSnapshot? { repository.metrics.snapshot() }
    func members(of entity: ExplorerEntity) -> String? { nil }
    func linksReadWith(_ entity: ExplorerEntity, tree: ExplorerTree, rows: Int) -> [EntityLink] { [] }
    func screen(following link: EntityLink, titled title: String) -> (any ScreenModel)? { nil }

    func copySubject(of entity: ExplorerEntity) -> CopySubject {
        CopySubject(explored: entity, repository: repository)
    }

    func copySubject(of address: EntityAddress, titled title: String) -> CopySubject {
        CopySubject(explored: address, title: title, repository: repository)
    }

    func change(_ shown: ShownEntity, on entity: ExplorerEntity) -> EntityDetailChange? {
        guard case .explored(let newer) = shown, newer.address == entity.address, newer != entity else { return nil }
        return .outdated
    }

    func shown(_ entity: ExplorerEntity) -> ShownEntity? { .explored(entity) }

    func image(of entity: ExplorerEntity, resource: ExplorerResource?) -> (source: ExplorerImageSource, query: String)? {
        ExplorerImageSource(of: entity, resource: resource, session: self).map { ($0, "image \(entity.address.path)") }
    }
}
