/// One link inside an entity: where it is (`homeworld`, `abilities[0].ability`), the entity it
/// points at, and the name the reference gives it (a `{name, url}` object), if any. A value;
/// thread-safe.
public struct EntityLink: Sendable, Hashable {
    /// The path of the value, in the entity (`films[2]`, `abilities[0].ability`).
    public let path: String
    public let address: EntityAddress
    /// The name or title the reference carries (shown with no read).
    public let name: String?

    /// A link as given.
    public init(path: String, address: EntityAddress, name: String?) {
        self.path = path
        self.address = address
        self.name = name
    }
}

/// Finds the links of an entity: any string inside it that is a URL of the API, and any object
/// with such a `url` (its own other links belong to it and are not followed), at any depth, in
/// document order; the entity's own address is not a link, nor a URL that names a file (an avatar
/// under the API's path). Stateless; thread-safe.
public enum EntityLinks {
    /// The links of `object`, whose own address (if known) is `own`.
    public static func links(in object: JSONObject, own: EntityAddress?, api: APIBase) -> [EntityLink] {
        var found: [EntityLink] = []
        walk(.object(object), path: "", own: own, api: api, into: &found)
        return found
    }

    private static func walk(_ node: JSONNode, path: String, own: EntityAddress?, api: APIBase, into found: inout [EntityLink]) {
        switch node {
        case .string(let text):
            if let address = api.address(of: text), address != own, !address.namesFile {
                found.append(EntityLink(path: path, address: address, name: nil))
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                walk(element, path: "\(path)[\(index)]", own: own, api: api, into: &found)
            }
        case .object(let object):
            if !path.isEmpty, let address = object["url"]?.string.flatMap(api.address(of:)) {
                if address != own, !address.namesFile {
                    found.append(EntityLink(path: path, address: address, name: object["name"]?.string ?? object["title"]?.string))
                }
                return
            }
            for member in object.members {
                walk(member.value, path: path.isEmpty ? member.key : "\(path).\(member.key)", own: own, api: api, into: &found)
            }
        case .null, .bool, .number:
            break
        }
    }
}
