/// The errors of `FileSystemCacheProvider`: closed, `Sendable`, `Equatable`, one sentence per case.
public enum FileSystemCacheError: Error, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Nothing is cached under the key.
    case notCached(key: String)
    /// The key maps outside the cache folder (it cannot with the built-in naming; kept as a last guard).
    case unsafeKey(key: String)
    /// A file or the index could not be written.
    case writeFailed(detail: String)

    public var description: String {
        switch self {
        case .notCached(let key): "Nothing is cached under \(key.debugDescription)."
        case .unsafeKey(let key):
            "The key \(key.debugDescription) does not map to a file inside the cache folder."
        case .writeFailed(let detail): "The cache could not be written: \(detail)."
        }
    }
}
