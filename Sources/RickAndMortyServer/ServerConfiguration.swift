import Foundation
import RepositoryCore

/// How a `RickAndMortyServer` listens and what it starts with. A value with defaults; thread-safe.
public struct ServerConfiguration: Sendable, Hashable {
    /// The address to bind; loopback unless told otherwise.
    public var host: String
    /// The port; 0 picks a free one (read it back from `RickAndMortyServer.start()`).
    public var port: Int
    /// The base URL written into bodies (`http://host:port/api` when nil, with `127.0.0.1` for a
    /// wildcard host). Set it when clients reach the server under another name.
    public var publicBaseURL: String?
    /// The faults injected from the start (they can be changed at run time).
    public var faults: FaultSettings
    /// Whether `GET`/`POST /_faults` is served.
    public var adminRouteEnabled: Bool
    /// A folder of `<id>.jpeg` avatars served instead of the generated portraits (nil: generate all).
    public var avatarFolder: URL?
    /// The largest request body the server reads (a character's `PUT` or `PATCH`): a larger body
    /// is answered `413 Content Too Large` (from its `Content-Length`, or once the bytes received pass it).
    public var maximumRequestBodySize: SizeLimit
    /// The file that keeps the writes the server accepts (`PUT`, `PATCH`, `DELETE` of a character)
    /// across restarts, read when the server starts; nil keeps them in memory only.
    public var stateFile: URL?
    /// The `Cache-Control` value sent with every successful `GET` of the API (pages, characters,
    /// episodes, locations; their `304`s too); nil sends none, as the public API does. Checked by
    /// `ServerConfiguration.checkedCacheControl(_:)` when it comes from a user.
    public var cacheControl: String?
    /// How long the answer to a write is given again to its `Idempotency-Key`; an older one is
    /// forgotten and a request with its key applied anew (the time told by
    /// `ServerEnvironment.clock`).
    public var idempotencyTTL: Duration

    /// Creates a configuration; by default `127.0.0.1:8080`, no faults, admin route on, request
    /// bodies of at most 64 KiB, idempotency keys kept 24 hours.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, publicBaseURL: String? = nil,
        faults: FaultSettings = .none,
        adminRouteEnabled: Bool = true, avatarFolder: URL? = nil,
        maximumRequestBodySize: SizeLimit = .kibibytes(64), stateFile: URL? = nil,
        cacheControl: String? = nil, idempotencyTTL: Duration = .seconds(86_400)
    ) {
        self.host = host
        self.port = port
        self.publicBaseURL = publicBaseURL
        self.faults = faults
        self.adminRouteEnabled = adminRouteEnabled
        self.avatarFolder = avatarFolder
        self.maximumRequestBodySize = maximumRequestBodySize
        self.stateFile = stateFile
        self.cacheControl = cacheControl
        self.idempotencyTTL = idempotencyTTL
    }

    /// `value` as a `Cache-Control` field value, or why it cannot be one: at most 1,024 visible
    /// ASCII characters and spaces (no line break or control character could split the header).
    /// Surrounding spaces are dropped; an empty value, or `none` in any case, means none.
    public static func checkedCacheControl(_ value: String) -> Result<String?, CacheControlRefusal> {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "none" { return .success(nil) }
        guard trimmed.utf8.count <= 1_024 else {
            return .failure(CacheControlRefusal(reason: "longer than 1,024 characters"))
        }
        if let bad = trimmed.unicodeScalars.first(where: { !(0x20...0x7E).contains($0.value) }) {
            let code = String(bad.value, radix: 16, uppercase: true)
            return .failure(CacheControlRefusal(reason: "holds U+\(code), not a visible ASCII character"))
        }
        return .success(trimmed.isEmpty ? nil : trimmed)
    }

    /// Loopback on a free port: what an embedding process wants.
    public static var ephemeralLoopback: ServerConfiguration { ServerConfiguration(port: 0) }

    /// The base URL served when the server listens on `port`.
    public func baseURL(boundPort port: Int) -> String {
        if let publicBaseURL { return URLRebase.trimmingTrailingSlash(publicBaseURL) }
        return Self.origin(host: host, port: port) + "/api"
    }

    /// `http://host:port`, the origin a client reaches a server listening on `host` through
    /// (`127.0.0.1` for a wildcard host, brackets around an IPv6 address).
    public static func origin(host: String, port: Int) -> String {
        let reachable = ["0.0.0.0", "", "::"].contains(host) ? "127.0.0.1" : host
        let hostPart = reachable.contains(":") ? "[\(reachable)]" : reachable
        return "http://\(hostPart):\(port)"
    }
}
