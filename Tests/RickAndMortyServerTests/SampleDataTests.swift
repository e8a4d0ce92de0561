import Foundation
import RickAndMortyModel
import RickAndMortyServer
import Testing

@Suite("The hand-written sample in Assets/")
struct SampleDataTests {
    @Test("GIVEN the sample WHEN loaded THEN at least 60 characters with ids unique and every record decodes")
    func size() throws {
        let sample = try LiveServer.sample.get()
        #expect(sample.characters.count >= 60)
        #expect(sample.episodes.count >= 10)
        #expect(sample.locations.count >= 10)
        #expect(sample.duplicateIDs().isEmpty)
        #expect(sample.sourceBaseURL == Dataset.publicBaseURL)
    }

    @Test("GIVEN the sample WHEN its URLs are checked THEN every episode and location URL resolves inside it")
    func referencesResolve() throws {
        let sample = try LiveServer.sample.get()
        #expect(sample.danglingReferences() == [])
    }

    @Test("GIVEN the sample WHEN cross-checked THEN episodes list exactly the characters that list them")
    func episodesAndResidentsAgree() throws {
        let sample = try LiveServer.sample.get()
        for episode in sample.episodes {
            let appearing = sample.characters.filter { $0.episode.contains(episode.url) }.map(\.url)
            #expect(episode.characters == appearing, "episode \(episode.id)")
        }
        for location in sample.locations {
            let residents = sample.characters.filter { $0.location.url == location.url }.map(\.url)
            #expect(location.residents == residents, "location \(location.id)")
        }
        for character in sample.characters {
            #expect(!character.episode.isEmpty, "character \(character.id)")
            let byURL = Dictionary(uniqueKeysWithValues: sample.locations.map { ($0.url, $0.name) })
            for place in [character.origin, character.location] {
                #expect(place.url.isEmpty ? place.name == "unknown" : byURL[place.url] == place.name)
            }
        }
    }

    @Test(
        "GIVEN the sample WHEN its format is checked THEN own URLs, avatars and millisecond timestamps match the API"
    )
    func format() throws {
        let sample = try LiveServer.sample.get()
        let timestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
        for character in sample.characters {
            #expect(character.image == "\(Dataset.publicBaseURL)/character/avatar/\(character.id).jpeg")
            #expect(character.created.wholeMatch(of: timestamp) != nil)
        }
        for episode in sample.episodes {
            #expect(episode.url == "\(Dataset.publicBaseURL)/episode/\(episode.id)")
            #expect(episode.code.wholeMatch(of: /^S\d{2}E\d{2}$/) != nil)
            #expect(episode.created.wholeMatch(of: timestamp) != nil)
        }
        for location in sample.locations {
            #expect(location.url == "\(Dataset.publicBaseURL)/location/\(location.id)")
            #expect(location.created.wholeMatch(of: timestamp) != nil)
        }
        let texts = sample.characters.map(\.name) + sample.locations.map(\.name) + sample.episodes.map(\.name)
        #expect(texts.contains { $0.unicodeScalars.contains { !$0.isASCII } })
        #expect(sample.locations.contains { $0.name == "Earth (Replacement Dimension)" })
    }

    @Test(
        "GIVEN the sample served WHEN listed THEN at least 3 pages, and following every link stays on this server"
    )
    func servedSample() async throws {
        try await LiveServer.with(LiveServer.sample.get()) { _, client in
            let info = try await client.send("/api/character").object()["info"] as? [String: Any]
            #expect(try #require(info?["pages"] as? Int) >= 3)
            let rick = try await client.send("/api/character/1").object()
            let links =
                [(rick["origin"] as? [String: Any])?["url"], (rick["location"] as? [String: Any])?["url"]]
                .compactMap { $0 as? String } + (rick["episode"] as? [String] ?? [])
            #expect(links.count > 2)
            for link in links {
                #expect(link.hasPrefix(client.root))
                #expect(try await client.send(url: #require(URL(string: link))).status == 200, "\(link)")
            }
        }
    }

    @Test("GIVEN CHARBROWSER_ASSETS WHEN the sample is located THEN the override wins; a bad one is skipped")
    func locating() throws {
        let folder = try SampleAssets.folder(environment: [:], executablePath: nil)
        #expect(folder.lastPathComponent == "Assets")
        let overridden = SampleAssets.candidates(
            environment: ["CHARBROWSER_ASSETS": "/elsewhere"], executablePath: nil)
        #expect(overridden.first?.path == "/elsewhere")
        let fallback = try SampleAssets.folder(
            environment: ["CHARBROWSER_ASSETS": "/nonexistent"], executablePath: nil)
        #expect(fallback == folder)
    }
}
