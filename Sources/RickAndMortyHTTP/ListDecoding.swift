import Foundation
import RickAndMortyModel

/// Decodes a multi-id answer (an array, or a bare object for one id) into a list in the asked order.
enum ListDecoding {
    /// Decodes `[Item]` or a single `Item`, drops repeated ids and sorts by position in `requested`
    /// (items whose id was not asked for keep their order at the end).
    static func decode<Item: Decodable & Identifiable>(
        _ item: Item.Type, from body: Data, orderedBy requested: [Int]
    )
        throws -> [Item] where Item.ID == Int
    {
        let items: [Item] =
            startsWithObject(body)
            ? [try APIDecoding.decode(Item.self, from: body)]
            : try APIDecoding.decode([Item].self, from: body)
        var rank: [Int: Int] = [:]
        for (position, id) in requested.enumerated() where rank[id] == nil { rank[id] = position }
        var seen = Set<Int>()
        return items.filter { seen.insert($0.id).inserted }
            .enumerated()
            .sorted {
                (rank[$0.element.id] ?? Int.max, $0.offset) < (rank[$1.element.id] ?? Int.max, $1.offset)
            }
            .map(\.element)
    }

    /// True when the first non-blank byte is `{`.
    static func startsWithObject(_ body: Data) -> Bool {
        body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
    }
}
