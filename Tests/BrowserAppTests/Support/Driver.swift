@testable import BrowserApp
import CharacterData
import Foundation
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import TerminalUI

/// Drives `CharacterBrowser.update` by hand: keys and messages in, state and effects out, and
/// frames rendered as the runtime would. Effects are never run unless a test runs them.
struct Driver {
    let browser: CharacterBrowser
    let networkSwitch: NetworkSwitch
    var state: BrowserState
    /// The wall-clock time the browser's services say it is (the Cache screen's ages).
    static let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
    /// The effects of the latest event.
    var effects: [Effect<BrowserMessage>] = []
    /// Every answer event reported, in order.
    let events = EventRecorder()

    /// A browser over a repository whose server is a closed loopback port (tests deliver the
    /// answers themselves), started at `size`.
    init(
        size: TerminalSize = TerminalSize(width: 100, height: 30),
        apiDescription: String = "https://rickandmortyapi.com/api",
        avatars: AvatarLoader? = nil, colorMode: ColorMode = .palette256, remembered: RememberedBrowser? = nil,
        now: @escaping @Sendable () -> Date = { Driver.now }
    ) {
        let networkSwitch = NetworkSwitch()
        let closedPort = URL(string: "http://127.0.0.1:1/api") ?? URL(fileURLWithPath: "/")
        let api = RemoteAPI(
            configuration: RemoteAPIConfiguration(baseURL: closedPort, timeout: .seconds(1)),
            networkSwitch: networkSwitch)
        let events = events
        let repository = CharacterRepository(api: api, database: nil)
        let graph = GraphRepository(api: api, characters: repository)
        let services = BrowserServices(
            repository: repository, networkSwitch: networkSwitch,
            apiDescription: apiDescription, avatars: avatars, colorMode: colorMode,
            graph: graph, remembered: remembered,
            cacheInspector: CacheInspector(
                graph: graph, fileCache: nil, rule: CacheFreshnessRule(timeToLive: 300)),
            now: now, onAnswer: { events.append($0) })
        self.networkSwitch = networkSwitch
        browser = CharacterBrowser(services: services)
        state = .initial(isOnline: true, apiDescription: apiDescription)
        effects = browser.update(state: &state, event: .start(size))
    }

    /// Applies `event`; as the runtime does, makes the calls among its effects (`onAnswer`)
    /// at once, in order, and keeps the other effects.
    @discardableResult
    mutating func send(_ event: AppEvent<BrowserMessage>) -> [Effect<BrowserMessage>] {
        effects = browser.update(state: &state, event: event).performingCalls()
        return effects
    }

    @discardableResult
    mutating func press(_ key: Key) -> [Effect<BrowserMessage>] { send(.input(.key(key))) }

    @discardableResult
    mutating func press(_ character: Character) -> [Effect<BrowserMessage>] { press(.character(character)) }

    @discardableResult
    mutating func type(_ text: String) -> [Effect<BrowserMessage>] {
        for character in text { press(character) }
        return effects
    }

    @discardableResult
    mutating func deliver(_ message: BrowserMessage) -> [Effect<BrowserMessage>] { send(.message(message)) }

    /// Delivers `message` to the screen of type `S` nearest the top (nothing when there is none).
    @discardableResult
    mutating func deliver<S: ScreenModel>(_ message: S.Message, to screen: S.Type) -> [Effect<BrowserMessage>] {
        guard let addressed = state.message(message, to: screen) else { return [] }
        return deliver(addressed)
    }

    @discardableResult
    mutating func deliver(_ message: ListScreen.Message) -> [Effect<BrowserMessage>] {
        deliver(message, to: ListScreen.self)
    }

    /// Delivers a page read of Rick and Morty's lists as the list screen takes it.
    @discardableResult
    mutating func deliver(_ message: PageMessage) -> [Effect<BrowserMessage>] { deliver(message.listMessage) }

    @discardableResult
    mutating func deliver(_ message: CacheScreenMessage) -> [Effect<BrowserMessage>] {
        deliver(message, to: CacheScreen.self)
    }

    /// Answers the read of page `number` (which must be in flight) from the sample.
    @discardableResult
    mutating func answerPage(
        _ number: Int, origin: Origin = .network, of characters: [ShowCharacter] = SampleData.characters,
        fallback: RepositoryError? = nil, stale: Bool = false
    ) -> [Effect<BrowserMessage>] {
        let request = pageRequest(number)
        let answer = SampleData.answer(
            SampleData.page(number, of: characters), origin: origin, policy: request.policy, stale: stale,
            fallback: fallback)
        return deliver(.pageRead(request, ReadReport(result: .success(answer))))
    }

    /// Answers every page read in flight from the network, and those they lead to, in page order.
    mutating func answerPendingPages() {
        while let number = state.characters.loading.keys.min() { answerPage(number) }
    }

    /// Fails the read of page `number` (which must be in flight) with `error`.
    @discardableResult
    mutating func failPage(_ number: Int, with error: RepositoryError) -> [Effect<BrowserMessage>] {
        deliver(
            .pageRead(
                pageRequest(number),
                ReadReport<CharacterPage>(result: .failure(error), elapsed: .milliseconds(3))))
    }

    /// The request the browser would have sent for page `number` now.
    func pageRequest(_ number: Int) -> PageRequest {
        PageRequest(
            kind: .character, number: number, filters: state.characters.filter,
            generation: state.characters.generation,
            policy: state.characters.loading[number] ?? .localFirst)
    }

    /// The frame the runtime would draw for the current state, one string per row.
    var frame: [String] { rendered.textLines }

    /// The buffer the runtime would draw, styles included.
    var rendered: CellBuffer {
        var buffer = CellBuffer(size: state.size)
        if let minimum = browser.minimumSize, !state.size.covers(minimum) {
            TooSmallScreen(required: minimum, actual: state.size).render(in: buffer.area, buffer: &buffer)
        } else {
            browser.render(state: state, into: &buffer)
        }
        return buffer
    }
}

/// What tests look for in effects.
enum EffectShape: Equatable {
    case run(key: String?)
    case subscribe(key: String?)
    case call
    case cancel(key: String)
    case quit
}

extension Effect {
    /// The effect with a screen's key as the screen gave it (the app scopes it: `3:page-1`).
    var shape: EffectShape {
        switch self {
        case .run(let key, _): .run(key: key.map(Self.screenKey))
        case .subscribe(let key, _): .subscribe(key: key.map(Self.screenKey))
        case .call: .call
        case .cancel(let key): .cancel(key: Self.screenKey(key))
        case .quit: .quit
        }
    }

    /// `key` without the screen's address before it, when it has one.
    static func screenKey(_ key: String) -> String {
        guard let colon = key.firstIndex(of: ":"), colon > key.startIndex, key[..<colon].allSatisfy(\.isNumber)
        else { return key }
        return String(key[key.index(after: colon)...])
    }
}

extension BrowserMessage {
    /// The screen's own message inside, when it is an `M`.
    func own<M>(_ type: M.Type = M.self) -> M? {
        guard case .screen(_, let message) = self else { return nil }
        return message as? M
    }
}

extension [Effect<BrowserMessage>] {
    var shapes: [EffectShape] { map(\.shape) }

    /// Makes the calls among the effects, in order, as the runtime does, and returns the others.
    func performingCalls() -> [Effect<BrowserMessage>] {
        filter { effect in
            guard case .call(let operation) = effect else { return true }
            operation()
            return false
        }
    }

    /// Runs every task effect with a sink that collects its messages, and makes every call, in order.
    func runAll() async -> [BrowserMessage] {
        let collected = MessageCollector()
        for effect in self {
            switch effect {
            case .run(_, let operation): await operation(MessageSink { collected.append($0) })
            case .call(let operation): operation()
            default: continue
            }
        }
        return collected.all
    }
}
