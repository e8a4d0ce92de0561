import Foundation
import PersistentCache
import PostgresCache
import RepositoryCore
import TestSupport
import Testing

@Suite(
    "The PostgreSQL shared tier passes the data-source contract",
    .enabled(if: TestPostgres.shouldRun, Comment(rawValue: TestPostgres.skipReason)))
struct ContractTests {
    @Test("Every contract check passes on a fresh table")
    func contract() async throws {
        let stores = StoreBag()
        try await DataSourceContract.verify(
            {
                let store = try SharedServer.store()
                stores.add(store)
                return SharedServer.stringSource(store)
            }, sample: { "value \($0) · ünïcödé" })
        await stores.stopAll()
    }

    @Test("Namespaces of one table never see each other's keys")
    func namespaces() async throws {
        let store = try SharedServer.store()
        let left = SharedServer.stringSource(store, namespace: "left")
        let right = SharedServer.stringSource(store, namespace: "right")
        try await left.put(
            Entry(value: "L", metadata: .init(storedAt: Date()), origin: .network), for: .id(1))
        await #expect(throws: RepositoryError.notFound(query: "id:1")) { try await right.get(.id(1)) }
        try await right.delete(.all)
        #expect(try await left.get(.id(1)).value == "L")
        #expect(try await left.get(.id(1)).origin == .sharedCache)
        await store.stop()
    }

    @Test("Two writes out of order: the newer stored-at wins, and the late older write answers it")
    func newerStoredAtWins() async throws {
        let store = try SharedServer.store()
        let (first, second) = (SharedServer.stringSource(store), SharedServer.stringSource(store))
        let newer = Entry(
            value: "new", metadata: .init(storedAt: Date(timeIntervalSince1970: 2_000)), origin: .network)
        let older = Entry(
            value: "old", metadata: .init(storedAt: Date(timeIntervalSince1970: 1_000)), origin: .network)
        // GIVEN one process wrote the newer copy WHEN another writes an older one afterwards
        try await first.put(newer, for: .id(1))
        let kept = try await second.put(older, for: .id(1))
        // THEN the table keeps the newer copy, and the late write is told what the table holds
        #expect(kept.value == "new" && kept.metadata.storedAt == newer.metadata.storedAt)
        #expect(kept.origin == .sharedCache)
        #expect(try await first.get(.id(1)).value == "new")
        // AND a write at the same stored-at or later replaces it
        let same = Entry(value: "same", metadata: newer.metadata, origin: .network)
        #expect(try await second.put(same, for: .id(1)).value == "same")
        #expect(try await first.get(.id(1)).value == "same")
        await store.stop()
    }

    @Test("The table is UNLOGGED by default and logged on request; the migration is recorded by name")
    func migrations() async throws {
        let url = try TestPostgres.requiredURL()
        for logged in [false, true] {
            let options = SharedServer.options(logged: logged)
            let store = try SharedServer.store(options: options)
            let source = SharedServer.stringSource(store)
            try await source.put(
                Entry(value: "x", metadata: .init(storedAt: Date()), origin: .network), for: .id(1))
            let persistence = try await SharedServer.psql(
                url, "SELECT relpersistence FROM pg_class WHERE relname = '\(options.table)'")
            #expect(persistence == (logged ? "p" : "u"))
            let names = try await SharedServer.psql(
                url, "SELECT string_agg(name, ',' ORDER BY name) FROM \(options.table)_migration")
            #expect(names == "v1-shared-cache-entries,v2-row-signature,v3-key-order,v4-stale-use")
            await store.stop()
        }
    }
}

/// The stores a test started, stopped together at its end. Thread-safe (a lock guards the list).
final class StoreBag: @unchecked Sendable {
    private let lock = NSLock()
    private var stores: [PostgresCacheStore] = []

    func add(_ store: PostgresCacheStore) { lock.withLock { stores.append(store) } }

    func stopAll() async {
        for store in lock.withLock({ stores }) { await store.stop() }
    }
}
