/// One collection the server answers listings and lookups from (`/api/character`, …), whether its
/// records are held in memory or generated when asked. Implementations are thread-safe.
public protocol ServedCollection: Sendable {
    /// The page a listing asks for (20 records, sorted by id, filtered as the request says), or nil
    /// when the page is past the end, including when nothing matches.
    func page(for request: ListingRequest) -> JSONBody?
    /// The encoded record with `id`, or nil when there is none.
    func record(id: Int) -> JSONBody?
    /// A bare array of the records found among `ids`, in id order, each once; ids not found are skipped.
    func records(ids: [Int]) -> JSONBody
}

extension ResourceCatalog: ServedCollection {}

extension JSONBody {
    /// The page envelope of page `request.page` of a listing of `count` matches in all, holding
    /// `results`, with `next` and `prev` on `collectionURL` written the API's way.
    static func listingPage(
        _ request: ListingRequest, count: Int, pageSize: Int, collectionURL: String, results: [[UInt8]]
    ) -> JSONBody {
        let pages = (count + pageSize - 1) / pageSize
        let next =
            request.page < pages ? "\(collectionURL)?\(request.queryString(forPage: request.page + 1))" : nil
        let prev =
            request.page > 1 ? "\(collectionURL)?\(request.queryString(forPage: request.page - 1))" : nil
        return page(count: count, pages: pages, next: next, prev: prev, results: results)
    }
}
