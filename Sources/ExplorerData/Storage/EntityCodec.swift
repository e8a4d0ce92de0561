import ExplorerModel
import Foundation
import PersistentCache
import RepositoryCore

/// An entity on disk as JSON bytes: `{"address", "id", "title", "object"}`, the object as the API
/// wrote it. Stateless; thread-safe.
struct EntityCodec: PayloadCodec {
    func encode(_ value: ExplorerEntity) throws(RepositoryError) -> Data {
        var text = "{"
        StoredJSON.append("address", value.address.key, to: &text)
        text.append(",")
        StoredJSON.append("id", value.id, to: &text)
        text.append(",")
        StoredJSON.append("title", value.title, to: &text)
        text.append(",\"object\":")
        JSONText.append(.object(value.object), to: &text)
        text.append("}")
        return Data(text.utf8)
    }

    func decode(_ data: Data) throws(RepositoryError) -> ExplorerEntity {
        let stored = try StoredJSON.object(data, kind: "entity")
        guard let object = stored["object"]?.object else {
            throw .serialization(detail: "a stored entity has no object")
        }
        return ExplorerEntity(
            address: try StoredJSON.address(stored, "address", kind: "entity"), id: stored["id"]?.string,
            title: try StoredJSON.string(stored, "title", kind: "entity"), object: object)
    }
}
