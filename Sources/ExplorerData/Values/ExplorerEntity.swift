import ExplorerModel

/// One entity of an API as the explorer holds it: its identity (canonical address), id, title and
/// every field as the API wrote them. A value; thread-safe.
public struct ExplorerEntity: Sendable, Hashable {
    /// Its canonical address: its identity within the API.
    public let address: EntityAddress
    /// Its `id`, else the last segment of its address.
    public let id: String?
    /// Its `name`, else `title`, else its first short string, else its id.
    public let title: String
    /// Its fields, in the API's order.
    public let object: JSONObject

    /// An entity as given.
    public init(address: EntityAddress, id: String?, title: String, object: JSONObject) {
        self.address = address
        self.id = id
        self.title = title
        self.object = object
    }

    /// The entity `object` is, read at `requested` (its collection is `requested`'s parent) or
    /// inside the list of `collection`; nil when neither its fields nor `requested` give an address.
    init?(_ object: JSONObject, requested: EntityAddress?, collection: EntityAddress?, api: APIBase) {
        let facts = EntityFacts(of: object, collection: collection ?? requested?.parent, api: api)
        guard let address = facts.address ?? requested else { return nil }
        self.init(address: address, id: facts.id, title: facts.title, object: object)
    }

    /// Its links (strings that are URLs of `api`, objects with such a `url`), in document order.
    public func links(in api: APIBase) -> [EntityLink] {
        EntityLinks.links(in: object, own: address, api: api)
    }
}
