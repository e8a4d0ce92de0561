@testable import BrowserApp
import Foundation
import Locking
import TerminalUI
import Testing

/// Every mouse action as a headless script types it, against the embedded server on a 100×30
/// terminal: the title on row 1, the list's box from row 2 (its header on row 3, its first row
/// on row 4), the footer on row 30 (cells counted from 1, as the tokens count them).
@Suite("The mouse in headless scripts")
struct MouseTests {
    static let size = TerminalSize(width: 100, height: 30)

    /// Runs `script` over the fixture's services (changed by `adjust`), returning the final state
    /// and the backend.
    static func run(
        _ script: String, fixture: ServerFixture, size: TerminalSize = size,
        adjust: (inout BrowserServices) -> Void = { _ in }
    ) async throws -> (BrowserState, HeadlessBackend) {
        var services = fixture.services()
        adjust(&services)
        let backend = try HeadlessBackend(size: size, keyScript: script)
        let final = try await CharacterBrowser(services: services).run(on: backend)
        return (final, backend)
    }

    @Test("A click selects the row under it; a click below the last row or on the header selects nothing")
    func clickSelects() async throws {
        try await ServerFixture.with { fixture in
            // WHEN the third row (screen row 6) is clicked
            let (final, backend) = try await Self.run("click:11,6", fixture: fixture)
            // THEN it is selected
            #expect(final.characters.selection.selected == 2)
            #expect(backend.lastFrame.contains { $0.contains("Characters 3/") })
            // AND a click on the column header changes nothing
            let (header, _) = try await Self.run("click:11,6 click:11,3", fixture: fixture)
            #expect(header.characters.selection.selected == 2)
        }
    }

    @Test("A double click opens the row under it")
    func doubleClickOpens() async throws {
        try await ServerFixture.with { fixture in
            let (final, backend) = try await Self.run("dclick:11,6", fixture: fixture)
            #expect(final.screen == .detail)
            #expect(backend.lastFrame.contains { $0.contains("Character 3 · Summer Smith") })
        }
    }

    @Test("The wheel scrolls the list three rows a notch, the selection kept in view")
    func wheelScrollsTheList() async throws {
        try await ServerFixture.with { fixture in
            let (down, _) = try await Self.run("wheel-down:11,10", fixture: fixture)
            #expect(down.characters.selection.offset == 3)
            #expect(down.characters.selection.selected == 3)
            let (back, _) = try await Self.run(
                "wheel-down:11,10 wheel-down:11,10 wheel-up:11,10", fixture: fixture)
            #expect(back.characters.selection.offset == 3)
            // The selection moved with the view's top edge down, and stays when the view goes back up
            #expect(back.characters.selection.selected == 6)
        }
    }

    @Test("The wheel scrolls a character's detail, and an episode's cast; a click selects a cast member")
    func wheelScrollsDetails() async throws {
        try await ServerFixture.with { fixture in
            // Rick's detail (51 episodes) scrolls three lines a notch
            let (detail, _) = try await Self.run("enter wheel-down:11,10", fixture: fixture)
            let rick = try #require(detail.detail)
            #expect(rick.cursor.offset == 3)
            // The first episode's cast: a click on its second member's line selects it
            let (_, shown) = try await Self.run("2 enter", fixture: fixture)
            // (the second member's line: two below the cast's heading)
            let row = try #require(shown.lastFrame.firstIndex { $0.contains("Characters  ") }) + 2
            let (cast, _) = try await Self.run("2 enter click:5,\(row + 1)", fixture: fixture)
            let episode = try #require(cast.entity)
            #expect(episode.selectedMemberID == episode.memberIDs[1])
            let (opened, _) = try await Self.run("2 enter dclick:5,\(row + 1)", fixture: fixture)
            #expect(opened.screen == .detail)
        }
    }

    @Test("A click on a character's link selects it; a double click follows it")
    func clickSelectsALink() async throws {
        try await ServerFixture.with { fixture in
            let (detail, backend) = try await Self.run("enter", fixture: fixture)
            let frame = backend.lastFrame
            let row = try #require(frame.firstIndex { $0.contains("S01E01") })
            let (clicked, _) = try await Self.run("enter click:5,\(row + 1)", fixture: fixture)
            let rick = try #require(clicked.detail)
            let selected = try #require(rick.selectedLink)
            #expect(RickAndMortyEntities.place(of: selected.address).map { $0 == (.episode, 1) } == true)
            #expect(rick.titles[selected.address] == "S01E01 Pilot")
            #expect(detail.screen == .detail)
            let (followed, _) = try await Self.run("enter dclick:5,\(row + 1)", fixture: fixture)
            #expect(followed.screen == .episode)
        }
    }

    @Test("A click on a footer hint does what its key does; one on a crumb goes back to that screen")
    func footerAndBreadcrumb() async throws {
        try await ServerFixture.with { fixture in
            let (_, first) = try await Self.run("", fixture: fixture)
            let footer = try #require(first.lastFrame.last)
            let help = try #require(footer.range(of: " ? "))
            let column = footer.distance(from: footer.startIndex, to: help.lowerBound) + 2
            let (final, backend) = try await Self.run("click:\(column),30", fixture: fixture)
            #expect(final.showsHelp)
            #expect(backend.lastFrame.contains { $0.contains("Shift-drag") })
            // The breadcrumb " charbrowser  Characters › Rick Sanchez": Characters from column 15
            let (back, _) = try await Self.run("enter j click:16,1", fixture: fixture)
            #expect(back.screen == .list)
            let (stays, _) = try await Self.run("enter click:30,1", fixture: fixture)
            #expect(stays.screen == .detail)
        }
    }

    @Test("The wheel scrolls the help overlay; a click closes it")
    func helpOverlay() async throws {
        try await ServerFixture.with { fixture in
            let size = TerminalSize(width: 100, height: 20)
            let (open, _) = try await Self.run("?", fixture: fixture, size: size)
            #expect(open.showsHelp && open.helpScroll == 0)
            let (scrolled, backend) = try await Self.run("? wheel-down:50,10", fixture: fixture, size: size)
            #expect(scrolled.helpScroll == 3)
            #expect(!backend.lastFrame.contains { $0.contains("next row (reads") })
            let (closed, _) = try await Self.run("? click:50,10", fixture: fixture, size: size)
            #expect(!closed.showsHelp && closed.characters.selection.selected == 0)
        }
    }

    @Test("With the mouse off, clicks and the wheel do nothing, and the help says the terminal selects text")
    func mouseOff() async throws {
        try await ServerFixture.with { fixture in
            let (final, _) = try await Self.run("click:11,6 wheel-down:11,10", fixture: fixture) {
                $0.mouseOn = false
            }
            #expect(final.characters.selection.selected == 0 && final.characters.selection.offset == 0)
            let (_, backend) = try await Self.run("?", fixture: fixture) { $0.mouseOn = false }
            #expect(backend.lastFrame.contains { $0.contains("off (--no-mouse)") })
        }
    }

    @Test("y copies the selected character as JSON, Y its URL, with a toast; the clipboard gets the text")
    func copying() async throws {
        try await ServerFixture.with { fixture in
            let copies = PThreadMutex<[ClipboardCopy]>([])
            let (_, backend) = try await Self.run("j y Y", fixture: fixture) { services in
                services.clipboard = { copy in copies.withLock { $0.append(copy) } }
            }
            let made = copies.withLock { $0 }
            try #require(made.count == 2)
            #expect(made[0].label == "character 2" && made[0].format == "json")
            #expect(made[0].text.contains("\"name\" : \"Morty Smith\""))
            #expect(made[1].format == "url" && made[1].text.hasSuffix("/character/2"))
            #expect(
                backend.frames.contains { frame in frame.contains { $0.contains("copied character 2 · ") } })
        }
    }
}

@Suite("The mouse on the Cache screen")
struct CacheScreenMouseTests {
    @Test("A click selects the row under it; a double click opens its entry; the wheel scrolls the rows")
    func clicksAndWheel() throws {
        // GIVEN the Cache screen with forty rows, the first at the top of its body
        var driver = Driver()
        driver.answerPage(1)
        driver.press("4")
        CacheScreenKeysSetup.fill(&driver)
        let opened = try #require(CacheScreenKeysSetup.screen(driver.state))
        let body = opened.state.geometry(in: driver.state.layout.main).listBody
        let third = body.y + 2
        // WHEN the third row is clicked THEN it is selected
        driver.send(.input(.mouse(MouseEvent(.click, column: body.x + 5, row: third))))
        #expect(CacheScreenKeysSetup.position(driver.state) == 2)
        // AND a double click opens its entry
        driver.send(.input(.mouse(MouseEvent(.doubleClick, column: body.x + 5, row: third))))
        let cache = try #require(CacheScreenKeysSetup.screen(driver.state))
        #expect(cache.state.detail?.entry.key == opened.state.list.shown[2].key)
        // AND, the entry closed, a wheel notch scrolls the rows three down, the selection kept in view
        driver.press(.escape)
        driver.send(.input(.mouse(MouseEvent(.wheelDown, column: body.x + 5, row: third))))
        let scrolled = try #require(CacheScreenKeysSetup.screen(driver.state))
        #expect(scrolled.state.list.top == 3 && scrolled.state.list.selection == 3)
    }
}
