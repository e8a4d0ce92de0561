import Foundation

/// The resources an API's root names: a JSON object whose values are URLs of the API (absolute or
/// root-relative); its keys, in order, are the resources (`people`, `planets`, …). A value;
/// thread-safe.
public struct APIIndex: Sendable, Hashable {
    /// One resource: its name and its collection's address.
    public struct Resource: Sendable, Hashable {
        public let name: String
        public let address: EntityAddress

        /// A resource as given.
        public init(name: String, address: EntityAddress) {
            self.name = name
            self.address = address
        }
    }

    /// The resources, in the root's order.
    public let resources: [Resource]

    /// The index `root` is for `api`, or why it is not one (a sentence).
    public static func read(_ root: JSONNode, api: APIBase) -> Result<APIIndex, IndexProblem> {
        guard case .object(let object) = root else { return .failure(IndexProblem("the root is not a JSON object")) }
        guard !object.members.isEmpty else { return .failure(IndexProblem("the root is an empty object")) }
        var resources: [Resource] = []
        for member in object.members {
            guard let text = member.value.string, let address = api.address(of: text) else {
                return .failure(IndexProblem("the root's \"\(member.key)\" is not a URL of \(api.url.absoluteString)"))
            }
            resources.append(Resource(name: member.key, address: address))
        }
        return .success(APIIndex(resources: resources))
    }

    /// An index of `resources`.
    public init(resources: [Resource]) {
        self.resources = resources
    }
}

/// Why an API's root is not an index of its resources. A value; thread-safe.
public struct IndexProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// A sentence: `the root's "x" is not a URL of https://…`.
    public let description: String

    /// A problem as given.
    public init(_ description: String) {
        self.description = description
    }
}
