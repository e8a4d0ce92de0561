@testable import BrowserApp
import Foundation
import TerminalUI
import Testing

@Suite("The pulses count the session's answers, whether the Cache screen is open or not")
struct SessionPulsesTests {
    @Test("Answers applied before the Cache screen opens are in its pulses")
    func countedFromTheStart() {
        // GIVEN a page answered from the network while the lists are shown
        var driver = Driver(size: TerminalSize(width: 200, height: 40))
        driver.answerPage(1)
        #expect(driver.state.pulses.perSecond(.network, at: Driver.now).last == 1)
        // WHEN the Cache screen opens (its ticker brings the time)
        driver.press("4")
        driver.deliver(CacheScreenMessage.second(Driver.now))
        // THEN its pulses show that answer, not an empty minute
        let screen = driver.state.screens.last as? CacheScreen
        #expect(screen?.state.pulses.perSecond(.network, at: Driver.now).last == 1)
        #expect(!driver.frame.contains { $0.contains("no answers this minute") })
        #expect(driver.frame.contains { $0.contains("network") && $0.contains("1/min") })
    }
}
