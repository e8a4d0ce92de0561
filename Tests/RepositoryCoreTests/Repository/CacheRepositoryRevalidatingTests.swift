import Foundation
import Locking
import RepositoryCore
import TestSupport
import Testing

/// `CacheRepository.answerRevalidating`, through the public API: an entry stale inside the
/// stale-while-revalidate window its server gave answers at once and is read again behind it.
@Suite("CacheRepository: stale-while-revalidate for one entry")
struct CacheRepositoryRevalidatingTests {
    /// One value per query, fresh for a minute with a ten-minute window (`staleUse`); a request
    /// made with the cached entry and `unchanged` set answers 304 (`.revalidated`); each request
    /// may wait at `gate`.
    final class Server: GetDataSource, Sendable {
        let time: ManualTimeSource
        let staleUse: StaleUse?
        let gate: Gate?
        private let state = PThreadMutex((value: "v1", unchanged: false, requests: 0))
        let arrivals = AsyncCounter()

        init(time: ManualTimeSource, staleUse: StaleUse? = StaleUse(whileRevalidating: 600), gate: Gate? = nil) {
            self.time = time
            self.staleUse = staleUse
            self.gate = gate
        }

        var requests: Int { state.withLock { $0.requests } }
        func set(_ value: String) { state.withLock { $0.value = value } }
        func answerNotModified() { state.withLock { $0.unchanged = true } }

        func get(_ query: Query, cached: Entry<String>?) async throws(RepositoryError) -> Entry<String> {
            let (value, unchanged) = state.withLock { state in
                state.requests += 1
                return (state.value, state.unchanged)
            }
            arrivals.increment()
            if let gate { try await gate.wait() }
            let now = time.now()
            let metadata = EntryMetadata(storedAt: now, expiresAt: now.addingTimeInterval(60), staleUse: staleUse)
            if unchanged, let cached { return Entry(value: cached.value, metadata: metadata, origin: .revalidated) }
            return Entry(value: value, metadata: metadata, origin: .network)
        }
    }

    static func repository(_ server: Server) -> CacheRepository<Server, InMemoryDataSource<String>> {
        CacheRepository(
            main: server, cache: InMemoryDataSource<String>(timeSource: server.time),
            validator: TTLValidator(timeToLive: 86_400, timeSource: server.time),
            configuration: CacheRepositoryConfiguration(timeSource: server.time))
    }

    /// A repository that read "rick" (v1) two minutes ago: stale, inside its ten-minute window.
    static func staleRick() async throws -> (Server, CacheRepository<Server, InMemoryDataSource<String>>) {
        let time = ManualTimeSource()
        let server = Server(time: time)
        let repository = Self.repository(server)
        _ = try await repository.answer("rick", policy: .localFirst)
        time.advance(by: 120)
        return (server, repository)
    }

    @Test("Inside the window: the stale value at once, then the new one; the next read is fresh, with no request")
    func insideTheWindow() async throws {
        let (server, repository) = try await Self.staleRick()
        server.set("v2")
        let updates = try await repository.answerRevalidating("rick", policy: .localFirst)
        #expect(updates.isRevalidating)
        #expect(updates.first.value == "v1" && updates.first.isStale && updates.first.origin == .memory)
        var answers: [Answer<String>] = []
        for try await answer in updates { answers.append(answer) }
        #expect(answers.map(\.value) == ["v1", "v2"])
        #expect(answers.last?.origin == .network && answers.last?.isStale == false)
        let next = try await repository.answerRevalidating("rick", policy: .localFirst)
        #expect(!next.isRevalidating && next.first.value == "v2" && !next.first.isStale)
        #expect(server.requests == 2)
    }

    @Test("The server confirms the entry (304): the second answer is revalidated, with the same value")
    func notModified() async throws {
        let (server, repository) = try await Self.staleRick()
        server.answerNotModified()
        let updates = try await repository.answerRevalidating("rick", policy: .localFirst)
        let second = try #require(try await updates.revalidated())
        #expect(second.origin == .revalidated && second.value == "v1")
    }

    @Test(
        "Fresh, past the window, with no window, a miss, or remoteFirst: one answer, as answer(_:policy:) gives"
    )
    func oneAnswer() async throws {
        let time = ManualTimeSource()
        let server = Server(time: time)
        let repository = Self.repository(server)
        let miss = try await repository.answerRevalidating("rick", policy: .localFirst)
        #expect(!miss.isRevalidating && miss.first.origin == .network)
        let fresh = try await repository.answerRevalidating("rick", policy: .localFirst)
        #expect(!fresh.isRevalidating && fresh.first.origin == .memory && !fresh.first.isStale)
        // 60 s fresh + 600 s window, then a second past it: the read waits for the network
        time.advance(by: 661)
        let past = try await repository.answerRevalidating("rick", policy: .localFirst)
        #expect(!past.isRevalidating && past.first.origin == .network)
        let remote = try await repository.answerRevalidating("rick", policy: .remoteFirst)
        #expect(!remote.isRevalidating && remote.first.origin == .network)
        // A server that gives no window
        let plain = Server(time: time, staleUse: nil)
        let plainRepository = Self.repository(plain)
        _ = try await plainRepository.answer("rick", policy: .localFirst)
        time.advance(by: 120)
        let waited = try await plainRepository.answerRevalidating("rick", policy: .localFirst)
        #expect(!waited.isRevalidating && waited.first.origin == .network)
    }

    @Test("1,000 concurrent stale reads inside the window: each answered at once, one request between them")
    func oneRequest() async throws {
        let time = ManualTimeSource()
        let repository = Self.repository(Server(time: time))
        _ = try await repository.answer("rick", policy: .localFirst)
        // The same cache, read through a server whose requests wait at a gate
        let gate = Gate()
        let heldServer = Server(time: time, gate: gate)
        let heldRepository = CacheRepository(
            main: heldServer, cache: repository.cache,
            validator: TTLValidator(timeToLive: 86_400, timeSource: time),
            configuration: CacheRepositoryConfiguration(timeSource: time))
        time.advance(by: 120)
        let updates = try await withThrowingTaskGroup(of: AnswerUpdates<String>.self) { group in
            for _ in 0..<1_000 {
                group.addTask { try await heldRepository.answerRevalidating("rick", policy: .localFirst) }
            }
            var all: [AnswerUpdates<String>] = []
            for try await each in group { all.append(each) }
            return all
        }
        #expect(updates.count == 1_000 && updates.allSatisfy { $0.first.isStale && $0.isRevalidating })
        await heldServer.arrivals.reach(1)
        #expect(heldRepository.revalidatingQueries == ["rick"])
        gate.open()
        for each in updates { _ = try await each.revalidated() }
        #expect(heldServer.requests == 1)
        #expect(heldRepository.revalidatingQueries.isEmpty)
    }
}
