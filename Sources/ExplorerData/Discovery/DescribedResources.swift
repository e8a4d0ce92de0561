import ExplorerModel
import Foundation

/// The resources of a description, placed under the API's base URL: each collection path (and
/// item path) joined to the base's path, with its search parameter. Stateless.
enum DescribedResources {
    /// The resources `description` names, at `api`.
    static func resources(of description: APIDescription, at api: APIBase) -> ExplorerResources {
        let base =
            api.url.absoluteString.hasSuffix("/")
            ? String(api.url.absoluteString.dropLast()) : api.url.absoluteString
        let resources = description.resources.compactMap { resource -> ExplorerResource? in
            guard let collection = URL(string: base + resource.collectionPath) else { return nil }
            return ExplorerResource(
                name: resource.name, collection: collection, itemPath: resource.itemPath,
                searchParameter: resource.searchParameter)
        }
        return ExplorerResources(resources: resources, discovery: .description)
    }
}
