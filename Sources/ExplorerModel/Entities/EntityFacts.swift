/// What the explorer knows of an entity from its JSON alone: its address (its identity), its id
/// and its title. The address is its own `url` when that is a URL of the API, else its collection's
/// address with its `id` appended; the id is its `id`, else the last segment of its address
/// (SWAPI has no `id`); the title is its `name`, else its `title`, else its first short string
/// that is not a URL, else its id. A value; thread-safe.
public struct EntityFacts: Sendable, Hashable {
    /// Where the entity lives (nil when neither its `url` nor its `id` says).
    public let address: EntityAddress?
    public let id: String?
    public let title: String

    /// The facts of `object`, an entity of the collection at `collection` (when known) in `api`.
    public init(of object: JSONObject, collection: EntityAddress?, api: APIBase) {
        let ownID = object["id"].flatMap(Self.text(of:))
        var address = object["url"]?.string.flatMap(api.address(of:))
        if address == nil, let ownID, let collection, let base = collection.url,
            let built = EntityAddress(base.appendingPathComponent(ownID))
        {
            address = built
        }
        self.address = address
        id = ownID ?? address?.lastSegment
        title = Self.title(of: object, api: api) ?? id ?? "untitled"
    }

    /// A title: `name`, `title`, else the first short string that is not a URL of any kind.
    static func title(of object: JSONObject, api: APIBase) -> String? {
        for key in ["name", "title"] {
            if let text = object[key]?.string, !text.isEmpty { return text }
        }
        for member in object.members {
            guard let text = member.value.string, !text.isEmpty, text.count <= 60, api.resolve(text) == nil else {
                continue
            }
            return text
        }
        return nil
    }

    /// An id's text: a string as is, an integer as written.
    static func text(of node: JSONNode) -> String? {
        switch node {
        case .string(let text) where !text.isEmpty: text
        case .number(let text): text
        default: nil
        }
    }
}
