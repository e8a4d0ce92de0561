import Foundation
import HTTPExchange

/// An event of a drain, with the time its step took. A value.
public struct WriteReport: Sendable, Hashable {
    public let event: WriteEvent
    public let elapsed: Duration

    /// A report as given.
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
/// `HTTPExchanging` (`PATCH` with a JSON merge patch, `DELETE`, `GET`, with `If-Match` and
/// `Idempotency-Key`), whose writes a `WriteStore` keeps across restarts, and whose server copies
/// a `WriteTiers` holds. Every change is committed to the store before its request leaves and
/// before it is told (`events()`); the tiers get only what a server said.
///
/// Entities are named by their URL's path (`/books/1`), resolved against `baseURL`. One drain at a
/// time sends, in order per entity; a second `drain()` while one runs returns at once. An actor:
/// thread-safe.
public actor EntityWriter {
    public let baseURL: URL
    private var book: WriteBook
    private let store: any WriteStore
    private let tiers: any WriteTiers
    private let http: any HTTPExchanging
    private let now: @Sendable () -> Date
    private let newKey: @Sendable () -> String
    private var listeners: [UUID: AsyncStream<WriteEvent>.Continuation] = [:]
    private var draining = false
    /// Tier effects not yet carried out, in order, and the task carrying them out (a drain leaves
    /// them behind the wire; an entity's later effect makes its earlier ones moot).
    private var queuedEffects: [TierEffect] = []
    private var effectsWorker: Task<Void, Never>?

    /// A writer over the writes `store` kept (loaded now).
    public init(
        baseURL: URL, store: any WriteStore, tiers: any WriteTiers, http: any HTTPExchanging,
        rules: WriteRules = WriteRules(), now: @escaping @Sendable () -> Date = { Date() },
        newKey: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) async throws(WriteStoreFailure) {
        let loaded: (writes: [EntityWrite], nextSequence: Int64)
        do {
            loaded = try await store.load()
        } catch {
            throw WriteStoreFailure(reason: "\(error)")
        }
        self.init(
            baseURL: baseURL, store: store, loaded: loaded, tiers: tiers, http: http, rules: rules, now: now,
            newKey: newKey)
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

    /// What to show of `entity`: the tiers' copy with the open writes laid over it.
    public func shown(_ entity: String) async -> Fields? {
        book.shown(entity, over: await tiers.copy(of: entity)?.value)
    }

    /// What a form or a delete takes as seen: `shown`, with the copy's tag only when nothing is
    /// laid over it.
    public func view(_ entity: String) async -> ServerCopy? {
        book.view(entity, over: await tiers.copy(of: entity))
    }

    /// Every event from now on, until the stream is dropped.
    public func events() -> AsyncStream<WriteEvent> {
        let (stream, continuation) = AsyncStream<WriteEvent>.makeStream()
        let id = UUID()
        listeners[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.stopListening(id) }
        }
        return stream
    }

    private func stopListening(_ id: UUID) { listeners[id] = nil }

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

    /// How many requests, each of another entity, a drain keeps in flight at once.
    public static let requestsInFlight = 4

    /// Sends what can leave now until nothing can (every write sent and answered, or waiting for
    /// a time or for the user) or the server cannot take one now (no answer, or one that says
    /// later: nothing more leaves, the requests in flight are answered, the rest wait for the next
    /// drain). Up to `requestsInFlight` requests are in flight at once, each of another entity (an
    /// entity's writes leave one after the other, in order). Returns the events told meanwhile,
    /// by write number, each with the time its step took (request, answer and keeping it);
    /// nothing when another drain is running (it sends what this one would).
    ///
    /// What leaves is kept first, in one transaction with the answers taken before it; tier
    /// effects run behind: nothing is written on the wire's path, and every request is kept
    /// before it leaves.
    @discardableResult
    public func drain() async -> [WriteReport] {
        guard !draining else { return [] }
        draining = true
        defer { draining = false }
        let clock = ContinuousClock()
        var told: [WriteReport] = []
        var taken = WriteTransition()
        var stopping = false
        await withTaskGroup(of: CarriedStep.self) { group in
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
                if taken.changesOutbox || !taken.effects.isEmpty || !taken.events.isEmpty {
                    // Not kept: the book was read back from the store, and nothing fixed leaves.
                    if (try? await commit(taken, effectsBehind: true)) == nil {
                        leaving = []
                        stopping = true
                    }
                    taken = WriteTransition()
                }
                for step in leaving {
                    if let entity = step.entity { inFlight.insert(entity) }
                    let (baseURL, http, sentAt, started) = (baseURL, http, now(), clock.now)
                    group.addTask {
                        CarriedStep(
                            step: step, answer: await Self.carry(step, baseURL: baseURL, http: http, now: sentAt),
                            started: started)
                    }
                }
                guard let carried = await group.next() else { break }
                if let entity = carried.step.entity { inFlight.remove(entity) }
                let answered = book.take(carried.answer, for: carried.step, now: now())
                told += answered.events.map { WriteReport(event: $0, elapsed: clock.now - carried.started) }
                taken = taken.followed(by: answered)
                if answered.events.contains(where: { if case .retrying = $0.outcome { true } else { false } }) {
                    stopping = true
                }
            }
        }
        _ = try? await commit(taken)
        await effectsWorker?.value
        // Answers come in any order; each write's events keep theirs.
        return told.enumerated().sorted { ($0.element.event.sequence, $0.offset) < ($1.element.event.sequence, $1.offset) }
            .map(\.element)
    }

    /// A step carried out: the step, its answer, and when it started.
    private struct CarriedStep: Sendable {
        let step: WriteStep
        let answer: WriteAnswer
        let started: ContinuousClock.Instant
    }

    /// Keeps `transition`, then lets the tiers and the listeners know. On a failure the book is
    /// read back from the store, so it never holds what the store does not.
    private func commit(_ transition: WriteTransition, effectsBehind: Bool = false) async throws(WriteStoreFailure) {
        guard transition.changesOutbox || !transition.effects.isEmpty || !transition.events.isEmpty else { return }
        if transition.changesOutbox {
            do {
                try await store.commit(transition, nextSequence: book.nextSequenceNumber)
            } catch {
                if let (writes, next) = try? await store.load() {
                    book = WriteBook(writes: writes, nextSequence: next, rules: book.rules)
                }
                throw WriteStoreFailure(reason: "\(error)")
            }
        }
        if !transition.effects.isEmpty {
            queuedEffects += transition.effects
            if effectsWorker == nil {
                effectsWorker = Task { [weak self] in await self?.carryOutQueuedEffects() }
            }
            if !effectsBehind { await effectsWorker?.value }
        }
        for event in transition.events {
            for listener in listeners.values { listener.yield(event) }
        }
    }

    /// Carries out the queued tier effects until none is left: each batch in order, an entity's
    /// last effect only (it sets what the tiers hold of it).
    private func carryOutQueuedEffects() async {
        while !queuedEffects.isEmpty {
            let batch = queuedEffects
            queuedEffects = []
            var last: [String: Int] = [:]
            for (index, effect) in batch.enumerated() { last[effect.entity] = index }
            await carryOut(batch.enumerated().filter { last[$0.element.entity] == $0.offset }.map(\.element))
        }
        effectsWorker = nil
    }

    /// Carries out tier effects, in order.
    private func carryOut(_ effects: [TierEffect]) async {
        for effect in effects {
            switch effect {
            case .store(let entity, let copy): await tiers.store(copy, of: entity)
            case .remove(let entity): await tiers.remove(entity)
            case .reread(let entity): await reread(entity)
            }
        }
    }

    /// Reads `entity` again into the tiers (a replay confirmed a write, or a write that may have
    /// reached the server was discarded); no answer leaves the tiers as they were.
    private func reread(_ entity: String) async {
        guard let url = Self.url(of: entity, in: baseURL),
            let answer = try? await http.exchange(
                HTTPExchangeRequest(method: "GET", url: url, headers: [HTTPHeaderField("Accept", "application/json")]))
        else { return }
        let server = Self.serverAnswer(answer, now: now())
        if server.status == 200, let object = server.object {
            await tiers.store(ServerCopy(value: object, tag: server.tag), of: entity)
        } else if server.status == 404 || server.status == 410 {
            await tiers.remove(entity)
        }
    }

    /// The request a step asks for, sent through `http` against `baseURL`, and its answer as the
    /// book takes it.
    private static func carry(_ step: WriteStep, baseURL: URL, http: any HTTPExchanging, now: Date) async -> WriteAnswer {
        let request: HTTPExchangeRequest
        switch step {
        case .wait:
            return .none(reason: "nothing to send")
        case .read(_, let entity):
            guard let url = url(of: entity, in: baseURL) else { return .none(reason: "\(entity) is not a path") }
            request = HTTPExchangeRequest(method: "GET", url: url, headers: [HTTPHeaderField("Accept", "application/json")])
        case .send(_, let send):
            guard let url = url(of: send.entity, in: baseURL) else { return .none(reason: "\(send.entity) is not a path") }
            var headers = [HTTPHeaderField("Accept", "application/json"), HTTPHeaderField("Idempotency-Key", send.idempotencyKey)]
            if let tag = send.ifMatch { headers.append(HTTPHeaderField("If-Match", tag)) }
            var body: Data?
            if let fields = send.body {
                headers.append(HTTPHeaderField("Content-Type", "application/merge-patch+json"))
                body = JSONValue.data(of: fields)
            }
            request = HTTPExchangeRequest(
                method: send.method == .patch ? "PATCH" : "DELETE", url: url, headers: headers, body: body)
        }
        do {
            return .answered(Self.serverAnswer(try await http.exchange(request), now: now))
        } catch .notSent(let reason) {
            return .notSent(reason: reason)
        } catch {
            return .none(reason: error.description)
        }
    }

    private static func url(of entity: String, in baseURL: URL) -> URL? {
        URL(string: entity, relativeTo: baseURL)?.absoluteURL
    }

    /// An HTTP answer as a write needs it: status, `ETag`, `Retry-After` (seconds or a date),
    /// `Idempotent-Replayed`, the body when it is a JSON object.
    static func serverAnswer(_ answer: HTTPExchangeAnswer, now: Date) -> ServerAnswer {
        ServerAnswer(
            status: answer.status, tag: answer.header("ETag"),
            retryAfter: answer.header("Retry-After").flatMap { RetryAfter.seconds($0, now: now) },
            replayed: answer.header("Idempotent-Replayed")?.lowercased() == "true",
            object: JSONValue.object(from: answer.body), body: answer.body)
    }
}
