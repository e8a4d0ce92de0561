import Foundation

/// Which part of the API a path names. Parsing is pure and thread-safe.
///
/// Paths live under `/api`; one trailing slash is accepted; collection names are matched without
/// regard to case (like the API's router). Anything else is `.unknown`.
public enum APIRoute: Sendable, Hashable {
    /// The collection a route addresses.
    public enum Collection: String, Sendable, Hashable, CaseIterable {
        case character, location, episode
    }

    /// `/api`: the index of the three collections.
    case index
    /// `/api/<collection>`: a page of a listing.
    case listing(Collection)
    /// `/api/<collection>/<id-or-ids>`: the segment, percent-decoded.
    case lookup(Collection, String)
    /// `/api/character/avatar` (nil) or `/api/character/avatar/<id>.jpeg`: a character's avatar.
    case avatar(String?)
    /// Anything else.
    case unknown

    /// Parses a request path (no query).
    public init(path: String) {
        var path = Substring(path)
        if path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()  // leading ""
        guard segments.first == "api" else {
            self = .unknown
            return
        }
        let rest = Array(segments.dropFirst())
        guard let first = rest.first else {
            self = .index
            return
        }
        guard let collection = Collection(rawValue: first.lowercased()) else {
            self = .unknown
            return
        }
        switch rest.count {
        case 1:
            self = .listing(collection)
        case 2 where collection == .character && rest[1] == "avatar":
            self = .avatar(nil)
        case 2 where !rest[1].isEmpty:
            self = .lookup(collection, rest[1].removingPercentEncoding ?? String(rest[1]))
        case 3 where collection == .character && rest[1] == "avatar" && !rest[2].isEmpty:
            self = .avatar(String(rest[2]))
        default:
            self = .unknown
        }
    }
}
