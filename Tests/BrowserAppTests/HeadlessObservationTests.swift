@testable import BrowserApp
import CharacterData
import Foundation
import PersistentCache
import RickAndMortyHTTP
import RickAndMortyModel
import RickAndMortyServer
import TerminalUI
import Testing

@Suite("A headless run observes the change streams")
struct HeadlessObservationTests {
    @Test(
        "Another writer brings a newer Rick into the cache: the list row redraws, with no read of the browser's"
    )
    func anotherWriterRedrawsTheRow() async throws {
        // GIVEN a cache that holds an older Rick (read from server B), and server A's Rick
        try await withServers(try Dataset.sample(), characterOneNamed: "Rick Of Yesterday") { urlA, urlB in
            try await Self.scenario(urlA: urlA, urlB: urlB)
        }
    }

    /// The run against A over a cache B filled.
    static func scenario(urlA: URL, urlB: URL) async throws {
        let database = try CacheDatabase(location: .inMemory)
        let networkSwitch = NetworkSwitch()
        func api(_ url: URL) -> RemoteAPI {
            RemoteAPI(
                configuration: RemoteAPIConfiguration(baseURL: url, timeout: .seconds(10)),
                networkSwitch: networkSwitch)
        }
        _ = try await CharacterRepository(api: api(urlB), database: database).page(1, policy: .remoteFirst)
        let repository = CharacterRepository(api: api(urlA), database: database)
        let events = EventRecorder()
        let services = BrowserServices(
            repository: repository, networkSwitch: networkSwitch, apiDescription: "sample",
            observesChanges: true, onAnswer: { events.append($0) })
        // WHEN a headless run shows the list from the cache, and between two keys another writer
        // (a read of Rick through the same repository, remoteFirst) stores server A's Rick
        let headless = try HeadlessBackend(size: TerminalSize(width: 100, height: 30), keyScript: "j k")
        let backend = WritingBackend(headless, before: 1, awaited: "Rick Sanchez") {
            _ = try? await repository.character(id: 1, policy: .remoteFirst)
        }
        let final = try await CharacterBrowser(services: services).run(on: backend)
        // THEN the run ends (the subscriptions do not hold it up), the row shows the new name,
        // and the browser itself read nothing but pages (Rick was not read)
        let firstList = try #require(headless.frames.first { $0.contains { $0.contains("Rick ") } })
        #expect(firstList.contains { $0.contains("Rick Of Yesterday") })
        #expect(final.characters.row(at: 0)?.title == "Rick Sanchez")
        #expect(headless.lastFrame.contains { $0.contains("Rick Sanchez") })
        #expect(!headless.lastFrame.contains { $0.contains("Rick Of Yesterday") })
        #expect(events.all.first?.query == "page 1" && events.all.first?.origin == .repository(.disk))
        #expect(events.all.allSatisfy { $0.query.hasPrefix("page ") })
        try await database.close()
    }
}
