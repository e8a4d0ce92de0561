@testable import BrowserApp
import RepositoryCore
import RickAndMortyHTTP
import TerminalUI
import Testing

@Suite("The offline key and cache clearing")
struct OfflineAndCacheTests {
    @Test("o shows OFFLINE at once in the title and the status pane; its effect turns the switch off")
    func offlineToggle() async {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        #expect(driver.networkSwitch.isOnline)
        // WHEN o is pressed THEN the screen says so at once, the one effect sets the switch, and
        // nothing is read
        let effects = driver.press("o")
        #expect(effects.shapes == [.run(key: CharacterBrowser.networkSwitchKey)])
        #expect(driver.networkSwitch.isOnline)
        #expect(await effects.runAll().isEmpty)
        #expect(!driver.networkSwitch.isOnline)
        #expect(!driver.state.isOnline)
        #expect(driver.state.toast?.message == "Offline: only cached data can answer.")
        #expect(driver.frame[0].hasSuffix("OFFLINE"))
        #expect(driver.frame.contains { $0.contains("│ OFFLINE ·") })
        // AND o again turns it back on, again without a read: its one message says it is set
        let messages = await driver.press("o").runAll()
        #expect(messages.count == 1)
        if case .reconnected(let number)? = messages.first { #expect(number == driver.state.switchSettings) } else {
            Issue.record("expected the switch's news, got \(messages)")
        }
        #expect(driver.networkSwitch.isOnline)
        #expect(driver.state.isOnline)
        #expect(!driver.frame[0].contains("OFFLINE"))
    }

    @Test("Settings of the switch applied out of order leave it as the last o said")
    func switchSettingsInAnyOrder() async {
        var driver = Driver(size: NavigationTests.small)
        let off = driver.press("o")
        let on = driver.press("o")
        let offAgain = driver.press("o")
        // the effects run last first: the older settings are ignored
        _ = await offAgain.runAll()
        _ = await on.runAll()
        _ = await off.runAll()
        #expect(!driver.networkSwitch.isOnline)
        #expect(!driver.state.isOnline)
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
