import ExplorerModel

/// Which API a cached value belongs to, as a short text made of its base address: host, port and
/// base path (`swapi.dev:443~api`, `127.0.0.1:8080~api~v2`), free of `/` and `|`. Stateless.
enum ExplorerIdentity {
    /// The identity of the API at `base`.
    static func of(_ base: APIBase) -> String {
        let origin = base.address.origin.split(separator: "/").last.map(String.init) ?? base.address.origin
        let scheme = base.address.origin.hasPrefix("https") ? 443 : 80
        let hostAndPort = origin.contains(":") ? origin : "\(origin):\(scheme)"
        let path = base.address.path.split(separator: "/").joined(separator: "~")
        let text = path.isEmpty ? hostAndPort : hostAndPort + "~" + path
        return String(text.map { $0 == "|" || $0 == "/" ? "_" : $0 })
    }
}
