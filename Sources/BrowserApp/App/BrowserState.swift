import PostgresCache
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
        /// One episode and its cast.
        case episode
        /// One location and its residents.
        case location
    }

    /// The terminal's size, as of the last start or resize.
    public var size: TerminalSize {
        didSet { if size != oldValue { layout = BrowserLayout(size: size) } }
    }
    /// Where each pane goes at the current size (kept with the size, as every frame and most
    /// keys ask for it).
    public private(set) var layout: BrowserLayout
    /// The stack of screens, the list at the bottom and the screen shown on top.
    public var screens: [ScreenFrame] = [.list]
    /// The list at the bottom of the stack: characters, episodes or locations (`1` `2` `3`, Tab).
    public var activeList: EntityKind = .character
    /// The character list: its pages, filter, selection and reads in flight.
    public var characters = PagedList<ShowCharacter, CharacterFilter>()
    /// The episode list, as `characters`.
    public var episodes = PagedList<Episode, [String: String]>()
    /// The location list, as `characters`.
    public var locations = PagedList<Location, [String: String]>()
    /// The name filter being typed, while the `/` prompt is open.
    public var prompt: String?
    /// The detail reads and cache clearing in flight (the lists track their own page reads).
    public var loads = LoadTracker()
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

    /// The status filter currently applied.
    public var statusFilter: StatusFilter { StatusFilter(parameter: characters.filter.status) }

    /// The character under the list's selection, if any.
    public var selectedCharacter: ShowCharacter? { characters.selectedRow }

    /// Whether any read is in flight, every list's page reads included.
    public var isBusy: Bool {
        loads.isBusy || characters.isLoading || episodes.isLoading || locations.isLoading
    }

    /// Whether a refresh (a `remoteFirst` read) is in flight anywhere.
    public var isRefreshing: Bool {
        loads.isRefreshing
            || [characters.loading, episodes.loading, locations.loading].contains {
                $0.values.contains(.remoteFirst)
            }
    }

    /// Which pane has the keys: the top of the stack.
    public var screen: Screen {
        switch screens.last {
        case .character: .detail
        case .entity(let detail): detail.kind == .location ? .location : .episode
        case .list, nil: .list
        }
    }

    /// The open character, when the top screen is a character's detail. Setting it replaces that
    /// detail; setting nil, or setting while another screen is on top, changes nothing.
    public var detail: CharacterDetailState? {
        get {
            if case .character(let detail) = screens.last { detail } else { nil }
        }
        set {
            guard let newValue, case .character = screens.last else { return }
            screens[screens.count - 1] = .character(newValue)
        }
    }

    /// The open episode or location, when it is the top screen; setting works as for `detail`.
    public var entity: EntityDetailState? {
        get {
            if case .entity(let detail) = screens.last { detail } else { nil }
        }
        set {
            guard let newValue, case .entity = screens.last else { return }
            screens[screens.count - 1] = .entity(newValue)
        }
    }

    /// The path of the stack: `Characters › Rick Sanchez › S01E01 Pilot`.
    public var breadcrumb: String {
        screens.map { $0.crumb(activeList: activeList) }.joined(separator: " › ")
    }
}
