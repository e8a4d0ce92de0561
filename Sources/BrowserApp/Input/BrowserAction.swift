import RickAndMortyModel
import TerminalUI

/// Everything a key or the mouse can make the browser do, by name: what the key table binds,
/// what the mouse handler asks for, and what `CharacterBrowser.perform` carries out. A plain value.
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
    /// Open the explored API's resource at this place in its index (`1`–`3`: 0–2).
    case openResource(Int)
    /// Open the explored API's resource picker (`:`).
    case pickResource
    /// Push the screen of the `ScreenCatalog` opener with this name.
    case openScreen(String)
    /// One of the Cache screen's own commands.
    case cache(CacheScreenCommand)
    /// A click on the screen's cell (`column`, `row`, from 0): selects the row or link there;
    /// `opens` (a double click) also opens it.
    case click(column: Int, row: Int, opens: Bool)
    /// A wheel turn over the screen's cell (`column`, `row`): scrolls the view there by `rows`
    /// (down is positive).
    case scroll(rows: Int, column: Int, row: Int)
    /// Copy the selected or open entity to the clipboard: as JSON (`y`) or its API URL (`Y`).
    case copy(CopyFormat)
    /// Edit the open character (`e`: the form).
    case edit
    /// Delete the open character (`x`, after a y/n question), or discard the selected kept write (`d`).
    case delete
    /// On the Changes screen: keep mine (`m`) or take theirs (`t`) in the selected conflict.
    case keepMine, takeTheirs
    /// A key typed into a screen that takes typing (`ScreenModel.takesTyping`: a form).
    case typed(Key)
}

/// What `y` and `Y` copy. A plain value.
package enum CopyFormat: Sendable, Hashable {
    /// The entity as pretty JSON.
    case json
    /// The entity's API URL.
    case url
}
