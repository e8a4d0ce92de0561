@testable import BrowserApp
import RepositoryCore
import RickAndMortyModel
import TerminalUI
import Testing

@Suite("The episode and location lists")
struct EntityListTests {
    @Test("2, 3, 1 and Tab switch lists; pages load, warm each entity, filter, open and come back")
    func lists() async throws {
        try await ServerFixture.with { fixture in
            let browser = CharacterBrowser(services: fixture.services())
            var state = BrowserState.initial(apiDescription: "embedded")
            await ExplorerServerTests.settle(
                browser.update(state: &state, event: .start(TerminalSize(width: 100, height: 30))),
                browser: browser, state: &state)
            func press(_ key: Key) async {
                await ExplorerServerTests.settle(
                    browser.update(state: &state, event: .input(.key(key))), browser: browser, state: &state)
            }
            await press(.character("2"))
            #expect(state.activeList == .episode)
            #expect(state.episodes.row(at: 0)?.title.hasPrefix("S01E01 ") == true)
            #expect(state.episodes.totalCount == SampleData.dataset.episodes.count)
            #expect(fixture.events.all.last?.kind == .episode)
            #expect(state.breadcrumb == "Episodes")
            // Moving to the end loads the next page
            await press(.character("G"))
            #expect(state.episodes.rowCount == SampleData.dataset.episodes.count)
            await press(.character("g"))
            // Enter opens the episode: a memory hit, the page warmed it
            await press(.enter)
            #expect(state.screen == .episode)
            let episodeEvent = try #require(fixture.events.all.last { $0.query == "episode 1" })
            #expect(episodeEvent.origin == .repository(.memory))
            #expect(state.breadcrumb == "Episodes › S01E01 Pilot")
            let before = fixture.events.all.count
            #expect(browser.update(state: &state, event: .input(.key(.escape))).isEmpty)
            #expect(state.screen == .list && state.activeList == .episode)
            #expect(fixture.events.all.count == before)
            // A filter by episode code
            await press(.character("/"))
            for character in "episode=S02" { await press(.character(character)) }
            await press(.enter)
            #expect(state.episodes.filter == ["episode": "S02"])
            #expect(state.episodes.rowCount > 0)
            let rows = (0..<state.episodes.rowCount).compactMap(state.episodes.row(at:))
            #expect(rows.allSatisfy { $0.title.hasPrefix("S02") })
            // Esc clears it
            await press(.escape)
            #expect(state.episodes.filter.isEmpty)
            // Tab to locations, then back to characters with 1
            await press(.tab)
            #expect(state.activeList == .location)
            #expect(state.locations.rowCount > 0)
            #expect(fixture.events.all.last?.kind == .location)
            await press(.character("1"))
            #expect(state.activeList == .character)
            #expect(state.breadcrumb == "Characters")
            #expect(state.tally.count(.location, .network) >= 1)
        }
    }

    @Test("A failed page of the episode list is a toast; the list stays usable and the other lists work")
    func failedPage() {
        var driver = Driver(size: TerminalSize(width: 100, height: 30))
        driver.answerPage(1)
        let effects = driver.press("2")
        #expect(
            effects.shapes == [.cancel(key: "page-2"), .run(key: "page-1")],
            "the characters' read of page 2 stops; it is read again when they are back")
        let request = PageRequest(
            kind: .episode, number: 1, filters: [:], generation: driver.state.episodes.generation,
            policy: .localFirst)
        driver.deliver(
            .pageRead(
                request, ReadReport<Page<Episode>>(result: .failure(.mainUnavailable(reason: "HTTP 500")))))
        #expect(driver.state.episodes.loading.isEmpty)
        #expect(driver.state.toast?.kind == .error)
        #expect(driver.state.tally.count(.episode, nil) == 1)
        #expect(driver.frame.contains { $0.contains("Nothing loaded. Press r to retry.") })
        // r retries, remoteFirst, as on every list (the refresh task of the list)
        #expect(driver.press("r").shapes == [.run(key: "refresh")])
        #expect(driver.state.episodes.loading[1] == .remoteFirst)
        // 1 goes back to the characters as they were
        driver.press("1")
        #expect(driver.state.activeList == .character)
        #expect(driver.state.characters.rowCount == 20)
    }

    @Test("Back online, a list that loaded nothing is read again, without r; not when o was pressed again meanwhile")
    func readAgainOnline() {
        var driver = Driver(size: TerminalSize(width: 100, height: 30))
        driver.answerPage(1)
        driver.press("o")
        driver.press("2")
        let request = PageRequest(
            kind: .episode, number: 1, filters: [:], generation: driver.state.episodes.generation,
            policy: .localFirst)
        let offline = ReadReport<Page<Episode>>(result: .failure(.mainUnavailable(reason: "offline")))
        driver.deliver(.pageRead(request, offline))
        #expect(driver.frame.contains { $0.contains("Nothing loaded. Press r to retry.") })
        // GIVEN the switch turned on, then off again before it was set: that setting's news is old
        driver.press("o")
        let late = driver.state.switchSettings
        driver.press("o")
        #expect(driver.deliver(.reconnected(number: late)).isEmpty)
        // WHEN it is on again and set THEN the list reads its first page, cache first
        driver.press("o")
        let effects = driver.deliver(.reconnected(number: driver.state.switchSettings))
        #expect(effects.shapes == [.run(key: "page-1")])
        #expect(driver.state.episodes.loading[1] == .localFirst)
        #expect(!driver.frame.contains { $0.contains("Nothing loaded") })
    }

    @Test("Back online, pages the cache answered in place of the server are read again: on top at once, else when back")
    func answeredInPlaceReadAgain() {
        var driver = Driver(size: TerminalSize(width: 100, height: 30))
        driver.press("o")
        // GIVEN page 1 answered stale from the disk because the server could not be reached (a
        // row it names may be missing), page 2 fresh from the disk
        driver.answerPage(1, origin: .disk, fallback: .mainUnavailable(reason: "offline"), stale: true)
        driver.answerPage(2, origin: .disk)
        #expect(driver.state.characters.answeredInPlace == [1])
        // WHEN the server can be reached again THEN page 1 alone is read, its rows shown meanwhile
        driver.press("o")
        let effects = driver.deliver(.reconnected(number: driver.state.switchSettings))
        #expect(effects.shapes == [.run(key: "page-1")])
        #expect(driver.state.characters.loading[1] == .localFirst)
        #expect(driver.frame.contains { $0.contains("Rick Sanchez") })
        driver.answerPage(1)
        #expect(driver.state.characters.answeredInPlace.isEmpty)
        #expect(driver.deliver(.reconnected(number: driver.state.switchSettings)).isEmpty)
        // AND a list not on top reads such a page when it is back
        driver.press("o")
        driver.press("r")
        driver.answerPage(1, origin: .disk, fallback: .mainUnavailable(reason: "offline"), stale: true)
        #expect(driver.state.characters.answeredInPlace == [1])
        driver.press("2")
        driver.press("o")
        _ = driver.deliver(.reconnected(number: driver.state.switchSettings))
        #expect(driver.state.characters.loading.isEmpty)
        driver.press("1")
        #expect(driver.state.characters.loading[1] == .localFirst)
    }

    @Test("A list left for another keeps its place; the page it was reading is read again when it is back")
    func placeKept() {
        var driver = Driver(size: TerminalSize(width: 100, height: 30))
        driver.answerPage(1)
        // (twenty rows do not fill the view: page 2 is being read)
        #expect(driver.state.characters.loading[2] == .localFirst)
        for _ in 0..<3 { driver.press("j") }
        driver.press("2")
        #expect(driver.state.activeList == .episode && driver.state.characters.loading.isEmpty)
        let back = driver.press("1")
        #expect(back.shapes == [.cancel(key: "page-1"), .run(key: "page-2")], "the episodes' read stops")
        #expect(driver.state.characters.selection.selected == 3 && driver.state.characters.rowCount == 20)
        #expect(driver.state.episodes.loading.isEmpty && driver.state.characters.loading[2] == .localFirst)
    }

    @Test("The prompt's text becomes filters: a bare word is the name, key=value pairs the rest")
    func parsesFilters() {
        func parse(_ text: String, _ kind: EntityKind) -> [String: String] {
            let resource = RickAndMortyLists.resources[EntityKind.allCases.firstIndex(of: kind) ?? 0]
            let profile = RickAndMortyLists.look(of: kind).profile
            return ExplorerListQuery(text, resource: resource, profile: profile).filters
        }
        #expect(parse("citadel", .location) == ["name": "citadel"])
        #expect(
            parse("type=Space station dimension=C-137", .location) == ["type": "Space station", "dimension": "C-137"])
        #expect(parse("type=x", .episode) == ["name": "type=x"])
        #expect(parse("   ", .episode).isEmpty)
    }

    @Test("An entity list's header stands over its cells: the id to the right, as the ids are")
    func headerOverCells() {
        func header(_ kind: EntityKind) -> String {
            ListRows.header(RickAndMortyLists.look(of: kind).columns, how: Line(""), width: 60).plainText
        }
        #expect(header(.episode).hasPrefix("  ID Code   Air date"))
        #expect(header(.location).hasPrefix("  ID Name"))
    }

    @Test("The lists' filters are those of Rick and Morty's built-in profile, in its order")
    func filtersFromTheProfile() {
        #expect(
            RickAndMortyLists.look(of: .character).profile?.filters == ["name", "status", "species", "type", "gender"])
        #expect(RickAndMortyLists.look(of: .episode).profile?.filters == ["name", "episode"])
        #expect(RickAndMortyLists.look(of: .location).profile?.filters == ["name", "type", "dimension"])
        let summary = RickAndMortyLists.summary(["gender": "Female", "name": "beth"], of: .character)
        #expect(summary == "name=beth, gender=Female")
    }
}
