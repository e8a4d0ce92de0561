import ExplorerModel
import Foundation
import RepositoryCore

extension ExplorerRepository {
    /// Page `number` (from 1) of `resource`'s list — searched through the API's own parameter when
    /// `search` is given, and filtered by the query parameters `filters` names — read through the
    /// cache as `policy` says, with its place in the list. Its whole entities are stored as
    /// entities; a list of references shows their names at once.
    /// - Throws: `.notFound` past the last page, `.notJSON`, `.unexpectedShape`, `.outsideAPI`, …
    public func page(
        _ number: Int, of resource: ExplorerResource, search: String? = nil, filters: [String: String] = [:],
        policy: CachePolicy = .localFirst
    ) async throws(ExplorerError) -> Answer<ExplorerListPage> {
        // (the memory hit's path: no updates, no closures)
        let first = try await page(at: try firstPageURL(of: resource, search: search, filters: filters), policy: policy)
        let answer: Answer<ExplorerPage>
        if number <= 1 {
            answer = first
        } else if let url = first.value.paging.url(ofPage: number) {
            answer = try await page(at: url, policy: policy)
        } else {
            answer = try await following(first, to: number, policy: policy)
        }
        let placed = Self.place(answer.value, number: max(1, number), first: first.value)
        return answer.map { _ in placed }
    }

    /// Page `number` of `resource`'s list as `page(_:of:search:policy:)` reads it, except that
    /// under `.localFirst` a page stale inside its server's `stale-while-revalidate` window is
    /// answered at once (marked stale) while it is read again in the background: that read's
    /// answer is the second of the updates.
    public func pageUpdates(
        _ number: Int, of resource: ExplorerResource, search: String? = nil, filters: [String: String] = [:],
        policy: CachePolicy = .localFirst
    ) async throws(ExplorerError) -> ExplorerUpdates<ExplorerListPage> {
        // The first page places the others: a stale one inside its window places them at once (its
        // revalidation, run behind, is the answer's only when it is the page asked for).
        let url = try firstPageURL(of: resource, search: search, filters: filters)
        let firstUpdates = try await pageUpdates(at: url, policy: policy)
        let first = firstUpdates.first.value
        let target: ExplorerUpdates<ExplorerPage>
        if number <= 1 {
            target = firstUpdates
        } else if let url = first.paging.url(ofPage: number) {
            target = try await pageUpdates(at: url, policy: policy)
        } else {
            target = try await followingUpdates(firstUpdates.first, to: number, policy: policy)
        }
        let number = max(1, number)
        return target.map { answer in
            // A first page read again places itself; any other is placed by the first page read.
            answer.map { Self.place($0, number: number, first: number == 1 ? $0 : first) }
        }
    }

    /// `page` as page `number` of the list whose first page is `first`.
    private static func place(_ page: ExplorerPage, number: Int, first: ExplorerPage) -> ExplorerListPage {
        let size = first.paging.pageSize(firstRows: first.rows.count)
        var count = first.count
        if count == nil, first.next == nil { count = first.rows.count }
        let pageCount = count.map { max(1, ($0 + size - 1) / size) } ?? (first.next == nil ? 1 : nil)
        return ExplorerListPage(page: page, number: number, pageSize: size, pageCount: pageCount, count: count)
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
            return try await pages.answer(query, operation: Self.operation(policy))
        } catch {
            throw explorerError(error, url: url.absoluteString)
        }
    }

    /// The page at `url` as `page(at:policy:)` reads it, revalidated in the background under
    /// `.localFirst` when it is stale inside its server's `stale-while-revalidate` window.
    func pageUpdates(at url: URL, policy: CachePolicy) async throws(ExplorerError) -> ExplorerUpdates<ExplorerPage> {
        let query = Query.id(url.absoluteString)
        if !pages.cache.upper.contains(query) {
            guard let address = EntityAddress(url), api.contains(address) else {
                throw .outsideAPI(url: url.absoluteString, api: api.url.absoluteString)
            }
        }
        let updates: AnswerUpdates<ExplorerPage>
        do {
            updates = try await pages.answerRevalidating(query, policy: policy, whenMainFails: .serveStale)
        } catch {
            throw explorerError(error, url: url.absoluteString)
        }
        guard updates.isRevalidating else { return ExplorerUpdates(updates.first) }
        return ExplorerUpdates(first: updates.first) { [self] () async throws(ExplorerError) -> Answer<ExplorerPage> in
            do throws(RepositoryError) {
                return try await updates.revalidated() ?? updates.first
            } catch {
                throw explorerError(error, url: url.absoluteString)
            }
        }
    }

    /// The first page's URL of `resource`, with `search` in the API's parameter for it and
    /// `filters` (by name, so one filter always makes one URL).
    func firstPageURL(of resource: ExplorerResource, search: String?, filters: [String: String] = [:])
        throws(ExplorerError) -> URL
    {
        var items = filters.filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }.map {
            URLQueryItem(name: $0.key, value: $0.value)
        }
        if let search, !search.isEmpty {
            guard let parameter = resource.searchParameter else {
                throw .unexpectedShape(
                    url: resource.collection.absoluteString,
                    detail: "the API has no known search for \(resource.name)")
            }
            items.insert(URLQueryItem(name: parameter, value: search), at: 0)
        }
        guard !items.isEmpty else { return resource.collection }
        guard var parts = URLComponents(url: resource.collection, resolvingAgainstBaseURL: true) else {
            throw .outsideAPI(url: resource.collection.absoluteString, api: api.url.absoluteString)
        }
        parts.queryItems = (parts.queryItems ?? []) + items
        guard let url = parts.url else {
            throw .outsideAPI(url: resource.collection.absoluteString, api: api.url.absoluteString)
        }
        return url
    }

    /// Page `number` as `following` reaches it, each page on the way read as `pageUpdates(at:policy:)`
    /// reads it: one stale inside its window answers at once and is revalidated behind (the last
    /// one's revalidation is the answer's second update).
    private func followingUpdates(_ first: Answer<ExplorerPage>, to number: Int, policy: CachePolicy)
        async throws(ExplorerError) -> ExplorerUpdates<ExplorerPage>
    {
        var current = ExplorerUpdates(first)
        for _ in 1..<number {
            guard let next = current.first.value.next else {
                throw .notFound(url: "page \(number) of \(first.value.url.absoluteString)")
            }
            current = try await pageUpdates(at: next, policy: policy)
        }
        return current
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
