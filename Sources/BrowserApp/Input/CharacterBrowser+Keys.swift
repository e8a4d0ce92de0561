import TerminalUI

extension CharacterBrowser {
    /// Applies one key: the help overlay takes any key, the prompt takes typing, then the key
    /// table says what the key does on the current screen.
    func handle(_ key: Key, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        if state.showsHelp {
            state.showsHelp = false
            return []
        }
        if state.prompt != nil { return handlePrompt(key, state: &state) }
        guard let action = KeyTable.action(for: key, in: state.keyScope, hasToast: state.toast != nil) else {
            return []
        }
        return perform(action, state: &state)
    }

    /// Carries out `action`: the global ones here, the others by the screen on top.
    func perform(_ action: BrowserAction, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        switch action {
        case .quit: return [.quit]
        case .showHelp:
            state.showsHelp = true
            return []
        case .toggleNetwork:
            return toggleNetwork(state: &state)
        case .clearCache(let scope): return clearCache(scope, state: &state)
        case .refresh: return refresh(state: &state)
        case .dismissToast:
            state.toast = nil
            return []
        case .showList(let kind): return switchList(to: kind, state: &state)
        case .nextList: return switchList(to: Self.nextList(after: state.activeList), state: &state)
        default: break
        }
        switch state.keyScope {
        case .characterList, .entityList: return performOnList(action, state: &state)
        case .characterDetail: return performOnCharacterDetail(action, state: &state)
        case .entityDetail: return performOnEntityDetail(action, state: &state)
        }
    }

    /// A character's detail: back, links, and scrolling.
    private func performOnCharacterDetail(_ action: BrowserAction, state: inout BrowserState)
        -> [Effect<BrowserMessage>]
    {
        let page = DetailGeometry(layout: state.layout, detail: state.detail).page
        switch action {
        case .back: return closeDetail(state: &state)
        case .open: return openSelectedLink(state: &state)
        case .nextLink: moveLink(by: 1, state: &state)
        case .previousLink: moveLink(by: -1, state: &state)
        case .moveDown: scrollDetail(by: 1, state: &state)
        case .moveUp: scrollDetail(by: -1, state: &state)
        case .pageDown: scrollDetail(by: page, state: &state)
        case .pageUp: scrollDetail(by: -page, state: &state)
        case .first: scrollDetail(by: -Int.max / 2, state: &state)
        case .last: scrollDetail(by: Int.max / 2, state: &state)
        default: break
        }
        return []
    }

    /// Scrolls the detail pane by `delta` lines, within its content.
    func scrollDetail(by delta: Int, state: inout BrowserState) {
        guard var detail = state.detail else { return }
        let proposed = detail.scrollOffset.addingReportingOverflow(delta)
        detail.scrollOffset = proposed.overflow ? (delta > 0 ? Int.max : 0) : proposed.partialValue
        state.detail = detail
        clampDetailScroll(&state)
    }

    /// Keeps the detail's scroll offset within its content at the current size.
    func clampDetailScroll(_ state: inout BrowserState) {
        // At the top already: no content is shorter than that, so there is nothing to count.
        guard var detail = state.detail, detail.scrollOffset != 0 else { return }
        let maximum = DetailGeometry(layout: state.layout, detail: detail).maxScrollOffset(detail)
        detail.scrollOffset = min(max(0, detail.scrollOffset), maximum)
        state.detail = detail
    }
}
