import EntityWrites
@testable import BrowserApp
import CharacterData
import Foundation
import PersistentCache
import PostgresCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import TerminalUI
import Testing

/// The Changes screen (`5`): the kept writes newest first, a write's fields as base → mine /
/// theirs, and what `m`, `t`, `d` and `r` do.
@Suite("The Changes screen")
struct ChangesScreenTests {
    /// Six kept writes, newest first: the fourth (index 3) is in conflict, the last rejected.
    static func writes() -> [EntityWrite] {
        (1...6).reversed().map { number in
            kept(number, state: number == 3 ? .conflict : number == 1 ? .rejected : .pending)
        }
    }

    /// A kept edit of character `number` (its name + " II"), written `number × 90` s ago.
    static func kept(_ number: Int, state: EntityWrite.State) -> EntityWrite {
        let character = SampleData.character(number)
        var theirs = character
        theirs.name += " III"
        theirs.species = "Robot"
        var write = EntityWrite(
            sequence: Int64(number), entity: "/api/character/\(number)", method: .patch,
            base: fields(of: character).filter { CharacterFields.names.contains($0.key) },  // as the model keeps it
            baseTag: "\"t\"", changes: ["name": .string(character.name + " II")],
            createdAt: Driver.now.addingTimeInterval(-Double(number * 90)))
        write.state = state
        write.attempts = number
        write.lastError = state == .pending ? "offline" : "refused"
        if state == .conflict {
            // Theirs' type differs from the base only by a zero-width space: no difference shown.
            var copy = fields(of: theirs)
            copy["type"] = .string(theirs.type + "\u{200B}")
            write.conflict = WriteConflict(theirs: ServerCopy(value: copy, tag: "\"t2\""), fields: ["name"])
        }
        return write
    }

    /// `character` as the API writes it, as the write model holds it.
    static func fields(of character: ShowCharacter) -> Fields {
        (try? JSONEncoder().encode(character)).flatMap(JSONValue.object(from:)) ?? [:]
    }

    /// Delivers `writes()` as the screen's read.
    static func fill(_ driver: inout Driver) {
        driver.deliver(ChangesScreen.Message.read(writes(), now: Driver.now), to: ChangesScreen.self)
    }

    @Test("Rows show each write's state, character, change, age and attempts, newest first")
    func rows() throws {
        var driver = Driver(size: TerminalSize(width: 120, height: 44))
        driver.press("5")
        Self.fill(&driver)
        let frame = driver.frame.joined(separator: "\n")
        #expect(frame.contains("Changes · 4 pending · 1 conflict · 1 rejected"))
        let first = try #require(driver.frame.firstIndex { $0.contains("Squanchy II #6") })
        let conflict = try #require(driver.frame.firstIndex { $0.contains("conflict") && $0.contains("Summer Smith") })
        #expect(first < conflict)
        #expect(driver.frame[first].contains("edit name"))
        #expect(driver.frame[first].contains("9 min"))
    }

    @Test("Moving down scrolls only past the last row on screen, not one row early", arguments: [16, 20, 31])
    func scrollsByRowsOnScreen(height: Int) throws {
        var driver = Driver(size: TerminalSize(width: 120, height: height))
        driver.press("5")
        // GIVEN more kept writes than the screen shows, newest (#40) first
        let writes = (1...40).reversed().map { Self.kept($0, state: .pending) }
        driver.deliver(ChangesScreen.Message.read(writes, now: Driver.now), to: ChangesScreen.self)
        // (a row is told by its attempts, which equal its number: long names are cut short)
        let rows = { (frame: [String]) in frame.filter { $0.contains("│ pending") } }
        let inView = rows(driver.frame).count
        try #require(inView > 1 && inView < 40)
        // WHEN the selection moves to the last row in view
        for _ in 0..<(inView - 1) { driver.press("j") }
        // THEN nothing scrolled: the newest write is still the first row, and as many show
        let after = rows(driver.frame)
        #expect(after.first?.contains(" 40 offline") == true)
        #expect(after.count == inView)
        // AND one more move scrolls by one row
        driver.press("j")
        #expect(rows(driver.frame).first?.contains(" 39 offline") == true)
    }

    @Test("Enter shows a conflict's fields as base → mine / theirs, the fields in conflict marked")
    func diff() {
        var driver = Driver(size: TerminalSize(width: 120, height: 30))
        driver.press("5")
        Self.fill(&driver)
        for _ in 0..<3 { driver.press("j") }
        driver.press(.enter)
        let frame = driver.frame.joined(separator: "\n")
        #expect(frame.contains("Edit of Summer Smith II (/api/character/3) · conflict"))
        #expect(frame.contains("name !"))
        #expect(frame.contains("Summer Smith → Summer Smith II / Summer Smith III"))
        #expect(frame.contains("Human → Human / Robot"))
        // AND only editable fields: theirs' `id`, `url`, `created`, … are no difference the user made or saw
        for field in ["id", "url", "created", "episode", "origin", "image", "type"] {
            #expect(!driver.frame.contains { $0.contains("│ \(field) ") }, "\(field)")
        }
        driver.press(.escape)
        #expect((driver.state.screens.last as? ChangesScreen)?.opened == nil)
        #expect(driver.state.screens.last is ChangesScreen)
    }

    @Test("An empty value shows as the detail shows it, and the keys under a diff wrap, none cut")
    func emptyValuesAndKeys() throws {
        var driver = Driver(size: TerminalSize(width: 120, height: 30))
        driver.press("5")
        // GIVEN a conflict where the other writer set the type, empty in the base and in mine
        var write = Self.kept(3, state: .conflict)
        var theirs = try #require(write.conflict?.theirs.value)
        theirs["type"] = .string("Clone")
        write.conflict = WriteConflict(theirs: ServerCopy(value: theirs, tag: "\"t2\""), fields: ["name"])
        driver.deliver(ChangesScreen.Message.read([write], now: Driver.now), to: ChangesScreen.self)
        // WHEN it is opened
        driver.press(.enter)
        // THEN the empty values read as the detail's `—`, and the keys' line ends whole
        #expect(driver.frame.contains { $0.contains("type       — → — / Clone") })
        let frame = driver.frame.joined(separator: "\n")
        #expect(frame.contains("discards") && frame.contains("Esc back"), "\(frame)")
    }

    @Test("With nothing kept, each read says why this run keeps no write (here: no disk cache), as it is now")
    func nothingKept() {
        var driver = Driver(size: TerminalSize(width: 120, height: 30))
        driver.press("5")
        // GIVEN a reason the run no longer has (it took the writes over since, say)
        var screen = driver.state.screens.last as? ChangesScreen
        screen?.notKept = "process 1 held this cache file's writes when this run started"
        if let screen { driver.state.screens[driver.state.screens.count - 1] = screen }
        // WHEN the writes are read THEN the screen says the repository's reason now
        driver.deliver(ChangesScreen.Message.read([], now: Driver.now), to: ChangesScreen.self)
        let frame = driver.frame.joined(separator: "\n")
        #expect(frame.contains("No write is kept in this run: the disk cache is off."))
        #expect(!frame.contains("process 1 held") && !frame.contains("none waits"))
    }

    @Test("m on a write that is not in conflict says so and does nothing")
    func mineOnPending() {
        var driver = Driver()
        driver.press("5")
        Self.fill(&driver)
        let effects = driver.press("m")
        #expect(effects.isEmpty)
        #expect(driver.state.toast?.message.hasPrefix("Only a write in conflict") == true)
    }

    @Test("d asks first: n keeps the write, y discards it")
    func discardAsks() {
        var driver = Driver()
        driver.press("5")
        Self.fill(&driver)
        driver.press("d")
        #expect(driver.state.asking?.question.prompt == "Discard the edit of Squanchy II?")
        #expect(driver.frame.last?.contains("Discard the edit of Squanchy II?") == true)
        driver.press("n")
        #expect(driver.state.asking == nil)
        driver.press("d")
        let effects = driver.press("y")
        #expect(driver.state.asking == nil)
        #expect((driver.state.screens.last as? ChangesScreen)?.isActing == true)
        #expect(effects.count == 1)
    }

    @Test("The status pane's writes row and the lists' pending marks follow the outbox")
    func statusAndMarks() {
        var driver = Driver(size: TerminalSize(width: 120, height: 40))
        driver.answerPage(1)
        driver.deliver(
            .keptWritesRead([Self.kept(4, state: .pending), Self.kept(3, state: .conflict), Self.kept(2, state: .pending)], now: Driver.now))
        let frame = driver.frame
        #expect(frame.contains { $0.contains("writes:") && $0.contains("2 pending · 1 conflict") })
        #expect(frame.contains { $0.contains("✎") && $0.contains("Morty Smith") })
        #expect(frame.contains { $0.contains("✎") && $0.contains("Summer Smith") })
        #expect(!frame.contains { $0.contains("✎") && $0.contains("Rick Sanchez") })
    }

    @Test("The Cache screen's title names the writes the outbox keeps")
    func cacheScreenHeader() {
        var driver = Driver(size: TerminalSize(width: 120, height: 40))
        driver.deliver(.keptWritesRead([Self.kept(3, state: .conflict), Self.kept(2, state: .pending)], now: Driver.now))
        driver.press("4")
        #expect(driver.frame.contains { $0.contains("writes: 1 pending · 1 conflict (5)") })
    }

    @Test("The Cache screen's title names the shared tier's state and the rows it refused")
    func cacheScreenSharedTier() {
        var driver = Driver(size: TerminalSize(width: 160, height: 40))
        driver.deliver(.sharedCacheHealthChanged(.down(reason: "TLS: the certificate is not trusted")))
        driver.press("4")
        driver.deliver(CacheScreenMessage.sharedRefusals(2))
        let title = driver.frame.first { $0.contains("┌ Cache") } ?? ""
        #expect(title.contains("shared down: TLS: the certificate is not trusted"))
        #expect(title.contains("2 shared rows refused"))
    }

    @Test("A deleted character leaves the list, and the rows after it move up")
    func deletedLeavesList() {
        var driver = Driver()
        driver.answerPage(1)
        let before = driver.state.characters.rowCount
        let total = driver.state.characters.totalCount
        driver.deliver(.characterChanged(EntityChange(id: "2", entry: nil, cause: .deleted)))
        #expect(driver.state.characters.rowCount == before - 1)
        #expect(driver.state.characters.totalCount == total.map { $0 - 1 })
        #expect(driver.state.characters.row(at: 1)?.id == "3")
        // A copy dropped from the cache (not deleted) stays in the list.
        driver.deliver(.characterChanged(EntityChange(id: "3", entry: nil, cause: .removed)))
        #expect(driver.state.characters.rowCount == before - 1)
    }

    static let stored = EntryMetadata(storedAt: SampleData.storedAt)

    @Test("A character whose delete was discarded or refused comes back: its page is read again")
    func undeletedComesBack() {
        var driver = Driver()
        driver.answerPage(1)
        let before = driver.state.characters.rowCount
        driver.deliver(.characterChanged(EntityChange(id: "2", entry: nil, cause: .deleted)))
        #expect(driver.state.characters.row(at: 1)?.id == "3")
        // WHEN the write's change brings Morty back THEN page 1 is read again, and shows him
        let morty = Entry(value: SampleData.character(2), metadata: Self.stored, origin: .memory)
        let effects = driver.deliver(.characterChanged(EntityChange(id: "2", entry: morty, cause: .written)))
        #expect(effects.contains { $0.shape == .run(key: "page-1") }, "\(effects.shapes)")
        driver.answerPage(1)
        #expect(driver.state.characters.rowCount == before)
        #expect(driver.state.characters.row(at: 1)?.id == "2")
        // AND another character's change reads nothing again
        let rick = Entry(value: SampleData.character(1), metadata: Self.stored, origin: .memory)
        let none = driver.deliver(.characterChanged(EntityChange(id: "1", entry: rick, cause: .written)))
        #expect(!none.contains { $0.shape == .run(key: "page-1") })
    }

    @Test("A character's detail says at once that it was deleted, no longer showing its last value")
    func deletedLeavesDetail() {
        // GIVEN Rick's detail on top (his kept edit, say, met a 404: deleted on the server)
        var driver = EditFormTests.onDetail()
        #expect(driver.frame.contains { $0.contains("Rick Sanchez") })
        // WHEN the cache tells he was deleted THEN the detail says so, his fields gone
        driver.deliver(.characterChanged(EntityChange(id: "1", entry: nil, cause: .deleted)))
        let frame = driver.frame.joined(separator: "\n")
        #expect(frame.contains("character 1 was deleted"), "\(frame)")
        #expect(!driver.frame.contains { $0.contains("Species") })
        // AND another character's deletion leaves it as it is
        var other = EditFormTests.onDetail()
        other.deliver(.characterChanged(EntityChange(id: "2", entry: nil, cause: .deleted)))
        #expect(other.frame.contains { $0.contains("Species") })
    }
}
