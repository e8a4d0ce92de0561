@testable import BrowserApp
import RepositoryCore
import RickAndMortyModel
import TerminalUI
import Testing

@Suite("Rendering the browser into a cell buffer")
struct RenderTests {
    /// The x of the first cell of `text` in row `y`, counting columns (wide glyphs take two).
    static func column(of text: String, in buffer: CellBuffer, row y: Int) -> Int? {
        let line = buffer.textLines[y]
        guard let range = line.range(of: text) else { return nil }
        return DisplayWidth.of(String(line[..<range.lowerBound]))
    }

    @Test("The selected row is reverse video; Alive is green, Dead red, unknown dim")
    func rowStyles() throws {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(3)  // not in flight: ignored
        driver.answerPage(1)
        driver.press("j")
        let buffer = driver.rendered
        // Row 0 of the list is y = 3 (title, box top, header); Morty (selected) is y = 4.
        let rickRow = 3
        let mortyRow = 4
        #expect(buffer.textLines[mortyRow].contains("Morty Smith"))
        #expect(buffer[5, mortyRow]?.style.reverse == true)
        #expect(buffer[5, rickRow]?.style.reverse == false)
        let statusX = try #require(Self.column(of: "Alive", in: buffer, row: rickRow))
        #expect(buffer[statusX, rickRow]?.style.foreground == .green)
        let birdperson = 6 + 3  // id 7
        let deadX = try #require(Self.column(of: "Dead", in: buffer, row: birdperson))
        #expect(buffer[deadX, birdperson]?.style.foreground == .red)
    }

    @Test("Every frame drawn with remembered panes equals the frame drawn afresh, step after step")
    func rememberedPanesDrawWhatRenderingDraws() {
        var driver = Driver(size: TerminalSize(width: 120, height: 30))
        var checked = 0
        func check(_ step: String) {
            // A new browser remembers nothing: it renders every pane.
            var fresh = CellBuffer(size: driver.state.size)
            CharacterBrowser(services: driver.browser.services).render(state: driver.state, into: &fresh)
            for pass in ["drawn once", "drawn twice"] {
                let remembered = driver.rendered
                let same = remembered == fresh
                let row = (0..<fresh.height).first { y in
                    (0..<fresh.width).contains { x in remembered[x, y] != fresh[x, y] }
                }
                #expect(
                    same,
                    "after \(step), \(pass): row \(row ?? -1) is \(row.map { remembered.textLines[$0] } ?? "")"
                )
            }
            checked += 1
        }
        check("start")
        driver.answerPage(1)
        check("page 1")
        for key: Key in [.character("j"), .character("j"), .character("k"), .pageDown, .end, .home] {
            driver.press(key)
            check("\(key)")
            driver.answerPendingPages()
            check("\(key), pages answered")
        }
        driver.press(.enter)
        check("enter")
        driver.answerDetail()
        check("detail answered")
        for key: Key in [
            .character("n"), .character("n"), .character("n"), .character("p"), .character("j"),
            .character("k"),
        ] {
            driver.press(key)
            check("\(key) in the detail")
        }
        driver.press(.escape)
        check("esc")
        driver.press("o")
        check("offline")
        driver.press("2")
        check("episode list")
        driver.press("1")
        check("character list again")
        _ = driver.send(.input(.resize(TerminalSize(width: 90, height: 24))))
        check("resize")
        driver.press("j")
        check("j after resize")
        #expect(checked == 28)
    }

    @Test("Unknown status is dim")
    func unknownDim() throws {
        var driver = Driver(size: NavigationTests.small)
        let toxic = SampleData.characters.filter { $0.status == .unknown }
        driver.answerPage(1, of: toxic)
        let buffer = driver.rendered
        let x = try #require(Self.column(of: "unknown", in: buffer, row: 3))
        #expect(buffer[x, 3]?.style.dim == true)
    }

    @Test("Wide characters never break the columns")
    func wideCharacters() throws {
        // GIVEN names of double-width characters and combining marks
        var characters = Array(SampleData.characters.prefix(3))
        characters[0].name = "リック・サンチェス"
        characters[1].name = "Señor Morty 🧪🧪🧪🧪🧪🧪🧪🧪🧪🧪🧪🧪🧪🧪🧪🧪🧪🧪🧪🧪🧪🧪"
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1, of: characters)
        let buffer = driver.rendered
        // THEN the status column starts at the same column on every row
        let columns = try (3...5).map { row in try #require(Self.column(of: "Alive", in: buffer, row: row)) }
        #expect(Set(columns).count == 1)
        #expect(buffer.textLines[4].contains("…"))
    }

    @Test("Control characters never reach the grid")
    func controls() {
        var characters = Array(SampleData.characters.prefix(1))
        characters[0].name = "Evil\u{1B}[2J Morty\u{07}"
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1, of: characters)
        let scalars = driver.rendered.cells.flatMap { Array($0.text.unicodeScalars) }
        #expect(!scalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    }

    @Test("Wide terminals put the status on the right, narrow ones at the bottom")
    func layouts() {
        let wide = BrowserLayout(size: TerminalSize(width: 100, height: 30))
        #expect(wide.isWide)
        #expect(wide.status.x > wide.main.x && wide.status.y == wide.main.y)
        #expect(wide.counters != nil && wide.recent != nil)
        let narrow = BrowserLayout(size: TerminalSize(width: 80, height: 24))
        #expect(!narrow.isWide)
        #expect(narrow.status.y == narrow.main.maxY && narrow.status.width == 80)
        #expect(narrow.counters == nil)
    }

    @Test("The status pane names the source, policy / operation, latency, age and freshness")
    func statusPane() {
        var driver = Driver(size: TerminalSize(width: 100, height: 30))
        driver.answerPendingPages()
        driver.press("r")
        driver.answerPage(1, origin: .revalidated)
        let frame = driver.frame
        #expect(frame.contains { $0.contains("asked:   page 1") })
        #expect(frame.contains { $0.contains("source:  revalidated") })
        #expect(frame.contains { $0.contains("policy:  remoteFirst / mainSync") })
        #expect(frame.contains { $0.contains("latency: 12 ms") })
        #expect(frame.contains { $0.contains("age:     0 s · fresh") })
        #expect(frame.contains { $0.contains("loading: ⠋ refreshing page 2") })
        #expect(frame.contains { $0.contains("API:     https://rickandmortyapi.com/api") })
        #expect(frame.contains { $0.contains("revalidated        1") })
    }

    @Test("Ages and latencies read well")
    func formats() {
        var driver = Driver(size: TerminalSize(width: 100, height: 30))
        let request = driver.pageRequest(1)
        let answer = SampleData.answer(
            SampleData.page(1), origin: .disk, policy: .localFirst, age: 7_300, stale: true, milliseconds: 4)
        driver.deliver(.pageRead(request, ReadReport(result: .success(answer))))
        #expect(driver.frame.contains { $0.contains("age:     2 h · stale") })
        #expect(driver.frame.contains { $0.contains("latency: 4.0 ms") })
        #expect(driver.state.tally.stale == 1)
    }

    @Test("The spinner turns with ticks while something loads")
    func spinner() {
        var driver = Driver(size: TerminalSize(width: 100, height: 30))
        #expect(driver.frame[0].hasSuffix("⠋"))
        driver.send(.tick)
        #expect(driver.frame[0].hasSuffix("⠙"))
        #expect(driver.browser.wantsTicks(driver.state))
        driver.answerPendingPages()
        #expect(!driver.frame[0].contains("⠙"))
        #expect(!driver.browser.wantsTicks(driver.state))
    }

    @Test("Below 60×16 the runtime's too-small screen is shown")
    func tooSmall() {
        let driver = Driver(size: TerminalSize(width: 59, height: 16))
        #expect(driver.browser.minimumSize == TerminalSize(width: 60, height: 16))
        #expect(driver.frame.contains { $0.contains("need 60×16, have 59×16") })
    }

    @Test("Every size from the minimum up draws without a gap in the frame")
    func everySize() {
        for (width, height) in [(60, 16), (61, 17), (99, 29), (100, 30), (133, 41), (200, 60), (300, 90)] {
            var driver = Driver(size: TerminalSize(width: width, height: height))
            driver.answerPendingPages()
            driver.press(.enter)
            driver.answerDetail()
            let frame = driver.frame
            #expect(frame.count == height)
            #expect(frame[1].hasPrefix("┌ Character 1 · Rick Sanchez"))
            #expect(frame[height - 2].hasPrefix("└"))
        }
    }
}
