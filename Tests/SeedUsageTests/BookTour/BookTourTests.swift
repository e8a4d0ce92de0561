import Foundation
import PersistentCache
import RepositoryCore
import Locking
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// docs/library.md's and the PersistentCache article's worked example, as a user writes it from those
// pages alone: a `Book` read over HTTP with URLSession, cached in memory over SQLite, judged by a
// TTL — against a real server on loopback and a real SQLite file.

struct Book: Codable, Sendable, Equatable {
    var id: Int
    var title: String
}

/// The network data source: one closure. The repository fills in the origin and the time.
func bookSource(baseURL: URL, session: URLSession = .shared) -> DataSource<Book> {
    DataSource { query in
        let url = baseURL.appendingPathComponent("books/\(query.key ?? "")")
        let (data, response) = try await session.data(from: url)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        if let error = RepositoryError(httpStatus: status, for: query) { throw error }
        return try JSONDecoder().decode(Book.self, from: data)
    }
}

/// Memory over SQLite over the network, entries fresh for ten minutes by the repository's clock.
func bookRepository(
    baseURL: URL, database: CacheDatabase, clock: any TimeSource = SystemTimeSource()
) -> any CachingRepository<Book> {
    let cache = TieredCacheDataSource(
        upper: InMemoryDataSource<Book>(countLimit: 500),
        lower: SQLiteDataSource<Book>(database: database, namespace: "book"))
    return CacheRepository(
        main: bookSource(baseURL: baseURL), cache: cache,
        validator: TTLValidator(timeToLive: .seconds(600)),
        configuration: CacheRepositoryConfiguration(timeSource: clock))
}

/// A clock a test moves by hand.
final class HandClock: TimeSource {
    private let current = PThreadMutex(Date(timeIntervalSince1970: 1_800_000_000))
    func now() -> Date { current.withLock { $0 } }
    func advance(seconds: TimeInterval) { current.withLock { $0 += seconds } }
}

@Suite("A book service from the docs: memory over SQLite over HTTP")
struct BookTourTests {
    /// A fresh cache file in a folder of its own (the test removes the folder).
    static func databaseFile() -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("book-tour-\(UUID().uuidString)", isDirectory: true)
            .appendingPathComponent("cache.sqlite")
    }

    @Test("The network first, then memory; after a restart the disk; every answer says which")
    func tiers() async throws {
        try await BookServer.run { server in
            let file = Self.databaseFile()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let books = bookRepository(baseURL: server.baseURL, database: try CacheDatabase(location: .file(file)))
            #expect(try await books.answer(.id(1), policy: .localFirst).origin == .network)
            let again = try await books.answer(.id(1), policy: .localFirst)
            #expect(again.origin == .memory)
            #expect(again.value == Book(id: 1, title: "Dune"))

            let restarted = bookRepository(
                baseURL: server.baseURL, database: try CacheDatabase(location: .file(file)))
            #expect(try await restarted.answer(.id(1), policy: .localFirst).origin == .disk)
            #expect(server.requests.value == 1)

            let refreshed = try await restarted.answer(.id(1), policy: .remoteFirst)
            #expect(refreshed.origin == .network)
            #expect(refreshed.operation.description == "mainSync(serveStale)")
            #expect(restarted.metrics.snapshot().network.hits == 1)
        }
    }

    @Test("One clock: moving the repository's time ages the entry and expires it alike")
    func oneClock() async throws {
        try await BookServer.run { server in
            let clock = HandClock()
            let books = bookRepository(
                baseURL: server.baseURL, database: try CacheDatabase(location: .inMemory), clock: clock)
            _ = try await books.get(.id(2), policy: .localFirst)
            clock.advance(seconds: 599)
            let cached = try await books.answer(.id(2), policy: .localFirst)
            #expect(cached.origin == .memory)
            #expect(cached.age == 599)
            clock.advance(seconds: 1)
            #expect(try await books.answer(.id(2), policy: .localFirst).origin == .network)
            #expect(server.requests.value == 2)
        }
    }

    @Test("Statuses and network failures read as one short sentence; a missing book is asked again")
    func errors() async throws {
        try await BookServer.run { server in
            let books = bookRepository(baseURL: server.baseURL, database: try CacheDatabase(location: .inMemory))
            for _ in 0..<2 {
                await #expect(throws: RepositoryError.notFound(.id(404))) {
                    try await books.get(.id(404), policy: .localFirst)
                }
            }
            #expect(server.requests.value == 2, "a 404 is not cached")
            await #expect(throws: RepositoryError.mainUnavailable(reason: "HTTP 503 Service Unavailable")) {
                try await books.get(.id(503), policy: .localFirst)
            }
        }
        let closedPort = try #require(URL(string: "http://127.0.0.1:9/"))
        let offline = bookRepository(baseURL: closedPort, database: try CacheDatabase(location: .inMemory))
        do {
            _ = try await offline.get(.id(1), policy: .localFirst)
            Issue.record("a read from a closed port should fail")
        } catch {
            #expect(error.description == "The server is unavailable: could not connect to the server (URL error -1004).")
        }
    }
}
