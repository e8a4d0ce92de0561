import Crypto
import Foundation
import RepositoryCore

/// The secret every process sharing a table signs the rows it writes with (HMAC-SHA256 over the
/// namespace, key, payload and metadata), and checks the rows it reads by. A value; `Sendable`.
/// Its `description` never shows the key.
public struct SharedCacheSigningKey: Sendable, Hashable, CustomStringConvertible {
    /// The fewest bytes a key may have.
    public static let minimumLength = 16

    private let key: SymmetricKey
    private let bytes: Data

    /// A key of `bytes` (at least `minimumLength`); throws a sentence otherwise.
    public init(bytes: Data) throws(PostgresCacheLocationError) {
        guard bytes.count >= Self.minimumLength else {
            throw PostgresCacheLocationError(
                text: "the shared cache key",
                problem: "it has \(bytes.count) bytes; it needs at least \(Self.minimumLength)", isURL: false)
        }
        self.bytes = bytes
        key = SymmetricKey(data: bytes)
    }

    /// The key in the file at `path` (its bytes, a final line break left out); throws a sentence
    /// naming the file when it is missing, unreadable or too short.
    public init(contentsOf path: String) throws(PostgresCacheLocationError) {
        var data = try ConfigurationFile.contents(path, role: "shared cache key")
        while let last = data.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { data.removeLast() }
        do {
            try self.init(bytes: data)
        } catch {
            throw PostgresCacheLocationError(
                text: path, problem: "shared cache key: \(error.problem)", isURL: false)
        }
    }

    public var description: String { "shared cache signing key (\(bytes.count) bytes)" }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.bytes == rhs.bytes }
    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }

    /// The signature of a row: HMAC-SHA256 over each field, length-prefixed so no two rows share
    /// an input.
    func signature(namespace: String, key: String, payload: Data, metadata: EntryMetadata) -> Data {
        var hmac = HMAC<SHA256>(key: self.key)
        func add(_ field: Data?) {
            guard let field else {
                hmac.update(data: [0xFF])
                return
            }
            hmac.update(data: withUnsafeBytes(of: UInt64(field.count).bigEndian) { Data($0) })
            hmac.update(data: field)
        }
        func number(_ value: Double?) -> Data? {
            value.map { withUnsafeBytes(of: $0.bitPattern.bigEndian) { Data($0) } }
        }
        add(Data("charbrowser-shared-row-v1".utf8))
        add(Data(namespace.utf8))
        add(Data(key.utf8))
        add(payload)
        add(number(metadata.storedAt.timeIntervalSinceReferenceDate))
        add(number(metadata.expiresAt?.timeIntervalSinceReferenceDate))
        add(metadata.etag.map { Data($0.utf8) })
        add(metadata.lastModified.map { Data($0.utf8) })
        // Only when there is one, so rows signed before it was kept verify as they did.
        if let staleUse = metadata.staleUse { add(Data(staleUse.directives.utf8)) }
        return Data(hmac.finalize())
    }

    /// Whether `signature` is this key's for the row (compared in constant time).
    func verifies(_ signature: Data?, namespace: String, key: String, payload: Data, metadata: EntryMetadata)
        -> Bool
    {
        guard let signature else { return false }
        let expected = self.signature(namespace: namespace, key: key, payload: payload, metadata: metadata)
        return expected.count == signature.count
            && zip(expected, signature).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
