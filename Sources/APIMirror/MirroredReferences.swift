/// The URLs of the mirrored API, worked out from the data: the origins of its absolute URLs
/// (`https://swapi.dev`) and the first segments of its root-relative ones (`/api/`, as in
/// PokeAPI's api-data). A value, thread-safe.
struct MirroredReferences: Sendable, Hashable {
    /// `scheme://host[:port]` of each absolute reference seen.
    private(set) var origins: Set<String> = []
    /// `/<first segment>/` of each root-relative reference seen.
    private(set) var rootPrefixes: Set<String> = []

    /// Takes note of `reference`, if it is a URL; anything else is ignored.
    mutating func note(_ reference: String) {
        if let origin = MirrorPath.origin(of: reference) {
            origins.insert(origin)
        } else if reference.hasPrefix("/"), !reference.hasPrefix("//") {
            let segment = reference.dropFirst().prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            if !segment.isEmpty { rootPrefixes.insert("/" + segment + "/") }
        }
    }

    /// The rewriter of these references to `address` (`http://127.0.0.1:8080`).
    func rewriter(to address: String) -> ReferenceRewriter {
        var rules: [ReferenceRewriter.Rule] = []
        // Longer origins first, so `https://a.example:8443` wins over a shorter one it starts with.
        for origin in origins.sorted(by: { $0.count > $1.count }) {
            for spelling in [origin, Self.escapingSlashes(origin)] {
                rules.append(ReferenceRewriter.Rule(match: Array((spelling + Self.slash(spelling)).utf8), drop: spelling.utf8.count))
            }
        }
        for prefix in rootPrefixes.sorted() {
            rules.append(ReferenceRewriter.Rule(match: Array(prefix.utf8), drop: 0))
            rules.append(ReferenceRewriter.Rule(match: Array(Self.escapingSlashes(prefix).utf8), drop: 0))
        }
        return ReferenceRewriter(rules: rules, address: Array(address.utf8))
    }

    /// JSON may write `/` as `\/`: the spelling of `text` that does.
    private static func escapingSlashes(_ text: String) -> String {
        text.replacingOccurrences(of: "/", with: "\\/")
    }

    /// The slash that follows an origin, spelled as the origin spells its own.
    private static func slash(_ spelling: String) -> String {
        spelling.contains("\\/") ? "\\/" : "/"
    }
}
