import Foundation
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import Testing

@Suite("The offline switch")
struct OfflineSwitchTests {
    @Test("Offline, every data source fails fast and no request reaches the server")
    func offlineFailsFast() async throws {
        try await withScriptedServer(try FixtureAPI.shared().script) { server in
            // GIVEN the switch turned off
            let test = TestAPI(server)
            test.networkSwitch.setOnline(false)
            let offline = RepositoryError.mainUnavailable(reason: "offline")
            // WHEN each resource is read THEN each fails with "offline"
            await #expect(throws: offline) {
                _ = try await test.api.characterPages.get(CharacterFilter().pageQuery(1))
            }
            await #expect(throws: offline) { _ = try await test.api.character.get(.id(1)) }
            await #expect(throws: offline) { _ = try await test.api.characters.get(.ids([1, 2])) }
            await #expect(throws: offline) { _ = try await test.api.episodes.get(.ids([1, 2])) }
            await #expect(throws: offline) { _ = try await test.api.location.get(.id(1)) }
            // AND the server saw nothing
            #expect(server.requests.isEmpty)
            // WHEN the switch is turned back on THEN requests go out again
            #expect(test.networkSwitch.toggle() == true)
            let rick = try await test.api.character.value(.id(1))
            #expect(rick.name == "Rick Sanchez")
            #expect(server.requests.count == 1)
        }
    }

    @Test("Data sources made before the switch flips obey it, being shared")
    func sharedSwitch() async throws {
        try await withScriptedServer(try FixtureAPI.shared().script) { server in
            let test = TestAPI(server)
            let source = test.api.character
            let morty = try await source.value(.id(2))
            #expect(morty.name == "Morty Smith")
            test.networkSwitch.toggle()
            #expect(!test.networkSwitch.isOnline)
            await #expect(throws: RepositoryError.mainUnavailable(reason: "offline")) {
                _ = try await source.get(.id(2))
            }
            #expect(server.requests.count == 1)
        }
    }

    @Test("The switch is safe to flip from many tasks at once")
    func concurrentFlips() async {
        let networkSwitch = NetworkSwitch(online: true)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<1_000 { group.addTask { networkSwitch.toggle() } }
        }
        // An even number of flips leaves it where it started.
        #expect(networkSwitch.isOnline)
    }
}
