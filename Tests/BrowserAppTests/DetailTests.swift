@testable import BrowserApp
import RepositoryCore
import RickAndMortyModel
import TerminalUI
import Testing

@Suite("The detail screen")
struct DetailTests {
    @Test("Enter shows the selected character at once and reads it, then its episodes, localFirst")
    func opens() {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        driver.press("j")
        // WHEN Enter is pressed on Morty
        let effects = driver.press(.enter)
        // THEN the detail shows him from the list and reads him as the task "detail", localFirst
        #expect(driver.state.screen == .detail)
        #expect(driver.state.detail?.characterID == 2)
        #expect(driver.state.detail?.character?.name == "Morty Smith")
        #expect(driver.state.detail?.episodes == nil)
        #expect(effects.shapes == [.run(key: "detail")])
        #expect(driver.state.loads.detail == .localFirst)
        // WHEN the answers arrive THEN the episodes are shown and nothing is loading
        driver.answerDetail()
        #expect(driver.state.detail?.episodes?.count == SampleData.character(2).episodeIDs.count)
        #expect(driver.state.loads.detail == nil)
    }

    @Test("The detail read goes through the repository: character from memory, episodes in one request")
    func detailReadAgainstTheServer() async throws {
        try await ServerFixture.with { fixture in
            // GIVEN a browser whose page 1 was read from the embedded server
            let browser = CharacterBrowser(services: fixture.services())
            var state = BrowserState.initial(apiDescription: "embedded")
            let start = browser.update(state: &state, event: .start(NavigationTests.small))
            for message in await start.runAll() {
                _ = browser.update(state: &state, event: .message(message)).performingCalls()
            }
            #expect(state.characters.rowCount == 20)
            // WHEN Rick is opened and the detail task runs with a collecting sink
            let messages = await browser.update(state: &state, event: .input(.key(.enter))).runAll()
            // THEN it sent the character (from memory: the page stored it) and then his episodes
            #expect(messages.count == 2)
            typealias Own = CharacterDetailScreen.Message
            guard case .characterRead(let policy, let character)? = messages.first?.own(Own.self),
                case .episodesRead(let ids, let episodesPolicy, let episodes)? = messages.last?.own(Own.self)
            else {
                Issue.record("expected the character, then the episodes")
                return
            }
            #expect(policy == .localFirst && episodesPolicy == .localFirst)
            #expect((try? character.result.get())?.origin == .memory)
            let rick = try #require(try? character.result.get()).value
            #expect(ids == rick.episodeIDs)
            let answer = try #require(try? episodes.result.get())
            #expect(answer.origin == .network)
            #expect(answer.value.map(\.id).sorted() == ids.sorted())
            // AND once applied they are reported in order (by the calls `update` returns)
            #expect(fixture.events.all.map(\.query) == ["page 1"])
            for message in messages {
                _ = browser.update(state: &state, event: .message(message)).performingCalls()
            }
            #expect(fixture.events.all.map(\.query) == ["page 1", "character 1", QueryText.episodes(ids)])
            // AND the network answered twice in all: page 1, then one request for all 31 episodes
            #expect(ids.count == 31)
            #expect(state.metrics.network.hits == 2)
        }
    }

    @Test("Esc and Backspace go back to the list; a read in flight is cancelled")
    func back() {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        driver.press(.enter)
        // WHEN Esc is pressed while the detail loads
        let effects = driver.press(.escape)
        // THEN the list is back and the detail task is cancelled
        #expect(driver.state.screen == .list)
        #expect(driver.state.detail == nil)
        #expect(effects.shapes == [.cancel(key: "detail")])
        #expect(!driver.state.loads.isBusy)
        // AND Backspace also goes back (after the detail loaded: nothing to cancel)
        driver.press(.enter)
        driver.answerDetail()
        #expect(driver.press(.backspace).isEmpty)
        #expect(driver.state.screen == .list)
    }

    @Test("A late answer for a closed detail is dropped and not reported")
    func lateAnswerDropped() {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        driver.press(.enter)
        driver.press(.escape)
        let reported = driver.events.all.count
        // WHEN the character's answer arrives after all
        let rick = SampleData.character(1)
        driver.deliver(
            .characterRead(
                policy: .localFirst,
                ReadReport(result: .success(SampleData.answer(rick, origin: .memory, policy: .localFirst)))))
        // THEN nothing changes
        #expect(driver.state.detail == nil)
        #expect(driver.events.all.count == reported)
    }

    @Test("j/k scroll the detail within its content")
    func scrolls() {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        driver.press(.enter)
        driver.answerDetail()
        driver.press("j")
        driver.press("j")
        #expect(driver.state.detail?.scrollOffset == 2)
        driver.press("k")
        #expect(driver.state.detail?.scrollOffset == 1)
        // WHEN scrolled far past the end THEN the last line sits at the bottom
        driver.press("G")
        let maximum = driver.state.detail?.scrollOffset ?? 0
        driver.press(.pageDown)
        #expect(driver.state.detail?.scrollOffset == maximum)
        #expect(maximum > 0)
        #expect(driver.frame.contains { $0.contains("S03E10") })
        driver.press("g")
        #expect(driver.state.detail?.scrollOffset == 0)
    }

    @Test("A failed character read shows a toast and keeps what the list knew")
    func failure() {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        driver.press(.enter)
        driver.deliver(
            .characterRead(
                policy: .localFirst, ReadReport(result: .failure(.mainUnavailable(reason: "offline"))))
        )
        #expect(driver.state.toast?.kind == .error)
        #expect(
            driver.state.toast?.message == "Could not load character 1: The server is unavailable: offline.")
        #expect(driver.state.detail?.character?.name == "Rick Sanchez")
        #expect(!driver.state.loads.isBusy)
        #expect(driver.events.all.last?.origin == nil)
    }
}
