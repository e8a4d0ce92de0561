import CharacterData
import Foundation
import RepositoryCore
import RickAndMortyModel
import TerminalUI

/// What the Cache screen's effects and questions report, with the time read by the effect that
/// sends it (the screen's update never reads a clock). A plain value.
enum CacheScreenMessage: Sendable {
    /// A request's result, at the time its effect finished (nil: the screen's time stays).
    case result(CacheScreenResult, at: Date? = nil)
    case second(Date)
    /// The shared tier refused this many rows since the run started (their signature failed).
    case sharedRefusals(Int)
    case answered(CacheQuestion, String)
    /// The filter prompt's text: only the rows held that contain it show.
    case filtered(String)
}

/// The Cache screen on the stack (`4`): `CacheScreenState` over the services' cache inspector,
/// its requests run as effects, their results and a one-second ticker coming back as messages.
/// Without an inspector it says there is nothing to inspect. A plain value (`ScreenModel`).
struct CacheScreen: ScreenModel {
    typealias Message = CacheScreenMessage
    var state: CacheScreenState

    static let tickerKey = "cache-screen-second"

    /// Nothing read yet; its time is the distant past until the first message brings one.
    init(services: BrowserServices) {
        let inspector = services.cacheInspector
        state = CacheScreenState(
            tiers: inspector?.tiers.map { CacheTier(name: $0.tierName) } ?? [],
            rule: inspector?.rule ?? CacheFreshnessRule(timeToLive: nil), now: .distantPast)
        state.api = inspector?.api?.id
    }

    var keyScope: KeyTable.Scope { .cache }
    static var keyScopes: [KeyTable.Scope] { [.cache] }

    mutating func layOut(_ layout: BrowserLayout) { state.layOut(in: layout.main) }

    var crumb: String { state.detail.map { "Cache › \($0.entry.title)" } ?? "Cache" }

    var activity: ScreenActivity {
        ScreenActivity(reading: state.list.reading == nil ? nil : .localFirst, named: "cache rows")
    }

    mutating func open(context: inout ScreenContext) -> [Effect<Message>] {
        guard context.services.cacheInspector != nil else {
            context.toast("There is no cache to inspect in this run.", kind: .info)
            return []
        }
        state.pulses = context.pulses
        return run(state.open(area: context.layout.main), context: &context) + [Self.ticker(context.services)]
    }

    mutating func suspend(context: inout ScreenContext) -> [Effect<Message>] {
        [.cancel(key: Self.tickerKey)]
    }

    mutating func resume(context: inout ScreenContext) -> [Effect<Message>] {
        [Self.ticker(context.services)]
    }

    /// Esc (with no entry open) and Tab go back, `/` asks for the filter, `y` and `Y` copy the entry
    /// opened; the rest goes to the state.
    mutating func perform(_ action: BrowserAction, context: inout ScreenContext) -> [Effect<Message>] {
        state.pulses = context.pulses
        switch action {
        case .back where state.detail == nil, .nextList: context.pop()
        case .filter: context.ask(.filter(state.list.filter), reply: Message.filtered)
        case .copy(let format): context.copy(state.openedSubject, as: format)
        default: return run(state.perform(action, area: context.layout.main), context: &context)
        }
        return []
    }

    func questionRow(in layout: BrowserLayout) -> Rect? { state.questionRow(in: layout.main) }

    mutating func receive(_ message: Message, context: inout ScreenContext) -> [Effect<Message>] {
        if case .result(let result, _) = message, let event = result.actionEvent { context.record(event) }
        state.pulses = context.pulses
        return run(state.receive(message, area: context.layout.main), context: &context)
    }

    mutating func answered(_ event: AnswerEvent, at time: Date, context: inout ScreenContext)
        -> [Effect<Message>]
    {
        state.pulses = context.pulses
        return run(state.answered(event, at: time, area: context.layout.main), context: &context)
    }

    func render(in area: Rect, buffer: inout CellBuffer, context: ScreenRenderContext) {
        var notes: [String] = []
        if let shared = context.sharedCache { notes.append("shared \(shared)") }
        if let refused = state.sharedRefusals, refused > 0 { notes.append("\(refused) shared rows refused") }
        if !context.keptWrites.isEmpty { notes.append("writes: \(context.keptWrites.description) (5)") }
        state.render(in: area, buffer: &buffer, notes: notes, revalidating: context.revalidating)
    }

    /// Runs what the state asked for: a request as an effect, `explore` and `ask` through the app.
    private func run(_ requests: [CacheScreenRequest], context: inout ScreenContext) -> [Effect<Message>] {
        let services = context.services
        guard let inspector = services.cacheInspector else { return [] }
        var effects: [Effect<Message>] = []
        for request in requests {
            switch request {
            case .explore:
                // The entry's entity: a character from its value, an episode or location by id.
                guard let open = state.detail, let (kind, id) = open.entry.entity else { continue }
                ExplorerDetailScreen.push(kind, id: id, title: open.entry.title, context: &context)
            case .ask(let asked):
                context.ask(asked.question(tiers: state.tiers)) { Message.answered(asked, $0) }
            default:
                effects.append(
                    .stream(key: Self.taskKey(request)) { sink in
                        let result = await request.perform(
                            with: inspector, now: services.now(), clock: services.clock)
                        if let result { sink.send(.result(result, at: services.now())) }
                    })
            }
        }
        return effects
    }

    /// One read per page, one count, one reread per key at a time; actions are never replaced.
    static func taskKey(_ request: CacheScreenRequest) -> String? {
        switch request {
        case .readPage(let page, _, _, _): "cache-page-\(page)"
        case .count: "cache-count"
        case .readEntry(let key, _): "cache-entry-\(key)"
        default: nil
        }
    }

    /// The services' `now` when it starts, then every second on the services' clock.
    static func ticker(_ services: BrowserServices) -> Effect<Message> {
        .subscribe(key: tickerKey) { sink in
            let shared = services.repository.sharedStore
            while true {
                sink.send(.second(services.now()))
                if let shared { sink.send(.sharedRefusals(shared.refusedRows)) }
                guard !Task.isCancelled else { return }
                guard (try? await services.clock.sleep(for: .seconds(1))) != nil else { return }
            }
        }
    }
}
