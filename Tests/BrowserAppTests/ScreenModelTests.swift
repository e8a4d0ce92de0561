@testable import BrowserApp
import RepositoryCore
import TerminalUI
import Testing

/// A screen written from `ScreenModel`'s documentation alone: it counts `j` presses, pushes
/// another of itself on Enter (which reads one value in the background), goes back on Esc, and
/// counts its suspends and resumes.
struct TallyScreen: ScreenModel {
    static let scope = KeyTable.Scope(
        "tally",
        bindings: [
            KeyBinding([.character("j")], .moveDown, label: "j", help: "count one", hint: ("j", "count", 10)),
            KeyBinding([.enter], .open, label: "Enter", help: "push another tally"),
            KeyBinding([.escape], .back, label: "Esc", help: "back"),
        ])

    /// What the tally's read reports.
    struct Read: Sendable {
        let depth: Int
        let report: ReadReport<Int>
    }

    let depth: Int
    var count = 0
    var suspends = 0
    var resumes = 0
    var reading = false
    var value: Int?

    var keyScope: KeyTable.Scope { Self.scope }
    static var keyScopes: [KeyTable.Scope] { [scope] }
    var crumb: String { "Tally \(depth)" }
    var activity: ScreenActivity { ScreenActivity(isBusy: reading, shownReads: reading ? ["tally"] : []) }

    mutating func open(context: inout ScreenContext) -> [Effect<Read>] {
        reading = true
        let depth = depth
        return [
            .task(key: "tally-\(depth)") {
                Read(depth: depth, report: ReadReport(result: .failure(.mainUnavailable(reason: "offline"))))
            }
        ]
    }

    mutating func perform(_ action: BrowserAction, context: inout ScreenContext) -> [Effect<Read>] {
        switch action {
        case .moveDown: count += 1
        case .open: context.push(TallyScreen(depth: depth + 1))
        case .back: context.pop()
        default: break
        }
        return []
    }

    mutating func receive(_ own: Read, context: inout ScreenContext) -> [Effect<Read>] {
        guard own.depth == depth, reading else { return [] }
        reading = false
        context.record(query: "tally \(depth)", policy: .localFirst, keys: [], own.report)
        context.toast("tally \(depth) read", kind: .info)
        return []
    }

    mutating func suspend(context: inout ScreenContext) -> [Effect<Read>] {
        suspends += 1
        return []
    }

    mutating func resume(context: inout ScreenContext) -> [Effect<Read>] {
        resumes += 1
        return []
    }

    func render(in area: Rect, buffer: inout CellBuffer, context: ScreenRenderContext) {
        BorderBox(title: crumb).render(in: area, buffer: &buffer)
        buffer.write(Line("counted \(count)"), x: area.x + 2, y: area.y + 1, maxWidth: area.width - 4)
    }
}

@Suite("A screen is a sub-model: its keys, messages, view and lifecycle through ScreenModel")
struct ScreenModelTests {
    /// A driver with a tally pushed over the lists.
    static func driver() -> Driver {
        var driver = Driver(size: TerminalSize(width: 120, height: 30))
        driver.answerPage(1)
        driver.state.screens.append(TallyScreen(depth: 1))
        return driver
    }

    static func tally(_ state: BrowserState, at index: Int) -> TallyScreen? {
        state.screens.indices.contains(index) ? state.screens[index] as? TallyScreen : nil
    }

    @Test("Its bindings reach perform, and the footer, help and breadcrumb come from it")
    func keysAndView() {
        var driver = Self.driver()
        #expect(driver.state.keyScope == TallyScreen.scope)
        driver.press("j")
        driver.press("j")
        #expect(Self.tally(driver.state, at: 1)?.count == 2)
        // A key it does not bind does nothing to it; a global one still works.
        driver.press("k")
        #expect(Self.tally(driver.state, at: 1)?.count == 2)
        #expect(driver.frame.contains { $0.contains("counted 2") })
        #expect(driver.frame[0].contains("Characters › Tally 1"))
        #expect(driver.frame.last?.contains("j  count") == true)
        driver.press("?")
        #expect(driver.frame.contains { $0.contains("push another tally") })
    }

    @Test("Push suspends the one below and opens the new one; its message is recorded; pop resumes")
    func lifecycleAndMessages() async {
        var driver = Self.driver()
        let effects = driver.press(.enter)
        #expect(driver.state.screens.count == 3)
        #expect(Self.tally(driver.state, at: 1)?.suspends == 1)
        #expect(Self.tally(driver.state, at: 2)?.reading == true)
        #expect(driver.state.isBusy)
        // The new screen's read runs as an effect and comes back as its own message.
        let messages = await effects.filter { $0.shape == .run(key: "tally-2") }.runAll()
        #expect(messages.count == 1)
        for message in messages { driver.deliver(message) }
        #expect(Self.tally(driver.state, at: 2)?.reading == false)
        #expect(driver.state.latest?.query == "tally 2")
        #expect(driver.state.tally.failures == 1)
        #expect(driver.state.toast?.message == "tally 2 read")
        // The other tally ignored it: it was not its read.
        #expect(Self.tally(driver.state, at: 1)?.reading == false)
        driver.press(.escape)  // closes the toast first
        driver.press(.escape)
        #expect(driver.state.screens.count == 2)
        #expect(Self.tally(driver.state, at: 1)?.resumes == 1)
        driver.press(.escape)
        #expect(driver.state.screens.count == 1)
        // The lists at the bottom are never popped.
        driver.press(.escape)
        #expect(driver.state.screens.count == 1)
    }
}

@Suite("A screen opened by a global key is one ScreenOpener")
struct ScreenOpenerTests {
    @Test("An opener's binding opens its screen by name; the catalogue's scopes include its scopes")
    func openerBinding() {
        let opener = ScreenOpener(
            "tally", keys: [.character("T")], label: "T", help: "the tally", hint: ("T", "tally", 95),
            screen: TallyScreen.self
        ) { _ in TallyScreen(depth: 1) }
        #expect(opener.binding.action == .openScreen("tally"))
        #expect(opener.binding.keys == [.character("T")])
        #expect(opener.binding.hint?.word == "tally")
        #expect(opener.make(Driver().browser.services).keyScope == TallyScreen.scope)
        #expect(opener.screen.keyScopes == [TallyScreen.scope])
        #expect(
            KeyTable.Scope.allCases == [
                .characterList, .entityList, .explorerList, .characterEdit, .characterDetail,
                .explorerDetail, .explorerPicker, .cache, .changes,
            ])
    }

}
