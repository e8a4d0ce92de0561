import ExplorerModel
import Foundation
import RepositoryCore

/// The main source of list pages: the query's key is the page's URL; the answer is read as a
/// `ListPage` whatever its shape (its `Link` header too), its `next` must be a URL of the API,
/// and its whole entities are kept as entities (`EntityKeeper`) before the page — rows only — is
/// answered (with the page's freshness, unless the server said `no-store`), so opening a row is
/// a cache hit. A `cached` page is revalidated, and a `304` answers it confirmed (`.revalidated`).
/// Thread-safe: its parts are.
struct PageSource: GetDataSource {
    let api: APIBase
    let reader: JSONReader
    let keeper: EntityKeeper

    func get(_ query: Query, cached: Entry<ExplorerPage>?) async throws(RepositoryError) -> Entry<
        ExplorerPage
    > {
        guard let key = query.key, let url = URL(string: key), let address = EntityAddress(url) else {
            throw .queryNotSupported(query: query.cacheKey, source: "The page source")
        }
        let read = try await reader.read(url, for: query, revalidating: cached?.metadata)
        if let cached, let confirmed = read.confirmed(cached) {
            // The page is as it was: so are the entities it brought, where they are still its copies.
            if !read.metadata.noStore {
                await keeper.confirm(
                    cached.value.rows.filter { !$0.isReference }.map(\.address), keptWith: cached.metadata,
                    as: read.metadata.withoutValidators)
            }
            return confirmed
        }
        guard let node = read.node else { throw .mainUnavailable(reason: "HTTP 304 Not Modified with nothing cached") }
        let list: ListPage
        switch ListPage.read(node, at: url, link: read.link, api: api) {
        case .failure(let problem): throw .serialization(detail: ProblemMark.shape + problem.description)
        case .success(let page): list = page
        }
        if let next = list.next, EntityAddress(next).map(api.contains) != true {
            throw .serialization(detail: ProblemMark.outside + next.absoluteString)
        }
        var rows: [ExplorerRow] = []
        var entities: [ExplorerEntity] = []
        for item in list.items {
            switch item {
            case .entity(let object):
                guard let entity = ExplorerEntity(object, requested: nil, collection: address, api: api)
                else { continue }
                guard api.contains(entity.address) else {
                    throw .serialization(detail: ProblemMark.outside + entity.address.key)
                }
                entities.append(entity)
                rows.append(ExplorerRow(address: entity.address, title: entity.title, isReference: false))
            case .reference(let target, let name):
                rows.append(
                    ExplorerRow(
                        address: target, title: name ?? target.lastSegment ?? target.key, isReference: true))
            }
        }
        if !read.metadata.noStore {
            try await keeper.keep(
                entities, titles: rows.filter(\.isReference).map { ($0.address, $0.title) },
                metadata: read.metadata.withoutValidators)
        }
        let page = ExplorerPage(url: url, rows: rows, next: list.next, count: list.count)
        return Entry(value: page, metadata: read.metadata, origin: .network)
    }
}
