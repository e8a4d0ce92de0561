@testable import BrowserApp
import TerminalUI
import Testing

@Suite("The stack of screens is bounded: drilling down without end keeps at most screenLimit screens")
struct ScreenStackLimitTests {
    /// From a character's detail, opens its first episode and that episode's selected cast member
    /// (two pushes), with their reads answered.
    static func drillOnce(_ driver: inout Driver) throws {
        driver.press("n")
        driver.press("n")
        driver.press("n")
        driver.press(.enter)
        #expect(driver.state.screen == .episode)
        ExplorerTests.answerEpisode(&driver)
        _ = try #require(driver.state.entity?.selectedMemberID)
        driver.press(.enter)
        #expect(driver.state.screen == .detail)
        driver.answerDetail()
    }

    @Test("Past screenLimit the oldest detail over the lists is let go; the lists stay at the bottom")
    func drillingDownIsBounded() throws {
        // GIVEN a browser on Rick's detail (the lists and one detail)
        var driver = ExplorerTests.onRick()
        let limit = BrowserState.screenLimit
        // WHEN episodes and cast members are opened one from the other far past the limit
        for _ in 0..<limit {
            try Self.drillOnce(&driver)
            #expect(driver.state.screens.count <= limit)
        }
        // THEN the stack holds exactly the limit, the lists at the bottom, the last opened on top
        #expect(driver.state.screens.count == limit)
        #expect(driver.state.screens.first is ListScreen)
        #expect(driver.state.screen == .detail)
        // AND Back walks down to the lists, one screen at a time, all of them kept
        for _ in 1..<limit { driver.press(.backspace) }
        #expect(driver.state.screens.count == 1)
        #expect(driver.state.screen == .list)
    }
}
