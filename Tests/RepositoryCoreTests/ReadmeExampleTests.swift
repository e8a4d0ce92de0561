import RepositoryCore
import Testing

// The example under "Using the library" in README.md, kept compiling and true by this test.
// Edit both together.

@Suite("The README's library tour")
struct ReadmeExampleTests {
    @Test("Answers say which data source answered")
    func tour() async throws {
        let greetings = DataSource { query in "Hello, \(query.key ?? "nobody")!" }  // a real one calls a server
        let repository = CacheRepository(
            main: greetings,
            cache: InMemoryDataSource<String>(countLimit: 100),
            validator: TTLValidator(timeToLive: 3_600))

        let first = try await repository.answer("Morty", operation: .cacheSync)  // origin .network
        let second = try await repository.answer(.id("Morty"), policy: .localFirst)  // origin .memory
        let refreshed = try await repository.answer(.id("Morty"), operation: .mainSync)  // .network again
        let cachedOnly = try await repository.get(.id("Morty"), operation: .cache)  // never the network
        let orStale = try await repository.answer(
            .id("Morty"), policy: .localFirst, whenMainFails: .serveStale)

        #expect(first.origin == .network)
        #expect(second.origin == .memory)
        #expect(second.value == "Hello, Morty!")
        #expect(refreshed.origin == .network)
        #expect(cachedOnly == "Hello, Morty!")
        #expect(orStale.origin == .memory && !orStale.isStale)
        await #expect(throws: RepositoryError.notFound(query: "id:Rick")) {
            try await repository.get(.id("Rick"), policy: .cacheOnly)
        }
    }
}
