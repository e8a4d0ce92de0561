import CharacterData
import EntityWrites
import PostgresCache
import RepositoryCore
import RickAndMortyModel
import TerminalUI

/// Everything the browser shows and remembers. A plain value, changed only by
/// `CharacterBrowser.update` and drawn by `CharacterBrowser.render`.
package struct BrowserState: Sendable {
    /// The terminal's size, as of the last start or resize.
    package var size: TerminalSize {
        didSet { if size != oldValue { layout = BrowserLayout(size: size) } }
    }
    /// Where each pane goes at the current size (kept, as every frame and most keys ask for it).
    package private(set) var layout: BrowserLayout
    /// The stack of screens with their addresses: the lists at the bottom, the screen shown on top.
    var stack = [
        StackedScreen(
            address: ScreenAddress(number: 0), screen: ListScreen(resource: RickAndMortyLists.resources.first))
    ]
    /// How many addresses were given: the next screen pushed gets this number.
    private var addressesGiven = 1
    /// The screens of the stack, bottom first. Setting them keeps each place's address and gives
    /// screens at new places new ones.
    package internal(set) var screens: [any ScreenModel] {
        get { stack.map(\.screen) }
        set {
            let kept = stack.map(\.address)
            stack = zip(kept, newValue).map { StackedScreen(address: $0, screen: $1) }
            for screen in newValue.dropFirst(kept.count) { append(screen) }
        }
    }
    /// The question asked, while one is (the filter prompt, a y/n question).
    var asking: AskedQuestion?
    /// The writes the outbox keeps, per state (the status pane's `writes:` row).
    var keptWrites = WriteCounts()
    /// The characters with a write the server has not taken yet: shown `pending`.
    var pendingCharacterIDs: Set<Int> = []
    /// How many sends of the kept writes in a row found the server out of reach (see `backoff`).
    var sendFailures = 0
    /// Whether the kept writes are being sent (one send at a time).
    var isSendingWrites = false
    /// Whether a cache clearing (`c`, `C`) is in flight (the screens track their own reads).
    var isClearing = false
    /// The latest answer or failure applied, as the events log records it.
    var latest: AnswerEvent? {
        didSet { latestWrite = nil }
    }
    /// The latest write's outcome, while no read was answered since (the status pane shows it).
    var latestWrite: WriteLogLine?
    /// The latest answers and failures applied, newest first (at most `recentLimit`).
    var recent: [AnswerEvent] = []
    /// Answers applied so far, by origin.
    var tally = AnswerTally()
    /// The answers of the session's last minute, per second and source (the Cache screen's pulses).
    var pulses = CachePulses()
    /// The cache entries background revalidations are reading again now (the Cache screen's).
    var revalidating = RevalidatingEntries()
    /// The repository's counters as of the latest read.
    var metrics = MetricsSnapshot()
    /// Whether the network switch is on (as the browser last set it; the switch follows by an effect).
    var isOnline: Bool
    /// How many times the browser has set the switch (numbers the settings, so the last wins).
    var switchSettings = 0
    /// The API the browser talks to, for the status pane.
    var apiDescription: String
    /// The shared cache tier's health, or nil when it is off.
    var sharedCache: SharedCacheHealth?
    /// Whether the disk cache's writes fail now (a full disk): the status pane says so.
    var diskWritesFail = false
    /// The message shown over the screen, if any.
    var toast: ToastState?
    /// Whether the help overlay is open.
    var showsHelp = false {
        didSet { if !showsHelp { helpScroll = 0 } }
    }
    /// Lines of the help overlay scrolled off its top (the wheel scrolls it).
    var helpScroll = 0
    /// Ticks received so far (drives the spinner and toast expiry).
    var tick = 0

    /// The state before the first event: empty list, nothing loaded, online as `isOnline` says.
    package static func initial(
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

    /// The initial state for `services`: its switch, its API, the shared tier's health now.
    package static func initial(services: BrowserServices) -> BrowserState {
        var state = initial(
            isOnline: services.networkSwitch.isOnline, apiDescription: services.apiDescription)
        state.sharedCache = services.repository.sharedCacheHealth
        if let explorer = services.explorer { state.screens = [explorer.bottomScreen()] }
        return state
    }

    /// How many answers `recent` keeps.
    static let recentLimit = 60

    /// How many screens `screens` keeps, the lists included: details open details without end,
    /// so past this depth the screen pushed longest ago (already suspended) is let go.
    static let screenLimit = 24

    /// Puts `screen` on top of the stack at a new address.
    mutating func append(_ screen: any ScreenModel) {
        stack.append(StackedScreen(address: ScreenAddress(number: addressesGiven), screen: screen))
        addressesGiven += 1
    }

    /// `message` addressed to the screen of type `S` nearest the top; nil when there is none.
    package func message<S: ScreenModel>(_ message: S.Message, to screen: S.Type) -> BrowserMessage? {
        stack.last { $0.screen is S }.map { .screen($0.address, message) }
    }

    /// The list screen at the bottom of the stack. Setting it replaces it.
    var lists: ListScreen {
        get { stack.first?.screen as? ListScreen ?? ListScreen() }
        set { if stack.isEmpty { append(newValue) } else { stack[0].screen = newValue } }
    }
    /// The Rick and Morty list shown at the bottom of the stack: characters, episodes or locations.
    var activeList: EntityKind { lists.resource.map(RickAndMortyLists.kind(of:)) ?? .character }
    /// Rick and Morty's three lists, shown or kept at the bottom of the stack (empty when not there).
    package var characters: PagedList {
        get { list(of: .character) }
        set { lists.replace(named: ListsStart.resourceName(of: .character), with: newValue) }
    }
    var episodes: PagedList { list(of: .episode) }
    var locations: PagedList { list(of: .location) }

    /// The Rick and Morty list of `kind`, shown or kept.
    func list(of kind: EntityKind) -> PagedList { lists.list(named: ListsStart.resourceName(of: kind)) ?? PagedList() }

    /// Whether any read is in flight on any screen, or a cache clearing.
    var isBusy: Bool { isClearing || stack.contains { $0.screen.activity.isBusy } }

    /// Whether a refresh (a `remoteFirst` read) is in flight on any screen.
    var isRefreshing: Bool { stack.contains { $0.screen.activity.isRefreshing } }

    /// Whose keys apply now: the screen on top's.
    var keyScope: KeyTable.Scope { stack.last?.screen.keyScope ?? .characterList }

    /// The path of the stack: `Characters › Rick Sanchez › S01E01 Pilot`.
    package var breadcrumb: String { crumbs.joined(separator: Self.crumbSeparator) }

    /// The crumb of each screen of the stack, bottom first.
    var crumbs: [String] { stack.map(\.screen.crumb) }

    /// Between two crumbs of the breadcrumb.
    static let crumbSeparator = " › "
}
