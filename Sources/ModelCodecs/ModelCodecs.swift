import Foundation
import PersistentCache
import RepositoryCore
import RickAndMortyModel

/// Stores a `ShowCharacter` on disk in binary form: no JSON on the disk-hit path. A value; thread-safe.
public struct ShowCharacterCodec: PayloadCodec {
    /// Moves the URLs of each character decoded (a server on a port picked per run); nil: as stored.
    public var rebase: PortRebase?

    /// Creates the codec; `rebase` moves the URLs of what it decodes.
    public init(rebase: PortRebase? = nil) { self.rebase = rebase }

    public func encode(_ value: ShowCharacter) throws(RepositoryError) -> Data {
        var writer = BinaryPayloadWriter(capacity: 1_024)
        writer.write(unsigned: ModelPayloadFormat.character)
        writer.write(value)
        return writer.data
    }

    public func decode(_ data: Data) throws(RepositoryError) -> ShowCharacter {
        var reader = BinaryPayloadReader(data)
        return try Self.read(&reader, rebase: rebase)
    }

    /// Reads the row's bytes in place (no copy).
    public func decode(bytes: UnsafeRawBufferPointer) throws(RepositoryError) -> ShowCharacter {
        let rebase = rebase
        return try BinaryPayloadReader.withBorrowed(bytes) { reader throws(RepositoryError) in
            try Self.read(&reader, rebase: rebase)
        }
    }

    private static func read(_ reader: inout BinaryPayloadReader, rebase: PortRebase?) throws(RepositoryError)
        -> ShowCharacter
    {
        try ModelPayloadFormat.expect(ModelPayloadFormat.character, in: &reader)
        let character = try reader.readCharacter()
        try reader.expectEnd()
        if let rebase, rebase.moves(character.url) { return character.rebased(rebase) }
        return character
    }
}

/// Stores a page of characters on disk in binary form. A value; thread-safe.
public struct CharacterPageCodec: PayloadCodec {
    /// Moves the URLs of each character decoded (a server on a port picked per run); nil: as stored.
    public var rebase: PortRebase?

    /// Creates the codec; `rebase` moves the URLs of what it decodes.
    public init(rebase: PortRebase? = nil) { self.rebase = rebase }

    public func encode(_ value: CharacterPage) throws(RepositoryError) -> Data {
        var writer = BinaryPayloadWriter(capacity: 16_384)
        writer.write(unsigned: ModelPayloadFormat.page)
        writer.write(value.info.count)
        writer.write(value.info.pages)
        writer.write(value.info.next)
        writer.write(value.info.prev)
        writer.write(unsigned: UInt64(value.results.count))
        for character in value.results { writer.write(character) }
        return writer.data
    }

    public func decode(_ data: Data) throws(RepositoryError) -> CharacterPage {
        var reader = BinaryPayloadReader(data)
        try ModelPayloadFormat.expect(ModelPayloadFormat.page, in: &reader)
        let info = PageInfo(
            count: try reader.readInt(), pages: try reader.readInt(), next: try reader.readOptionalString(),
            prev: try reader.readOptionalString())
        let count = try reader.readCount()
        var results: [ShowCharacter] = []
        results.reserveCapacity(min(count, 1_024))  // the count is read, not trusted: no huge reservation
        for _ in 0..<count {
            let character = try reader.readCharacter()
            if let rebase, rebase.moves(character.url) {
                results.append(character.rebased(rebase))
            } else {
                results.append(character)
            }
        }
        try reader.expectEnd()
        return CharacterPage(info: info, results: results)
    }
}

/// Stores a list of episodes on disk in binary form. Stateless; thread-safe.
public struct EpisodeListCodec: PayloadCodec {
    /// Creates the codec.
    public init() {}

    public func encode(_ value: [Episode]) throws(RepositoryError) -> Data {
        var writer = BinaryPayloadWriter(capacity: 4_096)
        writer.write(unsigned: ModelPayloadFormat.episodes)
        writer.write(unsigned: UInt64(value.count))
        for episode in value { writer.write(episode) }
        return writer.data
    }

    public func decode(_ data: Data) throws(RepositoryError) -> [Episode] {
        var reader = BinaryPayloadReader(data)
        try ModelPayloadFormat.expect(ModelPayloadFormat.episodes, in: &reader)
        let count = try reader.readCount()
        var episodes: [Episode] = []
        episodes.reserveCapacity(min(count, 1_024))
        for _ in 0..<count { episodes.append(try reader.readEpisode()) }
        try reader.expectEnd()
        return episodes
    }
}
