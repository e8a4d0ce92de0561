@testable import BrowserApp
import RepositoryCore
import TerminalUI
import Testing

/// The main screens as golden frames (see `GoldenFrame` for re-recording). States are built by
/// feeding `update` keys and answers from the sample, so every frame is byte-stable.
@Suite("Golden frames of the main screens")
struct GoldenFrameTests {
    /// The list after the pages it asked for arrived from the network, the selection moved down three rows.
    static func browsedList(size: TerminalSize) -> Driver {
        var driver = Driver(size: size)
        driver.answerPendingPages()
        for _ in 0..<3 { driver.press("j") }
        return driver
    }

    /// Rick Sanchez opened from the list: the character from memory, his episodes from the network.
    static func openedDetail(size: TerminalSize) -> Driver {
        var driver = Driver(size: size)
        driver.answerPendingPages()
        driver.press(.enter)
        driver.answerDetail()
        return driver
    }

    @Test("The list at 100×30, 80×24 and 200×60")
    func list() throws {
        for (size, name) in [
            ((100, 30), "list-100x30"), ((80, 24), "list-80x24"), ((200, 60), "list-200x60"),
        ] {
            let driver = Self.browsedList(size: TerminalSize(width: size.0, height: size.1))
            try GoldenFrame.check(driver.frame, named: name)
        }
    }

    @Test("The detail with episodes at 100×30 and 80×24")
    func detail() throws {
        for (size, name) in [((100, 30), "detail-100x30"), ((80, 24), "detail-80x24")] {
            let driver = Self.openedDetail(size: TerminalSize(width: size.0, height: size.1))
            try GoldenFrame.check(driver.frame, named: name)
        }
    }

    @Test("The smallest supported size, 60×16: list and detail")
    func minimum() throws {
        let size = TerminalSize(width: 60, height: 16)
        try GoldenFrame.check(Self.browsedList(size: size).frame, named: "list-60x16")
        try GoldenFrame.check(Self.openedDetail(size: size).frame, named: "detail-60x16")
    }

    @Test("The help overlay")
    func help() throws {
        var driver = Self.browsedList(size: TerminalSize(width: 100, height: 30))
        driver.press("?")
        try GoldenFrame.check(driver.frame, named: "help-100x30")
    }

    @Test("The filter prompt while typing")
    func filterPrompt() throws {
        var driver = Self.browsedList(size: TerminalSize(width: 100, height: 30))
        driver.press("/")
        driver.type("rick")
        try GoldenFrame.check(driver.frame, named: "filter-prompt-100x30")
    }

    @Test("A filter that matches nothing")
    func emptyFilter() throws {
        var driver = Self.browsedList(size: TerminalSize(width: 100, height: 30))
        driver.press("/")
        driver.type("zzz")
        driver.press(.enter)
        driver.answerPage(1, of: [])
        try GoldenFrame.check(driver.frame, named: "filter-empty-100x30")
    }

    @Test("Too small")
    func tooSmall() throws {
        let driver = Self.browsedList(size: TerminalSize(width: 50, height: 12))
        try GoldenFrame.check(driver.frame, named: "too-small-50x12")
    }

    @Test("An error toast after a failed page")
    func errorToast() throws {
        var driver = Self.browsedList(size: TerminalSize(width: 100, height: 30))
        driver.press("G")
        driver.failPage(3, with: .mainUnavailable(reason: "timed out"))
        try GoldenFrame.check(driver.frame, named: "error-toast-100x30")
    }

    @Test("Offline: a refresh served from memory with the offline error")
    func offline() throws {
        var driver = Self.browsedList(size: TerminalSize(width: 100, height: 30))
        driver.press("o")
        driver.press(.escape)
        driver.press("r")
        for number in driver.state.characters.loading.keys.sorted() {
            driver.answerPage(number, origin: .memory, fallback: .mainUnavailable(reason: "offline"))
        }
        try GoldenFrame.check(driver.frame, named: "offline-100x30")
    }
}
