import Foundation
import Locking
import RepositoryCore
import TestSupport
import Testing

@Suite("In-memory data source")
struct InMemoryDataSourceTests {
    static func entry(_ value: String) -> Entry<String> {
        Entry(
            value: value, metadata: EntryMetadata(storedAt: Date(timeIntervalSince1970: 0)), origin: .network)
    }

    @Test("Reads answer with origin memory")
    func origin() async throws {
        let source = InMemoryDataSource<String>()
        try await source.put(Self.entry("v"), for: .id(1))
        #expect(try await source.get(.id(1)).origin == .memory)
    }

    @Test("Bounded by count: evictions follow LRU order and are reported three ways")
    func countBound() async throws {
        // GIVEN a source of two entries with metrics and an eviction observer
        let metrics = RepositoryMetrics()
        let evicted = PThreadMutex<[Query]>([])
        let source = InMemoryDataSource<String>(
            countLimit: 2, metrics: metrics, onEviction: { query in evicted.withLock { $0.append(query) } })
        try await source.put(Self.entry("1"), for: .id(1))
        try await source.put(Self.entry("2"), for: .id(2))
        _ = try await source.get(.id(1))
        // WHEN a third entry arrives THEN id 2 (least recently used) goes
        try await source.put(Self.entry("3"), for: .id(3))
        #expect(evicted.withLock { $0 } == [.id(2)])
        #expect(source.evictionCount == 1)
        #expect(metrics.snapshot().memory.evictions == 1)
        #expect(source.queriesByRecency == [.id(3), .id(1)])
        await #expect(throws: RepositoryError.notFound(query: "id:2")) { _ = try await source.get(.id(2)) }
    }

    @Test("Bounded by cost: payload bytes")
    func costBound() async throws {
        let source = InMemoryDataSource<String>(countLimit: 100, costLimit: 10, cost: { $0.value.utf8.count })
        try await source.put(Self.entry("aaaa"), for: .id(1))
        try await source.put(Self.entry("bbbb"), for: .id(2))
        try await source.put(Self.entry("cccc"), for: .id(3))
        #expect(source.totalCost == 8)
        #expect(source.queriesByRecency == [.id(3), .id(2)])
        #expect(source.evictionCount == 1)
    }

    @Test("Hits and misses are counted against the memory tier")
    func hitsAndMisses() async throws {
        let metrics = RepositoryMetrics()
        let source = InMemoryDataSource<String>(metrics: metrics)
        try await source.put(Self.entry("v"), for: .id(1))
        _ = try await source.get(.id(1))
        _ = try? await source.get(.id(2))
        #expect(metrics.snapshot().memory.hits == 1)
        #expect(metrics.snapshot().memory.misses == 1)
    }

    @Test("Concurrent readers and writers keep the bounds")
    func concurrentUse() async throws {
        let source = InMemoryDataSource<Int>(countLimit: 16)
        await withTaskGroup(of: Void.self) { group in
            for n in 0..<200 {
                group.addTask {
                    let entry = Entry(
                        value: n, metadata: EntryMetadata(storedAt: Date(timeIntervalSince1970: 0)),
                        origin: .network)
                    _ = try? await source.put(entry, for: .id(n % 40))
                    _ = try? await source.get(.id((n * 7) % 40))
                }
            }
        }
        #expect(source.count == 16)
        #expect(source.queriesByRecency.count == 16)
    }
}
