@testable import BrowserApp
import CharacterData
import Foundation
import PersistentCache
import RickAndMortyHTTP
import TerminalUI
import Testing

@Suite("A cache file of the previous schema: the browser starts, says so once, keeps its place")
struct MigrationToastTests {
    /// The cache file the schema before the normalized cache wrote (see Tests/Fixtures/LegacyCache).
    static let legacyCacheFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/LegacyCache/cache-v2.sqlite")

    /// Starts a browser over `file`, as the embedded sample's browser would, and returns its state.
    static func start(over file: URL) async throws -> (BrowserState, CharacterBrowser, CacheDatabase) {
        let database = try CacheDatabase(location: .file(file))
        let networkSwitch = NetworkSwitch()
        let closedPort = URL(string: "http://127.0.0.1:1/api") ?? URL(fileURLWithPath: "/")
        let api = RemoteAPI(
            configuration: RemoteAPIConfiguration(baseURL: closedPort, timeout: .seconds(1)),
            networkSwitch: networkSwitch)
        let repository = CharacterRepository(api: api, database: database)
        let remembered = await RememberedPlaceStore(database: database, prefix: "embedded:sample/").load()
        let services = BrowserServices(
            repository: repository, networkSwitch: networkSwitch, apiDescription: "embedded sample",
            graph: GraphRepository(api: api, characters: repository), remembered: remembered.remembered)
        let browser = CharacterBrowser(services: services)
        var state = BrowserState.initial(services: services)
        _ = browser.update(state: &state, event: .start(TerminalSize(width: 120, height: 30)))
        return (state, browser, database)
    }

    @Test("The migration's toast at start, the remembered list restored; the next start shows none")
    func toastOnce() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "charbrowser-migration-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cache.sqlite")
        try FileManager.default.copyItem(at: Self.legacyCacheFile, to: file)

        let (state, browser, database) = try await Self.start(over: file)
        let toast = try #require(state.toast)
        #expect(toast.message.contains("v3-normalized-entities"))
        #expect(toast.message.contains("remembered place were kept"))
        #expect(toast.kind == .info)
        #expect(state.activeList == .location)
        var buffer = CellBuffer(size: state.size)
        browser.render(state: state, into: &buffer)
        #expect(buffer.textLines.contains { $0.contains("The cache was updated") })
        try await database.close()

        let (again, _, reopened) = try await Self.start(over: file)
        #expect(again.toast == nil)
        #expect(again.activeList == .location)
        try await reopened.close()
    }
}
