import ExplorerModel
import Foundation

/// One resource of an API: its name, its collection's URL, its item path when a description gives
/// one (`/films/{id}`), and the query parameter that searches it, when known. A value; thread-safe.
public struct ExplorerResource: Sendable, Hashable {
    public let name: String
    /// The collection: its first page's URL.
    public let collection: URL
    /// The item path template of a description (`/films/{id}`), relative to the API's base.
    public let itemPath: String?
    /// The query parameter the API searches by (`search`, `name`, `q`), when known.
    public let searchParameter: String?

    /// A resource as given.
    public init(name: String, collection: URL, itemPath: String? = nil, searchParameter: String? = nil) {
        self.name = name
        self.collection = collection
        self.itemPath = itemPath
        self.searchParameter = searchParameter
    }
}

/// The resources an API has, in order, and how they were found. A value; thread-safe.
public struct ExplorerResources: Sendable, Hashable {
    /// Where the resources came from.
    public enum Discovery: Sendable, Hashable {
        /// The root's index (its keys in order).
        case index
        /// A Swagger 2.0 or OpenAPI 3.x description.
        case description
    }

    public let resources: [ExplorerResource]
    public let discovery: Discovery

    /// Resources as given.
    public init(resources: [ExplorerResource], discovery: Discovery) {
        self.resources = resources
        self.discovery = discovery
    }

    /// The resource named `name`.
    public func named(_ name: String) -> ExplorerResource? { resources.first { $0.name == name } }
}
