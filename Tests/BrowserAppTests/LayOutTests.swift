@testable import BrowserApp
import TerminalUI
import Testing

/// The character's detail lays its rows out once per value, titles and width — by its read, an
/// edit's new value or a resize, never by a key or a frame — and keeps its cursor within them.
@Suite("The character detail's lines laid out once per change")
struct LayOutTests {
    @Test("Keys and frames build nothing; a new width lays the lines out once, the picture beside or above")
    func builtOncePerWidth() throws {
        let counter = ExplorerBuildCount()
        try ExplorerBuildCount.$current.withValue(counter) {
            var driver = AvatarBrowserTests.opened(size: TerminalSize(width: 160, height: 30))
            AvatarBrowserTests.loaded(&driver)
            let (trees, lines) = (counter.trees, counter.lines)
            for key: Character in ["n", "n", "j", "k", "G", "g"] {
                driver.press(key)
                #expect(!driver.frame.isEmpty)
            }
            #expect(counter.trees == trees && counter.lines == lines)
            let wide = try #require(driver.state.detail)
            let area = try #require(wide.imageArea)
            #expect(wide.content.maxX < area.x, "beside the picture")
            driver.send(.input(.resize(TerminalSize(width: 60, height: 18))))
            #expect(counter.trees == trees && counter.lines == lines + 1)
            let narrow = try #require(driver.state.detail)
            let above = try #require(narrow.imageArea)
            #expect(narrow.content.y == above.maxY, "under the picture")
            #expect(driver.frame.contains { $0.contains("Species   Human") })
        }
    }

    @Test("Growing the terminal keeps the cursor on its line, within the lines")
    func resizeKeepsTheCursor() throws {
        var driver = AvatarBrowserTests.opened(size: TerminalSize(width: 60, height: 16))
        AvatarBrowserTests.loaded(&driver)
        driver.press(.end)
        let last = try #require(driver.state.detail).cursor.selected
        #expect(last > 0)
        driver.send(.input(.resize(TerminalSize(width: 150, height: 60))))
        let screen = try #require(driver.state.detail)
        #expect(screen.cursor.selected < screen.lines.count)
        #expect(driver.frame.contains { $0.contains("S03E10") }, "the last episode is still on screen")
    }
}
