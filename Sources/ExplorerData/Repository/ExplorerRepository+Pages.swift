import ExplorerModel
import Foundation
import RepositoryCore

extension ExplorerRepository {
    /// Page `number` (from 1) of `resource`'s list — searched through the API's own parameter when
    /// `search` is given — read through the cache as `policy` says, with its place in the list. Its
    /// whole entities are stored as entities; a list of references shows their names at once.
    /// - Throws: `.notFound` past the last page, `.notJSON`, `.unexpectedShape`, `.outsideAPI`, …
    public func page(
        _ number: Int, of resource: ExplorerResource, search: String? = nil, policy: CachePolicy = .localFirst
    ) async throws(ExplorerError) -> Answer<ExplorerListPage> {
        let first = try await page(at: try firstPageURL(of: resource, search: search), policy: policy)
        let style = first.value.paging
        let size = style.pageSize(firstRows: first.value.rows.count)
        var count = first.value.count
        if count == nil, first.value.next == nil { count = first.value.rows.count }
        let pageCount = count.map { max(1, ($0 + size - 1) / size) } ?? (first.value.next == nil ? 1 : nil)
        let answer: Answer<ExplorerPage>
        if number <= 1 {
            answer = first
        } else if let url = style.url(ofPage: number) {
            answer = try await page(at: url, policy: policy)
        } else {
            answer = try await following(first, to: number, policy: policy)
        }
        let placed = ExplorerListPage(
            page: answer.value, number: max(1, number), pageSize: size, pageCount: pageCount, count: count)
        return answer.map { _ in placed }
    }

    /// The page at `url`, read through the cache as `policy` says.
    public func page(at url: URL, policy: CachePolicy = .localFirst) async throws(ExplorerError) -> Answer<
        ExplorerPage
    > {
        let query = Query.id(url.absoluteString)
        // A page in memory was read at a URL inside the API: it is not checked again.
        if !pages.cache.upper.contains(query) {
            guard let address = EntityAddress(url), api.contains(address) else {
                throw .outsideAPI(url: url.absoluteString, api: api.url.absoluteString)
            }
        }
        do {
            return try await pages.answer(query, policy: policy)
        } catch {
            throw explorerError(error, url: url.absoluteString)
        }
    }

    /// The first page's URL of `resource`, with `search` in the API's parameter for it.
    func firstPageURL(of resource: ExplorerResource, search: String?) throws(ExplorerError) -> URL {
        guard let search, !search.isEmpty else { return resource.collection }
        guard let parameter = resource.searchParameter else {
            throw .unexpectedShape(
                url: resource.collection.absoluteString,
                detail: "the API has no known search for \(resource.name)")
        }
        guard var parts = URLComponents(url: resource.collection, resolvingAgainstBaseURL: true) else {
            throw .outsideAPI(url: resource.collection.absoluteString, api: api.url.absoluteString)
        }
        parts.queryItems = (parts.queryItems ?? []) + [URLQueryItem(name: parameter, value: search)]
        guard let url = parts.url else {
            throw .outsideAPI(url: resource.collection.absoluteString, api: api.url.absoluteString)
        }
        return url
    }

    /// Page `number`, reached by following `next` from `first` one page after another.
    private func following(_ first: Answer<ExplorerPage>, to number: Int, policy: CachePolicy)
        async throws(ExplorerError)
        -> Answer<ExplorerPage>
    {
        var current = first
        for _ in 1..<number {
            guard let next = current.value.next else {
                throw .notFound(url: "page \(number) of \(first.value.url.absoluteString)")
            }
            current = try await page(at: next, policy: policy)
        }
        return current
    }
}
