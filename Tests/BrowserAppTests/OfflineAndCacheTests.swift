import BrowserApp
import RepositoryCore
import RickAndMortyHTTP
import TerminalUI
import Testing

@Suite("The offline key and cache clearing")
struct OfflineAndCacheTests {
    @Test("o flips the network switch at once; the title and the status pane show OFFLINE")
    func offlineToggle() {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        #expect(driver.networkSwitch.isOnline)
        // WHEN o is pressed THEN the switch is off, the screen says so, and nothing is read
        #expect(driver.press("o").isEmpty)
        #expect(!driver.networkSwitch.isOnline)
        #expect(!driver.state.isOnline)
        #expect(driver.state.toast?.message == "Offline: only cached data can answer.")
        #expect(driver.frame[0].hasSuffix("OFFLINE"))
        #expect(driver.frame.contains { $0.contains("│ OFFLINE ·") })
        // AND o again turns it back on
        driver.press("o")
        #expect(driver.networkSwitch.isOnline)
        #expect(driver.state.isOnline)
        #expect(!driver.frame[0].contains("OFFLINE"))
    }

    @Test("c clears memory: the next read of page 1 misses memory and goes to the network")
    func clearMemory() async throws {
        try await ServerFixture.with { fixture in
            let services = fixture.services()
            let browser = CharacterBrowser(services: services)
            var state = BrowserState.initial(apiDescription: "embedded")
            for message in await browser.update(state: &state, event: .start(NavigationTests.small)).runAll()
            {
                _ = browser.update(state: &state, event: .message(message))
            }
            let before = try await services.repository.page(1, policy: .localFirst)
            #expect(before.origin == .memory)
            // WHEN c is pressed and its task runs
            let effects = browser.update(state: &state, event: .input(.key(.character("c"))))
            #expect(effects.shapes == [.run(key: "clear")])
            #expect(state.loads.clearing)
            for message in await effects.runAll() {
                _ = browser.update(state: &state, event: .message(message))
            }
            // THEN the toast confirms and memory no longer has page 1
            #expect(!state.loads.clearing)
            #expect(state.toast?.message == "Memory cache cleared.")
            let after = try await services.repository.page(1, policy: .localFirst)
            #expect(after.origin == .network)
        }
    }

    @Test("C clears memory and disk")
    func clearAll() async throws {
        try await ServerFixture.with { fixture in
            let browser = CharacterBrowser(services: fixture.services())
            var state = BrowserState.initial(apiDescription: "embedded")
            let effects = browser.update(state: &state, event: .input(.key(.character("C"))))
            for message in await effects.runAll() {
                _ = browser.update(state: &state, event: .message(message))
            }
            #expect(state.toast?.message == "Memory and disk caches cleared.")
            #expect(state.toast?.kind == .info)
        }
    }
}
