@testable import BrowserApp
import TerminalUI
import Testing

/// Each screen's geometry is built once per change of its state or of the layout, by the app's
/// `layOut` call after the screen's own call, and `render` reads that one.
@Suite("Geometry laid out once per state change")
struct LayOutTests {
    /// The character detail on top of `driver`'s stack.
    static func detail(_ driver: Driver) throws -> CharacterDetailScreen {
        try #require(driver.state.stack.last?.screen as? CharacterDetailScreen)
    }

    @Test("After a key, an answer and a resize, the detail's geometry is kept for the layout of now")
    func keptAfterEveryCall() throws {
        var driver = AvatarBrowserTests.opened(size: TerminalSize(width: 100, height: 20))
        #expect(try Self.detail(driver).laidOut.isKept(for: driver.state.layout))
        AvatarBrowserTests.loaded(&driver)
        #expect(try Self.detail(driver).laidOut.isKept(for: driver.state.layout))
        driver.press("n")
        #expect(try Self.detail(driver).laidOut.isKept(for: driver.state.layout))
        let before = driver.state.layout
        driver.send(.input(.resize(TerminalSize(width: 70, height: 18))))
        let screen = try Self.detail(driver)
        #expect(!screen.laidOut.isKept(for: before))
        #expect(screen.laidOut.isKept(for: driver.state.layout))
    }

    @Test("A change of the detail forgets the geometry; the kept one matches a fresh build")
    func changeForgets() throws {
        var driver = AvatarBrowserTests.opened(size: TerminalSize(width: 100, height: 20))
        AvatarBrowserTests.loaded(&driver)
        var screen = try Self.detail(driver)
        let layout = driver.state.layout
        let kept = screen.geometry(in: layout)
        let fresh = DetailGeometry(layout: layout, detail: screen.detail, isLoading: screen.loading != nil)
        #expect(kept.content == fresh.content && kept.avatar == fresh.avatar && kept.linkFields == fresh.linkFields)
        screen.detail.avatar = nil
        #expect(!screen.laidOut.isKept(for: layout))
        screen.layOut(layout)
        #expect(screen.laidOut.isKept(for: layout))
        #expect(screen.geometry(in: layout).avatar == nil)
    }

    @Test("Growing the terminal keeps a scrolled detail's offset within its content")
    func resizeClampsScroll() throws {
        var driver = AvatarBrowserTests.opened(size: TerminalSize(width: 60, height: 16))
        AvatarBrowserTests.loaded(&driver)
        driver.press(.end)
        let scrolled = try Self.detail(driver).detail.scrollOffset
        #expect(scrolled > 0)
        driver.send(.input(.resize(TerminalSize(width: 150, height: 60))))
        let screen = try Self.detail(driver)
        #expect(screen.detail.scrollOffset == screen.geometry(in: driver.state.layout).maxScrollOffset)
        #expect(screen.detail.scrollOffset < scrolled)
    }
}
