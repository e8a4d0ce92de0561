import RepositoryCore
import TestSupport
import Testing

@Suite("Observation")
struct ObservationTests {
    @Test("Writes, invalidations and clears reach every live observer, in order")
    func events() async throws {
        // GIVEN a repository and two observers
        let main = FakeDataSource<String>(origin: .network)
        main.store("v", for: .id(2))
        let repository = CacheRepository(main: main, cache: InMemoryDataSource<String>())
        let first = repository.changes()
        let second = repository.changes()
        // WHEN values are written, read through, invalidated and cleared
        try await repository.put("x", for: .id(1), operation: .mainSync)
        _ = try await repository.answer(.id(2), operation: .cacheSync)
        _ = try await repository.answer(.id(2), operation: .cacheSync)
        try await repository.invalidate(.id(1))
        try await repository.delete(.id(2), operation: .cacheSync)
        try await repository.delete(.all, operation: .cache)
        try await repository.clearCache()
        // THEN both observers hear the same changes (the cache hit is not a change)
        let expected: [RepositoryChange] = [
            .written(.id(1)), .written(.id(2)), .invalidated(.id(1)), .invalidated(.id(2)), .cleared,
            .cleared,
        ]
        for stream in [first, second] {
            var heard: [RepositoryChange] = []
            for await change in stream {
                heard.append(change)
                if heard.count == expected.count { break }
            }
            #expect(heard == expected)
        }
    }

    @Test("A failed write tells nobody")
    func failedWriteIsSilent() async throws {
        let main = FakeDataSource<String>(origin: .network)
        main.failPuts(with: .mainUnavailable(reason: "offline"))
        let repository = CacheRepository(main: main, cache: InMemoryDataSource<String>())
        let changes = repository.changes()
        _ = try? await repository.put("x", for: .id(1), operation: .mainSync)
        try await repository.invalidate(.id(1))
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next() == .invalidated(.id(1)))
    }

    @Test("A dropped observer is forgotten")
    func droppedObserver() async {
        let broadcaster = ChangeBroadcaster<Int>()
        do {
            let stream = broadcaster.stream()
            #expect(broadcaster.observerCount == 1)
            _ = stream
        }
        broadcaster.publish(1)
        #expect(broadcaster.observerCount == 0)
    }
}
