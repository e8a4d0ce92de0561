@testable import BrowserApp
import CharacterData
import RepositoryCore
import RickAndMortyModel

/// One page read of Rick and Morty's lists as a test asks for it: which list, page, filters,
/// generation and policy. A plain value.
struct PageRequest: Sendable, Hashable {
    var kind: EntityKind
    var number: Int
    var filters: [String: String]
    var generation: Int
    var policy: CachePolicy

    /// `page 3`, `page 1 (name=rick, status=alive)`, `location page 1 (type=Planet)`.
    var query: String { RickAndMortyLists.query(page: number, of: kind, filters: filters) }

    /// The cache entry of the page: `character-page-ids/page:1?name=rick`.
    var cacheKey: CacheEntryKey { .page(of: kind, PageQuery(number: number, filters: filters)) }
}

/// A page read of Rick and Morty's lists: the request, and its `ReadReport<Page<Row>>` of the
/// request's kind's rows.
enum PageMessage {
    case pageRead(PageRequest, any Sendable)

    /// The message the list screen takes for it.
    var listMessage: ListScreen.Message {
        switch self {
        case .pageRead(let request, let report): Self.message(request, report)
        }
    }

    private static func message(_ request: PageRequest, _ report: any Sendable) -> ListScreen.Message {
        let read: ListPageRead
        func converted<Row>(_ report: ReadReport<Page<Row>>, _ rows: @escaping (Row) -> ListedRow?)
            -> ListPageRead
        {
            RickAndMortyLists.pageRead(
                report, number: request.number, of: request.kind, filters: request.filters,
                policy: request.policy, row: rows)
        }
        if let report = report as? ReadReport<Page<ShowCharacter>> {
            read = converted(report, RickAndMortyLists.row)
        } else if let report = report as? ReadReport<Page<Episode>> {
            read = converted(report, RickAndMortyLists.row)
        } else if let report = report as? ReadReport<Page<Location>> {
            read = converted(report, RickAndMortyLists.row)
        } else {
            fatalError("not a page report: \(report)")
        }
        return .page(
            resource: ListsStart.resourceName(of: request.kind), generation: request.generation, read)
    }
}
