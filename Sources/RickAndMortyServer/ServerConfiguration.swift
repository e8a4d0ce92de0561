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

    /// Creates a configuration; by default `127.0.0.1:8080`, no faults, admin route on, request
    /// bodies of at most 64 KiB.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, publicBaseURL: String? = nil,
        faults: FaultSettings = .none,
        adminRouteEnabled: Bool = true, avatarFolder: URL? = nil,
        maximumRequestBodySize: SizeLimit = .kibibytes(64), stateFile: URL? = nil
    ) {
        self.host = host
        self.port = port
        self.publicBaseURL = publicBaseURL
        self.faults = faults
        self.adminRouteEnabled = adminRouteEnabled
        self.avatarFolder = avatarFolder
        self.maximumRequestBodySize = maximumRequestBodySize
        self.stateFile = stateFile
    }

    /// Loopback on a free port: what an embedding process wants.
    public static var ephemeralLoopback: ServerConfiguration { ServerConfiguration(port: 0) }

    /// The base URL served when the server listens on `port`.
    public func baseURL(boundPort port: Int) -> String {
        if let publicBaseURL { return URLRebase.trimmingTrailingSlash(publicBaseURL) }
        let reachable = ["0.0.0.0", "", "::"].contains(host) ? "127.0.0.1" : host
        let hostPart = reachable.contains(":") ? "[\(reachable)]" : reachable
        return "http://\(hostPart):\(port)/api"
    }
}
