/// A collection whose records are generated when asked (a synthetic dataset's): a page generates
/// its 20 records, a lookup its one. A filtered page tests every id of the collection with the
/// predicate `matching` builds for the request's filters, without building the records, since the
/// count of matches is part of every page. Immutable; thread-safe.
struct GeneratedCollection<Resource: ServedResource>: ServedCollection {
    /// The ids are 1…count.
    let count: Int
    /// The collection's own URL on the served base.
    let collectionURL: String
    /// The API JSON of the record with an id in 1…count.
    let encode: @Sendable (Int) -> [UInt8]?
    /// Whether an id matches every filter, made once per request.
    let matching: @Sendable ([ListingFilter]) -> (Int) -> Bool

    func page(for request: ListingRequest) -> JSONBody? {
        let size = ResourceCatalog<Resource>.pageSize
        let wanted = Self.positions(ofPage: request.page, size: size)
        var total = count
        var ids: [Int] = []
        if request.filters.isEmpty {
            ids = Array(wanted.clamped(to: 0..<count)).map { $0 + 1 }
        } else {
            let accepts = matching(request.filters)
            total = 0
            for id in stride(from: 1, through: count, by: 1) where accepts(id) {
                if wanted.contains(total) { ids.append(id) }
                total += 1
            }
        }
        guard request.page <= (total + size - 1) / size else { return nil }
        return .listingPage(
            request, count: total, pageSize: size, collectionURL: collectionURL,
            results: ids.compactMap(encode))
    }

    func record(id: Int) -> JSONBody? {
        encode(id).map(JSONBody.init(bytes:))
    }

    func records(ids: [Int]) -> JSONBody {
        .array(Set(ids).filter { $0 >= 1 && $0 <= count }.sorted().compactMap(encode))
    }

    /// The positions (0-based, among the matches) that page `page` holds.
    static func positions(ofPage page: Int, size: Int) -> Range<Int> {
        guard page - 1 < Int.max / size - 1 else { return Int.max - size..<Int.max }
        return (page - 1) * size..<page * size
    }
}
