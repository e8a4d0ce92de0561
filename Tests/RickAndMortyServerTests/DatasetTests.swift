import Foundation
import RickAndMortyModel
import Testing

@testable import RickAndMortyServer

@Suite("Loading, generating and rebasing datasets")
struct DatasetTests {
    @Test(
        "GIVEN a seed WHEN synthetic data is generated twice THEN it is identical, sized as asked and self-consistent"
    )
    func synthetic() throws {
        let a = try SyntheticDataset(characterCount: 500, seed: 42).materialized()
        let b = try SyntheticDataset(characterCount: 500, seed: 42).materialized()
        let c = try SyntheticDataset(characterCount: 500, seed: 43).materialized()
        #expect(a == b)
        #expect(a != c)
        #expect(a.characters.count == 500)
        #expect(a.characters.map(\.id) == Array(1...500))
        #expect(a.danglingReferences() == [])
        #expect(a.locations.reduce(0) { $0 + $1.residents.count } == 500)
        let decoded = try a.characters.map {
            try APIDecoding.decode(ShowCharacter.self, from: Data($0.apiJSON))
        }
        #expect(decoded == a.characters)
    }

    @Test("GIVEN a negative size WHEN generating THEN a clear error")
    func negativeSize() {
        #expect(throws: DatasetError.invalidSize(-1)) {
            try SyntheticDataset(characterCount: -1, seed: 1)
        }
    }

    @Test("GIVEN a folder without the dump files WHEN loaded THEN missingFile names the file")
    func missingFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "no-dump-\(UUID().uuidString)")
        do {
            _ = try Dataset.load(from: folder)
            Issue.record("loading an empty folder should fail")
        } catch {
            guard case .missingFile(let path) = error else { throw error }
            #expect(path.hasSuffix("characters.json"))
        }
    }

    @Test("GIVEN a malformed file WHEN loaded THEN malformed names it and nothing is served")
    func malformedFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bad-dump-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("[{\"id\": 1,".utf8).write(to: folder.appendingPathComponent("characters.json"))
        try Data("[]".utf8).write(to: folder.appendingPathComponent("locations.json"))
        try Data("[]".utf8).write(to: folder.appendingPathComponent("episodes.json"))
        do {
            _ = try Dataset.load(from: folder)
            Issue.record("loading a malformed file should fail")
        } catch {
            guard case .malformed(let path, _) = error else { throw error }
            #expect(path.hasSuffix("characters.json"))
            #expect(error.description.contains("characters.json"))
        }
    }

    @Test("GIVEN public URLs WHEN rebased THEN only URLs on the source base change")
    func rebase() {
        let rebase = URLRebase(from: "https://rickandmortyapi.com/api", to: "http://127.0.0.1:9/api/")
        #expect(rebase("https://rickandmortyapi.com/api/character/1") == "http://127.0.0.1:9/api/character/1")
        #expect(rebase("https://rickandmortyapi.com/api") == "http://127.0.0.1:9/api")
        #expect(rebase("https://rickandmortyapi.com/apiary") == "https://rickandmortyapi.com/apiary")
        #expect(rebase("") == "")
    }

    @Test(
        "GIVEN a configuration WHEN the base URL is derived THEN wildcard hosts become loopback and IPv6 is bracketed"
    )
    func baseURL() {
        #expect(ServerConfiguration().baseURL(boundPort: 8080) == "http://127.0.0.1:8080/api")
        #expect(ServerConfiguration(host: "0.0.0.0").baseURL(boundPort: 1) == "http://127.0.0.1:1/api")
        #expect(ServerConfiguration(host: "::1").baseURL(boundPort: 2) == "http://[::1]:2/api")
        #expect(
            ServerConfiguration(publicBaseURL: "https://x.test/api/").baseURL(boundPort: 3)
                == "https://x.test/api")
    }
}

@Suite("Synthetic timestamps")
struct SyntheticTimestampTests {
    @Test(
        "GIVEN offsets across days, months, leap years and centuries WHEN formatted by hand THEN as Foundation formats them"
    )
    func asFoundationFormats() {
        let style = Date.ISO8601FormatStyle(
            includingFractionalSeconds: true, timeZone: TimeZone(identifier: "UTC") ?? .gmt)
        var offsets = [
            0, 1, 59, 60, 3_599, 3_600, 86_399, 86_400, 3_600 + 7, 3_600 + 7 * 1_000_000, 89 * 100_000,
        ]
        offsets += stride(from: 0, to: 3_000_000_000, by: 7_654_321).map { $0 }
        for offset in offsets {
            let date = Date(timeIntervalSince1970: 1_509_821_280 + TimeInterval(offset))
            #expect(SyntheticNames.timestamp(offset: offset) == date.formatted(style), "offset \(offset)")
        }
    }
}
