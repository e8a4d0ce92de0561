import RickAndMortyModel

/// Where the user was, remembered per API between runs: the active list, each list's filters
/// and selected id, the offline switch and whether images and the mouse are on. A plain value.
package struct RememberedBrowser: Sendable, Hashable {
    /// The list at the bottom of the stack.
    var activeList: EntityKind = .character
    /// The character list's filter.
    var characterFilter = CharacterFilter()
    /// The episode and location lists' filters, by kind.
    var filters: [EntityKind: [String: String]] = [:]
    /// The selected id of each list, by kind.
    var selectedIDs: [EntityKind: Int] = [:]
    /// Whether the network switch was on.
    package var isOnline = true
    /// Whether avatars were drawn.
    package var imagesOn = true
    /// Whether the browser took the mouse (`--no-mouse` turns it off).
    package var mouseOn = true

    /// Nothing remembered: the characters, unfiltered, online, with images.
    init() {}

    /// What `state` says, with images as `imagesOn` and the mouse as `mouseOn`.
    package init(state: BrowserState, imagesOn: Bool, mouseOn: Bool = true) {
        activeList = state.activeList
        characterFilter = CharacterFilter(parameters: state.characters.filter)
        filters = [.episode: state.episodes.filter, .location: state.locations.filter].filter {
            !$0.value.isEmpty
        }
        for kind in EntityKind.allCases {
            let list = state.list(of: kind)
            selectedIDs[kind] = (list.selectedRow?.id ?? list.soughtID).flatMap { Int($0) }
        }
        isOnline = state.isOnline
        self.imagesOn = imagesOn
        self.mouseOn = mouseOn
    }
}
