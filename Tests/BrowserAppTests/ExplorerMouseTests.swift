@testable import BrowserApp
import ExplorerData
import ExplorerModel
import TerminalUI
import Testing

/// The mouse on the explorer's screens: a click selects a list's row (a double click opens it),
/// a detail's link (a double click follows it) or folded node (it opens), a picker's resource;
/// the wheel scrolls each. Cells are counted from 0, as `MouseEvent` counts them.
@Suite("The mouse on the explorer's screens")
struct ExplorerMouseTests {
    static func click(_ driver: inout Driver, _ column: Int, _ row: Int, double: Bool = false) {
        driver.send(.input(.mouse(MouseEvent(double ? .doubleClick : .click, column: column, row: row))))
    }

    static func wheel(_ driver: inout Driver, _ column: Int, _ row: Int, down: Bool = true) {
        driver.send(.input(.mouse(MouseEvent(down ? .wheelDown : .wheelUp, column: column, row: row))))
    }

    static func list(_ driver: Driver) -> ListScreen? { driver.state.screens.last as? ListScreen }
    static func detail(_ driver: Driver) -> ExplorerDetailScreen? {
        driver.state.screens.last as? ExplorerDetailScreen
    }

    /// The screen row of the detail's line whose text starts (after its indent) with `prefix`.
    static func row(of prefix: String, in detail: ExplorerDetailScreen) -> Int? {
        let top = detail.cursor.clamped(rowCount: detail.lines.count, visibleRows: detail.visibleLines).offset
        guard let index = detail.lines.firstIndex(where: {
            $0.text.plainText.trimmingCharacters(in: .whitespaces).hasPrefix(prefix)
        }) else { return nil }
        return detail.content.y + index - top
    }

    @Test("A click selects the list's row under it; one on the header selects nothing; a double click opens it")
    func listClicks() throws {
        var driver = Driver(explorer: nil)
        driver.answerExplorerPage(1)
        let rows = driver.state.layout.listRows
        Self.click(&driver, rows.x + 5, rows.y + 2)
        #expect(Self.list(driver)?.list.selection.selected == 2)
        #expect(driver.frame.joined(separator: "\n").contains("people 3/82"))
        Self.click(&driver, rows.x + 5, driver.state.layout.listHeader.y)
        #expect(Self.list(driver)?.list.selection.selected == 2)
        Self.click(&driver, rows.x + 5, rows.y + 4, double: true)
        #expect(driver.state.screens.count == 2)
        #expect(Self.detail(driver)?.target == .address(ExplorerSample.address("/api/people/5")))
    }

    @Test("The wheel scrolls the list three rows a notch and reads the page that comes into view")
    func listWheel() throws {
        var driver = Driver(explorer: nil)
        driver.answerExplorerPage(1)
        let rows = driver.state.layout.listRows
        // Rows 1–25 show (pages 1–3); page 4 is not read until the view reaches it.
        #expect(rows.height == 25 && Self.list(driver)?.list.loading[4] == nil)
        var effects: [Effect<BrowserMessage>] = []
        for _ in 0..<3 {
            Self.wheel(&driver, rows.x + 5, rows.y + 3)
            effects += driver.effects
        }
        let list = try #require(Self.list(driver))
        #expect(list.list.selection.offset == 9)
        #expect(list.list.selection.selected == 9, "the selection moves with the view's top edge")
        #expect(effects.contains { if case .run(let key?) = $0.shape { key.hasSuffix("page-4") } else { false } })
        Self.wheel(&driver, rows.x + 5, rows.y + 3, down: false)
        #expect(Self.list(driver)?.list.selection.offset == 6)
    }

    @Test("On the detail a click selects a link, a double click follows it; a click opens a folded node, ▾ folds it")
    func detailClicks() throws {
        var driver = Driver(explorer: nil, size: TerminalSize(width: 100, height: 40))
        driver.answerExplorerPage(1)
        driver.press(.enter)
        driver.answerExplorerEntity()
        var detail = try #require(Self.detail(driver))
        let x = detail.content.x
        // The homeworld link: selected by a click, followed by a double click.
        let homeworld = try #require(Self.row(of: "homeworld:", in: detail))
        Self.click(&driver, x + 14, homeworld)
        detail = try #require(Self.detail(driver))
        #expect(detail.lines[detail.cursor.selected].link?.address == ExplorerSample.address("/api/planets/1"))
        #expect(driver.state.screens.count == 2)
        Self.click(&driver, x + 14, homeworld, double: true)
        #expect(Self.detail(driver)?.target == .address(ExplorerSample.address("/api/planets/1")))
        driver.press(.escape)
        // A click on the open `stats` node's ▾ folds it; a click on its line opens it again.
        detail = try #require(Self.detail(driver))
        let count = detail.lines.count
        let stats = try #require(Self.row(of: "▾ stats", in: detail))
        Self.click(&driver, x + 8, stats)
        #expect(Self.detail(driver)?.lines.count == count, "a click off the marker leaves an open node open")
        Self.click(&driver, x, stats)
        detail = try #require(Self.detail(driver))
        #expect(detail.lines.count == count - 2)
        #expect(try Self.row(of: "▸ stats", in: #require(Self.detail(driver))) == stats)
        Self.click(&driver, x + 8, stats)
        #expect(Self.detail(driver)?.lines.count == count)
        // A double click on a folded node opens it and never folds an open one.
        Self.click(&driver, x, stats)
        Self.click(&driver, x, stats, double: true)
        Self.click(&driver, x, stats, double: true)
        #expect(Self.detail(driver)?.lines.count == count)
    }

    @Test("A click on `… N more` shows the rest; the wheel scrolls the detail")
    func detailMoreAndWheel() throws {
        var driver = Driver(explorer: nil, size: TerminalSize(width: 100, height: 40))
        driver.answerExplorerPage(1)
        driver.press(.enter)
        driver.answerExplorerEntity()
        var detail = try #require(Self.detail(driver))
        let count = detail.lines.count
        let more = try #require(Self.row(of: "… 20 more", in: detail))
        Self.click(&driver, detail.content.x + 4, more)
        detail = try #require(Self.detail(driver))
        #expect(detail.lines.count == count + 19)
        Self.wheel(&driver, detail.content.x + 4, detail.content.y)
        Self.wheel(&driver, detail.content.x + 4, detail.content.y)
        detail = try #require(Self.detail(driver))
        #expect(detail.cursor.offset == 6)
    }

    @Test("In the picker a click selects a resource, a double click shows it in the list under it")
    func pickerClicks() throws {
        var driver = Driver(explorer: nil)
        driver.answerExplorerPage(1)
        driver.press(":")
        let rows = driver.state.layout.listRows
        Self.click(&driver, rows.x + 3, rows.y + 2)
        #expect((driver.state.screens.last as? ExplorerPickerScreen)?.list.selected == 2)
        Self.click(&driver, rows.x + 3, driver.state.layout.listHeader.y)
        #expect((driver.state.screens.last as? ExplorerPickerScreen)?.list.selected == 2)
        Self.click(&driver, rows.x + 3, rows.y + 1, double: true)
        #expect(driver.state.screens.count == 1)
        #expect(driver.state.breadcrumb == ExplorerSample.resourceNames[1])
    }

    @Test("The wheel scrolls the picker's resources three a notch, the selection kept in view")
    func pickerWheel() throws {
        let driver = Driver(explorer: nil)
        let layout = BrowserLayout(size: TerminalSize(width: 100, height: 30))
        let resources = (1...60).map {
            ExplorerResource(name: "resource\($0)", collection: ExplorerSample.base.appendingPathComponent("r\($0)/"))
        }
        var picker = ExplorerPickerScreen(resources: resources)
        picker.layOut(layout)
        var context = ScreenContext(services: driver.browser.services, layout: layout, isOnTop: true)
        let rows = layout.listRows
        for _ in 0..<2 {
            _ = picker.perform(.scroll(rows: 3, column: rows.x + 3, row: rows.y), context: &context)
        }
        #expect(picker.list.offset == 6 && picker.list.selected == 6)
        _ = picker.perform(.scroll(rows: -3, column: rows.x + 3, row: rows.y), context: &context)
        #expect(picker.list.offset == 3 && picker.list.selected == 6)
    }
}
