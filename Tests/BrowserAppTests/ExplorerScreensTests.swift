@testable import BrowserApp
import ExplorerData
import ExplorerModel
import RepositoryCore
import TerminalUI
import Testing

/// The explorer's screens driven by hand: the list as a window over pages, the detail as a tree
/// that folds with its links, the picker, `1`–`3`; answers delivered as the reads would.
@Suite("Explorer screens")
struct ExplorerScreensTests {
    static func list(_ driver: Driver) -> ListScreen? { driver.state.screens.last as? ListScreen }
    static func detail(_ driver: Driver) -> ExplorerDetailScreen? {
        driver.state.screens.last as? ExplorerDetailScreen
    }

    @Test("The list starts on the first resource reading page 1, shows its rows at once and its count")
    func listFirstPage() {
        var driver = Driver(explorer: nil)
        #expect(driver.effects.shapes.contains(.run(key: "page-1")))
        #expect(Self.list(driver)?.list.loading[1] == .localFirst)
        driver.answerExplorerPage(1)
        let frame = driver.frame.joined(separator: "\n")
        #expect(frame.contains("people 1/82"))
        #expect(frame.contains("Person 1"))
        #expect(driver.state.latest?.query == "people page 1")
        #expect(driver.state.latest?.origin == .repository(.network))
        // AND the answers by source count it, with no Rick and Morty kind
        #expect(driver.state.tally.count(.network) == 1)
        #expect(driver.frame.contains { $0.contains("network") && $0.contains(" 1 ") })
    }

    @Test("While exploring, ? on the Cache screen lists 1–3 and : too; without an API it does not")
    func helpListsExplorerMoves() {
        var exploring = Driver(explorer: nil, size: TerminalSize(width: 120, height: 50))
        exploring.answerExplorerPage(1)
        exploring.press("4")
        exploring.press("?")
        let help = exploring.frame.joined(separator: "\n")
        #expect(help.contains("the API's first three resources"))
        #expect(help.contains("pick any resource"))
        var plain = Driver(size: TerminalSize(width: 120, height: 50))
        plain.press("4")
        plain.press("?")
        #expect(plain.state.showsHelp)
        #expect(!plain.frame.joined(separator: "\n").contains("pick any resource"))
    }

    @Test("G goes to the end of the list and reads only the pages in view there; g back to the top")
    func windowEnd() {
        var driver = Driver(explorer: nil)
        driver.answerExplorerPage(1)
        driver.answerExplorerPage(2)
        driver.answerExplorerPage(3)
        let effects = driver.press("G")
        #expect(Self.list(driver)?.list.selection.selected == 81)
        let keys = effects.compactMap { if case .run(let key?) = $0.shape { key } else { nil } }
        #expect(keys.contains("page-9"))
        #expect(!keys.contains("page-5"))
        for page in 6...9 where Self.list(driver)?.list.loading[page] != nil { driver.answerExplorerPage(page) }
        #expect(driver.frame.joined(separator: "\n").contains("Person 82"))
        #expect(driver.frame.joined(separator: "\n").contains("people 82/82"))
        driver.press("g")
        #expect(Self.list(driver)?.list.selection.selected == 0)
    }

    @Test("Without the API's search, / filters the rows read so far, and the list says so")
    func localFilter() {
        var driver = Driver(explorer: nil)
        driver.answerExplorerPage(1)
        driver.answerExplorerPage(2)
        driver.press("/")
        driver.type("person 1")
        driver.press(.enter)
        let frame = driver.frame.joined(separator: "\n")
        #expect(frame.contains("Filtered over the 20 rows read so far: person 1"))
        // Person 1 and Person 10 to 19.
        #expect(Self.list(driver)?.list.shownCount == 11)
        driver.press(.escape)
        #expect(Self.list(driver)?.list.shownCount == 82)
    }

    @Test("The detail: fields as a tree, a long array's first rows and a count, links by name or title")
    func detailTree() throws {
        var driver = Driver(explorer: nil, size: TerminalSize(width: 100, height: 40))
        driver.answerExplorerPage(1)
        driver.press(.enter)
        #expect(driver.state.breadcrumb == "people › Person 1")
        let effects = driver.answerExplorerEntity()
        let detail = try #require(Self.detail(driver))
        #expect(driver.state.breadcrumb == "people › Luke Skywalker")
        let text = detail.lines.map(\.text.plainText)
        #expect(text.contains("species: Human ↗"), "a reference shows its name at once")
        #expect(text.contains("homeworld: /api/planets/1 ↗"), "a bare link shows its path until its title is read")
        #expect(text.contains { $0.contains("… 20 more") }, "a long array shows its first rows and a count")
        #expect(text.contains { $0.hasPrefix("▸ stats {2}") && $0.contains("hp: 45") } == false)
        #expect(text.filter { $0.contains("It is a period") || $0.hasPrefix("       ") }.count > 1, "a long string wraps")
        // The bare links on screen are read in the background, once.
        #expect(effects.contains { if case .run(let key?) = $0.shape { key.hasPrefix("explorer-titles") } else { false } })
        let planet = ExplorerSample.address("/api/planets/1")
        driver.deliver(
            ExplorerDetailScreen.Message.titles([LinkTitle(address: planet, outcome: .success("Tatooine"), source: .read(.network))]),
            to: ExplorerDetailScreen.self)
        #expect(driver.frame.joined(separator: "\n").contains("homeworld: Tatooine ↗"))
    }

    @Test("n selects the next link, Enter follows it, Esc goes back; Enter on a folded node opens it")
    func detailLinks() throws {
        var driver = Driver(explorer: nil, size: TerminalSize(width: 100, height: 40))
        driver.answerExplorerPage(1)
        driver.press(.enter)
        driver.answerExplorerEntity()
        driver.press("n")
        let selected = try #require(Self.detail(driver)).cursor.selected
        #expect(Self.detail(driver)?.lines[selected].link?.address == ExplorerSample.address("/api/planets/1"))
        driver.press(.enter)
        #expect(driver.state.screens.count == 3)
        #expect(Self.detail(driver)?.target == .address(ExplorerSample.address("/api/planets/1")))
        driver.press(.escape)
        #expect(driver.state.screens.count == 2)
        // `more`: Enter shows the long array's every row.
        let before = try #require(Self.detail(driver)).lines.count
        let more = try #require(Self.detail(driver)?.lines.firstIndex { $0.text.plainText.contains("more") })
        for _ in 0..<(more - selected) { driver.press("j") }
        driver.press(.enter)
        #expect(try #require(Self.detail(driver)).lines.count == before + 19)
        driver.press("G")
        #expect(Self.detail(driver)?.cursor.selected == (Self.detail(driver)?.lines.count ?? 0) - 1)
    }

    @Test("A not-found entity is one sentence on screen and a toast; the browser goes on")
    func notFound() {
        var driver = Driver(explorer: nil)
        driver.answerExplorerPage(1)
        driver.press(.enter)
        let read = ExplorerRead<ExplorerEntity>(
            policy: .localFirst, result: .failure(.notFound(url: "http://api.test/api/people/1/")),
            elapsed: .milliseconds(1))
        driver.deliver(ExplorerDetailScreen.Message.entity(read, tree: nil), to: ExplorerDetailScreen.self)
        #expect(driver.frame.joined(separator: "\n").contains("Nothing was found at http://api.test/api/people/1/"))
        driver.press(.escape)  // the toast first
        driver.press(.escape)
        driver.press("j")
        #expect(Self.list(driver)?.list.selection.selected == 1)
    }

    @Test(": opens the picker; typing narrows it; Enter shows the resource in the list under it; 1–3 switch the list")
    func pickerAndNumbers() {
        var driver = Driver(explorer: nil)
        driver.answerExplorerPage(1)
        driver.press(":")
        driver.type("fil")
        #expect((driver.state.screens.last as? ExplorerPickerScreen)?.matches.map(\.name) == ["films"])
        driver.press(.enter)
        #expect(driver.state.breadcrumb == "films")
        #expect(driver.state.screens.count == 1)
        driver.press("2")
        #expect(driver.state.breadcrumb == "planets")
        #expect(Self.list(driver)?.list.loading[1] == .localFirst)
    }

    @Test("--open RESOURCE/ID starts on the entity over its resource's list")
    func openAtStart() {
        let driver = Driver(explorer: ExplorerSession.Start(parsing: "planets/1"))
        #expect(driver.state.screens.count == 2)
        #expect(driver.state.breadcrumb == "planets › 1")
        #expect(Self.detail(driver)?.loading == .localFirst)
    }

    @Test("The tree is built once per value: an answer of the same entity keeps it and its folds")
    func treeOncePerValue() throws {
        var driver = Driver(explorer: nil)
        driver.answerExplorerPage(1)
        driver.press(.enter)
        driver.answerExplorerEntity()
        driver.press("n")
        driver.press(.enter)
        driver.press(.escape)
        let stats = try #require(Self.detail(driver)?.lines.firstIndex { $0.text.plainText.contains("stats") })
        let nodes = try #require(Self.detail(driver)?.tree?.outline.nodes.count)
        driver.press("r")
        driver.answerExplorerEntity()
        #expect(Self.detail(driver)?.tree?.outline.nodes.count == nodes)
        #expect(Self.detail(driver)?.lines.firstIndex { $0.text.plainText.contains("stats") } == stats)
    }
}
