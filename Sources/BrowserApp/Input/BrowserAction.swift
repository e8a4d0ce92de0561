import RickAndMortyModel

/// Everything a key can make the browser do, by name: what the key table binds and
/// `CharacterBrowser.perform` carries out. A plain value.
package enum BrowserAction: Sendable, Hashable {
    /// Quit.
    case quit
    /// Open the help overlay.
    case showHelp
    /// Flip the network switch.
    case toggleNetwork
    /// Empty the memory tier (`c`), or memory and disk (`C`).
    case clearCache(CacheClearing)
    /// Read what is on screen again, `remoteFirst`.
    case refresh
    /// Close the toast.
    case dismissToast
    /// Show one of the three lists.
    case showList(EntityKind)
    /// Show the next list in Tab order.
    case nextList
    /// Move a list's selection, or scroll a detail, by one row or line.
    case moveDown, moveUp
    /// Move or scroll by one screen.
    case pageDown, pageUp
    /// To the first row or line.
    case first
    /// To the last row reached (a list reads its next page from there), or the end of a detail.
    case last
    /// Open the selected row, member or link.
    case open
    /// Open the filter prompt.
    case filter
    /// Cycle the character list's status filter.
    case cycleStatus
    /// Clear the list's filters.
    case clearFilters
    /// Back one screen.
    case back
    /// Select a character's next or previous link.
    case nextLink, previousLink
    /// Push the screen of the `ScreenCatalog` opener with this name.
    case openScreen(String)
    /// One of the Cache screen's own commands.
    case cache(CacheScreenCommand)
}
