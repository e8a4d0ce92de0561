import CharacterData
import ExplorerData
import ExplorerModel
import Foundation
import RepositoryCore
import RickAndMortyModel
import TerminalUI

/// Rick and Morty's characters, episodes and locations as the list screen reads them: pages of
/// whole entities through its own repositories (`CharacterRepository`, `GraphRepository`, their
/// binary codec on disk, stale-while-revalidate), reached in order, laid out in its own columns;
/// filtered as its built-in profile says (the characters by name at `/`, `s` cycling the status;
/// the others by `key=value` words). Thread-safe: a value over thread-safe repositories.
struct RickAndMortyLists: ListReading {
    /// Where episodes and locations are read; nil: only characters are listed.
    let graph: GraphRepository?
    /// Where characters are read, and how reads are timed and counted.
    let services: BrowserServices

    /// Rick and Morty's built-in profile, read once.
    private static let profile = BuiltInProfiles.named("Rick and Morty")

    /// The three resources, in the lists' order, as the API's index names them.
    static let resources: [ExplorerResource] = EntityKind.allCases.compactMap { kind in
        URL(string: "\(RickAndMortyEntities.fallbackBase)/\(kind.rawValue)").map {
            ExplorerResource(name: ListsStart.resourceName(of: kind), collection: $0)
        }
    }

    var resources: [ExplorerResource] { Self.resources }

    /// How the list of `kind` looks: its keys, prompt and columns (made once).
    static func look(of kind: EntityKind) -> ListLook {
        switch kind {
        case .character: characterLook
        case .episode: episodeLook
        case .location: locationLook
        }
    }

    private static let characterLook = makeLook(of: .character)
    private static let episodeLook = makeLook(of: .episode)
    private static let locationLook = makeLook(of: .location)

    private static func makeLook(of kind: EntityKind) -> ListLook {
        let profile = profile?.resource(ListsStart.resourceName(of: kind))
        return switch kind {
        case .character:
            ListLook(
                keyScope: .characterList, prompt: .name(keptOnClear: ["species", "type", "gender"]),
                columns: .characters, kind: kind, profile: profile)
        case .episode:
            ListLook(
                keyScope: .entityList, prompt: .query,
                columns: .fixed([
                    .init(title: "ID", width: 4), .init(title: "Code", width: 6),
                    .init(title: "Air date", width: 18), .init(title: "Name", width: 0),
                ]),
                kind: kind, profile: profile)
        case .location:
            ListLook(
                keyScope: .entityList, prompt: .query,
                columns: .fixed([
                    .init(title: "ID", width: 4), .init(title: "Name", width: 28),
                    .init(title: "Type", width: 16), .init(title: "Dimension", width: 0),
                ]),
                kind: kind, profile: profile)
        }
    }

    func look(of resource: ExplorerResource) -> ListLook { Self.look(of: Self.kind(of: resource)) }

    /// The kind `resource` lists.
    static func kind(of resource: ExplorerResource) -> EntityKind {
        EntityKind.allCases.first { ListsStart.resourceName(of: $0) == resource.name } ?? .character
    }

    func refusal(toShow index: Int) -> String? {
        guard resources.indices.contains(index) else { return "Rick and Morty has no resource \(index + 1)." }
        return index > 0 && graph == nil ? "Only characters can be listed here." : nil
    }

    func readPage(
        _ number: Int, of resource: ExplorerResource, filters: [String: String], policy: CachePolicy,
        deliver: @Sendable (ListPageRead) -> Void
    ) async {
        let kind = Self.kind(of: resource)
        /// Reads the page with `body`, each report delivered with its entities made rows by `row`.
        func read<Row>(
            _ body: () async throws(RepositoryError) -> AnswerUpdates<Page<Row>>, row: (Row) -> ListedRow?
        ) async {
            await services.readUpdates(body) {
                deliver(Self.pageRead($0, number: number, of: kind, filters: filters, policy: policy, row: row))
            }
        }
        let (repository, graph) = (services.repository, graph)
        switch kind {
        case .character:
            let filter = CharacterFilter(parameters: filters)
            await read({ () async throws(RepositoryError) in
                try await repository.pageRevalidating(number, filter: filter, policy: policy)
            }, row: Self.row)
        case .episode:
            guard let graph else { return }
            await read({ () async throws(RepositoryError) in
                try await graph.episodePageRevalidating(number, filters: filters, policy: policy)
            }, row: Self.row)
        case .location:
            guard let graph else { return }
            await read({ () async throws(RepositoryError) in
                try await graph.locationPageRevalidating(number, filters: filters, policy: policy)
            }, row: Self.row)
        }
    }

    /// Page `number` of the `kind` list under `filters`, read with `policy` as `report` says, its
    /// entities made rows by `row`: as the list screen takes it.
    static func pageRead<Row>(
        _ report: ReadReport<Page<Row>>, number: Int, of kind: EntityKind, filters: [String: String],
        policy: CachePolicy, row: (Row) -> ListedRow?
    ) -> ListPageRead {
        let query = query(page: number, of: kind, filters: filters)
        let key = CacheEntryKey.page(of: kind, PageQuery(number: number, filters: filters))
        let outcome = report.result.map { answer in
            ListedPage(
                rows: answer.value.results.compactMap(row), totalPages: answer.value.info.pages,
                totalCount: answer.value.info.count)
        }
        var read = ListPageRead(
            number: number, policy: policy,
            outcome: outcome.mapError {
                ListReadFailure(sentence: "Could not load \(query): \($0.description)")
            },
            answer: AppliedAnswer(query: query, kind: kind, policy: policy, keys: [key], report))
        read.background = report.background
        return read
    }

    func detail(of row: ListedRow, in resource: ExplorerResource) -> (any ScreenModel)? {
        detail(id: row.id, in: resource, title: row.title)
    }

    func detail(id: String, in resource: ExplorerResource) -> (any ScreenModel)? {
        detail(id: id, in: resource, title: "")
    }

    /// The detail of `resource`'s entity `id`, known as `title` (else `character 1`) until read.
    private func detail(id: String, in resource: ExplorerResource, title: String) -> (any ScreenModel)? {
        let kind = Self.kind(of: resource)
        guard let number = Int(id), kind == .character || graph != nil else { return nil }
        return ExplorerDetailScreen(
            target: .rickAndMorty(kind, id: number),
            knownTitle: title.isEmpty ? "\(kind.rawValue) \(id)" : title)
    }

    func copyRead(_ row: ListedRow, in resource: ExplorerResource) async -> (
        Result<CopySubject, ListReadFailure>, AppliedAnswer?
    ) {
        let entities = RickAndMortyEntities(graph: graph, services: services)
        guard let id = Int(row.id) else {
            return (.failure(ListReadFailure(sentence: "\(row.title) has no id")), nil)
        }
        do throws(ExplorerError) {
            let updates = try await entities.entityUpdates(
                .rickAndMorty(Self.kind(of: resource), id: id), policy: .localFirst)
            return (.success(entities.copySubject(of: updates.first.value)), nil)
        } catch {
            return (.failure(ListReadFailure(sentence: error.description)), nil)
        }
    }

    func urlCopy(of row: ListedRow, title: String) -> CopySubject {
        RickAndMortyEntities(graph: graph, services: services).copySubject(of: row.address, titled: title)
    }

    func rowValues(of addresses: [EntityAddress], profile: ResourceProfile) -> AsyncStream<RowValues>? { nil }

    /// A character's row: its name, and its columns' cells (id, name, status, species, gender, location).
    static func row(_ character: ShowCharacter) -> ListedRow? {
        row(.character, id: character.id, url: character.url, content(of: character))
    }

    /// An episode's row, titled `S01E01 Pilot`.
    static func row(_ episode: Episode) -> ListedRow? {
        row(.episode, id: episode.id, url: episode.url, content(of: episode))
    }

    /// A location's row.
    static func row(_ location: Location) -> ListedRow? {
        row(.location, id: location.id, url: location.url, content(of: location))
    }

    /// The title and cells of a character's row.
    static func content(of character: ShowCharacter) -> (title: String, cells: [String]) {
        let status = character.status.rawValue
        return (
            character.name,
            [
                String(character.id), character.name, status, character.species, character.gender.rawValue,
                character.location.name,
            ]
        )
    }

    /// The title and cells of an episode's row.
    static func content(of episode: Episode) -> (title: String, cells: [String]) {
        (
            "\(episode.code) \(episode.name)",
            [String(episode.id), episode.code, episode.airDate, episode.name]
        )
    }

    /// The title and cells of a location's row.
    static func content(of location: Location) -> (title: String, cells: [String]) {
        (location.name, [String(location.id), location.name, location.type, location.dimension])
    }

    /// (nil only when no address can be made of the API's base: never for a base that parses)
    private static func row(
        _ kind: EntityKind, id: Int, url: String, _ content: (title: String, cells: [String])
    )
        -> ListedRow?
    {
        RickAndMortyEntities.address(kind: kind, id: id, url: url).map {
            ListedRow(address: $0, id: String(id), title: content.title, cells: content.cells)
        }
    }

    /// `filters` as the panes show them: `name=rick, status=alive` (characters), `name=rick
    /// type=Planet` (the others), in the profile's order.
    static func summary(_ filters: [String: String], of kind: EntityKind) -> String {
        pairs(filters, order: look(of: kind).profile?.filters ?? []).joined(
            separator: kind == .character ? ", " : " ")
    }

    /// How a page read is named: `page 3`, `page 1 (name=rick, status=alive)`, `location page 1 (type=Planet)`.
    static func query(page number: Int, of kind: EntityKind, filters: [String: String]) -> String {
        let base = kind == .character ? "page \(number)" : "\(kind.rawValue) page \(number)"
        let order = kind == .character ? look(of: kind).profile?.filters ?? [] : filters.keys.sorted()
        let parts = pairs(filters, order: order).joined(separator: ", ")
        return parts.isEmpty ? base : "\(base) (\(parts))"
    }

    private static func pairs(_ filters: [String: String], order: [String]) -> [String] {
        order.compactMap { name in filters[name].map { "\(name)=\($0)" } }
    }
}

extension CharacterFilter {
    /// The filter whose query parameters are `parameters` (others ignored).
    init(parameters: [String: String]) {
        self.init(
            name: parameters["name", default: ""], status: parameters["status", default: ""],
            species: parameters["species", default: ""], type: parameters["type", default: ""],
            gender: parameters["gender", default: ""])
    }
}

extension PagedList {
    /// Applies page `number` of characters as the list screen would take it from a read.
    @discardableResult
    package mutating func apply(_ page: Page<ShowCharacter>, number: Int) -> Bool {
        apply(
            ListedPage(
                rows: page.results.compactMap(RickAndMortyLists.row), totalPages: page.info.pages,
                totalCount: page.info.count),
            number: number)
    }
}

extension BrowserState {
    /// The message answering the read of page `number` of the characters in flight with
    /// `answer`, as the list screen takes it; nil when that page is not being read.
    package func message(answeringCharacterPage number: Int, with answer: Answer<Page<ShowCharacter>>)
        -> BrowserMessage?
    {
        let list = characters
        guard let policy = list.loading[number] else { return nil }
        let read = RickAndMortyLists.pageRead(
            ReadReport(result: .success(answer)), number: number, of: .character, filters: list.filter,
            policy: policy, row: RickAndMortyLists.row)
        return message(
            .page(resource: ListsStart.resourceName(of: .character), generation: list.generation, read),
            to: ListScreen.self)
    }
}
