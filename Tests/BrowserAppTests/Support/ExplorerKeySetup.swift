@testable import BrowserApp
import TerminalUI

/// What `KeyTableTests` needs for the explorer's screens: a driver on each of their scopes with
/// something for every key to act on, where the selection stands, and whether a key did what its
/// binding says. Stateless.
enum ExplorerKeySetup {
    static let scopes: [KeyTable.Scope] = [.explorerList, .explorerDetail, .explorerPicker]

    /// A driver on `scope` (nil for a scope of another screen): two pages of people, the fourth
    /// row selected; Luke's detail with a link selected a few lines down; the picker.
    static func driver(on scope: KeyTable.Scope, size: TerminalSize) -> Driver? {
        guard scopes.contains(scope) else { return nil }
        var driver = Driver(explorer: nil, size: size)
        driver.answerExplorerPage(1)
        driver.answerExplorerPage(2)
        for _ in 0..<3 { driver.press("j") }
        switch scope {
        case .explorerDetail:
            driver.press(.enter)
            driver.answerExplorerEntity()
            for _ in 0..<3 { driver.press("n") }
        case .explorerPicker:
            driver.press(":")
            driver.press(.down)
        default: break
        }
        return driver
    }

    /// The selected row or line of the explorer's screen on top (-1: none).
    static func position(_ state: BrowserState) -> Int {
        switch state.screens.last {
        case let list as ListScreen: list.list.selection.selected
        case let detail as ExplorerDetailScreen: detail.cursor.selected
        case let picker as ExplorerPickerScreen: picker.list.selected
        default: -1
        }
    }

    /// Sets up what `action` needs on an explorer scope: a filter to clear, another resource shown.
    static func prepare(_ action: BrowserAction, _ driver: inout Driver, _ scope: KeyTable.Scope) {
        switch action {
        case .clearFilters where scope == .explorerList:
            driver.press("/")
            driver.type("Person 1")
            driver.press(.enter)
        case .openResource(0) where scope == .explorerList:
            driver.press("2")
        default: break
        }
    }

    /// Whether the key did what its binding says, for the explorer's own actions and scopes;
    /// nil: the common verdict applies.
    static func did(
        _ action: BrowserAction, on scope: KeyTable.Scope, before: BrowserState, after: BrowserState
    ) -> Bool? {
        let moved = position(after) - position(before)
        switch action {
        case .openResource(let index):
            return after.screens.last?.crumb == ExplorerSample.resourceNames[index]
        case .pickResource:
            return after.screens.last is ExplorerPickerScreen
        // The list's `y` reads the row's entity first (`ExplorerCopyTests` delivers it).
        case .copy(.json) where scope == .explorerList:
            return (after.screens.last as? ListScreen)?.copying != nil
        case .nextLink where scope == .explorerDetail: return moved > 0
        case .previousLink where scope == .explorerDetail: return moved < 0
        case .clearFilters where scope == .explorerList:
            return (before.screens.last as? ListScreen)?.list.localFilter != nil
                && (after.screens.last as? ListScreen)?.list.localFilter == nil
        case .typed(let key) where scope == .explorerPicker:
            switch key {
            case .enter: return after.screens.last is ListScreen && after.screens.count == before.screens.count - 1
            case .home: return position(after) == 0
            case .end: return position(after) == (after.screens.last as? ExplorerPickerScreen).map { $0.matches.count - 1 }
            case .escape: return after.screens.count == before.screens.count - 1
            case .down, .tab: return moved == 1
            case .up: return moved == -1
            case .backspace:
                return (after.screens.last as? ExplorerPickerScreen)?.query == (before.screens.last as? ExplorerPickerScreen)?.query
            default: return false
            }
        case .moveDown, .moveUp, .pageDown, .pageUp, .first, .last:
            guard scopes.contains(scope) else { return nil }
            switch action {
            case .moveDown: return moved == 1
            case .moveUp: return moved == -1
            case .pageDown: return moved > 1
            case .pageUp: return moved < 0
            case .first: return moved < 0 && position(after) == 0
            default: return moved > 0
            }
        default: return nil
        }
    }
}
