import TerminalUI

extension CharacterBrowser {
    /// Applies one key: the help overlay takes any key, the prompt takes typing, then the keys
    /// of every screen, then those of the current screen.
    func handle(_ key: Key, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        if state.showsHelp {
            state.showsHelp = false
            return []
        }
        if state.prompt != nil { return handlePrompt(key, state: &state) }
        if key == .escape, state.toast != nil {
            state.toast = nil
            return []
        }
        switch key {
        case .character("q"): return [.quit]
        case .character("?"):
            state.showsHelp = true
            return []
        case .character("o"):
            toggleNetwork(state: &state)
            return []
        case .character("c"): return clearCache(.memory, state: &state)
        case .character("C"): return clearCache(.memoryAndDisk, state: &state)
        case .character("r"): return refresh(state: &state)
        case .character("1"): return switchList(to: .character, state: &state)
        case .character("2"): return switchList(to: .episode, state: &state)
        case .character("3"): return switchList(to: .location, state: &state)
        case .tab where state.screens.count == 1:
            return switchList(to: Self.nextList(after: state.activeList), state: &state)
        default: break
        }
        switch state.screen {
        case .list where state.activeList != .character: return handleEntityListKey(key, state: &state)
        case .list: return handleListKey(key, state: &state)
        case .detail: return handleDetailKey(key, state: &state)
        case .episode, .location: return handleEntityKey(key, state: &state)
        }
    }

    /// Keys of the list: movement (loading the next page at the end), open, filters.
    private func handleListKey(_ key: Key, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        let visible = state.layout.visibleListRows
        switch key {
        case .character("j"), .down: return moveSelection(by: 1, state: &state)
        case .character("k"), .up: return moveSelection(by: -1, state: &state)
        case .pageDown: return moveSelection(by: max(1, visible - 1), state: &state)
        case .pageUp: return moveSelection(by: -max(1, visible - 1), state: &state)
        case .character("g"), .home: return moveSelection(by: -state.list.selected, state: &state)
        case .character("G"), .end:
            return moveSelection(
                by: max(0, state.listing.rows.count - 1 - state.list.selected), state: &state)
        case .enter: return openDetail(state: &state)
        case .character("/"):
            state.prompt = state.listing.filter.name
            return []
        case .character("s"):
            var filter = state.listing.filter
            filter.status = state.statusFilter.next.parameter
            return reload(filter: filter, state: &state)
        case .escape:
            guard !state.listing.filter.isEmpty else { return [] }
            var filter = state.listing.filter
            filter.name = ""
            filter.status = ""
            return reload(filter: filter, state: &state)
        default: return []
        }
    }

    /// Keys of the detail screen: back, and scrolling.
    private func handleDetailKey(_ key: Key, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        let page = max(1, DetailPane.visibleLines(layout: state.layout, detail: state.detail) - 1)
        switch key {
        case .escape, .backspace: return closeDetail(state: &state)
        case .enter: return openSelectedLink(state: &state)
        case .character("n"), .tab: moveLink(by: 1, state: &state)
        case .character("p"), .backTab: moveLink(by: -1, state: &state)
        case .character("j"), .down: scrollDetail(by: 1, state: &state)
        case .character("k"), .up: scrollDetail(by: -1, state: &state)
        case .pageDown, .character(" "): scrollDetail(by: page, state: &state)
        case .pageUp: scrollDetail(by: -page, state: &state)
        case .character("g"), .home: scrollDetail(by: -Int.max / 2, state: &state)
        case .character("G"), .end: scrollDetail(by: Int.max / 2, state: &state)
        default: break
        }
        return []
    }

    /// Moves the list's selection; past the loaded rows it loads the next page (once) and
    /// remembers the overshoot, so the selection moves on when the page arrives.
    func moveSelection(by delta: Int, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        state.pendingSelection[.character] = nil
        let rowCount = state.listing.rows.count
        let visible = state.layout.visibleListRows
        let target = state.list.selected + delta
        if delta > 0, rowCount > 0, target > rowCount - 1, state.listing.hasMorePages {
            if state.loads.pages[state.listing.nextPageNumber] != nil {
                state.loads.pendingAdvance += target - (rowCount - 1)
            }
        }
        state.list.move(by: delta, rowCount: rowCount, visibleRows: visible)
        return loadMoreIfNeeded(state: &state)
    }

    /// Starts reading the next page when more remain and the selection is on the last loaded
    /// row or the loaded rows do not fill the list (a tall terminal).
    func loadMoreIfNeeded(state: inout BrowserState) -> [Effect<BrowserMessage>] {
        let rowCount = state.listing.rows.count
        guard rowCount > 0, state.listing.hasMorePages else { return [] }
        let atEnd = state.list.selected >= rowCount - 1
        let underfilled = rowCount < state.list.offset + state.layout.visibleListRows
        guard atEnd || underfilled else { return [] }
        return requestPage(state.listing.nextPageNumber, state: &state)
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
        let maximum = DetailPane.maxScrollOffset(detail: detail, layout: state.layout)
        detail.scrollOffset = min(max(0, detail.scrollOffset), maximum)
        state.detail = detail
    }
}
