import CharacterData
import RepositoryCore
import RickAndMortyModel
import TerminalUI

/// One of the browser's paged lists: where its `PagedList` lives in the lists screen and how a page of
/// it is read. The generic list operations (`ListsScreen+Operations`) take a kind; a new list of
/// pages is one more conformer.
protocol PagedListKind {
    /// The list's rows.
    associatedtype Row: Identifiable & Sendable & Hashable & Codable where Row.ID == Int
    /// What the list is filtered by.
    associatedtype Filter: Sendable & Hashable
    /// The kind, for queries, events, the remembered selection and the list switch.
    static var kind: EntityKind { get }
    /// The list in the lists screen.
    static var path: WritableKeyPath<ListsScreen, PagedList<Row, Filter>> { get }
    /// The task key of the read of page `number` (a newer read of the page replaces an older one).
    static func taskKey(page number: Int) -> String
    /// The task key of a refresh of the list's pages.
    static var refreshTaskKey: String { get }
    /// The filter the `/` prompt's `text` makes of `current`.
    static func filter(_ text: String, replacing current: Filter) -> Filter
    /// The read of page `number` of `list` with `policy`, reported as a message; nil when the
    /// services cannot read this list.
    static func read(
        page number: Int, of list: PagedList<Row, Filter>, policy: CachePolicy, services: BrowserServices
    )
        -> (@Sendable () async -> ListsScreen.Message)?
}

extension EntityKind {
    /// The paged list of entities of this kind.
    var list: any PagedListKind.Type {
        switch self {
        case .character: CharacterListKind.self
        case .episode: EpisodeListKind.self
        case .location: LocationListKind.self
        }
    }
}

/// The character list.
enum CharacterListKind: PagedListKind {
    static var kind: EntityKind { .character }
    static var path: WritableKeyPath<ListsScreen, PagedList<ShowCharacter, CharacterFilter>> { \.characters }
    static func taskKey(page number: Int) -> String { PageRequest.taskKey(page: number) }
    static var refreshTaskKey: String { "refresh" }

    /// The name filter `text`, under the status filter of `current`.
    static func filter(_ text: String, replacing current: CharacterFilter) -> CharacterFilter {
        var filter = current
        filter.name = text.trimmingCharacters(in: .whitespaces)
        return filter
    }

    static func read(
        page number: Int, of list: PagedList<ShowCharacter, CharacterFilter>, policy: CachePolicy,
        services: BrowserServices
    ) -> (@Sendable () async -> ListsScreen.Message)? {
        let request = PageRequest(
            number: number, filter: list.filter, generation: list.generation, policy: policy)
        return { .pageRead(request, await services.readPage(request)) }
    }
}

/// The episode list (with a graph repository only).
enum EpisodeListKind: PagedListKind {
    static var kind: EntityKind { .episode }
    static var path: WritableKeyPath<ListsScreen, PagedList<Episode, [String: String]>> { \.episodes }
    static func taskKey(page number: Int) -> String { "episode-page-\(number)" }
    static var refreshTaskKey: String { "episode-refresh" }
    static func filter(_ text: String, replacing _: [String: String]) -> [String: String] {
        Episode.parseFilters(text)
    }

    static func read(
        page number: Int, of list: PagedList<Episode, [String: String]>, policy: CachePolicy,
        services: BrowserServices
    ) -> (@Sendable () async -> ListsScreen.Message)? {
        guard let graph = services.graph else { return nil }
        let request = EntityPageRequest(
            kind: .episode, number: number, filters: list.filter, generation: list.generation, policy: policy)
        return {
            let report = await services.read { () async throws(RepositoryError) -> Answer<Page<Episode>> in
                try await graph.episodePage(number, filters: request.filters, policy: policy)
            }
            return .episodePageRead(request, report)
        }
    }
}

/// The location list (with a graph repository only).
enum LocationListKind: PagedListKind {
    static var kind: EntityKind { .location }
    static var path: WritableKeyPath<ListsScreen, PagedList<Location, [String: String]>> { \.locations }
    static func taskKey(page number: Int) -> String { "location-page-\(number)" }
    static var refreshTaskKey: String { "location-refresh" }
    static func filter(_ text: String, replacing _: [String: String]) -> [String: String] {
        Location.parseFilters(text)
    }

    static func read(
        page number: Int, of list: PagedList<Location, [String: String]>, policy: CachePolicy,
        services: BrowserServices
    ) -> (@Sendable () async -> ListsScreen.Message)? {
        guard let graph = services.graph else { return nil }
        let request = EntityPageRequest(
            kind: .location, number: number, filters: list.filter, generation: list.generation, policy: policy
        )
        return {
            let report = await services.read { () async throws(RepositoryError) -> Answer<Page<Location>> in
                try await graph.locationPage(number, filters: request.filters, policy: policy)
            }
            return .locationPageRead(request, report)
        }
    }
}
