@testable import BrowserApp
import CharacterData
import Foundation
import PersistentCache
import RickAndMortyHTTP
import RickAndMortyModel
import RickAndMortyServer
import TerminalUI
import Testing

@Suite("One entity, one value: a rename seen on one screen is what every screen shows after a restart")
struct RenameScenarioTests {
    /// One headless run of `keys` over the cache file `file` against the server at `baseURL`.
    static func run(_ keys: String, file: URL, baseURL: URL) async throws -> (BrowserState, HeadlessBackend) {
        let database = try CacheDatabase(location: .file(file))
        let networkSwitch = NetworkSwitch()
        let api = RemoteAPI(
            configuration: RemoteAPIConfiguration(baseURL: baseURL, timeout: .seconds(10)),
            networkSwitch: networkSwitch)
        let repository = CharacterRepository(api: api, database: database)
        let services = BrowserServices(
            repository: repository, networkSwitch: networkSwitch, apiDescription: "embedded sample",
            graph: GraphRepository(api: api, characters: repository))
        let backend = try HeadlessBackend(size: TerminalSize(width: 120, height: 30), keyScript: keys)
        let final = try await CharacterBrowser(services: services).run(on: backend)
        try await database.close()
        return (final, backend)
    }

    @Test(
        "Server B renames Rick; r on his detail; the next start shows the new name in the list and S01E02's cast"
    )
    func renameAcrossRestart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "charbrowser-rename-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cache.sqlite")
        try await withServers(try Dataset.sample(), characterOneNamed: "Rick Renamed") { urlA, urlB in
            try await Self.scenario(file: file, urlA: urlA, urlB: urlB)
        }
    }

    /// The scenario against A (the original) and B (Rick renamed), over one cache file.
    static func scenario(file: URL, urlA: URL, urlB: URL) async throws {
        // GIVEN a run against A: the list, Rick, S01E02's cast
        let openCast = "enter n n n n enter"
        let (first, _) = try await run(openCast + " q", file: file, baseURL: urlA)
        #expect(first.entity?.crumb.hasPrefix("S01E02") == true)
        #expect(first.entity?.memberTitle(1) == "Rick Sanchez")
        // WHEN, against B, Rick is opened and refreshed
        let (second, refreshed) = try await run("enter r q", file: file, baseURL: urlB)
        #expect(second.detail?.character?.name == "Rick Renamed")
        #expect(refreshed.lastFrame.contains { $0.contains("Rick Renamed") })
        // THEN a new start against A (which still says Rick Sanchez) answers from the cache:
        // the list and S01E02's cast show the new name
        let (third, restarted) = try await run(openCast + " q", file: file, baseURL: urlA)
        // (the first frame that shows any Rick: the list as page 1 came from the cache)
        let list = try #require(restarted.frames.first { $0.contains { $0.contains("Rick ") } })
        #expect(list.contains { $0.contains("Rick Renamed") })
        #expect(!list.contains { $0.contains("Rick Sanchez") })
        #expect(third.characters.row(at: 0)?.title == "Rick Renamed")
        #expect(third.entity?.crumb.hasPrefix("S01E02") == true)
        #expect(third.entity?.memberTitle(1) == "Rick Renamed")
        #expect(restarted.lastFrame.contains { $0.contains("Rick Renamed") && !$0.contains("›") })
    }
}
