import RepositoryCore
import RickAndMortyModel
import TerminalUI

/// Everything the browser shows and remembers. A plain value, changed only by
/// `CharacterBrowser.update` and drawn by `CharacterBrowser.render`.
public struct BrowserState: Sendable {
    /// Which pane has the keys.
    public enum Screen: Sendable, Hashable {
        /// The character list.
        case list
        /// One character's details and episodes.
        case detail
    }

    /// The terminal's size, as of the last start or resize.
    public var size: TerminalSize
    /// Which pane has the keys.
    public var screen: Screen = .list
    /// The loaded pages of the current filter.
    public var listing = Listing()
    /// The list's selection and scroll position.
    public var list = ListState()
    /// The open character, on the detail screen.
    public var detail: DetailState?
    /// The name filter being typed, while the `/` prompt is open.
    public var prompt: String?
    /// The reads in flight.
    public var loads = LoadTracker()
    /// The latest answer or failure applied, as the events log records it.
    public var latest: AnswerEvent?
    /// The latest answers and failures applied, newest first (at most `recentLimit`).
    public var recent: [AnswerEvent] = []
    /// Answers applied so far, by origin.
    public var tally = AnswerTally()
    /// The repository's counters as of the latest read.
    public var metrics = MetricsSnapshot()
    /// Whether the network switch is on.
    public var isOnline: Bool
    /// The API the browser talks to, for the status pane.
    public var apiDescription: String
    /// The message shown over the screen, if any.
    public var toast: ToastState?
    /// Whether the help overlay is open.
    public var showsHelp = false
    /// Ticks received so far (drives the spinner and toast expiry).
    public var tick = 0

    /// The state before the first event: empty list, nothing loaded, online as `isOnline` says.
    public static func initial(
        size: TerminalSize = TerminalSize(width: 0, height: 0), isOnline: Bool = true,
        apiDescription: String = ""
    ) -> BrowserState {
        BrowserState(size: size, isOnline: isOnline, apiDescription: apiDescription)
    }

    /// The initial state for `services`: online as its switch is, describing its API.
    public static func initial(services: BrowserServices) -> BrowserState {
        initial(isOnline: services.networkSwitch.isOnline, apiDescription: services.apiDescription)
    }

    /// How many answers `recent` keeps.
    public static let recentLimit = 60

    /// The status filter currently applied.
    public var statusFilter: StatusFilter { StatusFilter(parameter: listing.filter.status) }

    /// The character under the list's selection, if any.
    public var selectedCharacter: ShowCharacter? {
        listing.rows.indices.contains(list.selected) ? listing.rows[list.selected] : nil
    }

    /// Where each pane goes at the current size.
    public var layout: BrowserLayout { BrowserLayout(size: size) }
}
