import Foundation
import RickAndMortyModel

/// How one API resource is asked for and read: its path, the kind of query it answers and how its
/// body decodes. An immutable value, thread-safe; build one with `pages`, `one` or `several`.
public struct Endpoint<Value: Sendable>: Sendable {
    /// The kind of query an endpoint answers.
    public enum Kind: Sendable, Hashable {
        /// `.page` queries: `/resource?page=N&filter=…`, only the named filters allowed.
        case page(filters: Set<String>)
        /// `.id` queries: `/resource/42`.
        case one
        /// `.ids` queries: `/resource/1,2,3`, answered as one list in the order asked.
        case several
    }

    /// The resource's path below the API root (`character`, `episode`, `location`).
    public let resource: String
    /// The kind of query served.
    public let kind: Kind
    /// Decodes a 200 body; gets the ids that were asked for (`several` orders by them).
    let decode: @Sendable (_ body: Data, _ requestedIDs: [Int]) throws -> Value
    /// What "nothing there" means for a listing (an empty page, an empty list); nil for `one`.
    let empty: Value?
}

extension Endpoint {
    /// Pages of `Item` at `/resource?page=N`, accepting the filters named in `filters`.
    public static func pages<Item>(of item: Item.Type, resource: String, filters: Set<String>) -> Endpoint
    where Value == Page<Item> {
        Endpoint(
            resource: resource, kind: .page(filters: filters),
            decode: { body, _ in
                try APIDecoding.decode(Page<Item>.self, from: body)
            }, empty: Page<Item>.empty)
    }

    /// One value at `/resource/{id}`.
    public static func one(_ value: Value.Type, resource: String) -> Endpoint where Value: Decodable {
        Endpoint(
            resource: resource, kind: .one,
            decode: { body, _ in
                try APIDecoding.decode(Value.self, from: body)
            }, empty: nil)
    }

    /// Several values at `/resource/1,2,3` in one request; ids not found are left out.
    ///
    /// Accepts a bare object as well as an array (the API answers `/resource/5` with an object),
    /// drops duplicates and returns the items in the order their ids were asked for. One id is
    /// requested as `/resource/5,5` so the API answers a list; no ids answer `[]` without a request.
    public static func several<Item: Decodable & Identifiable & Sendable>(
        of item: Item.Type, resource: String
    )
        -> Endpoint where Value == [Item], Item.ID == Int
    {
        Endpoint(
            resource: resource, kind: .several,
            decode: { body, requested in
                try ListDecoding.decode(Item.self, from: body, orderedBy: requested)
            }, empty: [])
    }
}
