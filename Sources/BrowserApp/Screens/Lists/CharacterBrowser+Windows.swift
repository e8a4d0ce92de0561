import RickAndMortyModel
import TerminalUI

extension CharacterBrowser {
    /// Keeps each list's window on its view after a key or a resize: lets go of the pages far
    /// from the rows in view, and reads again (cache first) the pages of rows in view that were
    /// let go. Only the list on screen reads; a read that failed is tried again at the next key.
    func followWindows(state: inout BrowserState) -> [Effect<BrowserMessage>] {
        let visible = state.layout.visibleListRows
        let characterRows = Self.rowsInView(state.list, rowCount: state.listing.rowCount, visible: visible)
        state.listing.keepPages(near: characterRows)
        let episodeRows = Self.rowsInView(
            state.episodes.list, rowCount: state.episodes.rowCount, visible: visible)
        state.episodes.keepPages(near: episodeRows)
        let locationRows = Self.rowsInView(
            state.locations.list, rowCount: state.locations.rowCount, visible: visible)
        state.locations.keepPages(near: locationRows)
        guard state.screens.count == 1 else { return [] }
        switch state.activeList {
        case .character:
            return state.listing.loaded.missingPages(ofRows: characterRows).flatMap {
                requestPage($0, state: &state)
            }
        case .episode:
            return state.episodes.loaded.missingPages(ofRows: episodeRows).flatMap {
                requestEntityPage($0, list: \.episodes, policy: .localFirst, state: &state)
            }
        case .location:
            return state.locations.loaded.missingPages(ofRows: locationRows).flatMap {
                requestEntityPage($0, list: \.locations, policy: .localFirst, state: &state)
            }
        }
    }

    /// The rows a list shows with `list` as its selection and scroll position.
    static func rowsInView(_ list: ListState, rowCount: Int, visible: Int) -> Range<Int> {
        let top = list.clamped(rowCount: rowCount, visibleRows: visible).offset
        return top..<min(rowCount, top + visible)
    }
}
