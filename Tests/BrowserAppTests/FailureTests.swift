@testable import BrowserApp
import RepositoryCore
import TerminalUI
import Testing

@Suite("Failures: toasts, and a screen that stays usable")
struct FailureTests {
    @Test("A failed page shows an error toast; the list stays usable")
    func failedPage() {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        driver.press("G")
        driver.failPage(2, with: .mainUnavailable(reason: "timed out"))
        // THEN a toast tells what failed and why
        #expect(driver.state.toast?.kind == .error)
        #expect(driver.state.toast?.message == "Could not load page 2: The server is unavailable: timed out.")
        #expect(driver.frame.contains { $0.contains("Could not load page 2") })
        // AND the status pane has the failure
        #expect(driver.state.latest?.origin == nil)
        #expect(driver.state.tally.failures == 1)
        // AND the list still moves
        driver.press("k")
        #expect(driver.state.characters.selection.selected == 18)
        // AND moving to the end again retries page 2
        #expect(driver.press("G").shapes == [.run(key: "page-2")])
    }

    @Test("Esc dismisses the toast before it does anything else")
    func escDismisses() {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        driver.press("s")
        driver.failPage(1, with: .mainUnavailable(reason: "offline"))
        #expect(driver.state.toast != nil)
        // WHEN Esc is pressed THEN only the toast goes (the status filter stays)
        #expect(driver.press(.escape).isEmpty)
        #expect(driver.state.toast == nil)
        #expect(driver.state.characters.filter["status"] == "alive")
        #expect(driver.frame.contains { $0.contains("Nothing loaded. Press r to retry.") })
    }

    @Test("A toast expires after its lifetime in ticks")
    func toastExpires() {
        var driver = Driver(size: NavigationTests.small)
        driver.failPage(1, with: .mainUnavailable(reason: "offline"))
        #expect(driver.browser.wantsTicks(driver.state))
        for _ in 0..<(driver.browser.toastLifetime - 1) { driver.send(.tick) }
        #expect(driver.state.toast != nil)
        driver.send(.tick)
        #expect(driver.state.toast == nil)
        #expect(!driver.browser.wantsTicks(driver.state))
    }

    @Test("Every applied answer and failure is reported in order, with query, policy and origin")
    func eventsInOrder() {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        driver.press("G")
        driver.failPage(2, with: .mainUnavailable(reason: "offline"))
        driver.press(.enter)
        let events = driver.events.all
        #expect(events.map(\.query) == ["page 1", "page 2"])
        #expect(
            events[0].origin == .repository(.network) && events[0].policy == .cache(.localFirst)
                && events[0].operation == .cacheSync)
        #expect(events[0].ms == 12 && events[0].ageSeconds == 0 && !events[0].stale)
        #expect(
            events[1].origin == nil && events[1].error == "The server is unavailable: offline."
                && events[1].ms == 3)
    }
}
