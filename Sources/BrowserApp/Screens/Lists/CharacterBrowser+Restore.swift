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
        restoreSelection(
            kind: .character, in: state.listing.loaded, selection: \.list, state: &state)
    }

    /// The same for the episode or location list at `path`.
    func restoreSelection<Row: ListedEntity>(
        list path: WritableKeyPath<BrowserState, EntityList<Row>>, state: inout BrowserState
    ) -> Bool {
        restoreSelection(
            kind: Row.kind, in: state[keyPath: path].loaded, selection: path.appending(path: \.list),
            state: &state)
    }

    /// The one restore path of every list: when a held row of `loaded` has the id remembered for
    /// `kind`, selects it (through `selection`) and forgets the id; when none has, true while
    /// more pages may be read to find it (up to `restoreSearchPages`), else forgets the id.
    private func restoreSelection<Row: Identifiable & Sendable & Hashable & Codable>(
        kind: EntityKind, in loaded: LoadedPages<Row>, selection: WritableKeyPath<BrowserState, ListState>,
        state: inout BrowserState
    ) -> Bool where Row.ID == Int {
        guard let id = state.pendingSelection[kind] else { return false }
        if let row = loaded.firstIndex(where: { $0.id == id }) {
            state.pendingSelection[kind] = nil
            state[keyPath: selection].select(
                row, rowCount: loaded.rowCount, visibleRows: state.layout.visibleListRows)
            return false
        }
        guard loaded.hasMorePages, loaded.reachedPages < Self.restoreSearchPages else {
            state.pendingSelection[kind] = nil
            return false
        }
        return true
    }
}
