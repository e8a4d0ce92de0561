import Foundation

/// A reference from one entity to another, parsed once from the API's URL into a typed id.
///
/// `…/api/episode/28` read as an episode reference is `.id(28)`; `""` (the API's unknown
/// origin) is `.unknown`; a URL of another resource, a path that is not `/api/<kind>/<id>`, a
/// non-positive id, or (when a host is given) another host is `.dangling(url)`, shown as such
/// and never followed. A plain value.
public enum EntityReference: Sendable, Hashable {
    /// A valid id of the expected kind.
    case id(Int)
    /// The API does not know (an empty URL).
    case unknown
    /// A URL that names nothing this API can answer, verbatim.
    case dangling(String)

    /// Parses `url` as a reference to an entity of `kind`; when `host` is given (`host:port` or
    /// `host`), a URL naming any other host is dangling.
    public init(url: String, kind: EntityKind, host: String? = nil) {
        let trimmed = url.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            self = .unknown
            return
        }
        self = Self.parse(trimmed, kind: kind, host: host).map(EntityReference.id) ?? .dangling(trimmed)
    }

    /// The id, when the reference is valid.
    public var id: Int? {
        if case .id(let id) = self { id } else { nil }
    }

    private static func parse(_ url: String, kind: EntityKind, host: String?) -> Int? {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") {
            rest = rest[scheme.upperBound...]
            let authority = rest.prefix { $0 != "/" }
            if let host, authority.lowercased() != host.lowercased() { return nil }
            rest = rest[authority.endIndex...]
        }
        let segments = rest.split(separator: "/", omittingEmptySubsequences: true)
        guard segments.count >= 3 else { return nil }
        let tail = segments.suffix(3)
        let parts = Array(tail)
        guard parts[0] == "api", parts[1] == Substring(kind.rawValue), let id = Int(parts[2]), id > 0,
            parts[2].allSatisfy(\.isNumber)
        else { return nil }
        return id
    }
}

extension Sequence where Element == EntityReference {
    /// The valid ids, in order, each once.
    public var validIDs: [Int] {
        var seen = Set<Int>()
        return compactMap { reference in
            guard let id = reference.id, seen.insert(id).inserted else { return nil }
            return id
        }
    }
}

extension ShowCharacter {
    /// The episode references, parsed.
    public var episodeReferences: [EntityReference] {
        episode.map { EntityReference(url: $0, kind: .episode) }
    }

    /// The origin, as a location reference.
    public var originReference: EntityReference { EntityReference(url: origin.url, kind: .location) }

    /// The last known location, as a location reference.
    public var locationReference: EntityReference { EntityReference(url: location.url, kind: .location) }
}

extension Episode {
    /// The cast, parsed.
    public var castReferences: [EntityReference] {
        characters.map { EntityReference(url: $0, kind: .character) }
    }
}

extension Location {
    /// The residents, parsed.
    public var residentReferences: [EntityReference] {
        residents.map { EntityReference(url: $0, kind: .character) }
    }
}
