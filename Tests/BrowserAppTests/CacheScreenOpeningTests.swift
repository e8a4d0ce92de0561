@testable import BrowserApp
import TerminalUI
import Testing

/// `4` opens one Cache screen at most: on it, `4` does nothing; under a screen opened from it,
/// `4` goes back to it as it was left.
@Suite("4 opens one Cache screen at most")
struct CacheScreenOpeningTests {
    /// A driver on the Cache screen with forty rows, the third one selected.
    static func onCacheScreen() -> Driver {
        var driver = Driver()
        driver.answerPage(1)
        driver.press("4")
        CacheScreenKeysSetup.fill(&driver)
        driver.press("j")
        driver.press("j")
        return driver
    }

    @Test("4 on the Cache screen keeps the stack and the screen as they are")
    func fourOnTop() {
        var driver = Self.onCacheScreen()
        let depth = driver.state.screens.count
        let effects = driver.press("4")
        #expect(driver.state.screens.count == depth)
        #expect(effects.isEmpty)
        #expect(CacheScreenKeysSetup.position(driver.state) == 2)
        #expect(driver.state.screens.filter { $0 is CacheScreen }.count == 1)
    }

    @Test("4 over a screen pushed on the Cache screen pops back to it, its selection kept")
    func fourBelow() {
        var driver = Self.onCacheScreen()
        let depth = driver.state.screens.count
        driver.state.screens.append(ExplorerDetailScreen(target: .rickAndMorty(.character, id: 1), knownTitle: "Rick Sanchez"))
        #expect(driver.state.keyScope == .characterDetail)
        driver.press("4")
        #expect(driver.state.screens.count == depth)
        #expect(driver.state.keyScope == .cache)
        #expect(CacheScreenKeysSetup.position(driver.state) == 2)
        #expect(driver.state.screens.filter { $0 is CacheScreen }.count == 1)
    }
}
