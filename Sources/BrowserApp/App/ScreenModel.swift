import CharacterData
import EntityWrites
import ExplorerData
import Foundation
import PostgresCache
import RepositoryCore
import RickAndMortyModel
import TerminalUI

/// One screen of the browser's stack as a sub-model: the conforming value is the screen's own
/// state; it carries out the actions of its key scope, takes its own messages (the results of
/// the effects it returned, addressed to it alone), draws itself into the main pane, and is
/// suspended when another screen is pushed over it and resumed when it is on top again.
///
/// What is news for every screen comes through `show` and `answered`; a screen asks the app for
/// everything else through its `ScreenContext`, whose requests the app carries out in order
/// after the call returns. Every requirement is called on the loop thread, one call at a time.
/// A plain, sendable value.
package protocol ScreenModel: Sendable {
    /// What the screen's effects report back to it.
    associatedtype Message: Sendable = Never
    /// Whose keys apply while the screen is on top (the footer and help show them).
    var keyScope: KeyTable.Scope { get }
    /// Every scope `keyScope` can be for a screen of this type (`ScreenCatalog.scopes`).
    static var keyScopes: [KeyTable.Scope] { get }
    /// The screen's name in the breadcrumb.
    var crumb: String { get }
    /// What the screen has in flight, for the spinner, the status pane and `r`.
    var activity: ScreenActivity { get }
    /// Whether every key goes to the screen as `.typed(key)`, the global ones included (a form).
    var takesTyping: Bool { get }

    /// The screen is shown for the first time (pushed, or at start for the lists): starts its reads.
    mutating func open(context: inout ScreenContext) -> [Effect<Message>]
    /// Carries out `action` of its scope or `.refresh` (never while a refresh runs), on top.
    mutating func perform(_ action: BrowserAction, context: inout ScreenContext) -> [Effect<Message>]
    /// Takes a message of one of its own effects (and only its own).
    mutating func receive(_ message: Message, context: inout ScreenContext) -> [Effect<Message>]
    /// Another screen is pushed over it: stops its reads and timers, leaving it marked incomplete.
    mutating func suspend(context: inout ScreenContext) -> [Effect<Message>]
    /// It is on top again: starts again (from the cache first) what `suspend` interrupted.
    mutating func resume(context: inout ScreenContext) -> [Effect<Message>]
    /// The terminal was resized (`context.layout` is the new layout): keeps positions in range.
    mutating func resized(context: inout ScreenContext) -> [Effect<Message>]
    /// After every key and resize: keeps what it holds around its view (on top, reads what is missing).
    mutating func settle(context: inout ScreenContext) -> [Effect<Message>]
    /// The network is on again: reads again what could not be read (on top now, else when resumed).
    mutating func reconnected(context: inout ScreenContext) -> [Effect<Message>]
    /// After every call that may have changed the screen and after a resize: builds its geometry
    /// for `layout` once, for `perform` and `render` to read, and keeps positions in range of it.
    mutating func layOut(_ layout: BrowserLayout)
    /// Where the screen's questions are drawn in `layout` (one row); nil: on the footer.
    func questionRow(in layout: BrowserLayout) -> Rect?
    /// Shows `entity` wherever the screen holds it (a newer copy read or announced). Reads nothing.
    mutating func show(_ entity: ShownEntity)
    /// The app applied `event` (any screen's answer) at `time`.
    mutating func answered(_ event: AnswerEvent, at time: Date, context: inout ScreenContext)
        -> [Effect<Message>]
    /// Draws the screen into the main pane `area` (border included).
    func render(in area: Rect, buffer: inout CellBuffer, context: ScreenRenderContext)
}

extension ScreenModel {
    package mutating func open(context: inout ScreenContext) -> [Effect<Message>] { [] }
    package mutating func receive(_ message: Message, context: inout ScreenContext) -> [Effect<Message>] {
        []
    }
    package mutating func suspend(context: inout ScreenContext) -> [Effect<Message>] { [] }
    package mutating func resume(context: inout ScreenContext) -> [Effect<Message>] { [] }
    package mutating func resized(context: inout ScreenContext) -> [Effect<Message>] { [] }
    package mutating func settle(context: inout ScreenContext) -> [Effect<Message>] { [] }
    package mutating func reconnected(context: inout ScreenContext) -> [Effect<Message>] { [] }
    package mutating func layOut(_ layout: BrowserLayout) {}
    package func questionRow(in layout: BrowserLayout) -> Rect? { nil }
    package mutating func show(_ entity: ShownEntity) {}
    package mutating func answered(_ event: AnswerEvent, at time: Date, context: inout ScreenContext)
        -> [Effect<Message>]
    { [] }
    package var activity: ScreenActivity { ScreenActivity() }
    package var takesTyping: Bool { false }
}

/// What a screen has in flight. A plain value.
package struct ScreenActivity: Sendable, Hashable {
    /// Whether any read of the screen is in flight (the spinner turns).
    package var isBusy = false
    /// Whether a refresh (a `remoteFirst` read) is in flight (`r` waits for it).
    package var isRefreshing = false
    /// The reads the status pane names, in words (`page 2`, `character`); empty for none.
    package var shownReads: [String] = []
    /// Whether one of `shownReads` is a refresh.
    package var shownRefreshing = false
}

extension ScreenActivity {
    /// The activity of one read in flight with `policy` (nil: idle), named `word` in the status pane.
    package init(reading policy: CachePolicy?, named word: String) {
        self.init(
            isBusy: policy != nil, isRefreshing: policy == .remoteFirst,
            shownReads: policy == nil ? [] : [word], shownRefreshing: policy == .remoteFirst)
    }
}

/// An entity to show wherever a screen holds it. A plain value.
package enum ShownEntity: Sendable, Hashable {
    case character(ShowCharacter)
    case episode(Episode)
    case location(Location)
    /// Character `id` was deleted: lists and casts leave it out.
    case characterDeleted(id: Int)
    /// An explored entity as a read answered it: lists show its values, details of it read it again.
    case explored(ExplorerEntity)
}

/// What a screen is given while the app calls it, and where it leaves its requests to the app,
/// which carries them out in order when the call returns. A plain value, made for one call.
package struct ScreenContext: Sendable {
    /// What the browser reads from.
    package let services: BrowserServices
    /// Where every pane goes at the current size.
    package let layout: BrowserLayout
    /// Whether the screen called is the one on top.
    package let isOnTop: Bool
    /// The answers of the session's last minute (`BrowserState.pulses`).
    package let pulses: CachePulses
    /// What the screen asked of the app so far, in order.
    package private(set) var requests: [ScreenRequest] = []

    package init(
        services: BrowserServices, layout: BrowserLayout, isOnTop: Bool, pulses: CachePulses = CachePulses()
    ) {
        self.services = services
        self.layout = layout
        self.isOnTop = isOnTop
        self.pulses = pulses
    }

    /// Records an applied read of the cache entries `keys` — the status pane's latest answer, the
    /// recent answers, the counters, the `--events` log, the Cache screen — with a warning toast
    /// when the answer fell back to the cache.
    package mutating func record<Value>(
        query: String, kind: EntityKind = .character, policy: CachePolicy, keys: [CacheEntryKey],
        _ report: ReadReport<Value>
    ) {
        requests.append(.record(AppliedAnswer(query: query, kind: kind, policy: policy, keys: keys, report)))
    }

    /// Records `answer`, built where the read ran (`AppliedAnswer(query:kind:policy:keys:_:)`).
    mutating func record(_ answer: AppliedAnswer) { requests.append(.record(answer)) }

    /// Records `event`, an answer that is not a repository read (an avatar, a Cache screen action),
    /// without counting it.
    package mutating func record(_ event: AnswerEvent) {
        requests.append(.record(AppliedAnswer(event: event, metrics: nil, tally: nil, warning: nil)))
    }

    /// Shows `message` as a toast of `kind`.
    package mutating func toast(_ message: String, kind: ToastState.Kind) {
        requests.append(.toast(message, kind))
    }

    /// Pushes `screen` over the stack (the screen on top is suspended, `screen` opened).
    package mutating func push(_ screen: any ScreenModel) { requests.append(.push(screen)) }

    /// Pops the screen on top (it is suspended, the one below resumed); nothing at the bottom.
    package mutating func pop() { requests.append(.pop) }

    /// Shows `entity` on every other screen of the stack (the screen asking has it already).
    package mutating func show(_ entity: ShownEntity) { requests.append(.show(entity)) }

    /// Asks `question` (the app draws it and takes the keys); its answer — the text, or the letter
    /// chosen — comes back to the screen alone as the message `reply` makes of it. Cancelled, nothing does.
    package mutating func ask<Reply: Sendable>(
        _ question: Question, reply: @escaping @Sendable (String) -> Reply
    ) {
        requests.append(.ask(question, reply: reply))
    }

    /// Records a write's outcome (the `--events` log; the outbox is read again for the status pane).
    package mutating func record(_ write: WriteLogLine) { requests.append(.recordWrite(write)) }

    /// Reads the outbox again for the status pane (a write was discarded or resolved).
    package mutating func readKeptWrites() { requests.append(.readKeptWrites) }

    /// Asks the app to carry out `action` as its key would, after what was asked before.
    mutating func perform(_ action: BrowserAction) { requests.append(.perform(action)) }

    /// Copies `subject` to the clipboard as `format` says (`y`, `Y`); nil: a toast says there is none.
    package mutating func copy(_ subject: CopySubject?, as format: CopyFormat) {
        guard let subject else {
            toast("Nothing to copy here: select or open a character, episode or location.", kind: .info)
            return
        }
        requests.append(.copy(ClipboardCopy(subject, format: format)))
    }
}

/// What a screen asks of the app, one case per `ScreenContext` request. A plain value.
package enum ScreenRequest: Sendable {
    case record(AppliedAnswer)
    case toast(String, ToastState.Kind)
    case push(any ScreenModel)
    case pop
    /// Show an entity on every other screen.
    case show(ShownEntity)
    /// Ask a question; the answer goes back as the asker's message.
    case ask(Question, reply: @Sendable (String) -> any Sendable)
    case copy(ClipboardCopy)
    case recordWrite(WriteLogLine)
    case readKeptWrites
    /// Carry out `action` as its key would, after the requests before it (the picker's choice).
    case perform(BrowserAction)
}

/// One applied answer as the app records it. A plain value.
package struct AppliedAnswer: Sendable {
    /// How the answer is counted. A plain value.
    package struct Tally: Sendable, Hashable {
        /// The origin; nil for a failure.
        package var origin: Origin?
        package var isStale: Bool
        /// The Rick and Morty kind it is about; nil for another API's entity.
        package var kind: EntityKind?
    }

    /// The event (the status pane, the recent answers, the `--events` log).
    package var event: AnswerEvent
    /// The repository's counters after the read, when it was one.
    package var metrics: MetricsSnapshot?
    /// How the counters count it; nil: not counted.
    package var tally: Tally?
    /// A warning to show as a toast.
    package var warning: String?
}

extension AppliedAnswer {
    /// A repository read of `query` (the cache entries `keys`), counted as `kind`, with a warning
    /// when it fell back to the cache.
    init<Value>(
        query: String, kind: EntityKind, policy: CachePolicy, keys: [CacheEntryKey], _ report: ReadReport<Value>
    ) {
        var event = AnswerEvent(
            query: query, kind: kind, policy: policy, result: report.result, elapsed: report.elapsed,
            cacheKeys: keys)
        event.background = report.background
        event.revalidating = report.revalidating
        self.init(query: query, kind: kind, result: report.result, metrics: report.metrics, event: event)
    }

    /// A read of `query` that gave `result`, recorded as `event`, counted as `kind` (nil: another
    /// API's) with the counters `metrics`, with a warning when it fell back to the cache.
    init<Value, Failure: Error>(
        query: String, kind: EntityKind?, result: Result<Answer<Value>, Failure>, metrics: MetricsSnapshot?,
        event: AnswerEvent
    ) {
        let answer = try? result.get()
        let warning = answer.flatMap { answer in
            answer.fallbackError.map { error in
                let shown = answer.provenance.map { Self.shownPart($0, kind: kind) } ?? ""
                return "Showing cached \(query) (\(answer.origin.rawValue)\(shown)): \(error.description)"
            }
        }
        let tally = Tally(origin: answer?.origin, isStale: answer?.isStale ?? false, kind: kind)
        self.init(event: event, metrics: metrics, tally: tally, warning: warning)
    }
}

extension AppliedAnswer {
    /// How much of a list shown from the cache is there, when entities of it are no longer cached
    /// (`, 19 of its 20 characters`); "" when it is whole.
    static func shownPart(_ provenance: Provenance, kind: EntityKind?) -> String {
        let missing = provenance.missingIDs.count
        guard missing > 0 else { return "" }
        let noun = kind.map { $0.title.lowercased() } ?? "entities"
        return ", \(provenance.partCount) of its \(provenance.partCount + missing) \(noun)"
    }
}

/// What a screen is given to draw itself. A plain value.
package struct ScreenRenderContext {
    /// Where every pane goes.
    package let layout: BrowserLayout
    /// How images are coloured.
    package let colorMode: ColorMode
    /// The panes' last drawings, when the frame reuses them.
    let memos: PaneMemos?
    /// The characters with a write the server has not taken yet (shown `pending`).
    var pendingCharacterIDs: Set<Int> = []
    /// The writes the outbox keeps, per state.
    var keptWrites = WriteCounts()
    /// The shared tier's health, when the tier is on.
    var sharedCache: SharedCacheHealth?
    /// The cache entries background revalidations are reading again now.
    var revalidating = RevalidatingEntries()
}
