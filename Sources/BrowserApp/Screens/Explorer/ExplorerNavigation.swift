import ExplorerData
import TerminalUI

extension CharacterBrowser {
    /// `1`–`3` while exploring: resource `index`'s list — shown in place by the list on top, else
    /// by the explored list nearest the top with the screens over it popped (a detail, the Cache
    /// or Changes screen, a Rick and Morty screen); pushed when no list is on the stack.
    func openResource(_ index: Int, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        guard let resource = services.explorer?.resource(at: index) else {
            showToast("The API has no resource \(index + 1).", kind: .info, state: &state)
            return []
        }
        if state.stack.last?.screen is ExplorerListScreen { return callTop(.perform(.openResource(index)), state: &state) }
        guard let below = state.stack.lastIndex(where: { $0.screen is ExplorerListScreen }) else {
            return push(ExplorerListScreen(resource: resource), state: &state)
        }
        return popBack(to: below, state: &state) + callTop(.perform(.openResource(index)), state: &state)
    }

    /// `:` while exploring: the resource picker over any screen.
    func pickResource(state: inout BrowserState) -> [Effect<BrowserMessage>] {
        guard let resources = services.explorer?.resources, !resources.isEmpty else {
            showToast("The API lists no resources.", kind: .info, state: &state)
            return []
        }
        return push(ExplorerPickerScreen(resources: resources), state: &state)
    }
}
