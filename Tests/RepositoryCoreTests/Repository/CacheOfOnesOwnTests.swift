import Foundation
import Locking
import RepositoryCore
import Testing

/// A cache written with the public protocols alone (`get`, `put`, `delete`) in the cache slot:
/// read through its `get`, alone or below the memory tier. `BookShelf` is the example of the
/// catalog's overview (RepositoryCore.md), kept compiling and true here: edit both together.
@Suite("A cache of one's own")
struct CacheOfOnesOwnTests {
    @Test("The catalog's shelf: a miss asks main and keeps its answer; the next read is the shelf's")
    func catalogShelf() async throws {
        let books = DataSource { query in
            Book(id: Int(query.key ?? "") ?? 0, title: "Book \(query.key ?? "")")
        }
        let shelved = CacheRepository(main: books, cache: BookShelf())

        let first = try await shelved.answer("1", operation: .cacheSync)
        let second = try await shelved.answer("1", operation: .cacheSync)

        #expect(first.origin == .network && first.value.title == "Book 1")
        #expect(second.origin == .disk && second.value == first.value)
        try await shelved.invalidate("1")
        await #expect(throws: RepositoryError.notFound(query: "id:1")) {
            try await shelved.get("1", operation: .cache)
        }
    }

    @Test("Each read of a cache of one's own goes through its get; main is asked on a miss only")
    func readThroughGet() async throws {
        let main = CountingShelf(origin: .network)
        let cache = CountingShelf(origin: .disk)
        try await main.put("from main", for: "a")
        let repository = CacheRepository(main: main, cache: cache)

        #expect(try await repository.get("a") == "from main")
        #expect(try await repository.get("a") == "from main")
        #expect(cache.gets == 2 && main.gets == 1)
        #expect(try await repository.answer("a", policy: .localFirst).origin == .disk)
    }

    @Test("Memory over a cache of one's own: a hit, answered at once, asks nothing below; a miss reads it")
    func memoryOverOnesOwn() async throws {
        let own = CountingShelf(origin: .disk)
        try await own.put("kept", for: "a")
        let memory = InMemoryDataSource<String>()
        let repository = CacheRepository(
            main: CountingShelf(origin: .network), cache: TieredCacheDataSource(upper: memory, lower: own))

        let miss = try await repository.answer("a", policy: .localFirst)
        var hits: [Answer<String>] = []
        for _ in 1...10 { hits.append(try await repository.answer("a", policy: .localFirst)) }

        #expect(miss.origin == .disk && hits.allSatisfy { $0.origin == .memory })
        #expect(own.gets == 1, "the hits were memory's alone")
        #expect(memory.contains("a"))
        // Answered without suspending: such a hit is timed one time in 64, a read through `get` always.
        let latency = repository.metrics.snapshot().memory.latency
        #expect(latency.count == 10 && latency.count - latency.timedCount >= 9)
    }
}

/// The catalog's cache of one's own: books kept in an actor.
actor BookShelf: GetDataSource, PutDataSource, DeleteDataSource {
    private var entries: [Query: Entry<Book>] = [:]

    func get(_ query: Query, cached: Entry<Book>?) throws(RepositoryError) -> Entry<Book> {
        guard let entry = entries[query] else { throw .notFound(query: query.cacheKey) }
        return entry
    }

    func put(_ entry: Entry<Book>, for query: Query) -> Entry<Book> {
        let kept = entry.with(origin: .disk)  // reads report this source's origin
        entries[query] = kept
        return kept
    }

    func delete(_ query: Query) {
        if query == .all { entries = [:] } else { entries[query] = nil }
    }
}

/// The catalog's book.
struct Book: Codable, Sendable, Equatable {
    var id: Int
    var title: String
}

/// A table of strings that counts its reads, written with the public protocols alone.
/// Thread-safe (one `PThreadMutex`).
final class CountingShelf: GetDataSource, PutDataSource, DeleteDataSource {
    private let state = PThreadMutex<(entries: [Query: Entry<String>], gets: Int)>(([:], 0))
    let origin: Origin

    init(origin: Origin) { self.origin = origin }

    /// How many reads reached `get`.
    var gets: Int { state.withLock { $0.gets } }

    func get(_ query: Query, cached: Entry<String>?) async throws(RepositoryError) -> Entry<String> {
        let entry = state.withLock { state in
            state.gets += 1
            return state.entries[query]
        }
        guard let entry else { throw .notFound(query: query.cacheKey) }
        return entry
    }

    @discardableResult
    func put(_ entry: Entry<String>, for query: Query) async throws(RepositoryError) -> Entry<String> {
        let kept = entry.with(origin: origin)
        state.withLock { $0.entries[query] = kept }
        return kept
    }

    func delete(_ query: Query) async throws(RepositoryError) {
        state.withLock { state in
            if query == .all { state.entries = [:] } else { state.entries[query] = nil }
        }
    }
}
