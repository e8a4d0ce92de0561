import Foundation
import HTTPExchange

/// An event of a drain, with the time its step took. A value.
public struct WriteReport: Sendable, Hashable {
    public let event: WriteEvent
    public let elapsed: Duration

    public init(event: WriteEvent, elapsed: Duration) {
        self.event = event
        self.elapsed = elapsed
    }
}

/// Why a write could not be kept: the outbox failed. Nothing of the change took effect. A value.
public struct WriteStoreFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public let reason: String
    public var description: String { "the writes could not be kept: \(reason)" }
}

/// The write model at work against a server: a `WriteBook` whose steps go out through an
/// `HTTPExchanging` (`PATCH` with a JSON merge patch, `DELETE`, `GET`), whose writes a
/// `WriteStore` keeps (each change committed before its request leaves), and whose server copies
/// a `WriteTiers` holds (only what a server said). Entities are URL paths (`/books/1`) under
/// `baseURL`. An actor: thread-safe.
public actor EntityWriter {
    private let baseURL: URL
    private var book: WriteBook
    private var store: any WriteStore
    private let tiers: any WriteTiers
    private let http: any HTTPExchanging
    private let now: @Sendable () -> Date
    private let newKey: @Sendable () -> String
    private var draining = false
    /// Tier effects not yet carried out, in order, and the task carrying them out.
    private var queuedEffects: [TierEffect] = []
    private var effectsWorker: Task<Void, Never>?
    /// Who is told every event once it is kept (`observe`).
    private var observer: (@Sendable ([WriteReport]) -> Void)?
    /// Why the store last failed to keep a change (a full disk, say); nil again once one is kept.
    /// While set, a drain sends nothing: no request leaves before it is kept.
    public private(set) var storeFailure: WriteStoreFailure?

    /// A writer over the writes `store` kept (loaded now).
    public init(
        baseURL: URL, store: any WriteStore, tiers: any WriteTiers, http: any HTTPExchanging,
        rules: WriteRules = WriteRules(), now: @escaping @Sendable () -> Date = { Date() },
        newKey: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) async throws(WriteStoreFailure) {
        do {
            self.init(
                baseURL: baseURL, store: store, loaded: try await store.load(), tiers: tiers, http: http,
                rules: rules, now: now, newKey: newKey)
        } catch {
            throw WriteStoreFailure(reason: "\(error)")
        }
    }

    /// A writer over `loaded`, the writes `store` keeps as its owner already read them.
    public init(
        baseURL: URL, store: any WriteStore, loaded: (writes: [EntityWrite], nextSequence: Int64),
        tiers: any WriteTiers, http: any HTTPExchanging, rules: WriteRules = WriteRules(),
        now: @escaping @Sendable () -> Date = { Date() },
        newKey: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) {
        self.baseURL = baseURL
        self.store = store
        self.tiers = tiers
        self.http = http
        self.now = now
        self.newKey = newKey
        book = WriteBook(writes: loaded.writes, nextSequence: loaded.nextSequence, rules: rules)
    }

    /// The writes kept, oldest first.
    public var writes: [EntityWrite] { book.writes }

    /// Tells `observer` every event from now on, whoever's call caused it (an edit, a decision, any
    /// drain's answers), once the change is kept, in order, on the writer (keep it short): the one
    /// place a user can learn how every write ended. Replaces the observer before.
    public func observe(_ observer: @escaping @Sendable ([WriteReport]) -> Void) { self.observer = observer }

    /// `body`'s result over the writes kept, run on the writer between its changes: what `body`
    /// publishes of them lands in the order of the changes (an older list never after a newer one).
    public func withWrites<Result: Sendable>(_ body: @Sendable ([EntityWrite]) -> Result) -> Result { body(book.writes) }

    /// What to show of `entity`: the tiers' copy with the open writes laid over it.
    public func shown(_ entity: String) async -> Fields? {
        book.shown(entity, over: await tiers.copy(of: entity)?.value)
    }

    /// What a form or a delete takes as seen: `shown`, with the copy's tag only when nothing is
    /// laid over it.
    public func view(_ entity: String) async -> ServerCopy? {
        book.view(entity, over: await tiers.copy(of: entity))
    }

    /// Records an edit of `entity`: the user saw `saw` (from `view`) and wants `mine`. Returns the
    /// write's number, nil when nothing changed.
    @discardableResult
    public func edit(_ entity: String, saw: ServerCopy, to mine: Fields) async throws(WriteStoreFailure) -> Int64? {
        let (sequence, transition) = book.edit(entity: entity, saw: saw.value, tag: saw.tag, mine: mine, now: now())
        try await commit(transition)
        return sequence
    }

    /// Records a delete of `entity`, seen as `saw` (from `view`; nil: not seen).
    @discardableResult
    public func delete(_ entity: String, saw: ServerCopy?) async throws(WriteStoreFailure) -> Int64 {
        let (sequence, transition) = book.delete(entity: entity, saw: saw?.value, tag: saw?.tag, now: now())
        try await commit(transition)
        return sequence
    }

    /// Decides write `sequence`'s conflict. False when it is not in conflict.
    @discardableResult
    public func resolve(_ sequence: Int64, _ decision: ConflictDecision) async throws(WriteStoreFailure) -> Bool {
        guard let transition = book.resolve(sequence, decision, now: now()) else { return false }
        try await commit(transition)
        return true
    }

    /// Drops write `sequence` (see `WriteBook.discard`). False when it is not kept.
    @discardableResult
    public func discard(_ sequence: Int64) async throws(WriteStoreFailure) -> Bool {
        guard let transition = book.discard(sequence) else { return false }
        try await commit(transition)
        return true
    }

    /// Sends rejected write `sequence` again, as a new write; its number, nil when not rejected.
    @discardableResult
    public func retry(_ sequence: Int64) async throws(WriteStoreFailure) -> Int64? {
        guard let (again, transition) = book.retry(sequence, now: now()) else { return nil }
        try await commit(transition)
        return again
    }

    /// Takes over another store's writes (those a process that has quit kept, say) while this
    /// writer keeps none and sends nothing: `claim`, run on the writer, gives the store and its
    /// writes as read now, or nil to leave things as they are. Numbers go on past both books', so
    /// none told before is used again. Whether it took them over.
    public func adopt(
        _ claim: @Sendable () -> (store: any WriteStore, loaded: (writes: [EntityWrite], nextSequence: Int64))?
    ) -> Bool {
        guard book.writes.isEmpty, !draining, let (store, loaded) = claim() else { return false }
        self.store = store
        book = WriteBook(
            writes: loaded.writes, nextSequence: max(loaded.nextSequence, book.nextSequenceNumber), rules: book.rules)
        return true
    }

    /// How many requests, each of another entity, a drain keeps in flight at once.
    public static let requestsInFlight = 4

    /// Sends what can leave until nothing can, or the server cannot take a write now (no answer, or
    /// one saying later: the requests in flight are answered, the rest wait for the next drain),
    /// up to `requestsInFlight` at once, each of another entity. Returns the events told, by write
    /// number, each with the time its step took; nothing when another drain runs (it sends what
    /// this one would), or when the store cannot keep what would leave (`storeFailure` says why).
    /// Each request is kept before it leaves, with the answers taken before it; tier effects run
    /// behind, off the wire's path.
    @discardableResult
    public func drain() async -> [WriteReport] {
        guard !draining else { return [] }
        draining = true
        defer { draining = false }
        let clock = ContinuousClock()
        var told: [WriteReport] = []
        var unpublished: [WriteReport] = []
        var taken = WriteTransition()
        var stopping = false
        typealias Carried = (step: WriteStep, answer: WriteAnswer, started: ContinuousClock.Instant)
        await withTaskGroup(of: Carried.self) { group in
            var inFlight = Set<String>()
            while true {
                // What can leave now, each of an entity with nothing in flight.
                var leaving: [WriteStep] = []
                while !stopping, inFlight.count + leaving.count < Self.requestsInFlight {
                    let (step, fixed) = book.nextStep(
                        now: now(), newKey: newKey, excluding: inFlight.union(leaving.compactMap(\.entity)))
                    taken = taken.followed(by: fixed)
                    guard let step, step.entity != nil else { break }
                    leaving.append(step)
                }
                // Not kept: the book was read back from the store, and nothing fixed leaves.
                if (try? await commit(taken, effectsBehind: true, telling: unpublished)) == nil {
                    leaving = []
                    stopping = true
                }
                (taken, unpublished) = (WriteTransition(), [])
                for step in leaving {
                    if let entity = step.entity { inFlight.insert(entity) }
                    let (baseURL, http, sentAt, started) = (baseURL, http, now(), clock.now)
                    group.addTask {
                        (step, await Self.carry(step, baseURL: baseURL, http: http, now: sentAt), started)
                    }
                }
                guard let carried = await group.next() else { break }
                if let entity = carried.step.entity { inFlight.remove(entity) }
                let answered = book.take(carried.answer, for: carried.step, now: now())
                let reports = answered.events.map { WriteReport(event: $0, elapsed: clock.now - carried.started) }
                told += reports
                unpublished += reports
                taken = taken.followed(by: answered)
                if answered.events.contains(where: { if case .retrying = $0.outcome { true } else { false } }) {
                    stopping = true
                }
            }
        }
        _ = try? await commit(taken, telling: unpublished)
        await effectsWorker?.value
        // Answers come in any order; each write's events keep theirs.
        return told.enumerated().sorted { ($0.element.event.sequence, $0.offset) < ($1.element.event.sequence, $1.offset) }
            .map(\.element)
    }

    /// Keeps `transition`, then tells the observer `reports` (by default its events, taking no
    /// time) and lets the tiers know. On a failure the book is read back from the store, so it
    /// never holds what the store does not, and nothing is told.
    private func commit(
        _ transition: WriteTransition, effectsBehind: Bool = false, telling reports: [WriteReport]? = nil
    ) async throws(WriteStoreFailure) {
        if transition.changesOutbox {
            do {
                try await store.commit(transition, nextSequence: book.nextSequenceNumber)
                storeFailure = nil
            } catch {
                if let (writes, next) = try? await store.load() {
                    book = WriteBook(writes: writes, nextSequence: next, rules: book.rules)
                }
                let failure = WriteStoreFailure(reason: "\(error)")
                storeFailure = failure
                throw failure
            }
        }
        let told = reports ?? transition.events.map { WriteReport(event: $0, elapsed: .zero) }
        if let observer, !told.isEmpty { observer(told) }
        if !transition.effects.isEmpty {
            queuedEffects += transition.effects
            if effectsWorker == nil {
                effectsWorker = Task { [weak self] in await self?.carryOutQueuedEffects() }
            }
            if !effectsBehind { await effectsWorker?.value }
        }
    }

    /// Carries out the queued tier effects until none is left: each batch in order, an entity's
    /// last effect only (it sets what the tiers hold of it; the earlier ones are moot).
    private func carryOutQueuedEffects() async {
        while !queuedEffects.isEmpty {
            let batch = queuedEffects
            queuedEffects = []
            var last: [String: Int] = [:]
            for (index, effect) in batch.enumerated() { last[effect.entity] = index }
            for (index, effect) in batch.enumerated() where last[effect.entity] == index {
                switch effect {
                case .store(let entity, let copy): await tiers.store(copy, of: entity)
                case .remove(let entity): await tiers.remove(entity)
                case .reread(let entity): await reread(entity)
                }
            }
        }
        effectsWorker = nil
    }

    /// Reads `entity` again into the tiers (a replay confirmed a write, or a write that may have
    /// reached the server was discarded); no answer leaves the tiers as they were.
    private func reread(_ entity: String) async {
        let read = WriteStep.read(sequence: 0, entity: entity)
        let answer = await Self.carry(read, baseURL: baseURL, http: http, now: now())
        guard case .answered(let server) = answer else { return }
        if server.status == 200, let object = server.object {
            await tiers.store(ServerCopy(value: object, tag: server.tag), of: entity)
        } else if server.status == 404 || server.status == 410 {
            await tiers.remove(entity)
        }
    }

    /// The request a step asks for, sent through `http` against `baseURL`, and its answer as the
    /// book takes it.
    private static func carry(_ step: WriteStep, baseURL: URL, http: any HTTPExchanging, now: Date) async -> WriteAnswer {
        guard let entity = step.entity else { return .none(reason: "nothing to send") }
        guard let url = URL(string: entity, relativeTo: baseURL)?.absoluteURL else {
            return .none(reason: "\(entity) is not a path")
        }
        var request = HTTPExchangeRequest(
            method: "GET", url: url, headers: [HTTPHeaderField("Accept", "application/json")])
        if case .send(_, let send) = step {
            request.method = send.method == .patch ? "PATCH" : "DELETE"
            request.headers.append(HTTPHeaderField("Idempotency-Key", send.idempotencyKey))
            if let tag = send.ifMatch { request.headers.append(HTTPHeaderField("If-Match", tag)) }
            if let fields = send.body {
                request.headers.append(HTTPHeaderField("Content-Type", "application/merge-patch+json"))
                request.body = JSONValue.data(of: fields)
            }
        }
        do {
            return .answered(ServerAnswer(try await http.exchange(request), now: now))
        } catch .notSent(let reason) {
            return .notSent(reason: reason)
        } catch {
            return .none(reason: error.description)
        }
    }
}
