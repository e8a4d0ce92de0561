import Foundation
import PersistentCache
import RepositoryCore
import TestSupport

/// A character of the Rick and Morty API, with the API's fields.
struct TestCharacter: Codable, Sendable, Hashable {
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

    /// Every character of the dump.
    static func loadAll() throws -> [TestCharacter] {
        try JSONDecoder().decode([TestCharacter].self, from: SharedData.data("characters.json"))
    }
}

/// A hand-written binary codec for `TestCharacter`, built on `BinaryPayloadWriter`/`Reader`.
struct TestCharacterCodec: PayloadCodec {
    func encode(_ value: TestCharacter) throws(RepositoryError) -> Data {
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

    func decode(_ data: Data) throws(RepositoryError) -> TestCharacter {
        var reader = BinaryPayloadReader(data)
        let character = TestCharacter(
            id: try reader.readInt(), name: try reader.readString(), status: try reader.readString(),
            species: try reader.readString(), type: try reader.readString(), gender: try reader.readString(),
            origin: .init(name: try reader.readString(), url: try reader.readString()),
            location: .init(name: try reader.readString(), url: try reader.readString()),
            image: try reader.readString(), episode: try reader.readStrings(), url: try reader.readString(),
            created: try reader.readString())
        guard reader.isAtEnd else { throw .serialization(detail: "trailing bytes after a character") }
        return character
    }
}
