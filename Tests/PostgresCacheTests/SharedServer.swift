import Foundation
import PersistentCache
import PostgresCache
import RepositoryCore
import TestSupport

/// Stores on the test server, each on a table and channel of its own, stopped by `close()`.
final class SharedServer: Sendable {
    let stores: [PostgresCacheStore]

    private init(stores: [PostgresCacheStore]) { self.stores = stores }

    /// Options on a fresh table and channel; short timeouts so faults show quickly.
    static func options(logged: Bool = false, statementTimeout: Duration = .seconds(10))
        -> PostgresCacheOptions
    {
        PostgresCacheOptions(
            table: TestPostgres.uniqueName("cache"), logged: logged, statementTimeout: statementTimeout,
            operationTimeout: TestPostgres.operationBudget, retryInterval: .zero, flightWaitTimeout: .seconds(5),
            maximumConnections: 4, channel: TestPostgres.uniqueName("channel"))
    }

    /// A started store on `url` (default: the test server).
    static func store(url: String? = nil, options: PostgresCacheOptions = options()) throws
        -> PostgresCacheStore
    {
        let location = try PostgresCacheLocation(parsing: try url ?? TestPostgres.requiredURL())
        let store = try PostgresCacheStore(location: location, options: options)
        store.start()
        return store
    }

    /// A string source on a fresh table of the test server.
    static func stringSource(_ store: PostgresCacheStore, namespace: String = "strings")
        -> PostgresDataSource<String>
    {
        PostgresDataSource(store: store, namespace: namespace, codec: JSONPayloadCodec<String>())
    }

    /// Runs `psql` on `url` with `sql`; returns its output (tuples only, unaligned).
    @discardableResult
    static func psql(_ url: String, _ sql: String) async throws -> String {
        let result = try await ChildProcess.run(["/usr/bin/psql", url, "-X", "-q", "-t", "-A", "-c", sql])
        guard result.status == 0 else { throw TestPostgres.Missing(description: "psql failed: \(sql): \(result.errors)") }
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension PostgresCacheStore {
    /// Reads through `source` until the store reports `up` (each failed attempt returns at once:
    /// the tests use `retryInterval: .zero`), at most `attempts` times.
    func awaitUp<Value>(reading source: PostgresDataSource<Value>, attempts: Int = 2_000) async -> Bool {
        for _ in 0..<attempts {
            _ = try? await source.get(.key("probe"))
            if health == .up { return true }
            await Task.yield()
        }
        return false
    }
}
