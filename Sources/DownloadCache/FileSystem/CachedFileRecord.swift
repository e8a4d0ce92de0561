import Foundation

/// What the file cache remembers about one stored file: its key and the validators the server sent.
public struct CachedFileRecord: Sendable, Hashable, Codable {
    /// The cache key the file was stored under.
    public var key: String
    /// The server's `ETag` (strong or weak, quoted as sent), if any.
    public var eTag: String?
    /// The server's `Last-Modified`, as sent, if any.
    public var lastModified: String?
    /// When the file was stored.
    public var storedAt: Date
    /// When the server last confirmed the file (a store or a 304).
    public var validatedAt: Date

    /// Creates a record.
    public init(key: String, eTag: String?, lastModified: String?, storedAt: Date, validatedAt: Date) {
        self.key = key
        self.eTag = eTag
        self.lastModified = lastModified
        self.storedAt = storedAt
        self.validatedAt = validatedAt
    }
}

/// The sidecar index of a file cache folder, keyed by file name; read and written as JSON.
struct CacheIndex: Sendable, Codable, Equatable {
    static let currentVersion = 1

    var version = CacheIndex.currentVersion
    var records: [String: CachedFileRecord] = [:]

    /// Reads the index at `file`; a missing, unreadable or foreign-version file reads as empty,
    /// because the index only holds validators: the cached files stay usable without it.
    static func read(from file: URL) -> CacheIndex {
        guard let data = try? Data(contentsOf: file),
            let index = try? decoder.decode(CacheIndex.self, from: data),
            index.version == currentVersion
        else { return CacheIndex() }
        return index
    }

    /// The index as JSON, keys sorted so equal indexes give equal bytes.
    func encoded() throws(FileOperationError) -> Data {
        do {
            return try Self.encoder.encode(self)
        } catch {
            throw FileOperationError(detail: "cannot encode the cache index: \(error)")
        }
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}
