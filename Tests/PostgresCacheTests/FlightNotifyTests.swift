import Foundation
import PersistentCache
import PostgresCache
import RepositoryCore
import TestSupport
import Testing

@Suite(
    "A refresh through the cross-process flight is announced once",
    .enabled(if: TestPostgres.shouldRun, Comment(rawValue: TestPostgres.skipReason)))
struct FlightNotifyTests {
    @Test("The flight's row is a silent hand-off; the cache write that follows is the one NOTIFY")
    func oneNotifyPerRefresh() async throws {
        // GIVEN two processes on one table; B listens
        let options = SharedServer.options()
        let (storeA, storeB) = (
            try SharedServer.store(options: options), try SharedServer.store(options: options)
        )
        let sourceA = SharedServer.stringSource(storeA)
        #expect(await storeB.awaitUp(reading: SharedServer.stringSource(storeB)))
        let changes = storeB.changes()
        await storeB.untilListening()
        // WHEN A refreshes key 1 through the flight (main stamps it T) and then writes it to its
        // cache tiers stamped later (T + 1), as the repository does
        let main = FakeDataSource<String>(origin: .network)
        try await main.put("fresh", for: .id(1))
        let flight = SharedFlightSource(main: main, shared: sourceA)
        let fetched = try await flight.get(.id(1), cached: nil)
        var stamped = fetched
        stamped.metadata.storedAt = fetched.metadata.storedAt.addingTimeInterval(1)
        try await sourceA.put(stamped, for: .id(1))
        // AND then writes key 2, so B's stream has a known end
        try await sourceA.put(stamped, for: .id(2))
        // THEN B heard key 1 once, with the cache write's stamp
        var heard: [SharedCacheChange] = []
        for await change in changes {
            if change.key == Query.id(2).cacheKey { break }
            heard.append(change)
        }
        #expect(heard.map(\.key) == [Query.id(1).cacheKey])
        #expect(heard.first?.storedAt == stamped.metadata.storedAt.timeIntervalSinceReferenceDate)
        // AND the row holds the later stamp
        #expect(try await sourceA.get(.id(1)).metadata.storedAt == stamped.metadata.storedAt)
        await storeA.stop()
        await storeB.stop()
    }
}
