import PostgresCache
import RepositoryCore
import RickAndMortyModel
import TerminalUI

/// Everything the browser shows and remembers. A plain value, changed only by
/// `CharacterBrowser.update` and drawn by `CharacterBrowser.render`.
public struct BrowserState: Sendable {
    /// The terminal's size, as of the last start or resize.
    public var size: TerminalSize {
        didSet { if size != oldValue { layout = BrowserLayout(size: size) } }
    }
    /// Where each pane goes at the current size (kept with the size, as every frame and most
    /// keys ask for it).
    public private(set) var layout: BrowserLayout
    /// The stack of screens: the lists (a `ListsScreen`) at the bottom, the screen shown on top;
    /// at most `screenLimit` (a push past it lets go of the oldest screen over the lists).
    public var screens: [any ScreenModel] = [ListsScreen()]
    /// The name filter being typed, while the `/` prompt is open.
    public var prompt: String?
    /// Whether a cache clearing (`c`, `C`) is in flight (the screens track their own reads).
    public var isClearing = false
    /// The latest answer or failure applied, as the events log records it.
    public var latest: AnswerEvent?
    /// The latest answers and failures applied, newest first (at most `recentLimit`).
    public var recent: [AnswerEvent] = []
    /// Answers applied so far, by origin.
    public var tally = AnswerTally()
    /// The repository's counters as of the latest read.
    public var metrics = MetricsSnapshot()
    /// Whether the network switch is on (as the browser last set it; the switch follows by an
    /// effect).
    public var isOnline: Bool
    /// How many times the browser has set the switch (numbers the settings, so the last wins).
    public var switchSettings = 0
    /// The API the browser talks to, for the status pane.
    public var apiDescription: String
    /// The shared cache tier's health, or nil when it is off.
    public var sharedCache: SharedCacheHealth?
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

    private init(size: TerminalSize, isOnline: Bool, apiDescription: String) {
        self.size = size
        self.layout = BrowserLayout(size: size)
        self.isOnline = isOnline
        self.apiDescription = apiDescription
    }

    /// The initial state for `services`: online as its switch is, describing its API, with the
    /// shared tier's health as it is now.
    public static func initial(services: BrowserServices) -> BrowserState {
        var state = initial(
            isOnline: services.networkSwitch.isOnline, apiDescription: services.apiDescription)
        state.sharedCache = services.repository.sharedCacheHealth
        return state
    }

    /// How many answers `recent` keeps.
    public static let recentLimit = 60

    /// How many screens `screens` keeps, the lists included. Details open details without end
    /// (a character's episode, its cast member, that character's location, …), each holding what
    /// it read; past this depth the screen pushed longest ago (already suspended) is let go.
    public static let screenLimit = 24

    /// The screen at the bottom of the stack: the three lists. Setting it replaces it.
    public var lists: ListsScreen {
        get { screens.first as? ListsScreen ?? ListsScreen() }
        set { if screens.isEmpty { screens = [newValue] } else { screens[0] = newValue } }
    }
    /// The list shown at the bottom of the stack: characters, episodes or locations.
    public var activeList: EntityKind { lists.activeList }
    /// The character list (of `lists`).
    public var characters: PagedList<ShowCharacter, CharacterFilter> {
        get { lists.characters }
        set { lists.characters = newValue }
    }
    /// The episode list (of `lists`).
    public var episodes: PagedList<Episode, [String: String]> {
        get { lists.episodes }
        set { lists.episodes = newValue }
    }
    /// The location list (of `lists`).
    public var locations: PagedList<Location, [String: String]> {
        get { lists.locations }
        set { lists.locations = newValue }
    }

    /// The status filter currently applied.
    public var statusFilter: StatusFilter { StatusFilter(parameter: characters.filter.status) }

    /// The character under the list's selection, if any.
    public var selectedCharacter: ShowCharacter? { characters.selectedRow }

    /// Whether any read is in flight on any screen, or a cache clearing.
    public var isBusy: Bool { isClearing || screens.contains { $0.activity.isBusy } }

    /// Whether a refresh (a `remoteFirst` read) is in flight on any screen.
    public var isRefreshing: Bool { screens.contains { $0.activity.isRefreshing } }

    /// Whose keys apply now: the screen on top's.
    public var keyScope: KeyTable.Scope { screens.last?.keyScope ?? .characterList }

    /// The path of the stack: `Characters › Rick Sanchez › S01E01 Pilot`.
    public var breadcrumb: String { screens.map(\.crumb).joined(separator: " › ") }
}
