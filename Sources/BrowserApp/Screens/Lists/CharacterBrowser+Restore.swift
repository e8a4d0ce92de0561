import RickAndMortyModel
import TerminalUI

extension CharacterBrowser {
    /// How many pages a list reads at most to find a remembered selection.
    static let restoreSearchPages = 10

    /// Applies what the previous run remembered: filters, the active list, the switch, and the
    /// selections to look for as pages arrive. Returns the reads of the active list's first page.
    func restore(state: inout BrowserState) -> [Effect<BrowserMessage>] {
        guard let remembered = services.remembered else { return [] }
        state.listing.reset(filter: remembered.characterFilter)
        state.pendingSelection = remembered.selectedIDs
        if remembered.isOnline != services.networkSwitch.isOnline {
            state.isOnline = services.networkSwitch.toggle()
        }
        var effects: [Effect<BrowserMessage>] = []
        if services.graph != nil {
            if let filters = remembered.filters[.episode] { state.episodes.reset(filters: filters) }
            if let filters = remembered.filters[.location] { state.locations.reset(filters: filters) }
            state.activeList = remembered.activeList
            switch remembered.activeList {
            case .episode:
                effects = requestEntityPage(1, list: \.episodes, policy: .localFirst, state: &state)
            case .location:
                effects = requestEntityPage(1, list: \.locations, policy: .localFirst, state: &state)
            case .character: break
            }
        }
        return effects
    }

    /// After a page of the character list: selects the remembered character when it arrived;
    /// true when more pages should be read to find it.
    func restoreCharacterSelection(state: inout BrowserState) -> Bool {
        guard let id = state.pendingSelection[.character] else { return false }
        if let row = state.listing.loaded.firstIndex(where: { $0.id == id }) {
            state.pendingSelection[.character] = nil
            state.list.select(
                row, rowCount: state.listing.rowCount, visibleRows: state.layout.visibleListRows)
            return false
        }
        guard state.listing.hasMorePages, state.listing.reachedPages < Self.restoreSearchPages else {
            state.pendingSelection[.character] = nil
            return false
        }
        return true
    }

    /// The same for the episode or location list at `path`.
    func restoreSelection<Row: ListedEntity>(
        list path: WritableKeyPath<BrowserState, EntityList<Row>>, state: inout BrowserState
    ) -> Bool {
        guard let id = state.pendingSelection[Row.kind] else { return false }
        let list = state[keyPath: path]
        if let row = list.loaded.firstIndex(where: { $0.id == id }) {
            state.pendingSelection[Row.kind] = nil
            state[keyPath: path].list.select(
                row, rowCount: list.rowCount, visibleRows: state.layout.visibleListRows)
            return false
        }
        guard list.hasMorePages, list.reachedPages < Self.restoreSearchPages else {
            state.pendingSelection[Row.kind] = nil
            return false
        }
        return true
    }
}
