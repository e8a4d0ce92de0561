@testable import BrowserApp
import RepositoryCore
import RickAndMortyModel
import TerminalUI
import Testing

@Suite("The refresh key: remoteFirst for what is on screen")
struct RefreshTests {
    @Test("r in the list rereads every page with a visible row, remoteFirst")
    func refreshesVisiblePages() {
        // GIVEN 100×30 (25 visible rows) with pages 1 and 2 loaded
        var driver = Driver(size: TerminalSize(width: 100, height: 30))
        driver.answerPendingPages()
        #expect(driver.state.characters.reachedPages == 2)
        // WHEN r is pressed
        let effects = driver.press("r")
        // THEN pages 1 and 2 are read remoteFirst, in one task (their answers arrive in order)
        #expect(effects.shapes == [.run(key: "refresh")])
        #expect(driver.state.characters.loading == [1: .remoteFirst, 2: .remoteFirst])
        #expect(driver.state.isRefreshing)
    }

    @Test("Only pages with a visible row are refreshed")
    func onlyVisiblePages() {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        driver.press("G")
        driver.answerPage(2)
        // GIVEN rows 8…20 (0-based 7…19) visible after moving to row 21 and back up 13 rows
        driver.press("j")
        for _ in 0..<13 { driver.press("k") }
        #expect(driver.state.characters.selection.offset == 7)
        // WHEN r is pressed THEN page 1 alone is refreshed (those rows are all on it)
        #expect(driver.press("r").shapes == [.run(key: "refresh")])
        #expect(driver.state.characters.loading == [1: .remoteFirst])
        // AND with rows 15…27 visible both pages are
        driver.answerPage(1)
        for _ in 0..<20 { driver.press("j") }
        #expect(driver.press("r").shapes == [.run(key: "refresh")])
        #expect(driver.state.characters.loading == [1: .remoteFirst, 2: .remoteFirst])
    }

    @Test("r during a running refresh is ignored; after it ends r works again")
    func ignoredWhileRunning() {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        driver.press("r")
        // WHEN r is pressed again while the refresh runs THEN nothing happens
        #expect(driver.press("r").isEmpty)
        #expect(driver.state.characters.loading == [1: .remoteFirst])
        // WHEN the refresh answers THEN the answer is recorded as remoteFirst / mainSync
        driver.answerPage(1)
        #expect(driver.state.latest?.policy == .cache(.remoteFirst))
        #expect(driver.state.latest?.operation == .mainSync)
        #expect(driver.press("r").shapes == [.run(key: "refresh")])
    }

    @Test("r before the first page arrives rereads it remoteFirst, replacing the navigation read")
    func refreshReplacesNavigation() {
        var driver = Driver(size: NavigationTests.small)
        let navigation = driver.pageRequest(1)
        #expect(driver.press("r").shapes == [.cancel(key: "page-1"), .run(key: "refresh")])
        #expect(driver.state.characters.loading == [1: .remoteFirst])
        // WHEN the replaced navigation read answers anyway THEN it is ignored
        driver.deliver(
            .pageRead(
                navigation,
                ReadReport(
                    result: .success(
                        SampleData.answer(SampleData.page(1), origin: .network, policy: .localFirst)))))
        #expect(driver.state.characters.rowCount == 0)
        #expect(driver.state.characters.loading == [1: .remoteFirst])
    }

    @Test("The refresh task reads the pages from the network in page order, remoteFirst")
    func refreshTaskAgainstTheServer() async throws {
        try await ServerFixture.with { fixture in
            // GIVEN pages 1 and 2 read from the embedded server on a 100×30 screen
            let browser = CharacterBrowser(services: fixture.services())
            var state = BrowserState.initial(apiDescription: "embedded")
            var effects = browser.update(state: &state, event: .start(TerminalSize(width: 100, height: 30)))
            while !effects.isEmpty {
                var next: [Effect<BrowserMessage>] = []
                for message in await effects.runAll() {
                    next += browser.update(state: &state, event: .message(message))
                }
                effects = next
            }
            #expect(state.characters.reachedPages == 2)
            // WHEN r is pressed and its task runs
            let messages = await browser.update(state: &state, event: .input(.key(.character("r")))).runAll()
            // THEN it sent page 1, then page 2, both remoteFirst answers from the network
            var numbers: [Int] = []
            for message in messages {
                guard case .page(_, _, let read)? = message.own(ListScreen.Message.self) else { continue }
                numbers.append(read.number)
                #expect(read.policy == .remoteFirst)
                #expect(read.answer.event.origin == .repository(.network))
                #expect(read.answer.event.operation == .mainSync)
            }
            #expect(numbers == [1, 2])
        }
    }

    @Test("r in the detail rereads the character and its episodes remoteFirst")
    func refreshesDetail() throws {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        driver.press(.enter)
        driver.answerDetail()
        let key = try #require(driver.state.detail?.entityTaskKey)
        #expect(driver.press("r").shapes == [.run(key: key)])
        #expect(driver.state.loads.detail == .remoteFirst)
        #expect(driver.press("r").isEmpty)
        driver.answerDetail(origin: .network)
        #expect(driver.events.all.suffix(2).map(\.policy) == [.cache(.remoteFirst), .cache(.remoteFirst)])
        #expect(driver.events.all.suffix(2).map(\.operation) == [.mainSync, .mainSync])
        #expect(!driver.state.loads.isBusy)
    }

    @Test("A refresh that fell back to the cache shows the page, the error and a warning")
    func fallback() {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        driver.press("r")
        driver.answerPage(1, origin: .memory, fallback: .mainUnavailable(reason: "offline"), stale: false)
        #expect(driver.state.latest?.origin == .repository(.memory))
        #expect(driver.state.latest?.error == "The server is unavailable: offline.")
        #expect(driver.state.toast?.kind == .warning)
        #expect(driver.state.characters.rowCount == 20)
    }
}
