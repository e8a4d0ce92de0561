import Foundation
import PersistentCache
import PostgresCache
import RepositoryCore
import TestSupport
import Testing

@Suite(
    "The cross-process flight never waits without end for a pooled connection",
    .enabled(if: TestPostgres.shouldRun, Comment(rawValue: TestPostgres.skipReason)))
struct FlightLeaseTests {
    @Test(
        "With every pooled connection held, a flight calls main itself once the operation timeout passes",
        .hangGuard)
    func leaseIsBounded() async throws {
        // GIVEN a pool of two connections, both held by flights whose main calls wait on a gate
        // (each holder's statements before its main call have the operation timeout too: at 1 s, a
        // loaded machine timed one out, and that holder called main without the lock, its
        // connection back in the pool for the third read)
        let options = PostgresCacheOptions(
            table: TestPostgres.uniqueName("cache"), statementTimeout: .seconds(10),
            operationTimeout: .seconds(5), retryInterval: .zero, flightWaitTimeout: .seconds(5),
            maximumConnections: 2, channel: TestPostgres.uniqueName("channel"))
        let store = try SharedServer.store(options: options)
        let shared = SharedServer.stringSource(store)
        #expect(await store.awaitUp(reading: shared))
        let gate = Gate()
        let held = FakeDataSource<String>(origin: .network, gate: gate)
        try await held.put("one", for: .id(1))
        try await held.put("two", for: .id(2))
        let holding = SharedFlightSource(main: held, shared: shared)
        let first = Task { try await holding.get(.id(1), cached: nil) }
        let second = Task { try await holding.get(.id(2), cached: nil) }
        await gate.arrivals.reach(2)
        // (a holder that failed would have marked the tier down)
        #expect(store.health == .up, "both holders hold a connection and their lock")
        // WHEN a third key is read through the flight while they hold the pool
        let free = FakeDataSource<String>(origin: .network)
        try await free.put("three", for: .id(3))
        let third = try await SharedFlightSource(main: free, shared: shared).get(.id(3), cached: nil)
        // THEN it answered from main without the lock (the gate is still closed), and said why
        #expect(third.value == "three")
        #expect(third.origin == .network)
        #expect(gate.arrivals.value == 2)
        #expect(store.health != .up)
        // AND the two holders finish once their main calls answer
        gate.open()
        #expect(try await first.value.value == "one")
        #expect(try await second.value.value == "two")
        await store.stop()
    }
}
