import Foundation
import Synchronization
import RepositoryCore
import TestSupport
import Testing

/// What repositories do with the freshness a main source reports in an entry's metadata: an
/// explicit expiry decides instead of the time to live and moves with the repository's stamp;
/// `noStore` answers are written to no tier. Public API only.
@Suite("Repositories follow the server's freshness")
struct ServerFreshnessUseTests {
    /// A main source answering `value` stamped by its own clock, with `expiry` seconds of
    /// freshness from that stamp and `noStore`, counting its calls.
    final class Server: GetDataSource, Sendable {
        let clock = ManualTimeSource(start: Date(timeIntervalSince1970: 1_000_000))
        let expiry: TimeInterval?
        let noStore: Bool
        let calls = Atomic<Int>(0)

        init(expiry: TimeInterval?, noStore: Bool = false) {
            self.expiry = expiry
            self.noStore = noStore
        }

        func get(_ query: Query, cached: Entry<String>?) async throws(RepositoryError) -> Entry<String> {
            let call = calls.add(1, ordering: .relaxed).newValue
            let now = clock.now()
            return Entry(
                value: "v\(call)",
                metadata: EntryMetadata(
                    storedAt: now, expiresAt: expiry.map { now.addingTimeInterval($0) }, noStore: noStore),
                origin: .network)
        }
    }

    @Test("An expiry longer than the TTL keeps the entry fresh past the TTL; it moves with the repository's stamp")
    func longerExpiry() async throws {
        let time = ManualTimeSource()
        let server = Server(expiry: 3_600)
        let cache = InMemoryDataSource<String>(timeSource: time)
        let repository = CacheRepository(
            main: server, cache: cache, validator: TTLValidator(timeToLive: 60),
            configuration: CacheRepositoryConfiguration(timeSource: time))
        let first = try await repository.answer("k", operation: .cacheSync)
        #expect(first.origin == .network)
        // The hour counts from the repository's stamp, not the server's clock a decade behind
        #expect(first.metadata.storedAt == time.now())
        #expect(first.metadata.expiresAt == time.now().addingTimeInterval(3_600))
        time.advance(by: 600)
        #expect(try await repository.answer("k", operation: .cacheSync).origin == .memory)
        time.advance(by: 3_000)
        #expect(try await repository.answer("k", operation: .cacheSync).origin == .network)
        #expect(server.calls.load(ordering: .relaxed) == 2)
    }

    @Test("An expiry shorter than the TTL ends freshness first")
    func shorterExpiry() async throws {
        let time = ManualTimeSource()
        let server = Server(expiry: 5)
        let repository = CacheRepository(
            main: server, cache: InMemoryDataSource<String>(timeSource: time),
            validator: TTLValidator(timeToLive: 3_600), configuration: CacheRepositoryConfiguration(timeSource: time))
        _ = try await repository.answer("k", operation: .cacheSync)
        time.advance(by: 4)
        #expect(try await repository.answer("k", operation: .cacheSync).origin == .memory)
        time.advance(by: 1)
        #expect(try await repository.answer("k", operation: .cacheSync).origin == .network)
    }

    @Test("A no-store answer is answered and written to no tier, under every caching operation")
    func noStoreWritesNothing() async throws {
        let time = ManualTimeSource()
        let server = Server(expiry: nil, noStore: true)
        let memory = InMemoryDataSource<String>(timeSource: time)
        let disk = InMemoryDataSource<String>(timeSource: time)
        let repository = CacheRepository(
            main: server, cache: TieredCacheDataSource(upper: memory, lower: disk),
            configuration: CacheRepositoryConfiguration(timeSource: time))
        for operation in [RepositoryOperation.cacheSync, .mainSync] {
            let answer = try await repository.answer("k", operation: operation)
            #expect(answer.origin == .network)
        }
        #expect(server.calls.load(ordering: .relaxed) == 2)
        await #expect(throws: RepositoryError.self) { try await memory.get(.key("k")) }
        await #expect(throws: RepositoryError.self) { try await disk.get(.key("k")) }
    }

    @Test("A normalized list answered no-store leaves neither the list nor its entities in the cache")
    func normalizedNoStore() async throws {
        let time = ManualTimeSource()
        let entities = InMemoryDataSource<Planet>(timeSource: time)
        let lists = InMemoryDataSource<StoredList<Int>>(timeSource: time)
        let repository = NormalizedRepository(
            cache: NormalizedCache(entities: entities, lists: lists),
            configuration: NormalizedRepositoryConfiguration(timeSource: time))
        let page = PlanetPage(listInfo: 2, entities: [Planet(id: 1, name: "Earth"), Planet(id: 2, name: "Mars")])
        let main = DataSourceOf { _ in
            Entry(value: page, metadata: EntryMetadata(storedAt: time.now(), noStore: true), origin: .network)
        }
        let query = Query.page(PageQuery(number: 1))
        let answer = try await repository.list(query, policy: .localFirst, main: main)
        #expect(answer.value == page)
        await #expect(throws: RepositoryError.self) { try await lists.get(query) }
        await #expect(throws: RepositoryError.self) { try await entities.get(.entity("1")) }
        // So the next read asks again
        _ = try await repository.list(query, policy: .localFirst, main: main)
        #expect(main.calls.load(ordering: .relaxed) == 2)
    }
}

/// A main source answering whole entries from a closure, counting its calls.
final class DataSourceOf<Value: Sendable>: GetDataSource, Sendable {
    let answer: @Sendable (Query) -> Entry<Value>
    let calls = Atomic<Int>(0)

    init(_ answer: @escaping @Sendable (Query) -> Entry<Value>) { self.answer = answer }

    func get(_ query: Query, cached: Entry<Value>?) async throws(RepositoryError) -> Entry<Value> {
        calls.add(1, ordering: .relaxed)
        return answer(query)
    }
}
