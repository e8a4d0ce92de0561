import Foundation
import CharacterData
import PostgresCache
import RickAndMortyHTTP
import TerminalUI

/// What the browser talks to, and the listeners it tells of what it did. `Sendable`: every part is.
package struct BrowserServices: Sendable {
    /// Where characters, pages and episodes are read.
    var repository: CharacterRepository
    /// Where episodes, locations, casts and residents are read; nil: the detail reads its
    /// episodes through `repository` and nothing can be drilled into.
    var graph: GraphRepository?
    /// Where the user was in the previous run against this API, restored at start; nil: start clean.
    var remembered: RememberedBrowser?
    /// The offline key's switch, shared with the repository's data sources.
    var networkSwitch: NetworkSwitch
    /// The API the repository talks to, as the status pane shows it (a URL, "embedded server …").
    var apiDescription: String
    /// Measures how long a failed read took (answers carry their own duration).
    var clock: any Clock<Duration>
    /// Told of every answer or failure the browser applies, on the loop thread (an `Effect.call`),
    /// in the order applied: the `--events` log.
    var onAnswer: @Sendable (AnswerEvent) -> Void
    /// Loads avatars for the detail pane; nil draws no images (`--no-images`).
    package var avatars: AvatarLoader?
    /// How images are coloured (from `COLORTERM` and `NO_COLOR`).
    var colorMode: ColorMode
    /// Something the user should read when the browser starts (a cache file that had to be moved
    /// aside, say), shown as a warning toast; nil for none.
    var notice: String?
    /// Whether the browser subscribes to the repositories' change streams at start, so that an
    /// entity changed elsewhere (another screen's read, another process) redraws where it is
    /// shown. The subscriptions run as long as the browser, as `Effect.subscribe`s: a headless
    /// run does not wait for them before its next key.
    var observesChanges: Bool
    /// A new stream of the shared cache tier's health changes, when the tier is on (the
    /// composition root passes its store's `healthChanges`); the browser subscribes at start.
    var sharedCacheHealthChanges: (@Sendable () -> AsyncStream<SharedCacheHealth>)?
    /// What the Cache screen inspects and acts on; nil: nothing to inspect (`4` says so).
    var cacheInspector: CacheInspector?
    /// The wall-clock time now (the Cache screen's ages and times to live).
    var now: @Sendable () -> Date
    /// Puts a copy (`y`, `Y`) on the clipboard, called on the loop thread (an `Effect.call`): the
    /// terminal's OSC 52, or a line in the `--events` log of a headless run. Does nothing by default.
    package var clipboard: @Sendable (ClipboardCopy) -> Void = { _ in }
    /// Told of each edit or delete the repository refused to make (not sent), on the loop thread
    /// (an `Effect.call`): the `--events` log, whose other write lines come from the repository's
    /// `observeWrites`. Does nothing by default.
    package var onWrite: @Sendable (WriteLogLine) -> Void = { _ in }
    /// Whether the browser takes the mouse (clicks, the wheel); off (`--no-mouse`), the terminal
    /// keeps it for its own text selection and mouse input is ignored.
    package var mouseOn = true
    /// The API explored instead of Rick and Morty (`--api` naming any other API); nil: the
    /// browser's Rick and Morty lists are at the bottom of the stack, as ever.
    package var explorer: ExplorerSession?
    /// Where the Rick and Morty lists start (`--open`), over what was remembered; nil: where the
    /// previous run left them.
    package var listsStart: ListsStart?
    /// Where entity details read: the explored API's repository, else Rick and Morty's (its
    /// characters, and its episodes and locations when there is a graph).
    var entityReader: any EntityReading { explorer ?? RickAndMortyEntities(graph: graph, services: self) }
    /// Where the list screen reads: the explored API's session, else Rick and Morty's lists.
    var listReader: any ListReading {
        explorer.map { ExploredLists(session: $0, clock: clock) } ?? RickAndMortyLists(graph: graph, services: self)
    }
    /// Sets the network switch in the order the browser asked, however its tasks are scheduled.
    let switchSetter: OrderedSwitchSetter
    /// The Rick and Morty entities laid out last, shared by every detail of the run.
    let laidOut = ExplorerTreeMemo()

    package init(
        repository: CharacterRepository, networkSwitch: NetworkSwitch, apiDescription: String,
        clock: any Clock<Duration> = ContinuousClock(), notice: String? = nil,
        avatars: AvatarLoader? = nil, colorMode: ColorMode = .palette256, graph: GraphRepository? = nil,
        remembered: RememberedBrowser? = nil, observesChanges: Bool = false,
        sharedCacheHealthChanges: (@Sendable () -> AsyncStream<SharedCacheHealth>)? = nil,
        cacheInspector: CacheInspector? = nil, now: @escaping @Sendable () -> Date = { Date() },
        onAnswer: @escaping @Sendable (AnswerEvent) -> Void = { _ in }
    ) {
        self.cacheInspector = cacheInspector
        self.now = now
        self.observesChanges = observesChanges
        self.sharedCacheHealthChanges = sharedCacheHealthChanges
        self.switchSetter = OrderedSwitchSetter(networkSwitch)
        self.avatars = avatars
        self.graph = graph
        self.remembered = remembered
        self.colorMode = colorMode
        self.notice = notice
        self.repository = repository
        self.networkSwitch = networkSwitch
        self.apiDescription = apiDescription
        self.clock = clock
        self.onAnswer = onAnswer
    }
}
