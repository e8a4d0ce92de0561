import Foundation
import PersistentCache
import RepositoryCore

/// A character of the Rick and Morty API, with the API's fields.
struct BenchCharacter: Codable, Sendable, Hashable {
    struct Place: Codable, Sendable, Hashable {
        var name: String
        var url: String
    }

    var id: Int
    var name: String
    var status: String
    var species: String
    var type: String
    var gender: String
    var origin: Place
    var location: Place
    var image: String
    var episode: [String]
    var url: String
    var created: String

    /// The dump, read from `../shared/data/rickandmorty/` relative to the package root.
    static func loadAll() throws -> [BenchCharacter] {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let file = root.appendingPathComponent("../shared/data/rickandmorty/characters.json")
            .standardizedFileURL
        return try JSONDecoder().decode([BenchCharacter].self, from: Data(contentsOf: file))
    }
}

/// A hand-written binary codec for `BenchCharacter` (the fast path a caller can choose).
struct BenchCharacterCodec: PayloadCodec {
    func encode(_ value: BenchCharacter) throws(RepositoryError) -> Data {
        var writer = BinaryPayloadWriter(capacity: 512)
        writer.write(value.id)
        for text in [value.name, value.status, value.species, value.type, value.gender] { writer.write(text) }
        for place in [value.origin, value.location] {
            writer.write(place.name)
            writer.write(place.url)
        }
        writer.write(value.image)
        writer.write(value.episode)
        writer.write(value.url)
        writer.write(value.created)
        return writer.data
    }

    func decode(_ data: Data) throws(RepositoryError) -> BenchCharacter {
        var reader = BinaryPayloadReader(data)
        return BenchCharacter(
            id: try reader.readInt(), name: try reader.readString(), status: try reader.readString(),
            species: try reader.readString(), type: try reader.readString(), gender: try reader.readString(),
            origin: .init(name: try reader.readString(), url: try reader.readString()),
            location: .init(name: try reader.readString(), url: try reader.readString()),
            image: try reader.readString(), episode: try reader.readStrings(), url: try reader.readString(),
            created: try reader.readString())
    }
}
