@testable import BrowserApp
import CharacterData
import Foundation
import PersistentCache
import RickAndMortyHTTP
import RickAndMortyServer
import TerminalUI
import Testing

@Suite("A link to a character whose delete is not sent yet")
struct PendingDeleteLinkTests {
    @Test("Offline, Jerry deleted: the residents of his planet name him deleted, not by his address")
    func namedDeleted() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "charbrowser-pending-delete-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = RickAndMortyServer(dataset: try Dataset.sample(), configuration: ServerConfiguration(port: 0))
        let baseURL = try await server.start()
        defer { Task { await server.stop() } }
        let database = try CacheDatabase(location: .file(folder.appendingPathComponent("cache.sqlite")))
        let networkSwitch = NetworkSwitch()
        let api = RemoteAPI(
            configuration: RemoteAPIConfiguration(baseURL: baseURL, timeout: .seconds(10)),
            networkSwitch: networkSwitch)
        let repository = CharacterRepository(api: api, database: database)
        let services = BrowserServices(
            repository: repository, networkSwitch: networkSwitch, apiDescription: "embedded sample",
            graph: GraphRepository(api: api, characters: repository))
        // Jerry (5) and his planet's residents read online; back on Jerry, offline, x y; then
        // Beth's origin, the same planet, opened again.
        let keys = "j j j j enter n enter esc o x y k enter n enter q"
        let backend = try HeadlessBackend(size: TerminalSize(width: 120, height: 30), keyScript: keys)
        let final = try await CharacterBrowser(services: services).run(on: backend)
        try await database.close()
        #expect(final.entity?.crumb.hasPrefix("Earth (Replacement Dimension)") == true)
        #expect(final.entity?.memberTitle(4) == "Beth Smith")
        #expect(final.entity?.memberTitle(5) == RickAndMortyEntities.deletedNotSent)
        #expect(backend.lastFrame.contains { $0.contains("5          (deleted, not sent yet)") })
    }
}
