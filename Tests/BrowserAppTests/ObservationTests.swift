@testable import BrowserApp
import CharacterData
import Foundation
import RepositoryCore
import RickAndMortyModel
import TerminalUI
import Testing

@Suite("An entity that changes is redrawn wherever it is shown, without a read")
struct ObservationTests {
    /// `character` under another name.
    static func renamed(_ character: ShowCharacter, to name: String) -> ShowCharacter {
        var copy = character
        copy.name = name
        return copy
    }

    @Test("r on a cast member's detail: its row in the list and in the open cast show the new value")
    func refreshReachesTheListAndTheCast() throws {
        // GIVEN Rick › his first episode › its second cast member, opened and read
        var driver = ExplorerTests.onRick()
        for _ in 0..<3 { driver.press("n") }
        driver.press(.enter)
        ExplorerTests.answerEpisode(&driver)
        driver.press("j")
        let memberID = try #require(driver.state.entity?.selectedMemberID)
        let member = try #require(SampleData.characters.first { $0.id == memberID })
        #expect(driver.state.characters.row(at: member.id - 1)?.id == String(member.id))
        driver.press(.enter)
        driver.answerDetail()
        // WHEN r answers with a new name
        driver.press("r")
        let policy = try #require(driver.state.loads.detail)
        let fresh = Self.renamed(member, to: "Mortimer Renamed")
        let effects = driver.answerKept(try #require(RickAndMortyEntities.entity(fresh)), origin: .network, policy: policy)
        // THEN nothing more is read, and the detail, the list row and the cast below show it
        #expect(effects.isEmpty)
        #expect(driver.state.detail?.character?.name == "Mortimer Renamed")
        #expect(driver.state.characters.row(at: member.id - 1)?.title == "Mortimer Renamed")
        guard let cast = driver.state.screens[2] as? ExplorerDetailScreen else {
            Issue.record("the episode is below the detail")
            return
        }
        #expect(cast.memberTitle(member.id) == "Mortimer Renamed")
        // (Backspace cancels the refresh's episodes read, still in flight)
        driver.press(.backspace)
        #expect(driver.state.screen == .episode)
        #expect(driver.frame.contains { $0.contains("Mortimer Renamed") })
        #expect(driver.press(.escape).isEmpty)
        #expect(driver.press(.escape).isEmpty)
        #expect(driver.state.screens.count == 1)
        #expect(driver.frame.contains { $0.contains("Mortimer Renamed") })
    }

    @Test("Change messages replace list rows, an open episode and a detail's episodes; a removal keeps them")
    func changeMessages() throws {
        var driver = ExplorerTests.onRick()
        let rick = SampleData.character(1)
        let metadata = EntryMetadata(storedAt: SampleData.storedAt)
        // a character change: its detail (on top) and its list row
        let effects = driver.deliver(
            .characterChanged(
                EntityChange(
                    id: "1",
                    entry: Entry(
                        value: Self.renamed(rick, to: "Rick Renamed"), metadata: metadata, origin: .network),
                    cause: .otherProcess)))
        #expect(effects.isEmpty)
        #expect(driver.state.detail?.character?.name == "Rick Renamed")
        #expect(driver.state.characters.row(at: 0)?.title == "Rick Renamed")
        // a removal (no new value) keeps what is shown
        driver.deliver(.characterChanged(EntityChange(id: "1", entry: nil, cause: .removed)))
        #expect(driver.state.characters.row(at: 0)?.title == "Rick Renamed")
        // an episode change: the detail's episode row, then the open episode
        var pilot = try #require(SampleData.episodes(of: 1).first)
        pilot.name = "Pilot Renamed"
        driver.deliver(
            .episodeChanged(
                EntityChange(
                    id: String(pilot.id), entry: Entry(value: pilot, metadata: metadata, origin: .network),
                    cause: .written)
            ))
        #expect(driver.state.detail?.episodeTitles.first == "S01E01 Pilot Renamed")
        #expect(driver.frame.contains { $0.contains("Pilot Renamed") })
        for _ in 0..<3 { driver.press("n") }
        driver.press(.enter)
        ExplorerTests.answerEpisode(&driver)
        pilot.name = "Pilot Renamed Again"
        driver.deliver(
            .episodeChanged(
                EntityChange(
                    id: String(pilot.id), entry: Entry(value: pilot, metadata: metadata, origin: .network),
                    cause: .written)
            ))
        // The open episode is marked to be read again from the cache, its cast kept meanwhile
        #expect(driver.state.entity?.outdated == true)
        #expect(driver.state.entity?.memberIDs.isEmpty == false)
    }

    @Test("A page read through the repository brings a newer copy: the stream's change redraws the list")
    func streamRedrawsTheList() async throws {
        try await ServerFixture.with { fixture in
            var services = fixture.services()
            services.observesChanges = true
            let browser = CharacterBrowser(services: services)
            var state = BrowserState.initial(services: services)
            let start = browser.update(state: &state, event: .start(TerminalSize(width: 100, height: 30)))
            let keys = start.map(\.shape)
            #expect(keys.contains(.subscribe(key: CharacterBrowser.characterChangesKey)))
            #expect(keys.contains(.subscribe(key: CharacterBrowser.episodeChangesKey)))
            #expect(keys.contains(.subscribe(key: CharacterBrowser.locationChangesKey)))
            // GIVEN the list shows an older Rick (page 1 answered by hand)
            let old =
                [Self.renamed(SampleData.character(1), to: "Rick Of Yesterday")]
                + SampleData.characters.dropFirst()
            let request = PageRequest(
                kind: .character, number: 1, filters: state.characters.filter,
                generation: state.characters.generation,
                policy: try #require(state.characters.loading[1]))
            let oldPage = PageMessage.pageRead(
                request,
                ReadReport(
                    result: .success(
                        SampleData.answer(SampleData.page(1, of: old), origin: .disk, policy: .localFirst)))
            ).listMessage
            _ = browser.update(
                state: &state, event: .message(try #require(state.message(oldPage, to: ListScreen.self))))
            #expect(state.characters.row(at: 0)?.title == "Rick Of Yesterday")
            // WHEN a page read elsewhere writes the server's Rick
            let (messages, continuation) = AsyncStream<BrowserMessage>.makeStream()
            let subscription = try #require(
                start.first { $0.shape == .subscribe(key: CharacterBrowser.characterChangesKey) })
            guard case .subscribe(_, let operation) = subscription else { return }
            let listener = Task { await operation(MessageSink { continuation.yield($0) }) }
            defer { listener.cancel() }
            let page = try await services.repository.page(1, policy: .remoteFirst)
            #expect(page.value.results.first?.name == "Rick Sanchez")
            // THEN its change arrives and update shows it, with no read
            var applied = false
            for await message in messages {
                guard case .characterChanged(let change) = message, change.id == "1" else { continue }
                #expect(change.cause == .written)
                #expect(browser.update(state: &state, event: .message(message)).isEmpty)
                applied = true
                break
            }
            #expect(applied)
            #expect(state.characters.row(at: 0)?.title == "Rick Sanchez")
            var buffer = CellBuffer(size: state.size)
            browser.render(state: state, into: &buffer)
            #expect(buffer.textLines.contains { $0.contains("Rick Sanchez") })
            #expect(!buffer.textLines.contains { $0.contains("Rick Of Yesterday") })
        }
    }
}
