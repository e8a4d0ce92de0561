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
    /// The stack of screens with their addresses: the lists (a `ListsScreen`) at the bottom, the
    /// screen shown on top; at most `screenLimit` (a push past it lets go of the oldest screen over
    /// the lists).
    var stack = [StackedScreen(address: ScreenAddress(number: 0), screen: ListsScreen())]
    /// How many addresses were given: the next screen pushed gets this number.
    private var addressesGiven = 1
    /// The screens of the stack, bottom first. Setting them keeps each place's address and gives
    /// screens at new places new ones.
    public var screens: [any ScreenModel] {
        get { stack.map(\.screen) }
        set {
            let kept = stack.map(\.address)
            stack = zip(kept, newValue).map { StackedScreen(address: $0, screen: $1) }
            for screen in newValue.dropFirst(kept.count) { append(screen) }
        }
    }
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
    /// The answers of the session's last minute, per second and source (the Cache screen's pulses).
    public var pulses = CachePulses()
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

    /// Puts `screen` on top of the stack at a new address.
    mutating func append(_ screen: any ScreenModel) {
        stack.append(StackedScreen(address: ScreenAddress(number: addressesGiven), screen: screen))
        addressesGiven += 1
    }

    /// `message` addressed to the screen of type `S` nearest the top; nil when there is none.
    public func message<S: ScreenModel>(_ message: S.Message, to screen: S.Type) -> BrowserMessage? {
        stack.last { $0.screen is S }.map { .screen($0.address, message) }
    }

    /// The screen at the bottom of the stack: the three lists. Setting it replaces it.
    public var lists: ListsScreen {
        get { stack.first?.screen as? ListsScreen ?? ListsScreen() }
        set { if stack.isEmpty { append(newValue) } else { stack[0].screen = newValue } }
    }
    /// The list shown at the bottom of the stack: characters, episodes or locations.
    public var activeList: EntityKind { lists.activeList }
    /// The character list (of `lists`).
    public var characters: PagedList<ShowCharacter> {
        get { lists.characters }
        set { lists.characters = newValue }
    }
    /// The episode list (of `lists`).
    public var episodes: PagedList<Episode> {
        get { lists.episodes }
        set { lists.episodes = newValue }
    }
    /// The location list (of `lists`).
    public var locations: PagedList<Location> {
        get { lists.locations }
        set { lists.locations = newValue }
    }

    /// Whether any read is in flight on any screen, or a cache clearing.
    public var isBusy: Bool { isClearing || stack.contains { $0.screen.activity.isBusy } }

    /// Whether a refresh (a `remoteFirst` read) is in flight on any screen.
    public var isRefreshing: Bool { stack.contains { $0.screen.activity.isRefreshing } }

    /// Whose keys apply now: the screen on top's.
    public var keyScope: KeyTable.Scope { stack.last?.screen.keyScope ?? .characterList }

    /// The path of the stack: `Characters › Rick Sanchez › S01E01 Pilot`.
    public var breadcrumb: String { stack.map(\.screen.crumb).joined(separator: " › ") }
}
