import RickAndMortyServer

/// A list of PokeAPI's layout served as PokeAPI serves one: `?offset=` (0) and `?limit=` (20)
/// choose the references, `count` is the file's, `next` and `previous` link on the mirror's
/// address; an offset past the end gives no results. A value, thread-safe.
struct OffsetPages: Sendable {
    static let defaultLimit = 20

    /// `<address>/api/v2/pokemon/`.
    let listURL: String
    let count: Int
    /// Each reference's rewritten text.
    let elements: [[UInt8]]

    init(_ list: OffsetList, elements: [[UInt8]], address: String) {
        self.listURL = MirrorPath.url(list.path, at: address)
        self.count = list.count
        self.elements = elements
    }

    /// The answer to a `GET` of the list with `query`.
    func reply(_ query: QueryItems) -> MirrorReply {
        guard let offset = Self.number(query["offset"], default: 0, least: 0) else {
            return .error(400, "offset must be a whole number from 0, not '\(query["offset"] ?? "")'")
        }
        guard let limit = Self.number(query["limit"], default: Self.defaultLimit, least: 1) else {
            return .error(400, "limit must be a whole number from 1, not '\(query["limit"] ?? "")'")
        }
        let start = min(offset, elements.count)
        let end = start + min(limit, elements.count - start)
        let next = end < elements.count ? link(offset: end, limit: limit) : nil
        let previous = offset > 0 ? link(offset: max(0, offset - limit), limit: limit) : nil
        return .ok(ListEnvelope.bytes(count: count, next: next, previous: previous, results: elements[start..<end]))
    }

    private func link(offset: Int, limit: Int) -> String {
        "\(listURL)?offset=\(offset)&limit=\(limit)"
    }

    /// `text` as a whole number of at least `least`; `fallback` when absent; nil when it is not one.
    private static func number(_ text: String?, default fallback: Int, least: Int) -> Int? {
        guard let text else { return fallback }
        guard let number = Int(text), number >= least else { return nil }
        return number
    }
}
