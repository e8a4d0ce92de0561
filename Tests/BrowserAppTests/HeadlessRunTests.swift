@testable import BrowserApp
import Foundation
import TerminalUI
import Testing

@Suite("Whole runs on the headless terminal against the embedded server")
struct HeadlessRunTests {
    @Test("j j enter r esc q: list from the network, detail from memory, refresh from the network")
    func browseOpenRefresh() async throws {
        try await ServerFixture.with { fixture in
            // GIVEN a browser over the embedded server on a scripted 100×30 terminal
            let backend = try HeadlessBackend(
                size: TerminalSize(width: 100, height: 30), keyScript: "j j enter r esc q")
            // WHEN the script runs
            let final = try await CharacterBrowser(services: fixture.services()).run(on: backend)
            // THEN the pages came from the network, Summer from memory (the page stored her),
            // her episodes in one request from the network, and r reread both remoteFirst
            let events = fixture.events.all
            let summer = "character 3"
            #expect(
                events.map(\.query).filter { !$0.hasPrefix("episodes") } == [
                    "page 1", "page 2", summer, summer,
                ])
            let first = try #require(events.first)
            #expect(
                first.origin == .repository(.network) && first.policy == .cache(.localFirst)
                    && first.operation == .cacheSync)
            let opened = try #require(events.first { $0.query == summer })
            #expect(opened.origin == .repository(.memory) && opened.policy == .cache(.localFirst))
            let refreshed = try #require(events.last { $0.query == summer })
            #expect(
                refreshed.origin == .repository(.network) && refreshed.policy == .cache(.remoteFirst)
                    && refreshed.operation == .mainSync)
            let episodes = events.filter { $0.query.hasPrefix("episodes ") }
            #expect(episodes.map(\.policy) == [.cache(.localFirst), .cache(.remoteFirst)])
            #expect(events.allSatisfy { $0.error == nil && !$0.stale })
            // AND the frames show the list, then the detail with episodes, then the list again
            #expect(
                backend.frames.contains { frame in
                    frame.contains { $0.contains("Character 3 · Summer Smith") }
                        && frame.contains { $0.contains("S01E01    Pilot") }
                })
            let last = backend.lastFrame
            #expect(last.contains { $0.contains("Characters 3/40 of 66") })
            #expect(last.contains { $0.contains("policy:  remoteFirst / mainSync") })
            #expect(final.screen == .list)
            #expect(final.characters.selection.selected == 2)
        }
    }

    @Test("Offline: r serves the cached pages with the offline error; a new page fails with a toast")
    func offlineRun() async throws {
        try await ServerFixture.with { fixture in
            let backend = try HeadlessBackend(
                size: TerminalSize(width: 100, height: 30), keyScript: "o r G q")
            let final = try await CharacterBrowser(services: fixture.services()).run(on: backend)
            let events = fixture.events.all
            // THEN the refresh answered from memory with the offline error
            let refreshes = events.filter { $0.policy == .cache(.remoteFirst) }
            #expect(refreshes.map(\.query) == ["page 1", "page 2"])
            #expect(
                refreshes.allSatisfy {
                    $0.origin == .repository(.memory) && $0.error == "The server is unavailable: offline."
                })
            // AND G's page 3 failed, shown in a toast, with OFFLINE in the title
            let failed = try #require(events.last)
            #expect(failed.query == "page 3" && failed.origin == nil)
            #expect(!final.isOnline)
            #expect(backend.lastFrame[0].hasSuffix("OFFLINE"))
            #expect(
                backend.lastFrame.contains {
                    $0.contains("Could not load page 3: The server is unavailable: offline.")
                })
        }
    }

    @Test("/ rick enter: the server filters by name")
    func nameFilter() async throws {
        try await ServerFixture.with { fixture in
            let backend = try HeadlessBackend(
                size: TerminalSize(width: 80, height: 24), keyScript: "/ text:rick enter q")
            let final = try await CharacterBrowser(services: fixture.services()).run(on: backend)
            #expect(fixture.events.all.last?.query == "page 1 (name=rick)")
            #expect(final.characters.rowCount > 0)
            #expect(
                (0..<final.characters.rowCount).compactMap(final.characters.row(at:)).allSatisfy {
                    $0.title.localizedCaseInsensitiveContains("rick")
                })
            #expect(backend.frames.contains { $0.last?.hasPrefix("Filter by name: rick") == true })
        }
    }

    @Test("A terminal below 60×16 shows the too-small screen until it grows")
    func tooSmall() async throws {
        try await ServerFixture.with { fixture in
            let backend = try HeadlessBackend(
                size: TerminalSize(width: 40, height: 10), keyScript: "resize:100x30 q")
            _ = try await CharacterBrowser(services: fixture.services()).run(on: backend)
            #expect(backend.frames.first?.contains { $0.contains("need 60×16, have 40×10") } == true)
            #expect(backend.lastFrame.contains { $0.contains("Rick Sanchez") })
        }
    }
}
