@testable import BrowserApp
import ExplorerData
import RepositoryCore
import RickAndMortyModel
import TerminalUI
import Testing

@Suite("The character detail")
struct DetailTests {
    @Test(
        "Enter opens the selected character's detail and reads it, then shows its episodes by code and name")
    func opens() throws {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        driver.press("j")
        // WHEN Enter is pressed on Morty
        let effects = driver.press(.enter)
        // THEN his detail reads him, localFirst, named by the list until read
        let detail = try #require(driver.state.detail)
        #expect(driver.state.screen == .detail)
        #expect(detail.characterID == 2 && detail.crumb == "Morty Smith")
        #expect(effects.shapes == [.run(key: detail.entityTaskKey)])
        #expect(driver.state.loads.detail == .localFirst)
        // WHEN the answers arrive THEN the episodes are shown by title and nothing is loading
        driver.answerDetail()
        #expect(driver.state.detail?.episodeTitles.count == SampleData.character(2).episodeIDs.count)
        #expect(driver.state.detail?.episodeTitles.first == "S01E01 Pilot")
        #expect(driver.state.loads.detail == nil)
        let frame = driver.frame.joined(separator: "\n")
        #expect(frame.contains("Character 2 · Morty Smith"))
        #expect(frame.contains("Species   Human") && frame.contains("S01E01    Pilot"))
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
            // THEN it sent one message: the character (from memory: the page stored it), his
            // episodes' titles, and the episodes' read to record after his
            typealias Own = ExplorerDetailScreen.Message
            let own = messages.compactMap { $0.own(Own.self) }
            #expect(own.count == 1)
            guard case .entity(let read, let tree, let titles, let recorded)? = own.first else {
                Issue.record("expected the character with his episodes' titles")
                return
            }
            #expect(read.policy == .localFirst && (try? read.result.get())?.origin == .memory)
            #expect(tree?.boxTitle == "Character 1 · Rick Sanchez")
            let rick = SampleData.character(1)
            #expect(titles.count == rick.episodeIDs.count && titles.allSatisfy { $0.title?.hasPrefix("S0") == true })
            let episodes = try #require(recorded.first)
            #expect(recorded.count == 1)
            #expect(episodes.event.query == QueryText.episodes(rick.episodeIDs) && episodes.event.origin == .repository(.network))
            // AND once applied they are reported in order (by the calls `update` returns)
            #expect(fixture.events.all.map(\.query) == ["page 1"])
            for message in messages {
                _ = browser.update(state: &state, event: .message(message)).performingCalls()
            }
            #expect(
                fixture.events.all.map(\.query) == [
                    "page 1", "character 1", QueryText.episodes(rick.episodeIDs),
                ])
            // AND the network answered twice in all: page 1, then one request for all 31 episodes
            #expect(rick.episodeIDs.count == 31)
            #expect(state.metrics.network.hits == 2)

            // WHEN r refreshes the detail: the character and his episodes read again side by side
            let refreshed = await browser.update(state: &state, event: .input(.key(.character("r")))).runAll()
            // THEN both come back in one message, the episodes' read recorded after his
            let again = refreshed.compactMap { $0.own(Own.self) }
            #expect(again.count == 1)
            guard case .entity(let reread, _, let retitled, let rerecorded)? = again.first else {
                Issue.record("expected the character with his episodes' titles again")
                return
            }
            #expect(reread.policy == .remoteFirst && (try? reread.result.get())?.origin == .network)
            #expect(retitled.count == rick.episodeIDs.count)
            #expect(rerecorded.map(\.event.query) == [QueryText.episodes(rick.episodeIDs)])
        }
    }

    @Test("Esc and Backspace go back to the list; a read in flight is cancelled")
    func back() throws {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        driver.press(.enter)
        let key = try #require(driver.state.detail?.entityTaskKey)
        // WHEN Esc is pressed while the detail loads
        let effects = driver.press(.escape)
        // THEN the list is back and the detail task is cancelled
        #expect(driver.state.screen == .list)
        #expect(driver.state.detail == nil)
        #expect(effects.shapes == [.cancel(key: key)])
        #expect(!driver.state.loads.isBusy)
        // AND Backspace also goes back (after the detail loaded: nothing to cancel)
        driver.press(.enter)
        driver.answerDetail()
        #expect(driver.press(.backspace).isEmpty)
        #expect(driver.state.screen == .list)
    }

    @Test("A late answer for a closed detail is dropped and not reported")
    func lateAnswerDropped() throws {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        driver.press(.enter)
        driver.press(.escape)
        let reported = driver.events.all.count
        // WHEN the character's answer arrives after all
        let rick = try #require(RickAndMortyEntities.entity(SampleData.character(1)))
        driver.answerKept(rick, origin: .memory)
        // THEN nothing changes
        #expect(driver.state.detail == nil)
        #expect(driver.events.all.count == reported)
    }

    @Test("j/k move the cursor through the lines; G reaches the last episode, g the top")
    func moves() {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        driver.press(.enter)
        driver.answerDetail()
        driver.press("j")
        driver.press("j")
        #expect(driver.state.detail?.cursor.selected == 2)
        driver.press("k")
        #expect(driver.state.detail?.cursor.selected == 1)
        // WHEN moved far past the end THEN the last line is selected and on screen
        driver.press("G")
        let last = (driver.state.detail?.lines.count ?? 0) - 1
        driver.press(.pageDown)
        #expect(driver.state.detail?.cursor.selected == last && last > 20)
        #expect(driver.frame.contains { $0.contains("S03E10") })
        driver.press("g")
        #expect(driver.state.detail?.cursor.selected == 0)
    }

    @Test("n selects the origin, the location, then each episode; Enter follows the episode")
    func links() throws {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        driver.press(.enter)
        driver.answerDetail()
        driver.press("n")
        #expect(driver.state.detail?.selectedLink?.path == "origin")
        #expect(driver.state.detail?.selectedLink?.name == "Earth (C-137)")
        driver.press("n")
        #expect(driver.state.detail?.selectedLink?.path == "location")
        driver.press("n")
        #expect(driver.state.detail?.selectedLink?.path == "episode[0]")
        driver.press(.enter)
        #expect(driver.state.screen == .episode)
        #expect(driver.state.entity?.crumb == "S01E01 Pilot")
    }

    @Test("A character the cache answered in place of the server is read again, once, when it can be reached")
    func answeredInPlaceReadAgain() {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        driver.press(.enter)
        driver.answerDetail(origin: .disk, fallback: .mainUnavailable(reason: "offline"))
        driver.press("o")
        driver.press("o")
        let effects = driver.deliver(.reconnected(number: driver.state.switchSettings))
        #expect(effects.contains { if case .run(let key?) = $0.shape { key.contains("entity") } else { false } })
        #expect(driver.state.detail?.loading == .localFirst)
        #expect(driver.frame.contains { $0.contains("Rick Sanchez") }, "shown until the new answer")
        driver.answerDetail()
        #expect(driver.deliver(.reconnected(number: driver.state.switchSettings)).isEmpty)
    }

    @Test("A failed character read shows why, in the detail and a toast")
    func failure() {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        driver.press(.enter)
        let error = RickAndMortyEntities.explorerError(
            .mainUnavailable(reason: "offline"), of: .rickAndMorty(.character, id: 1))
        driver.deliver(
            ExplorerDetailScreen.Message.entity(
                ExplorerRead(policy: .localFirst, result: .failure(error), elapsed: .zero), tree: nil))
        #expect(driver.state.toast?.kind == .error)
        #expect(driver.state.toast?.message == error.description)
        #expect(error.description.contains("The server is unavailable: offline"))
        #expect(driver.frame.contains { $0.contains("could not be read") })
        #expect(!driver.state.loads.isBusy)
        #expect(driver.events.all.last?.origin == nil)
        // Back online, it is read again, without r
        driver.press("o")
        driver.press("o")
        let effects = driver.deliver(.reconnected(number: driver.state.switchSettings))
        #expect(effects.contains { if case .run(let key?) = $0.shape { key.contains("entity") } else { false } })
        #expect(!driver.frame.contains { $0.contains("could not be read") })
    }
}
