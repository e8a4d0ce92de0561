@testable import BrowserApp
import RepositoryCore
import TerminalUI
import Testing

@Suite("Navigation in the list: movement, paging, keys during loads")
struct NavigationTests {
    /// 80×24 shows 13 rows, so one page of 20 fills the list.
    static let small = TerminalSize(width: 80, height: 24)

    @Test("Start reads page 1 localFirst, keyed by its page, and sends the writes the cache keeps")
    func startReadsFirstPage() {
        // GIVEN / WHEN a browser starts
        let driver = Driver(size: Self.small)
        // THEN page 1 is read, localFirst, as the task "page-1", beside the kept writes' sending
        #expect(
            driver.effects.shapes == [
                .run(key: "page-1"), .run(key: CharacterBrowser.keptWritesReadKey),
                .run(key: CharacterBrowser.keptWritesKey),
            ])
        #expect(driver.state.characters.loading == [1: .localFirst])
        #expect(driver.state.isBusy)
    }

    @Test("j/k and arrows move the selection within the loaded rows")
    func moves() {
        var driver = Driver(size: Self.small)
        driver.answerPage(1)
        // WHEN moving down twice and up once
        driver.press("j")
        driver.press(.down)
        driver.press("k")
        // THEN the selection is on the second row; up at the top stays at the top
        #expect(driver.state.characters.selection.selected == 1)
        driver.press(.up)
        driver.press(.up)
        #expect(driver.state.characters.selection.selected == 0)
        #expect(driver.effects.isEmpty)
    }

    @Test("PgDn, PgUp, g, G, Home and End")
    func jumps() {
        var driver = Driver(size: Self.small)
        driver.answerPage(1)
        driver.press(.pageDown)
        #expect(driver.state.characters.selection.selected == 12)
        driver.press(.pageUp)
        #expect(driver.state.characters.selection.selected == 0)
        driver.press(.end)
        #expect(driver.state.characters.selection.selected == 19)
        driver.press("g")
        #expect(driver.state.characters.selection.selected == 0)
        driver.press("G")
        #expect(driver.state.characters.selection.selected == 19)
        driver.press(.home)
        #expect(driver.state.characters.selection.selected == 0)
    }

    @Test("Reaching the last loaded row reads the next page, localFirst")
    func pagingAtTheEnd() {
        var driver = Driver(size: Self.small)
        driver.answerPage(1)
        #expect(driver.state.characters.loading.isEmpty)
        // WHEN the selection reaches row 20 of 20
        driver.press("G")
        // THEN page 2 is read
        #expect(driver.effects.shapes == [.run(key: "page-2")])
        #expect(driver.state.characters.loading == [2: .localFirst])
        // AND when it arrives the list has 40 rows and the selection stays put
        driver.answerPage(2)
        #expect(driver.state.characters.rowCount == 40)
        #expect(driver.state.characters.selection.selected == 19)
    }

    @Test("Moving past the end while the next page loads starts no second read and loses no key")
    func keysDuringLoad() {
        var driver = Driver(size: Self.small)
        driver.answerPage(1)
        driver.press("G")
        #expect(driver.state.characters.loading == [2: .localFirst])
        // WHEN j is pressed three times while page 2 is in flight
        for _ in 0..<3 {
            driver.press("j")
            // THEN no duplicate read starts
            #expect(driver.effects.isEmpty)
        }
        #expect(driver.state.characters.pendingAdvance == 3)
        // AND when page 2 arrives the selection moves on by the three presses
        driver.answerPage(2)
        #expect(driver.state.characters.selection.selected == 22)
        #expect(driver.state.characters.pendingAdvance == 0)
    }

    @Test("info.pages tells when to stop")
    func stopsAtTheLastPage() {
        var driver = Driver(size: Self.small)
        driver.answerPage(1)
        for number in 2...4 {
            driver.press("G")
            #expect(driver.effects.shapes == [.run(key: "page-\(number)")])
            driver.answerPage(number)
        }
        // WHEN the last of 66 rows is reached
        driver.press("G")
        // THEN nothing more is read
        #expect(driver.state.characters.rowCount == 66)
        #expect(driver.state.characters.selection.selected == 65)
        #expect(driver.effects.isEmpty)
        #expect(!driver.state.characters.hasMorePages)
    }

    @Test("A tall list reads pages until its rows fill the screen")
    func fillsTallScreens() {
        // GIVEN 100×30, which shows 25 rows
        var driver = Driver(size: TerminalSize(width: 100, height: 30))
        // WHEN page 1 (20 rows) arrives THEN page 2 is read at once
        let effects = driver.answerPage(1)
        #expect(effects.shapes == [.run(key: "page-2")])
        // AND with 40 rows the screen is full: no page 3
        #expect(driver.answerPage(2).isEmpty)
    }

    @Test("A resize keeps the selection visible and may read more")
    func resize() {
        var driver = Driver(size: Self.small)
        driver.answerPage(1)
        driver.press("G")
        driver.answerPage(2)
        // WHEN the terminal grows to 60 rows (57 visible) THEN page 3 is read to fill it
        let effects = driver.send(.input(.resize(TerminalSize(width: 80, height: 60))))
        #expect(effects.shapes == [.run(key: "page-3")])
        #expect(driver.state.size == TerminalSize(width: 80, height: 60))
    }

    @Test("q quits; ? opens the help, and any key closes it without acting")
    func quitAndHelp() {
        var driver = Driver(size: Self.small)
        driver.answerPage(1)
        driver.press("?")
        #expect(driver.state.showsHelp)
        // WHEN q is pressed with the help open THEN the help closes and nothing else happens
        #expect(driver.press("q").isEmpty)
        #expect(!driver.state.showsHelp)
        // WHEN q is pressed again THEN the browser quits
        #expect(driver.press("q").shapes == [.quit])
    }
}
