@testable import BrowserApp
import Foundation
import PersistentCache
import RepositoryCore
import RickAndMortyModel
import TerminalUI
import Testing

@Suite("The browser remembers where it was, per API")
struct RememberedStateTests {
    /// A database file in a fresh folder, closed and reopened between "runs".
    static func withDatabaseFile(_ body: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "charbrowser-memory-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder.appendingPathComponent("cache.sqlite"))
    }

    @Test("Saved, closed, reopened: the same place; two APIs side by side keep their own")
    func restart() async throws {
        try await Self.withDatabaseFile { file in
            var place = RememberedBrowser()
            place.activeList = .location
            place.characterFilter = CharacterFilter(name: "rick", status: "alive")
            place.filters = [.location: ["type": "Planet"]]
            place.selectedIDs = [.character: 7, .location: 3]
            place.isOnline = false
            place.imagesOn = false
            place.mouseOn = false
            let first = try CacheDatabase(location: .file(file))
            let apiA = RememberedPlaceStore(database: first, prefix: "a.example:443/")
            let apiB = RememberedPlaceStore(database: first, prefix: "b.example:8080/")
            try await apiA.save(place)
            #expect(await apiB.load().remembered == nil)
            try await first.close()

            let second = try CacheDatabase(location: .file(file))
            let loaded = await RememberedPlaceStore(database: second, prefix: "a.example:443/").load()
            #expect(loaded.notes.isEmpty)
            #expect(loaded.remembered == place)
            #expect(
                await RememberedPlaceStore(database: second, prefix: "b.example:8080/").load().remembered
                    == nil
            )
            // --fresh: clearing one API leaves the other
            try await RememberedPlaceStore(database: second, prefix: "b.example:8080/").save(
                RememberedBrowser())
            try await RememberedPlaceStore(database: second, prefix: "a.example:443/").clear()
            #expect(
                await RememberedPlaceStore(database: second, prefix: "a.example:443/").load().remembered
                    == nil)
            #expect(
                await RememberedPlaceStore(database: second, prefix: "b.example:8080/").load().remembered
                    != nil
            )
            try await second.close()
        }
    }

    @Test("A stored value of the wrong type or unreadable JSON is ignored with a note; the rest is kept")
    func corrupted() async throws {
        let database = try CacheDatabase.inMemory()
        let prefix = "api.example:443/"
        var place = RememberedBrowser()
        place.activeList = .episode
        place.isOnline = false
        try await RememberedPlaceStore(database: database, prefix: prefix).save(place)
        let raw = KeyValueStore(database: database, prefix: prefix)
        try await raw.set(StorableValue.int(7), forKey: "browser.activeList")
        try await raw.set(StorableValue.string("{not json"), forKey: "browser.lists")
        try await raw.set(StorableValue.string("yes"), forKey: "browser.imagesOn")
        let loaded = await RememberedPlaceStore(database: database, prefix: prefix).load()
        #expect(loaded.notes.count == 3)
        #expect(loaded.notes.allSatisfy { $0.hasPrefix("ignored the remembered browser.") })
        let remembered = try #require(loaded.remembered)
        #expect(remembered.activeList == .character)
        #expect(remembered.isOnline == false)
        #expect(remembered.imagesOn == true)
        try await database.close()
    }

    @Test("Restoring at start: filters, the active list, the switch, and the selection found in the pages")
    func restoresAtStart() async {
        var place = RememberedBrowser()
        place.characterFilter = CharacterFilter(name: "s")
        place.selectedIDs = [.character: 25]
        place.isOnline = false
        var driver = Driver(remembered: place)
        #expect(driver.state.characters.filter["name"] == "s")
        #expect(driver.state.isOnline == false)
        // (the switch is set by a start effect; the composition root sets it before the run)
        let setSwitch = driver.effects.filter { $0.shape == .run(key: CharacterBrowser.networkSwitchKey) }
        #expect(setSwitch.count == 1)
        _ = await setSwitch.runAll()
        #expect(driver.networkSwitch.isOnline == false)
        driver.answerPage(1)
        // id 25 is on page 2 of the sample: page 2 is read to find it
        #expect(driver.state.characters.loading[2] != nil)
        driver.answerPage(2)
        #expect(driver.state.characters.selectedRow?.id == "25")
        #expect(driver.state.characters.soughtID == nil)
        #expect(RememberedBrowser(state: driver.state, imagesOn: true).selectedIDs[.character] == 25)
    }
}
