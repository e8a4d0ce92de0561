@testable import BrowserApp
import RepositoryCore
import RickAndMortyModel
import TerminalUI
import Testing

/// The key table drives dispatch, the footer and the help overlay: every binding they show does
/// what it says on its screen.
@Suite("One key table for dispatch, footer and help")
struct KeyTableTests {
    /// A driver on `scope`, with something for every key to act on: two pages of rows or a
    /// long detail, a selection or scroll away from the top, a link selected.
    static func driver(on scope: KeyTable.Scope, size: TerminalSize = TerminalSize(width: 100, height: 30))
        -> Driver
    {
        if let explorer = ExplorerKeySetup.driver(on: scope, size: size) { return explorer }
        var driver = Driver(size: size)
        driver.answerPage(1)
        switch scope {
        case .characterList:
            for _ in 0..<3 { driver.press("j") }
        case .entityList:
            driver.press("2")
            answerEpisodePage(&driver)
            for _ in 0..<3 { driver.press("j") }
        case .characterDetail:
            driver.press(.enter)
            driver.answerDetail()
            for _ in 0..<3 { driver.press("n") }
            driver.press("j")
            driver.press("j")
        case .cache:
            driver.press("4")
            CacheScreenKeysSetup.fill(&driver)
            for _ in 0..<3 { driver.press("j") }
        case .changes:
            driver.press("5")
            ChangesScreenTests.fill(&driver)
            for _ in 0..<3 { driver.press("j") }
        case .characterEdit:
            driver.press(.enter)
            driver.answerDetail()
            driver.press("e")
        default:
            Issue.record("no setup for \(scope)")
        }
        #expect(driver.state.keyScope == scope)
        return driver
    }

    /// Answers the episode list's first page in flight from the sample.
    static func answerEpisodePage(_ driver: inout Driver) {
        let list = driver.state.episodes
        guard let policy = list.loading[1] else { return }
        let request = PageRequest(
            kind: .episode, number: 1, filters: list.filter, generation: list.generation, policy: policy)
        let episodes = SampleData.dataset.episodes.filter { episode in
            list.filter["name"].map { episode.name.localizedCaseInsensitiveContains($0) } ?? true
        }
        let page = Page(
            info: PageInfo(count: episodes.count, pages: 1, next: nil, prev: nil), results: episodes)
        driver.deliver(
            .pageRead(
                request,
                ReadReport(result: .success(SampleData.answer(page, origin: .network, policy: policy)))))
    }

    /// Where the selection or scroll of `scope` stands.
    static func position(_ state: BrowserState, _ scope: KeyTable.Scope) -> Int {
        switch scope {
        case .characterList: state.characters.selection.selected
        case .entityList: state.episodes.selection.selected
        case .characterDetail: state.detail?.cursor.selected ?? -1
        case .cache: CacheScreenKeysSetup.position(state)
        case .changes: (state.screens.last as? ChangesScreen)?.selection.selected ?? -1
        default: ExplorerKeySetup.position(state)
        }
    }

    /// Sets up what `action` needs to show its effect: a filter to clear, a toast to close.
    static func prepare(_ action: BrowserAction, _ driver: inout Driver, _ scope: KeyTable.Scope) {
        switch action {
        case .clearFilters where scope == .characterList:
            driver.press("s")
            driver.answerPage(1)
            driver.press("j")
        case .clearFilters:
            driver.press("/")
            driver.type("Pilot")
            driver.press(.enter)
            answerEpisodePage(&driver)
        case .dismissToast:
            driver.press("o")
        case .cache(.answer):
            driver.press("P")
        case .showList(let kind) where driver.state.activeList == kind:
            driver.press(kind == .character ? "2" : "1")
        default: ExplorerKeySetup.prepare(action, &driver, scope)
        }
    }

    /// Whether pressing a key bound to `action` on `scope` did what the binding says.
    static func did(
        _ action: BrowserAction, on scope: KeyTable.Scope, before: BrowserState, after: BrowserState,
        effects: [Effect<BrowserMessage>]
    ) -> Bool {
        if let verdict = ExplorerKeySetup.did(action, on: scope, before: before, after: after) { return verdict }
        let moved = position(after, scope) - position(before, scope)
        switch action {
        case .quit: return effects.shapes == [.quit]
        case .showHelp: return after.showsHelp
        case .toggleNetwork: return after.isOnline != before.isOnline
        case .clearCache: return after.loads.clearing && effects.count == 1
        case .refresh: return !effects.isEmpty
        case .dismissToast: return before.toast != nil && after.toast == nil
        case .showList(let kind): return before.activeList != kind && after.activeList == kind
        case .nextList where scope == .cache: return after.screens.count == before.screens.count - 1
        case .nextList: return after.activeList != before.activeList
        case .moveDown: return moved == 1
        case .moveUp: return moved == -1
        case .pageDown: return moved > 1
        case .pageUp: return moved < 0
        case .first: return moved < 0 && position(after, scope) == 0
        case .last: return moved > 0
        case .open where scope == .cache: return (after.screens.last as? CacheScreen)?.state.detail != nil
        case .open where scope == .changes: return (after.screens.last as? ChangesScreen)?.opened != nil
        case .open: return after.screens.count == before.screens.count + 1
        case .filter: return before.prompt == nil && after.prompt != nil
        case .cycleStatus: return after.characters.filter != before.characters.filter
        case .clearFilters:
            return scope == .characterList
                ? !before.characters.filter.isEmpty && after.characters.filter.isEmpty
                : !before.episodes.filter.isEmpty && after.episodes.filter.isEmpty
        case .back: return after.screens.count == before.screens.count - 1
        case .nextLink: return moved > 0 && after.detail?.selectedLink != nil
        case .previousLink: return moved < 0 && after.detail?.selectedLink != nil
        case .openScreen("cache") where scope == .cache:
            return after.screens.count == before.screens.count && after.screens.last is CacheScreen
        case .openScreen("changes") where scope == .changes:
            return after.screens.count == before.screens.count && after.screens.last is ChangesScreen
        case .openScreen: return after.screens.count == before.screens.count + 1
        case .cache(let command):
            return CacheScreenKeysSetup.did(command, before: before, after: after, effects: effects)
        // On the Cache screen with no entry open there is nothing to copy, and a toast says so.
        case .copy where scope == .cache: return after.toast?.message.hasPrefix("Nothing to copy") == true
        // On a list, the row's entity is read through the cache first: the copy waits for it.
        case .copy(.json) where [.characterList, .entityList].contains(scope):
            return effects.contains { $0.shape == .run(key: "copy") }
        case .copy: return after.toast?.message.hasPrefix("copied ") == true
        case .edit: return after.screens.last is EditCharacterScreen
        case .delete: return before.asking == nil && after.asking != nil
        case .keepMine, .takeTheirs: return !effects.isEmpty && (after.screens.last as? ChangesScreen)?.isActing == true
        case .typed(let key) where scope == .characterEdit:
            let form = { (state: BrowserState) in (state.screens.last as? EditCharacterScreen)?.form }
            guard let was = form(before) else { return false }
            switch key {
            case .enter, .escape: return after.screens.count == before.screens.count - 1  // nothing changed: closes
            case .tab, .backTab: return form(after)?.focus != was.focus
            case .control("u"):
                return !was.fields[was.focus].text.isEmpty && form(after).map { $0.fields[$0.focus].text.isEmpty } == true
            default: return form(after)?.values != was.values
            }
        case .click, .scroll, .typed: return false  // the mouse's, a form's: bound to no key
        case .openResource, .pickResource: return false  // the explorer's (`ExplorerKeySetup`)
        }
    }

    @Test(
        "Every key of every binding, on its screen, does what the binding says",
        arguments: KeyTable.Scope.allCases)
    func everyBindingWorks(scope: KeyTable.Scope) {
        // A form takes every key: the global ones are letters there.
        let typing = Self.driver(on: scope).state.screens.last?.takesTyping == true
        for binding in scope.bindings + (typing ? [] : KeyTable.global) {
            for key in binding.keys {
                var driver = Self.driver(on: scope)
                Self.prepare(binding.action, &driver, scope)
                let hasToast = driver.state.toast != nil
                let dispatched = KeyTable.action(for: key, in: scope, hasToast: hasToast)
                // A global binding wins over the screen's for the same key (Esc only over a toast).
                let shadowed = binding.action != .dismissToast && dispatched == .dismissToast
                guard !shadowed else { continue }
                #expect(dispatched == binding.action, "\(key) on \(scope)")
                let before = driver.state
                let effects = driver.press(key)
                #expect(
                    Self.did(
                        binding.action, on: scope, before: before, after: driver.state, effects: effects),
                    "\(key) → \(binding.action) on \(scope)")
            }
        }
    }

    @Test(
        "The footer shows the table's hints for the screen, in rank order", arguments: KeyTable.Scope.allCases
    )
    func footerFromTable(scope: KeyTable.Scope) throws {
        let driver = Self.driver(on: scope, size: TerminalSize(width: 200, height: 40))
        let typing = driver.state.screens.last?.takesTyping == true
        let footer = try #require(driver.frame.last)
        let hints = KeyTable.hints(for: scope, withGlobal: !typing)
        #expect(!hints.isEmpty)
        var searchFrom = footer.startIndex
        for hint in hints {
            let text = "\(hint.key)  \(hint.action)"
            let found = try #require(footer.range(of: text, range: searchFrom..<footer.endIndex), "\(text)")
            searchFrom = found.upperBound
        }
        let bound = Set((scope.bindings + (typing ? [] : KeyTable.global)).compactMap(\.hint?.keys))
        #expect(Set(hints.map(\.key)) == bound)
    }

    @Test(
        "The help overlay lists every binding of the screen and the global ones",
        arguments: KeyTable.Scope.allCases)
    func helpFromTable(scope: KeyTable.Scope) {
        var driver = Self.driver(on: scope, size: TerminalSize(width: 120, height: 40))
        if driver.state.screens.last is ExplorerPickerScreen {
            // The picker takes `?` as a letter too: it narrows the resources.
            driver.press("?")
            #expect(!driver.state.showsHelp)
            return
        }
        if let form = (driver.state.screens.last as? EditCharacterScreen)?.form {
            // A form takes `?` as a letter: no overlay; its footer names its keys.
            driver.press("?")
            #expect(!driver.state.showsHelp)
            #expect((driver.state.screens.last as? EditCharacterScreen)?.form.values.name == form.values.name + "?")
            return
        }
        driver.press("?")
        let frame = driver.frame.joined(separator: "\n")
        for binding in scope.bindings + KeyTable.global(sayingOn: scope) where !binding.label.isEmpty {
            #expect(frame.contains(binding.help), "\(binding.help) on \(scope)")
        }
        // A global key the screen binds to the same action is said once, as the screen does it.
        for binding in KeyTable.global where !KeyTable.global(sayingOn: scope).contains(binding) {
            #expect(!frame.contains(binding.help), "\(binding.help) on \(scope)")
        }
        driver.press("x")
        #expect(!driver.state.showsHelp)
    }

    @Test("On the Changes screen r is said as what it does there: send the write now, not refresh")
    func changesSaysItsR() {
        var driver = Self.driver(on: .changes, size: TerminalSize(width: 160, height: 40))
        #expect(driver.frame.last?.contains("r  send now") == true, "\(driver.frame.last ?? "")")
        #expect(driver.frame.last?.contains("refresh") == false)
        driver.press("?")
        let frame = driver.frame.joined(separator: "\n")
        #expect(frame.contains("send the write now, and the pending ones after it"))
        #expect(!frame.contains("refresh what is shown"))
    }

    @Test("Keys not in the table do nothing")
    func unboundKeys() {
        #expect(KeyTable.action(for: .character("z"), in: .characterList, hasToast: false) == nil)
        #expect(KeyTable.action(for: .character("s"), in: .entityList, hasToast: false) == nil)
        #expect(KeyTable.action(for: .escape, in: .characterDetail, hasToast: true) == .dismissToast)
        #expect(KeyTable.action(for: .escape, in: .characterDetail, hasToast: false) == .back)
    }

    @Test("A text that names a key takes the key's name from the table")
    func keyNamesInTexts() {
        #expect(KeyTable.keyName(of: .refresh, in: .characterList) == "r")
        #expect(KeyTable.keyName(of: .clearFilters, in: .entityList) == "Esc")
        #expect(KeyTable.keyName(of: .nextLink, in: .characterDetail) == "n")
        #expect(KeyTable.keyName(of: .previousLink, in: .characterDetail) == "p")
        #expect(KeyTable.keyName(of: .open, in: .characterDetail) == "Enter")
        // a key the screen does not bind is named by its action, never by another key
        #expect(KeyTable.keyName(of: .nextLink, in: .characterList) == "nextLink")
    }
}
