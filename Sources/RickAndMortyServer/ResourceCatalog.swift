import Foundation

/// One collection ready to serve: records sorted by id, each pre-encoded as JSON in the API's field
/// order, and an index by id. Immutable after creation; thread-safe.
public struct ResourceCatalog<Resource: ServedResource>: Sendable {
    /// Records per page, fixed by the API.
    public static var pageSize: Int { 20 }

    /// The records, sorted by id.
    public let records: [Resource]
    /// The JSON bytes of each record, same order as `records`.
    let encoded: [[UInt8]]
    /// Position in `records` by id.
    let positions: [Int: Int]
    /// The collection's own URL on the served base (`http://127.0.0.1:8080/api/character`).
    public let collectionURL: String

    /// Sorts and encodes `records` for serving under `baseURL` (URLs inside must already use it).
    public init(records: [Resource], baseURL: String) {
        let sorted = records.sorted { $0.id < $1.id }
        self.records = sorted
        self.encoded = sorted.map(\.apiJSON)
        self.positions = Dictionary(
            sorted.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.collectionURL = "\(baseURL)/\(Resource.collectionName)"
    }

    /// The parts as they are (`records` sorted by id, `encoded` and `positions` matching them).
    init(sorted records: [Resource], encoded: [[UInt8]], positions: [Int: Int], collectionURL: String) {
        self.records = records
        self.encoded = encoded
        self.positions = positions
        self.collectionURL = collectionURL
    }

    /// The page a listing asks for, or nil when it is past the end (including when nothing matches).
    public func page(for request: ListingRequest) -> JSONBody? {
        let matching: [Int]  // positions
        if request.filters.isEmpty {
            matching = Array(records.indices)
        } else {
            matching = records.indices.filter { index in
                request.filters.allSatisfy { filter in
                    records[index].filterValue(for: filter.key).map(filter.matches) ?? true
                }
            }
        }
        let pages = (matching.count + Self.pageSize - 1) / Self.pageSize
        guard request.page <= pages else { return nil }
        let start = (request.page - 1) * Self.pageSize
        let slice = matching[start..<min(start + Self.pageSize, matching.count)]
        return JSONBody.listingPage(
            request, count: matching.count, pageSize: Self.pageSize, collectionURL: collectionURL,
            results: slice.map { encoded[$0] })
    }

    /// The encoded record with `id`, if it exists.
    public func record(id: Int) -> JSONBody? {
        positions[id].map { JSONBody(bytes: encoded[$0]) }
    }

    /// A bare array of the records found among `ids`, in id order, each once.
    public func records(ids: [Int]) -> JSONBody {
        let found = Set(ids).compactMap { positions[$0] }.sorted()
        return JSONBody.array(found.map { encoded[$0] })
    }
}
