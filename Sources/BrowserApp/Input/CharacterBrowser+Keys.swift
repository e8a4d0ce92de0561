import TerminalUI

extension CharacterBrowser {
    /// Applies one key: the help overlay takes any key, a question asked takes every key, then the
    /// key table says what the key does on the current screen.
    func handle(_ key: Key, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        if state.showsHelp {
            state.showsHelp = false
            return []
        }
        if state.asking != nil { return handleQuestion(key, state: &state) }
        if state.screens.last?.takesTyping == true { return callTop(.perform(.typed(key)), state: &state) }
        let exploring = services.explorer != nil
        guard let action = KeyTable.action(for: key, in: state.keyScope, hasToast: state.toast != nil, exploring: exploring)
        else { return [] }
        return perform(action, state: &state)
    }

    /// Carries out `action`: the global ones here, the others (and `r`) by the screen on top.
    func perform(_ action: BrowserAction, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        switch action {
        case .quit: return [.quit]
        case .showHelp:
            state.showsHelp = true
            return []
        case .toggleNetwork: return toggleNetwork(state: &state)
        case .clearCache(let scope): return clearCache(scope, state: &state)
        case .dismissToast:
            state.toast = nil
            return []
        case .openScreen(let name):
            guard let opener = ScreenCatalog.openers.first(where: { $0.name == name }) else { return [] }
            return open(opener, state: &state)
        case .openResource(let index): return openResource(index, state: &state)
        case .pickResource where services.explorer != nil:
            return pickResource(state: &state)
        case .refresh where state.isRefreshing:
            return []  // Ignored while a refresh is running.
        default:
            return callTop(.perform(action), state: &state)
        }
    }
}
