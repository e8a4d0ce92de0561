import RepositoryCore
import TestSupport
import Testing

/// Single flight through the repository: the main fake waits on a gate the test opens once
/// every reader has joined (counted by the flight observer), so nothing sleeps.
@Suite("Single flight", .hangGuard)
struct SingleFlightTests {
    typealias Repository = CacheRepository<FakeDataSource<String>, InMemoryDataSource<String>>

    struct Rig {
        let gate = Gate()
        let joined = AsyncCounter()
        let metrics = RepositoryMetrics()
        let main: FakeDataSource<String>
        let cache = InMemoryDataSource<String>()
        let repository: Repository

        init() {
            main = FakeDataSource(origin: .network, gate: gate)
            main.store("v", for: .id(1))
            let joined = joined
            repository = CacheRepository(
                main: main, cache: cache,
                configuration: CacheRepositoryConfiguration(
                    metrics: metrics, flightObserver: { _, _ in joined.increment() }))
        }

        func read(_ operation: RepositoryOperation = .cacheSync) -> Task<Answer<String>, any Error> {
            Task { try await repository.answer(.id(1), operation: operation) }
        }
    }

    static func isCancelled(_ result: Result<Answer<String>, any Error>) -> Bool {
        guard case .failure(let error) = result else { return false }
        return (error as? RepositoryError) == .cancelled
    }

    @Test("1,000 concurrent reads of one cold key make exactly one main call")
    func thousandReadersOneCall() async throws {
        let rig = Rig()
        let origins = try await withThrowingTaskGroup(of: Answer<String>.self) { group in
            for _ in 0..<1_000 {
                group.addTask { try await rig.repository.answer(.id(1), operation: .cacheSync) }
            }
            // WHEN every reader has joined THEN the single main call may finish
            await rig.joined.reach(1_000)
            rig.gate.open()
            var origins: [Origin: Int] = [:]
            for try await answer in group {
                #expect(answer.value == "v")
                origins[answer.origin, default: 0] += 1
            }
            return origins
        }
        #expect(rig.main.getCount == 1)
        #expect(origins == [.network: 1, .coalesced: 999])
        #expect(rig.metrics.snapshot().coalesced.coalesced == 999)
        #expect(rig.cache.contains(.id(1)))
    }

    @Test("One cancelled waiter gets .cancelled at once; the others still get the value")
    func oneWaiterCancels() async throws {
        let rig = Rig()
        let readers = (0..<3).map { _ in rig.read() }
        await rig.joined.reach(3)
        // WHEN the middle reader is cancelled, the gate still closed
        readers[1].cancel()
        // THEN it ends with .cancelled before main has answered
        #expect(Self.isCancelled(await readers[1].result))
        #expect(rig.gate.cancellations.value == 0)
        // WHEN main answers THEN the other two get the value from the one call
        rig.gate.open()
        #expect(try await readers[0].value.value == "v")
        #expect(try await readers[2].value.value == "v")
        #expect(rig.main.getCount == 1)
        #expect(rig.gate.cancellations.value == 0)
    }

    @Test("When every waiter cancels, the main call is cancelled")
    func everyWaiterCancels() async throws {
        let rig = Rig()
        let readers = (0..<3).map { _ in rig.read(.main) }
        await rig.joined.reach(3)
        await rig.gate.arrivals.reach(1)
        // WHEN all three readers are cancelled
        for reader in readers { reader.cancel() }
        // THEN each gets .cancelled and the main call sees its cancellation
        for reader in readers { #expect(Self.isCancelled(await reader.result)) }
        await rig.gate.cancellations.reach(1)
        #expect(rig.gate.cancellations.value == 1)
        #expect(rig.main.getCount == 1)
        // AND a later read starts a new call that succeeds
        rig.gate.open()
        #expect(try await rig.repository.get(.id(1), operation: .main) == "v")
        #expect(rig.main.getCount == 2)
    }

    @Test("A cacheOnly read never joins a main call in flight")
    func cacheOnlyDoesNotJoin() async throws {
        let rig = Rig()
        let reader = rig.read(.cacheSync)
        await rig.gate.arrivals.reach(1)
        // WHEN a cacheOnly read comes while main is busy THEN it answers at once from the cache alone
        await #expect(throws: RepositoryError.notFound(query: "id:1")) {
            _ = try await rig.repository.get(.id(1), policy: .cacheOnly)
        }
        #expect(rig.joined.value == 1)
        rig.gate.open()
        #expect(try await reader.value.value == "v")
        #expect(rig.main.getCount == 1)
    }

    @Test("A failure is shared by every waiter; the next read starts afresh")
    func sharedFailure() async throws {
        let rig = Rig()
        rig.main.failGets(with: .mainUnavailable(reason: "offline"))
        let readers = (0..<4).map { _ in rig.read(.main) }
        await rig.joined.reach(4)
        rig.gate.open()
        for reader in readers {
            let result = await reader.result
            #expect(throws: RepositoryError.mainUnavailable(reason: "offline")) { try result.get() }
        }
        #expect(rig.main.getCount == 1)
        rig.main.failGets(with: nil)
        #expect(try await rig.repository.get(.id(1), operation: .main) == "v")
        #expect(rig.main.getCount == 2)
    }

    @Test("Different keys, or reads that do not write the cache, do not share a call")
    func distinctFlights() async throws {
        let flights = SingleFlight<String, Int>()
        let gate = Gate()
        async let a = flights.run("a") { () async throws(RepositoryError) -> Int in
            try await gate.wait()
            return 1
        }
        async let b = flights.run("b") { () async throws(RepositoryError) -> Int in
            try await gate.wait()
            return 2
        }
        await gate.arrivals.reach(2)
        #expect(flights.inFlightCount == 2)
        gate.open()
        let (first, second) = try await (a, b)
        #expect(first.value == 1 && !first.joined)
        #expect(second.value == 2 && !second.joined)
        #expect(flights.inFlightCount == 0)
    }
}
