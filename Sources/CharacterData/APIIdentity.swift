import Foundation

/// Which API a cached entry belongs to, made once at start: a remote API by its host, port and
/// base path; the embedded server by what it serves (the sample, a dump by its content, synthetic
/// data by its count and seed). Every tier keys entries within it (`namespaceScope`), and the
/// remembered place is kept under it, so two APIs never answer each other's entries.
///
/// `id` is short, stable across runs and free of `/` and `|` (it prefixes namespaces and keys):
/// `rickandmortyapi.com:443`, `127.0.0.1:8080`, `example.org:443~v2~api` (a base path other than
/// `/api`), `sample`, `dump-<16 hex digits>`, `synthetic-1000-1`. A plain value.
public struct APIIdentity: Sendable, Hashable, CustomStringConvertible {
    /// The identity's text, as `--api` filters and `"api"` fields in JSON name it.
    public let id: String
    /// What it is, for people: `https://rickandmortyapi.com/api`, `the embedded sample`, …
    public let description: String

    /// An identity of `id`, described as `description`.
    public init(id: String, description: String) {
        self.id = id
        self.description = description
    }

    /// The separator between an API's identity and a kind in a namespace (`sample|character`).
    public static let separator: Character = "|"

    /// The prefix of this API's namespaces in a tier several APIs share: `<id>|`.
    public var namespaceScope: String { id + String(Self.separator) }

    /// A remote API at `baseURL`: its host and port (the scheme's default when none is given),
    /// and its base path when it is not `/api`.
    public static func remote(_ baseURL: URL) -> APIIdentity {
        let host = (baseURL.host ?? "").lowercased()
        let port = baseURL.port ?? (baseURL.scheme?.lowercased() == "https" ? 443 : 80)
        let path = baseURL.path.split(separator: "/").joined(separator: "~")
        let base = path == "api" || path.isEmpty ? "" : "~" + path
        return APIIdentity(id: sanitized("\(host):\(port)\(base)"), description: baseURL.absoluteString)
    }

    /// The embedded server's hand-written sample.
    public static let sample = APIIdentity(id: "sample", description: "the embedded sample")

    /// The embedded server serving a dump whose files hold `contents` (in a fixed order): the same
    /// dump in another folder is the same API, an edited one another.
    public static func dump(contents: [Data], folder: String) -> APIIdentity {
        var hash = FNV1a()
        for content in contents {
            hash.add(UInt64(content.count))
            hash.add(content)
        }
        let hex = String(hash.value, radix: 16)
        return APIIdentity(
            id: "dump-" + String(repeating: "0", count: 16 - hex.count) + hex, description: "the dump in \(folder)")
    }

    /// The embedded server's `count` generated characters from `seed`.
    public static func synthetic(count: Int, seed: UInt64) -> APIIdentity {
        APIIdentity(id: "synthetic-\(count)-\(seed)", description: "\(count) generated characters (seed \(seed))")
    }

    /// The API and the kind of a namespace of a shared tier (`sample|character` → `sample`,
    /// `character`); no API for a namespace written before entries were scoped.
    public static func split(namespace: String) -> (api: String?, kind: String) {
        guard let separator = namespace.firstIndex(of: Self.separator) else { return (nil, namespace) }
        return (String(namespace[..<separator]), String(namespace[namespace.index(after: separator)...]))
    }

    /// `text` with `/` and `|` (which would end the identity early) replaced by `~`.
    private static func sanitized(_ text: String) -> String {
        String(text.map { $0 == "/" || $0 == Self.separator ? "~" : $0 })
    }
}

/// The 64-bit FNV-1a hash: fast, stable across runs and machines (unlike `Hasher`). Not for
/// security: it tells contents apart, it does not resist someone choosing them.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: Data) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
    }

    mutating func add(_ number: UInt64) {
        withUnsafeBytes(of: number.littleEndian) { add(Data($0)) }
    }
}
