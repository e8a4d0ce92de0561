import Foundation
import PersistentCache
import PostgresCache
import RepositoryCore
import TestSupport
import Testing

/// The shared tier against a real server that is down, killed, restarted, slow, or wrong: it
/// fails with a typed, visible error, never serves a corrupt value, and comes back by itself.
/// Serialized: the tests that stop servers start their own, and those are not cheap.
@Suite(
    "Faults of the shared tier", .serialized,
    .enabled(if: TestPostgres.shouldRun, Comment(rawValue: TestPostgres.skipReason)))
struct FaultTests {
    static func entry(_ value: String) -> Entry<String> {
        Entry(
            value: value, metadata: EntryMetadata(storedAt: Date(timeIntervalSinceReferenceDate: 1_000)),
            origin: .network)
    }

    static func expectStorageFailure(
        _ body: () async throws(RepositoryError) -> Void, mentioning text: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        do {
            try await body()
            Issue.record("expected a storage failure", sourceLocation: sourceLocation)
        } catch {
            guard case .storageFailure(let detail) = error else {
                Issue.record("expected a storage failure, got \(error)", sourceLocation: sourceLocation)
                return
            }
            if let text {
                #expect(detail.contains(text), "\(detail)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test(
        "Down at start: reads fail as a visible storage failure (a miss to the tiers), then it comes back by itself"
    )
    func downAtStart() async throws {
        _ = try TestPostgres.requiredURL()
        try await TestPostgres.withPrivateServer { server in
            try await server.stop()
            let store = try SharedServer.store(url: server.url)
            let source = SharedServer.stringSource(store)
            // GIVEN the server is down WHEN the tier is read THEN a storage failure, health down, and a miss through the tier
            await Self.expectStorageFailure { () async throws(RepositoryError) in
                _ = try await source.get(.id(1))
            }
            guard case .down = store.health else {
                Issue.record("health should be down, is \(store.health)")
                return
            }
            let tier = SharedCacheTier(source: source)
            await #expect(throws: RepositoryError.notFound(query: "id:1")) { try await tier.get(.id(1)) }
            #expect(try await tier.put(Self.entry("kept"), for: .id(1)).value == "kept")
            // WHEN the server starts THEN the tier comes back without being told
            try await server.start()
            #expect(await store.awaitUp(reading: source))
            try await source.put(Self.entry("back"), for: .id(1))
            #expect(try await source.get(.id(1)).value == "back")
            await store.stop()
        }
    }

    @Test("Down: inspecting the table fails as a storage failure, marks the tier down, then fails at once")
    func inspectionWhileDown() async throws {
        _ = try TestPostgres.requiredURL()
        try await TestPostgres.withPrivateServer { server in
            try await server.stop()
            var options = SharedServer.options()
            options.operationTimeout = .seconds(3)
            options.retryInterval = .seconds(60)
            let store = try SharedServer.store(url: server.url, options: options)
            let inspection = store.inspection()
            // The first look waits for the connection to fail; it marks the tier down
            await Self.expectStorageFailure { () async throws(RepositoryError) in
                _ = try await inspection.entries(after: nil, limit: 10)
            }
            #expect(!store.health.isUp)
            // Within the retry interval every other look fails at once, saying the shared cache is down
            await Self.expectStorageFailure(
                { () async throws(RepositoryError) in _ = try await inspection.totals() },
                mentioning: "shared cache")
            await Self.expectStorageFailure(
                { () async throws(RepositoryError) in _ = try await inspection.entries(after: nil, limit: 10)
                },
                mentioning: "shared cache")
            await store.stop()
        }
    }

    @Test(
        "Killed mid-run and restarted: failures meanwhile, then back; the UNLOGGED table was emptied by the crash"
    )
    func killedAndRestarted() async throws {
        _ = try TestPostgres.requiredURL()
        try await TestPostgres.withPrivateServer { server in
            // A pool lease waits for the pool's reconnection up to the operation timeout: keep it short here.
            var options = SharedServer.options()
            options.operationTimeout = .seconds(3)
            let store = try SharedServer.store(url: server.url, options: options)
            let source = SharedServer.stringSource(store)
            try await source.put(Self.entry("before"), for: .id(1))
            #expect(try await source.get(.id(1)).value == "before")
            // WHEN the server is killed THEN reads fail visibly
            try await server.kill()
            await Self.expectStorageFailure { () async throws(RepositoryError) in
                _ = try await source.get(.id(1))
            }
            #expect(!store.health.isUp)
            // WHEN it is restarted THEN the tier is back by itself, and the unlogged rows are gone (a cache, not a store)
            try await server.start()
            #expect(await store.awaitUp(reading: source))
            await #expect(throws: RepositoryError.notFound(query: "id:1")) { try await source.get(.id(1)) }
            try await source.put(Self.entry("after"), for: .id(1))
            #expect(try await source.get(.id(1)).value == "after")
            await store.stop()
        }
    }

    @Test("A statement slower than the statement timeout fails with a storage failure; the next one succeeds")
    func statementTimeout() async throws {
        let url = try TestPostgres.requiredURL()
        let options = SharedServer.options(statementTimeout: .milliseconds(300))
        let store = try SharedServer.store(options: options)
        let source = SharedServer.stringSource(store)
        try await source.put(Self.entry("value"), for: .id(1))
        // GIVEN another session holds an exclusive lock on the table
        let marker = TestPostgres.uniqueName("locker")
        let locker = try SpawnedChild(
            [
                "/usr/bin/psql", url, "-X", "-q", "-c",
                "BEGIN; LOCK TABLE \(options.table) IN ACCESS EXCLUSIVE MODE; SELECT '\(marker)', pg_sleep(30); COMMIT;",
            ], input: .null, output: .null, errors: .null)
        // (its session is ended below, so it is reaped at once)
        defer {
            locker.send(SIGTERM)
            locker.waitForExit()
        }
        var locked = false
        for _ in 0..<500 where !locked {
            locked =
                try await SharedServer.psql(
                    url,
                    "SELECT count(*) FROM pg_stat_activity WHERE query LIKE '%\(marker)%' AND wait_event = 'PgSleep'"
                )
                == "1"
        }
        #expect(locked)
        // WHEN the tier reads THEN the statement timeout cancels it
        await Self.expectStorageFailure(
            { () async throws(RepositoryError) in _ = try await source.get(.id(1)) },
            mentioning: "statement timeout")
        // WHEN the lock is gone THEN the tier reads again by itself
        try await SharedServer.psql(
            url,
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE '%\(marker)%' AND pid <> pg_backend_pid()"
        )
        #expect(await store.awaitUp(reading: source))
        #expect(try await source.get(.id(1)).value == "value")
        await store.stop()
    }

    @Test(
        "A table of the wrong shape is an error naming the column; once it is dropped the tier recreates it")
    func wrongShape() async throws {
        let url = try TestPostgres.requiredURL()
        let options = SharedServer.options()
        try await SharedServer.psql(
            url, "CREATE TABLE \(options.table) (namespace text, key text, payload text)")
        let store = try SharedServer.store(options: options)
        let source = SharedServer.stringSource(store)
        await Self.expectStorageFailure(
            { () async throws(RepositoryError) in _ = try await source.get(.id(1)) },
            mentioning: "wrong shape")
        #expect(store.health.description.contains("column"))
        // WHEN the bad table is dropped THEN the tier creates its own and works
        try await SharedServer.psql(url, "DROP TABLE \(options.table)")
        #expect(await store.awaitUp(reading: source))
        try await source.put(Self.entry("ok"), for: .id(1))
        #expect(try await source.get(.id(1)).value == "ok")
        await store.stop()
    }

    @Test("A row with a corrupt payload is a serialization error (a miss), never a value")
    func corruptRow() async throws {
        let url = try TestPostgres.requiredURL()
        let options = SharedServer.options()
        let store = try SharedServer.store(options: options)
        let source = SharedServer.stringSource(store)
        try await source.put(Self.entry("good"), for: .id(1))
        try await SharedServer.psql(url, "UPDATE \(options.table) SET payload = '\\xdeadbeef'::bytea")
        do {
            let read = try await source.get(.id(1))
            Issue.record("a corrupt row was served: \(read.value)")
        } catch {
            #expect(error.isCacheMiss)
            guard case .serialization = error else {
                Issue.record("expected .serialization, got \(error)")
                return
            }
        }
        #expect(store.health.isUp)
        await store.stop()
    }

    @Test("A wrong password or an unknown host is a visible failure that says so")
    func badCredentialsAndHost() async throws {
        let url = try TestPostgres.requiredURL()
        let wrongPassword = url.replacingOccurrences(
            of: #":[^:@/]*@"#, with: ":wrong@", options: .regularExpression)
        let store = try SharedServer.store(url: wrongPassword)
        let source = SharedServer.stringSource(store)
        await Self.expectStorageFailure(
            { () async throws(RepositoryError) in _ = try await source.get(.id(1)) }, mentioning: "password")
        #expect(!store.health.description.contains("wrong"))
        await store.stop()
        let nowhere = try SharedServer.store(url: "postgres://postgres@host.invalid:5432/postgres")
        await Self.expectStorageFailure { () async throws(RepositoryError) in
            _ = try await SharedServer.stringSource(nowhere).get(.id(1))
        }
        #expect(!nowhere.health.isUp)
        await nowhere.stop()
    }
}
