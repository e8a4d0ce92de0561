import PersistentCache
import RepositoryCore
import RickAndMortyModel

/// The binary form of the model values on disk: fields in the API's order, strings length-prefixed.
/// Each payload starts with a format tag, so a payload from another format decodes as a miss.
enum ModelPayloadFormat {
    static let character: UInt64 = 0xC1
    static let page: UInt64 = 0xB1
    static let episodes: UInt64 = 0xE1
    static let storedList: UInt64 = 0xA1

    static func expect(_ tag: UInt64, in reader: inout BinaryPayloadReader) throws(RepositoryError) {
        let found = try reader.readUnsigned()
        guard found == tag else { throw .serialization(detail: "unknown payload format \(found)") }
    }
}

extension BinaryPayloadWriter {
    mutating func write(_ character: ShowCharacter) {
        write(character.id)
        write(character.name)
        write(character.status.rawValue)
        write(character.species)
        write(character.type)
        write(character.gender.rawValue)
        for place in [character.origin, character.location] {
            write(place.name)
            write(place.url)
        }
        write(character.image)
        write(character.episode)
        write(character.url)
        write(character.created)
    }

    mutating func write(_ episode: Episode) {
        write(episode.id)
        write(episode.name)
        write(episode.airDate)
        write(episode.code)
        write(episode.characters)
        write(episode.url)
        write(episode.created)
    }
}

extension BinaryPayloadReader {
    mutating func readCharacter() throws(RepositoryError) -> ShowCharacter {
        ShowCharacter(
            id: try readInt(), name: try readString(),
            status: CharacterStatus(rawValue: try readString()) ?? .unknown,
            species: try readString(), type: try readString(),
            gender: CharacterGender(rawValue: try readString()) ?? .unknown,
            origin: PlaceReference(name: try readString(), url: try readString()),
            location: PlaceReference(name: try readString(), url: try readString()),
            image: try readString(), episode: try readStrings(), url: try readString(),
            created: try readString())
    }

    mutating func readEpisode() throws(RepositoryError) -> Episode {
        Episode(
            id: try readInt(), name: try readString(), airDate: try readString(), code: try readString(),
            characters: try readStrings(), url: try readString(), created: try readString())
    }

    mutating func readCount() throws(RepositoryError) -> Int {
        let count = try readUnsigned()
        guard count <= 1_000_000 else { throw .serialization(detail: "implausible count \(count)") }
        return Int(count)
    }

    mutating func expectEnd() throws(RepositoryError) {
        guard isAtEnd else { throw .serialization(detail: "trailing bytes after the payload") }
    }
}
