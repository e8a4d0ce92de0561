import ExplorerModel
import Foundation

/// How the API writes its URLs: with a trailing slash (SWAPI, PokeAPI: `/api/people/1/`) when its
/// base URL has one, else without (Rick and Morty: `/api/character/1`). An entity is read at its
/// canonical address written so. A value; thread-safe.
struct URLStyle: Sendable, Hashable {
    let trailingSlash: Bool

    /// The style of the API at `api`.
    init(_ api: APIBase) {
        trailingSlash = api.url.path.count > 1 && api.url.absoluteString.hasSuffix("/")
    }

    /// The URL `address` is read at.
    func url(of address: EntityAddress) -> URL? {
        URL(string: trailingSlash && address.path != "/" ? address.key + "/" : address.key)
    }
}
