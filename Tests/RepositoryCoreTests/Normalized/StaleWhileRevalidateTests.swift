import Foundation
import Locking
import RepositoryCore
import TestSupport
import Testing

/// `listRevalidating` and the server's stale windows, through the public API: a list stale
/// inside its stale-while-revalidate window answers at once and is read again behind; outside it,
/// or with no window, the read waits as `localFirst` always did; stale-if-error and
/// must-revalidate bound what a failure may serve.
@Suite("Normalized layer: stale-while-revalidate, stale-if-error, must-revalidate")
struct StaleWhileRevalidateTests {
    /// Pages of planets answered with `Cache-Control`-like metadata: fresh for `maxAge`, then
    /// `staleUse`; each request may wait at `gate`; `failing` answers every request with an outage.
    final class Server: GetDataSource, Sendable {
        let time: ManualTimeSource
        let maxAge: TimeInterval
        let staleUse: StaleUse?
        let gate: Gate?
        private let state = PThreadMutex((name: "Earth", requests: 0, failing: false))
        let arrivals = AsyncCounter()

        init(time: ManualTimeSource, maxAge: TimeInterval, staleUse: StaleUse?, gate: Gate? = nil) {
            self.time = time
            self.maxAge = maxAge
            self.staleUse = staleUse
            self.gate = gate
        }

        var requests: Int { state.withLock { $0.requests } }
        func rename(_ name: String) { state.withLock { $0.name = name } }
        func fail(_ failing: Bool) { state.withLock { $0.failing = failing } }

        func get(_ query: Query, cached: Entry<PlanetPage>?) async throws(RepositoryError) -> Entry<PlanetPage> {
            let (name, failing) = state.withLock { state in
                state.requests += 1
                return (state.name, state.failing)
            }
            arrivals.increment()
            if let gate { try await gate.wait() }
            if failing { throw .mainUnavailable(reason: "down") }
            let now = time.now()
            return Entry(
                value: PlanetPage(listInfo: 2, entities: [Planet(id: 1, name: name), Planet(id: 2, name: "Mars")]),
                metadata: EntryMetadata(
                    storedAt: now, expiresAt: now.addingTimeInterval(maxAge), staleUse: staleUse),
                origin: .network)
        }
    }

    static let page = Query.page(PageQuery(number: 1))

    /// A repository with a one-day time to live (which the server's word overrides) and its clock.
    static func repository(_ time: ManualTimeSource) -> PlanetRepository {
        makePlanetRepository(time: time, timeToLive: 86_400)
    }

    @Test("Inside the window: the stale list at once, then the revalidation's new value; the cache has it after")
    func insideTheWindow() async throws {
        let time = ManualTimeSource()
        let server = Server(time: time, maxAge: 60, staleUse: StaleUse(whileRevalidating: 600))
        let repository = Self.repository(time)
        _ = try await repository.list(Self.page, policy: .localFirst, main: server)
        time.advance(by: 120)
        server.rename("Earth II")
        let updates = try await repository.listRevalidating(Self.page, policy: .localFirst, main: server)
        #expect(updates.isRevalidating)
        #expect(updates.first.isStale)
        #expect(updates.first.origin == .memory)
        #expect(updates.first.value.listEntities.first?.name == "Earth")
        var answers: [Answer<PlanetPage>] = []
        for try await answer in updates { answers.append(answer) }
        #expect(answers.count == 2)
        #expect(answers.last?.origin == .network)
        #expect(answers.last?.isStale == false)
        #expect(answers.last?.value.listEntities.first?.name == "Earth II")
        #expect(server.requests == 2)
        // The next read is fresh from memory, with no request
        let next = try await repository.listRevalidating(Self.page, policy: .localFirst, main: server)
        #expect(!next.isRevalidating && next.first.origin == .memory && !next.first.isStale)
        #expect(next.first.value.listEntities.first?.name == "Earth II")
        #expect(server.requests == 2)
    }

    @Test("Fresh: one answer, no request; past the window or with none: the read waits for the network, as localFirst")
    func outsideTheWindow() async throws {
        for staleUse in [StaleUse(whileRevalidating: 600), nil] {
            let time = ManualTimeSource()
            let server = Server(time: time, maxAge: 60, staleUse: staleUse)
            let repository = Self.repository(time)
            _ = try await repository.list(Self.page, policy: .localFirst, main: server)
            let fresh = try await repository.listRevalidating(Self.page, policy: .localFirst, main: server)
            #expect(!fresh.isRevalidating && !fresh.first.isStale && server.requests == 1)
            time.advance(by: staleUse == nil ? 61 : 60 + 600)
            server.rename("Earth II")
            let updates = try await repository.listRevalidating(Self.page, policy: .localFirst, main: server)
            #expect(!updates.isRevalidating)
            #expect(updates.first.origin == .network && !updates.first.isStale)
            #expect(updates.first.value.listEntities.first?.name == "Earth II")
            var count = 0
            for try await _ in updates { count += 1 }
            #expect(count == 1)
        }
    }

    @Test("Other policies are list()'s: remoteFirst inside the window still asks first")
    func otherPolicies() async throws {
        let time = ManualTimeSource()
        let server = Server(time: time, maxAge: 60, staleUse: StaleUse(whileRevalidating: 600))
        let repository = Self.repository(time)
        _ = try await repository.list(Self.page, policy: .localFirst, main: server)
        time.advance(by: 120)
        let updates = try await repository.listRevalidating(Self.page, policy: .remoteFirst, main: server)
        #expect(!updates.isRevalidating && updates.first.origin == .network)
    }

    @Test("1,000 concurrent stale reads inside the window: each answered at once, one request between them")
    func singleRevalidation() async throws {
        let time = ManualTimeSource()
        let gate = Gate()
        let server = Server(time: time, maxAge: 60, staleUse: StaleUse(whileRevalidating: 600), gate: gate)
        let repository = Self.repository(time)
        gate.open()
        _ = try await repository.list(Self.page, policy: .localFirst, main: server)
        let held = Gate()
        let heldServer = Server(time: time, maxAge: 60, staleUse: StaleUse(whileRevalidating: 600), gate: held)
        time.advance(by: 120)
        let updates = try await withThrowingTaskGroup(of: AnswerUpdates<PlanetPage>.self) { group in
            for _ in 0..<1_000 {
                group.addTask { try await repository.listRevalidating(Self.page, policy: .localFirst, main: heldServer) }
            }
            var all: [AnswerUpdates<PlanetPage>] = []
            for try await updates in group { all.append(updates) }
            return all
        }
        // Every first answer came while the one request was held at the gate
        #expect(updates.count == 1_000)
        #expect(updates.allSatisfy { $0.first.isStale && $0.isRevalidating })
        await heldServer.arrivals.reach(1)
        // One revalidation is running, for page 1
        #expect(repository.revalidatingQueries == [Self.page])
        held.open()
        for each in updates { _ = try await each.revalidated() }
        #expect(heldServer.requests == 1)
        #expect(repository.revalidatingQueries.isEmpty)
    }

    @Test("A failed revalidation is the sequence's error; the stale answer was given first")
    func failedRevalidation() async throws {
        let time = ManualTimeSource()
        let server = Server(time: time, maxAge: 60, staleUse: StaleUse(whileRevalidating: 600))
        let repository = Self.repository(time)
        _ = try await repository.list(Self.page, policy: .localFirst, main: server)
        time.advance(by: 120)
        server.fail(true)
        let updates = try await repository.listRevalidating(Self.page, policy: .localFirst, main: server)
        #expect(updates.first.isStale)
        await #expect(throws: RepositoryError.mainUnavailable(reason: "down")) { try await updates.revalidated() }
    }

    @Test(
        "stale-if-error bounds serveStale: inside its window a failure serves the stale list with the error; past it, the error; .fail never serves"
    )
    func staleIfError() async throws {
        let time = ManualTimeSource()
        let server = Server(time: time, maxAge: 60, staleUse: StaleUse(ifError: 300))
        let repository = Self.repository(time)
        _ = try await repository.list(Self.page, policy: .localFirst, main: server)
        server.fail(true)
        time.advance(by: 60 + 299)
        let served = try await repository.list(Self.page, policy: .localFirst, whenMainFails: .serveStale, main: server)
        #expect(served.isStale && served.fallbackError == .mainUnavailable(reason: "down"))
        await #expect(throws: RepositoryError.mainUnavailable(reason: "down")) {
            try await repository.list(Self.page, policy: .localFirst, whenMainFails: .fail, main: server)
        }
        time.advance(by: 1)
        await #expect(throws: RepositoryError.mainUnavailable(reason: "down")) {
            try await repository.list(Self.page, policy: .localFirst, whenMainFails: .serveStale, main: server)
        }
    }

    @Test("must-revalidate: once expired, never served stale, not even by serveStale")
    func mustRevalidate() async throws {
        let time = ManualTimeSource()
        let server = Server(time: time, maxAge: 60, staleUse: StaleUse(mustRevalidate: true))
        let repository = Self.repository(time)
        _ = try await repository.list(Self.page, policy: .localFirst, main: server)
        server.fail(true)
        // Still fresh: remoteFirst with serveStale serves the cache with the error, as always
        let fresh = try await repository.list(Self.page, policy: .remoteFirst, whenMainFails: .serveStale, main: server)
        #expect(fresh.fallbackError != nil && !fresh.isStale)
        time.advance(by: 60)
        for policy in [CachePolicy.remoteFirst, .localFirst] {
            await #expect(throws: RepositoryError.mainUnavailable(reason: "down")) {
                try await repository.list(Self.page, policy: policy, whenMainFails: .serveStale, main: server)
            }
        }
        // And the entities of it alike
        let planets = PlanetServer([], storedAt: time.now())
        planets.fail(true)
        await #expect(throws: RepositoryError.mainUnavailable(reason: "down")) {
            try await repository.entities(ids: ["1", "2"], policy: .localFirst, whenMainFails: .serveStale, main: planets)
        }
    }
}
