import Foundation
import PersistentCache
import RepositoryCore

/// A short text on disk as its UTF-8 bytes (a title, an alias's canonical address). Stateless;
/// thread-safe.
struct TextCodec: PayloadCodec {
    func encode(_ value: String) throws(RepositoryError) -> Data { Data(value.utf8) }

    func decode(_ data: Data) throws(RepositoryError) -> String {
        guard let text = String(data: data, encoding: .utf8) else {
            throw .serialization(detail: "a stored text is not UTF-8")
        }
        return text
    }
}
