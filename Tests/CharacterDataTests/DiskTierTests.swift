import CharacterData
import Foundation
import ModelCodecs
import PersistentCache
import RepositoryCore
import RickAndMortyModel
import TestSupport
import Testing

@Suite("The disk tier of the character repository")
struct DiskTierTests {
    func character(_ name: String) -> ShowCharacter {
        ShowCharacter(
            id: 1, name: name, status: .alive, species: "Human", gender: .male,
            origin: PlaceReference(name: "unknown", url: ""),
            location: PlaceReference(name: "unknown", url: ""),
            image: "", episode: ["https://rickandmortyapi.com/api/episode/1"], url: "", created: "")
    }

    @Test("A revalidated entry refreshes stored-at and validators without rewriting the payload")
    func revalidationKeepsPayload() async throws {
        let tier = DiskTier(
            database: try CacheDatabase.inMemory(), namespace: "character", codec: ShowCharacterCodec(),
            metrics: RepositoryMetrics())
        // GIVEN a stored character
        let stored = Entry(
            value: character("Rick"),
            metadata: EntryMetadata(storedAt: Date(timeIntervalSince1970: 100), etag: "W/\"1\""),
            origin: .network)
        try await tier.put(stored, for: .id(1))
        // WHEN a 304 answer is written with a later time, new validators (and, to tell the paths
        // apart, a different value in memory)
        let revalidated = Entry(
            value: character("Not written"),
            metadata: EntryMetadata(
                storedAt: Date(timeIntervalSince1970: 500), etag: "W/\"2\"", lastModified: "lm"),
            origin: .revalidated)
        try await tier.put(revalidated, for: .id(1))
        // THEN the disk keeps the original payload with the refreshed metadata
        let read = try await tier.get(.id(1))
        #expect(read.value.name == "Rick")
        #expect(read.metadata.storedAt == Date(timeIntervalSince1970: 500))
        #expect(read.metadata.etag == "W/\"2\"")
        #expect(read.metadata.lastModified == "lm")
    }

    @Test("A revalidated entry whose row is gone is written whole")
    func revalidationOfMissingRowWrites() async throws {
        let tier = DiskTier(
            database: try CacheDatabase.inMemory(), namespace: "character", codec: ShowCharacterCodec(),
            metrics: RepositoryMetrics())
        let revalidated = Entry(
            value: character("Morty"), metadata: EntryMetadata(storedAt: Date(timeIntervalSince1970: 7)),
            origin: .revalidated)
        try await tier.put(revalidated, for: .id(2))
        #expect(try await tier.get(.id(2)).value.name == "Morty")
    }

    @Test("Two writes out of order: the newer stored-at wins on disk and in the memory above it")
    func newerStoredAtWins() async throws {
        let database = try CacheDatabase.inMemory()
        let disk = DiskTier(
            database: database, namespace: "character", codec: ShowCharacterCodec(),
            metrics: RepositoryMetrics())
        let memory = InMemoryDataSource<ShowCharacter>()
        let tiers = TieredCacheDataSource(upper: memory, lower: disk)
        let newer = Entry(
            value: character("Rick (renamed)"),
            metadata: EntryMetadata(storedAt: Date(timeIntervalSince1970: 200)),
            origin: .network)
        let older = Entry(
            value: character("Rick"), metadata: EntryMetadata(storedAt: Date(timeIntervalSince1970: 100)),
            origin: .network)
        // GIVEN the newer copy was written, and memory has since let it go
        try await tiers.put(newer, for: .id(1))
        try await memory.delete(.all)
        // WHEN an older answer is written afterwards
        let kept = try await tiers.put(older, for: .id(1))
        // THEN the disk keeps the newer copy, the put answers it, and memory holds it too
        #expect(kept.value.name == "Rick (renamed)")
        #expect(try await disk.get(.id(1)).value.name == "Rick (renamed)")
        #expect(try await disk.get(.id(1)).metadata.storedAt == newer.metadata.storedAt)
        guard case .entry(let held) = memory.immediateGet(.id(1)) else {
            Issue.record("memory should hold the newer copy")
            return
        }
        #expect(held.value.name == "Rick (renamed)")
        // AND a later write replaces it
        let later = Entry(
            value: character("Rick C-137"),
            metadata: EntryMetadata(storedAt: Date(timeIntervalSince1970: 300)),
            origin: .network)
        #expect(try await tiers.put(later, for: .id(1)).value.name == "Rick C-137")
        #expect(try await disk.get(.id(1)).value.name == "Rick C-137")
    }

    @Test("The disk tier passes the data-source contract; disabled, it holds nothing")
    func contract() async throws {
        try await DataSourceContract.verify(
            {
                DiskTier(
                    database: try CacheDatabase.inMemory(), namespace: "character",
                    codec: ShowCharacterCodec(),
                    metrics: RepositoryMetrics())
            }, sample: { n in character("Character \(n)") })
        let disabled = DiskTier(
            database: nil, namespace: "x", codec: ShowCharacterCodec(), metrics: RepositoryMetrics())
        try await disabled.put(
            Entry(value: character("A"), metadata: EntryMetadata(storedAt: Date()), origin: .network),
            for: .id(1))
        await #expect(throws: RepositoryError.notFound(query: "id:1")) { try await disabled.get(.id(1)) }
    }

    @Test("The binary codecs round-trip the whole dump and reject foreign payloads")
    func codecs() throws {
        let characters = try APIDecoding.decode(
            [ShowCharacter].self, from: SharedData.data("characters.json"))
        let episodes = try APIDecoding.decode([Episode].self, from: SharedData.data("episodes.json"))
        for character in characters {
            #expect(try ShowCharacterCodec().decode(ShowCharacterCodec().encode(character)) == character)
        }
        let page = CharacterPage(
            info: PageInfo(count: 826, pages: 42, next: "n", prev: nil), results: Array(characters.prefix(20))
        )
        #expect(try CharacterPageCodec().decode(CharacterPageCodec().encode(page)) == page)
        #expect(try EpisodeListCodec().decode(EpisodeListCodec().encode(episodes)) == episodes)
        // A payload of another kind, a truncated one, or JSON is a serialization error (a cache miss).
        let pageBytes = try CharacterPageCodec().encode(page)
        #expect(throws: RepositoryError.self) { try ShowCharacterCodec().decode(pageBytes) }
        #expect(throws: RepositoryError.self) {
            try CharacterPageCodec().decode(pageBytes.prefix(pageBytes.count / 2))
        }
        #expect(throws: RepositoryError.self) { try EpisodeListCodec().decode(Data("[]".utf8)) }
    }

    @Test("With a rebase, the binary codecs read a character cached on another port on this one")
    func codecsRebase() throws {
        let old = "http://127.0.0.1:41234/api"
        let rick = ShowCharacter(
            id: 1, name: "Rick", status: .alive, species: "Human", gender: .male,
            origin: PlaceReference(name: "Earth", url: "\(old)/location/1"),
            location: PlaceReference(name: "unknown", url: ""), image: "\(old)/character/avatar/1.jpeg",
            episode: ["\(old)/episode/1"], url: "\(old)/character/1", created: "c")
        let rebase = try #require(PortRebase(baseURL: "http://127.0.0.1:35678/api"))
        let moved = rick.rebased(rebase)
        #expect(moved.url == "http://127.0.0.1:35678/api/character/1")
        let bytes = try ShowCharacterCodec().encode(rick)
        #expect(try ShowCharacterCodec(rebase: rebase).decode(bytes) == moved)
        let inPlace = try bytes.withUnsafeBytes { raw throws(RepositoryError) in
            try ShowCharacterCodec(rebase: rebase).decode(bytes: raw)
        }
        #expect(inPlace == moved)
        #expect(try ShowCharacterCodec().decode(bytes) == rick, "no rebase: as stored")
        let page = CharacterPage(info: PageInfo(count: 1, pages: 1, next: nil, prev: nil), results: [rick])
        let read = try CharacterPageCodec(rebase: rebase).decode(CharacterPageCodec().encode(page))
        #expect(read.results == [moved])
    }

    /// Found by `FuzzPayloadCodecs` (`regressions/page-count-reserves-a-million.bin`): a page row
    /// of ten bytes whose count says 1,000,000 characters reserved room for all of them (150 MB)
    /// before reading the first. The reservation is checked by the fuzzer's allocation limit
    /// when the regression inputs are fuzzed; here, the row is a cache miss.
    @Test("A stored page claiming a million characters in ten bytes is a serialization error")
    func pageCountIsNotTrusted() {
        let row = Data([0xB1, 0x01, 0x3D, 0xBC, 0x01, 0x00, 0x00, 0xFE, 0xFF, 0x31])
        #expect {
            try CharacterPageCodec().decode(row)
        } throws: { error in
            guard case .serialization = error as? RepositoryError else { return false }
            return true
        }
    }
}
