import Foundation
import RepositoryCore
import Synchronization
import Testing

/// The batch read among a source's fast paths (`batchEntriesIfSupported(for:)`, as
/// `FoundFastPaths` finds it), from its documentation: nil for a source that reads one query at
/// a time, a `BatchGetDataSource`'s entries (a failure as none) otherwise — one written with the
/// public protocols alone included — and a tiered cache over a batch source reads its lower tier
/// once.
@Suite("Batch reads as a fast path")
struct BatchEntriesRequirementTests {
    @Test("A source that reads one query at a time answers nil")
    func plainSourceAnswersNil() async throws {
        let memory = InMemoryDataSource<String>()
        try await memory.put("a", for: .key("a"))
        #expect(await memory.batchEntriesIfSupported(for: [.key("a")]) == nil)
        #expect(await FoundFastPaths(of: memory).batchEntriesIfSupported(for: [.key("a")]) == nil)
    }

    @Test("A batch source of one's own answers its entries; a failing one answers none")
    func batchSourceAnswersItsEntries() async throws {
        let source = CountingBatchSource(values: [.key("a"): "1", .key("b"): "2"])
        let found = try #require(
            await FoundFastPaths(of: source).batchEntriesIfSupported(for: [.key("a"), .key("c")]))
        #expect(found.mapValues(\.value) == [.key("a"): "1"])
        #expect(source.batchCalls.load(ordering: .relaxed) == 1)
        let failing = CountingBatchSource(values: [.key("a"): "1"], fails: true)
        let none = try #require(await FoundFastPaths(of: failing).batchEntriesIfSupported(for: [.key("a")]))
        #expect(none.isEmpty)
    }

    @Test("A tiered cache over a batch source reads the lower tier in one call and promotes")
    func tieredReadsLowerTierOnce() async throws {
        let lower = CountingBatchSource(values: [.key("a"): "1", .key("b"): "2", .key("c"): "3"])
        let upper = InMemoryDataSource<String>()
        let tiered = TieredCacheDataSource(upper: upper, lower: lower)
        let found = try #require(
            await tiered.batchEntriesIfSupported(for: [.key("a"), .key("b"), .key("c")]))
        #expect(found.count == 3)
        #expect(lower.batchCalls.load(ordering: .relaxed) == 1)
        #expect(lower.singleCalls.load(ordering: .relaxed) == 0)
        #expect(upper.contains(.key("a")) && upper.contains(.key("b")) && upper.contains(.key("c")))
    }

    @Test("An upper tier that keeps fewer entries than a batch found gets only the last ones it can keep")
    func promotionsBoundedByWhatTheUpperTierKeeps() async throws {
        // GIVEN a memory tier that keeps two entries over a lower tier holding five
        let keys: [Query] = ["a", "b", "c", "d", "e"].map { .key($0) }
        let lower = CountingBatchSource(
            values: Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, "\($0)") }))
        let upper = InMemoryDataSource<String>(countLimit: 2)
        #expect(upper.keepsAtMost == 2)
        #expect(lower.keepsAtMost == nil)
        let tiered = TieredCacheDataSource(upper: upper, lower: lower)
        // WHEN the five are read in one batch
        let found = try #require(await tiered.batchEntriesIfSupported(for: keys))
        // THEN all five are answered, and only the last two asked are promoted: nothing promoted
        // was evicted by the batch's own promotions
        #expect(found.count == 5)
        #expect(upper.queriesByRecency == [.key("e"), .key("d")])
        #expect(upper.evictionCount == 0)
    }
}

/// A batch source over a fixed table that counts how it is read, written with the public
/// protocols alone.
private final class CountingBatchSource: BatchGetDataSource, PutDataSource, DeleteDataSource, Sendable {
    let values: [Query: String]
    let fails: Bool
    let batchCalls = Atomic<Int>(0)
    let singleCalls = Atomic<Int>(0)

    init(values: [Query: String], fails: Bool = false) {
        self.values = values
        self.fails = fails
    }

    func get(_ query: Query, cached: Entry<String>?) async throws(RepositoryError) -> Entry<String> {
        singleCalls.add(1, ordering: .relaxed)
        guard let value = values[query] else { throw .notFound(query: query.cacheKey) }
        return Entry(
            value: value, metadata: EntryMetadata(storedAt: Date(timeIntervalSince1970: 0)), origin: .disk)
    }

    func put(_ entry: Entry<String>, for query: Query) async throws(RepositoryError) -> Entry<String> {
        entry
    }

    func delete(_ query: Query) async throws(RepositoryError) {}

    func entries(for queries: [Query]) async throws(RepositoryError) -> [Query: Entry<String>] {
        batchCalls.add(1, ordering: .relaxed)
        if fails { throw .notFound(query: "all") }
        var found: [Query: Entry<String>] = [:]
        for query in queries {
            if let value = values[query] {
                found[query] = Entry(
                    value: value, metadata: EntryMetadata(storedAt: Date(timeIntervalSince1970: 0)),
                    origin: .disk)
            }
        }
        return found
    }
}
