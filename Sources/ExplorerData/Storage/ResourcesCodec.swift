import Foundation
import PersistentCache
import RepositoryCore

/// An API's resources on disk as JSON bytes (the root's index, read once, so the explorer starts
/// offline). Stateless; thread-safe.
struct ResourcesCodec: PayloadCodec {
    func encode(_ value: ExplorerResources) throws(RepositoryError) -> Data {
        var text = "{"
        StoredJSON.append("discovery", value.discovery == .index ? "index" : "description", to: &text)
        text.append(",\"resources\":[")
        for (index, resource) in value.resources.enumerated() {
            text.append(index == 0 ? "{" : ",{")
            StoredJSON.append("name", resource.name, to: &text)
            text.append(",")
            StoredJSON.append("collection", resource.collection.absoluteString, to: &text)
            text.append(",")
            StoredJSON.append("itemPath", resource.itemPath, to: &text)
            text.append(",")
            StoredJSON.append("search", resource.searchParameter, to: &text)
            text.append("}")
        }
        text.append("]}")
        return Data(text.utf8)
    }

    func decode(_ data: Data) throws(RepositoryError) -> ExplorerResources {
        let stored = try StoredJSON.object(data, kind: "index")
        guard let list = stored["resources"]?.array else {
            throw .serialization(detail: "a stored index has no resources")
        }
        var resources: [ExplorerResource] = []
        for item in list {
            guard let item = item.object, let collection = StoredJSON.url(item, "collection") else {
                throw .serialization(detail: "a stored resource has no collection")
            }
            resources.append(
                ExplorerResource(
                    name: try StoredJSON.string(item, "name", kind: "resource"), collection: collection,
                    itemPath: item["itemPath"]?.string, searchParameter: item["search"]?.string))
        }
        return ExplorerResources(
            resources: resources, discovery: stored["discovery"]?.string == "index" ? .index : .description)
    }
}
