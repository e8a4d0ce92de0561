import ExplorerModel
import Foundation
import RepositoryCore

/// The small vocabulary the explorer's payload codecs share: JSON bytes read into an object, and
/// the fields of a stored value read back or refused as `.serialization` (a cache miss).
/// Stateless; thread-safe.
enum StoredJSON {
    /// The object `data` holds.
    static func object(_ data: Data, kind: String) throws(RepositoryError) -> JSONObject {
        let node: JSONNode
        do {
            node = try JSONParser.parse(Array(data))
        } catch {
            throw .serialization(detail: "a stored \(kind) is not JSON: \(error)")
        }
        guard let object = node.object else {
            throw .serialization(detail: "a stored \(kind) is not an object")
        }
        return object
    }

    /// The string field `key` of `object`.
    static func string(_ object: JSONObject, _ key: String, kind: String) throws(RepositoryError) -> String {
        guard let text = object[key]?.string else {
            throw .serialization(detail: "a stored \(kind) has no \(key)")
        }
        return text
    }

    /// The address written in field `key` of `object`.
    static func address(_ object: JSONObject, _ key: String, kind: String) throws(RepositoryError)
        -> EntityAddress
    {
        guard let address = URL(string: try string(object, key, kind: kind)).flatMap(EntityAddress.init)
        else {
            throw .serialization(detail: "a stored \(kind)'s \(key) is not an address")
        }
        return address
    }

    /// The URL written in field `key` of `object`, nil when the field is null or missing.
    static func url(_ object: JSONObject, _ key: String) -> URL? {
        object[key]?.string.flatMap { URL(string: $0) }
    }

    /// Appends `"key":` and `value` quoted (or `null`) to `text`.
    static func append(_ key: String, _ value: String?, to text: inout String) {
        JSONText.appendQuoted(key, to: &text)
        text.append(":")
        if let value { JSONText.appendQuoted(value, to: &text) } else { text.append("null") }
    }
}
