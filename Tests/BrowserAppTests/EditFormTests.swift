import EntityWrites
@testable import BrowserApp
import CharacterData
import RepositoryCore
import RickAndMortyModel
import TerminalUI
import Testing

/// The edit form (`e` on a character's detail) and the delete question (`x`).
@Suite("The edit form and the delete question")
struct EditFormTests {
    /// A driver on Rick's detail, answered.
    static func onDetail(size: TerminalSize = TerminalSize(width: 120, height: 36)) -> Driver {
        var driver = Driver(size: size)
        driver.answerPage(1)
        driver.press(.enter)
        driver.answerDetail()
        return driver
    }

    @Test("Each field starts with its value and the cursor at its end; typing, Backspace, Ctrl-U, Tab")
    func typing() {
        var form = CharacterForm(character: SampleData.character(1))
        #expect(form.fields.map(\.text) == ["Rick Sanchez", "Alive", "Human", "", "Male"])
        #expect(form.fields[0].cursor == 12)
        for key: Key in [.backspace, .backspace, .character("x")] { _ = form.take(key) }
        #expect(form.values.name == "Rick Sanchx")
        _ = form.take(.left)
        _ = form.take(.character("Q"))
        #expect(form.values.name == "Rick SanchQx")
        _ = form.take(.control("u"))
        #expect(form.values.name.isEmpty)
        // What a screen would not show (a control, a bidi override, a zero-width joiner) is not
        // typed; Tab moves on, Shift-Tab back, wrapping.
        for hidden: Character in ["\u{1B}", "\u{202E}", "\u{200D}"] { _ = form.take(.character(hidden)) }
        #expect(form.values.name.isEmpty)
        _ = form.take(.backTab)
        #expect(form.focus == 4)
        _ = form.take(.tab)
        _ = form.take(.down)
        #expect(form.focus == 1)
        #expect(form.take(.enter) == .save)
        #expect(form.take(.escape) == .cancel)
    }

    @Test("Status and Gender take only their allowed values: typed by first letter, or cycled with Space")
    func choices() {
        var form = CharacterForm(character: SampleData.character(1))
        _ = form.take(.tab)
        _ = form.take(.character("d"))
        #expect(form.values.status == "Dead")
        _ = form.take(.character(" "))
        #expect(form.values.status == "unknown")
        _ = form.take(.character(" "))
        #expect(form.values.status == "Alive")
        _ = form.take(.character("z"))
        _ = form.take(.backspace)
        _ = form.take(.control("u"))
        #expect(form.values.status == "Alive")
        for _ in 0..<3 { _ = form.take(.tab) }
        _ = form.take(.character("G"))
        #expect(form.values.gender == "Genderless")
        #expect(form.values.violation() == nil)
    }

    @Test("A mark typed after a letter, or a flag's second letter, joins them: the cursor stays in the text")
    func joiningCharacters() {
        var driver = Self.onDetail()
        driver.press("e")
        driver.press(.control("u"))
        // Typed one scalar at a time, as a terminal delivers them: e, a combining tilde, x; then
        // the two regional letters of a flag.
        for scalar in ["e", "\u{0342}", "x", "\u{1F1EB}", "\u{1F1F7}"] {
            driver.press(.character(Character(scalar)))
            #expect(driver.frame.joined().contains("Edit Rick Sanchez"), "drawn after \(scalar.unicodeScalars)")
        }
        var form = try? #require((driver.state.screens.last as? EditCharacterScreen)?.form)
        #expect(form?.values.name == "e\u{0342}x\u{1F1EB}\u{1F1F7}")
        #expect(form?.fields[0].text.count == 3 && form?.fields[0].cursor == 3)
        // Backspace takes each joined character whole; the cursor moves with it.
        for expected in ["e\u{0342}x", "e\u{0342}", ""] {
            _ = form?.take(.backspace)
            #expect(form?.values.name == expected)
            #expect(form?.fields[0].cursor == expected.count)
        }
    }

    @Test("At the smallest terminal every field and the hint under them show; taller, a blank row parts them")
    func shortTerminal() throws {
        var driver = Self.onDetail(size: TerminalSize(width: 60, height: 16))
        driver.press("e")
        let rows = { (frame: [String]) in
            ["Name:", "Status:", "Species:", "Type:", "Gender:", "Nothing changed yet"].compactMap { label in
                frame.firstIndex { $0.contains(label) }
            }
        }
        let short = rows(driver.frame)
        #expect(short.count == 6, "\(driver.frame.joined(separator: "\n"))")
        #expect(zip(short, short.dropFirst()).allSatisfy { $1 == $0 + 1 })
        var tall = Self.onDetail()
        tall.press("e")
        let spaced = rows(tall.frame)
        #expect(spaced.count == 6 && zip(spaced, spaced.dropFirst()).allSatisfy { $1 == $0 + 2 })
    }

    @Test("A text field takes at most the API's 200 characters")
    func lengthLimit() {
        var form = CharacterForm(character: SampleData.character(1))
        for _ in 0..<300 { _ = form.take(.character("a")) }
        #expect(form.values.name.count == CharacterFields.maximumLength)
    }

    @Test("e opens the form over the detail; every key types, q included; Esc leaves it")
    func opensAndTypes() {
        var driver = Self.onDetail()
        driver.press("e")
        #expect(driver.state.screens.last is EditCharacterScreen)
        #expect(driver.frame.joined(separator: "\n").contains("Edit Rick Sanchez (#1)"))
        let effects = driver.press("q")
        #expect(!effects.contains { if case .quit = $0 { true } else { false } })
        #expect((driver.state.screens.last as? EditCharacterScreen)?.form.values.name == "Rick Sanchezq")
        #expect(driver.frame.last?.contains("enter  save") == true)
        #expect(driver.frame.last?.contains("quit") == false)
        driver.press(.escape)
        #expect(driver.state.detail != nil)
    }

    @Test("A field that breaks the API's rules is refused beside it before anything is sent")
    func refusedLocally() {
        var driver = Self.onDetail()
        driver.press("e")
        driver.press(.control("u"))
        let effects = driver.press(.enter)
        #expect(effects.isEmpty)
        let row = driver.frame.first { $0.contains("Name:") }
        #expect(row?.contains("✗ name must be 1 to 200") == true)
        // a name of spaces alone would show as no name at all
        driver.press(" ")
        driver.press(" ")
        #expect(driver.press(.enter).isEmpty)
        #expect(driver.frame.first { $0.contains("Name:") }?.contains("✗ name must not be blank") == true)
    }

    /// The repository's event of write 1 of character 1.
    static func event(_ outcome: WriteOutcome, method: EntityWrite.Method = .patch) -> WriteEvent {
        WriteEvent(sequence: 1, entity: "/api/character/1", method: method, outcome: outcome)
    }

    @Test("Enter sends the edit; the server's refusal of a field shows beside it and the form stays")
    func refusedByServer() {
        var driver = Self.onDetail()
        driver.press("e")
        driver.press("!")
        let effects = driver.press(.enter)
        #expect(effects.count == 1)
        #expect(driver.frame.joined(separator: "\n").contains("Saving…"))
        driver.deliver(
            EditCharacterScreen.Message.saved(
                .success(Self.event(.rejected(reason: "species is not allowed", field: "species"))), elapsed: .milliseconds(3)),
            to: EditCharacterScreen.self)
        #expect(driver.state.screens.last is EditCharacterScreen)
        let row = driver.frame.first { $0.contains("Species:") }
        #expect(row?.contains("✗ species is not allowed") == true)
        #expect((driver.state.screens.last as? EditCharacterScreen)?.form.focus == 2)
    }

    @Test("Kept pending, the form closes and a toast says so; applied, it closes and the detail shows the new value")
    func pendingAndApplied() {
        var driver = Self.onDetail()
        driver.press("e")
        driver.press("!")
        driver.press(.enter)
        driver.deliver(
            EditCharacterScreen.Message.saved(
                .success(Self.event(.retrying(reason: "offline", notBefore: nil))), elapsed: .milliseconds(2)),
            to: EditCharacterScreen.self)
        #expect(driver.state.detail != nil)
        #expect(driver.state.toast?.message.contains("pending") == true)

        driver.press("e")
        driver.press("!")
        driver.press(.enter)
        var renamed = SampleData.character(1)
        renamed.name = "Rick Sanchez!"
        driver.deliver(
            EditCharacterScreen.Message.saved(
                .success(Self.event(.applied(merged: false))), elapsed: .milliseconds(2), shown: renamed),
            to: EditCharacterScreen.self)
        // In the frame of the toast, before the cache's change reaches the screens.
        #expect(driver.state.toast?.message == "Saved Rick Sanchez!.")
        #expect(driver.state.detail?.character?.name == "Rick Sanchez!")
        #expect(driver.state.characters.row(at: 0)?.title == "Rick Sanchez!")
        // The change, when it comes, shows the same.
        let stored = Entry(value: renamed, metadata: EntryMetadata(storedAt: Driver.now), origin: .network)
        driver.deliver(.characterChanged(EntityChange(id: "1", entry: stored, cause: .written)))
        #expect(driver.state.detail?.character?.name == "Rick Sanchez!")
    }

    @Test("x asks on the footer; n drops the question, y deletes; the detail shows a pending badge")
    func deleteAsks() {
        var driver = Self.onDetail()
        driver.press("x")
        #expect(driver.frame.last?.contains("Delete Rick Sanchez (#1)?") == true)
        #expect(driver.press("n").isEmpty)
        #expect(driver.state.asking == nil)
        driver.press("x")
        let effects = driver.press("y")
        #expect(effects.count == 1)
        driver.deliver(
            ExplorerDetailScreen.Message.deleted(.success(Self.event(.applied(merged: false), method: .delete)), elapsed: .milliseconds(1)))
        #expect(driver.state.screens.count == 1)
        #expect(driver.state.toast?.message == "Deleted Rick Sanchez.")
        // The list leaves Rick out with the toast, before the cache's change reaches it.
        #expect(driver.state.characters.row(at: 0)?.title == SampleData.character(2).name)

        var pending = Self.onDetail()
        pending.deliver(.keptWritesRead([ChangesScreenTests.kept(1, state: .pending)], now: Driver.now))
        #expect(pending.frame.contains { $0.contains("✎ pending") })
        #expect(pending.frame.contains { $0.contains("writes:") && $0.contains("1 pending") })
    }
}
