import Foundation
import RickAndMortyModel
import RickAndMortyServer
import Testing

/// The synthetic dataset generated per request, through the public API: the same record for the
/// same (seed, id), references that agree both ways, and a catalog that answers exactly what the
/// same records held in memory answer.
@Suite("Synthetic data generated per request")
struct SyntheticDatasetTests {
    static let base = "http://127.0.0.1:9/api"

    @Test(
        "GIVEN a seed and an id WHEN generated twice, or by another value of the same seed THEN the same record"
    )
    func deterministic() throws {
        let one = try SyntheticDataset(characterCount: 1_000_000, seed: 7)
        let two = try SyntheticDataset(characterCount: 1_000_000, seed: 7)
        let other = try SyntheticDataset(characterCount: 1_000_000, seed: 8)
        for id in [1, 2, 500_000, 999_999, 1_000_000] {
            #expect(one.character(id: id, baseURL: Self.base) == two.character(id: id, baseURL: Self.base))
            #expect(one.character(id: id, baseURL: Self.base)?.id == id)
        }
        #expect(one.episode(id: 3, baseURL: Self.base) == two.episode(id: 3, baseURL: Self.base))
        #expect(one.location(id: 4, baseURL: Self.base) == two.location(id: 4, baseURL: Self.base))
        // AND another seed gives another world
        let ids = Array(1...50)
        #expect(
            ids.map { one.character(id: $0, baseURL: Self.base) }
                != ids.map { other.character(id: $0, baseURL: Self.base) })
    }

    @Test("GIVEN a million characters THEN ids 1…N exist, nothing else, and the counts scale")
    func sizes() throws {
        let million = try SyntheticDataset(characterCount: 1_000_000, seed: 1)
        #expect(million.character(id: 0, baseURL: Self.base) == nil)
        #expect(million.character(id: 1_000_001, baseURL: Self.base) == nil)
        #expect(million.character(id: 1_000_000, baseURL: Self.base) != nil)
        #expect(million.locationCount == 125_000 && million.episodeCount == 100_000)
        #expect(million.location(id: 125_001, baseURL: Self.base) == nil)
        #expect(million.episode(id: 100_000, baseURL: Self.base) != nil)
        // AND a small or empty world keeps the old minimum of places and episodes
        let empty = try SyntheticDataset(characterCount: 0, seed: 1)
        #expect(empty.locationCount == 12 && empty.episodeCount == 20)
        #expect(empty.episode(id: 1, baseURL: Self.base)?.characters == [])
        #expect(throws: DatasetError.invalidSize(-1)) { try SyntheticDataset(characterCount: -1, seed: 1) }
        #expect(throws: DatasetError.self) {
            try SyntheticDataset(characterCount: SyntheticDataset.maximumCharacterCount + 1, seed: 1)
        }
    }

    @Test(
        "GIVEN any size WHEN every record is generated THEN references agree both ways and none dangles",
        arguments: [0, 1, 7, 37, 500, 2_003])
    func consistent(count: Int) throws {
        let synthetic = try SyntheticDataset(characterCount: count, seed: 42)
        let dataset = synthetic.materialized()
        #expect(dataset.characters.map(\.id) == Array(0..<count).map { $0 + 1 })
        #expect(dataset.danglingReferences() == [])
        #expect(dataset.duplicateIDs() == [])
        let episodes = Dictionary(uniqueKeysWithValues: dataset.episodes.map { ($0.url, Set($0.characters)) })
        let locations = Dictionary(
            uniqueKeysWithValues: dataset.locations.map { ($0.url, Set($0.residents)) })
        var appearances = 0
        for character in dataset.characters {
            #expect(!character.episode.isEmpty)
            // A character's episodes list it; it is a resident of the place it was last seen at.
            for url in character.episode { #expect(episodes[url]?.contains(character.url) == true) }
            #expect(locations[character.location.url]?.contains(character.url) == true)
            appearances += character.episode.count
        }
        // AND no episode or location lists anyone who does not list it back
        #expect(episodes.values.reduce(0) { $0 + $1.count } == appearances)
        #expect(locations.values.reduce(0) { $0 + $1.count } == count)
        // AND the records survive the API's JSON
        let decoded = try dataset.characters.prefix(50).map {
            try APIDecoding.decode(ShowCharacter.self, from: Data($0.apiJSON))
        }
        #expect(decoded == Array(dataset.characters.prefix(50)))
    }

    /// Requests whose answers must not depend on how the records are held.
    static let requests: [(APIRoute, String)] = [
        (.index, ""),
        (.listing(.character), ""), (.listing(.character), "page=2"), (.listing(.character), "page=26"),
        (.listing(.character), "page=27"), (.listing(.character), "page=abc"),
        (.listing(.character), "name=zorp"), (.listing(.character), "name=ZORP%20f&page=2"),
        (.listing(.character), "name=p%20g"), (.listing(.character), "gender=male"),
        (.listing(.character), "gender=female&page=3"), (.listing(.character), "status=alive&species=human"),
        (.listing(.character), "type=clone"), (.listing(.character), "species=mytho&status=dead"),
        (.listing(.character), "name=nobody"), (.listing(.character), "name=%20&page=2"),
        (.listing(.character), "gender=male&page=999999999999"), (.listing(.character), "bogus=1"),
        (.listing(.location), ""), (.listing(.location), "page=4"), (.listing(.location), "name=planet%201"),
        (.listing(.location), "type=space&dimension=c-137"), (.listing(.location), "name=dream&page=2"),
        (.listing(.episode), ""), (.listing(.episode), "episode=S01"), (.listing(.episode), "name=heist"),
        (.listing(.episode), "episode=e0&page=2"), (.listing(.episode), "page=3"),
        (.lookup(.character, "1"), ""), (.lookup(.character, "500"), ""), (.lookup(.character, "501"), ""),
        (.lookup(.character, "0"), ""), (.lookup(.character, "3,1,3,999,2"), ""),
        (.lookup(.character, "[5, 4]"), ""), (.lookup(.character, "abc"), ""),
        (.lookup(.character, "[1,2"), ""),
        (.lookup(.location, "1"), ""), (.lookup(.location, "62,63,64"), ""), (.lookup(.location, "63"), ""),
        (.lookup(.episode, "20"), ""), (.lookup(.episode, "51"), ""), (.lookup(.episode, "1,50,51"), ""),
    ]

    @Test("GIVEN the same records generated per request and held in memory THEN every answer is the same")
    func sameAnswersAsHeldRecords() throws {
        // GIVEN 500 characters (25 pages, 62 locations, 50 episodes) both ways
        let synthetic = try SyntheticDataset(characterCount: 500, seed: 3)
        let generated = APICatalog(synthetic: synthetic, baseURL: Self.base)
        let held = APICatalog(dataset: synthetic.materialized(), baseURL: Self.base)
        // WHEN each request is answered by both THEN the status and the bytes agree
        for (route, query) in Self.requests {
            let answer = generated.answer(route, query: QueryItems(query))
            let reference = held.answer(route, query: QueryItems(query))
            #expect(answer == reference, "\(route) ?\(query)")
        }
        // AND the filters did match something (the comparison is not of empty pages only)
        let males = generated.answer(.listing(.character), query: QueryItems("gender=male"))
        #expect(males.status == 200)
        #expect(String(decoding: males.body.bytes, as: UTF8.self).contains("\"next\":\""))
    }
}

/// `ServedCollection` as its doc comments describe it, for both kinds: records held in memory and
/// records generated when asked.
@Suite("Served collections, held or generated")
struct ServedCollectionTests {
    static func collections() throws -> [(String, any ServedCollection)] {
        let synthetic = try SyntheticDataset(characterCount: 45, seed: 11)
        let base = "http://127.0.0.1:9/api"
        return [
            ("held", APICatalog(dataset: synthetic.materialized(), baseURL: base).characters),
            ("generated", APICatalog(synthetic: synthetic, baseURL: base).characters),
        ]
    }

    static func ids(_ body: JSONBody?) throws -> [Int] {
        let data = Data(try #require(body).bytes)
        let json = try JSONSerialization.jsonObject(with: data)
        let records =
            (json as? [[String: Any]]) ?? ((json as? [String: Any])?["results"] as? [[String: Any]]) ?? []
        return records.compactMap { $0["id"] as? Int }
    }

    @Test("Pages hold 20 records sorted by id; a page past the end, or with no match, is nil")
    func pages() throws {
        for (kind, characters) in try Self.collections() {
            #expect(
                try Self.ids(characters.page(for: ListingRequest(page: 1, filters: []))) == Array(1...20),
                "\(kind)")
            #expect(
                try Self.ids(characters.page(for: ListingRequest(page: 3, filters: []))) == Array(41...45),
                "\(kind)")
            #expect(characters.page(for: ListingRequest(page: 4, filters: [])) == nil, "\(kind)")
            let none = ListingRequest(page: 1, filters: [ListingFilter(key: "name", value: "nobody at all")])
            #expect(characters.page(for: none) == nil, "\(kind)")
        }
    }

    @Test("One record by id, or nil; several in id order, each once, the missing skipped")
    func lookups() throws {
        for (kind, characters) in try Self.collections() {
            #expect(
                try Self.ids(
                    characters.record(id: 45).map {
                        JSONBody(bytes: Array("[".utf8) + $0.bytes + Array("]".utf8))
                    }) == [45], "\(kind)")
            #expect(characters.record(id: 46) == nil, "\(kind)")
            #expect(characters.record(id: 0) == nil, "\(kind)")
            #expect(try Self.ids(characters.records(ids: [9, 3, 9, 100, -1, 1])) == [1, 3, 9], "\(kind)")
        }
    }
}
