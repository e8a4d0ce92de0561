import Foundation
import RepositoryCore
import Testing

/// What a user's own errors and HTTP statuses become, through the public API only.
@Suite("Foreign errors and HTTP statuses as RepositoryError")
struct ForeignErrorTests {
    struct Outage: Error {}

    @Test("An error of the URL loading system is one short clause; a cancelled request is .cancelled")
    func urlErrors() {
        let refused = RepositoryError(NSError(domain: "NSURLErrorDomain", code: -1004), from: .main)
        #expect(refused == .mainUnavailable(reason: "could not connect to the server (URL error -1004)"))
        #expect(
            RepositoryError(NSError(domain: "NSURLErrorDomain", code: -1001), from: .main)
                == .mainUnavailable(reason: "the request timed out (URL error -1001)"))
        #expect(
            RepositoryError(NSError(domain: "NSURLErrorDomain", code: -42), from: .cache)
                == .storageFailure(detail: "the request failed (URL error -42)"))
        #expect(RepositoryError(NSError(domain: "NSURLErrorDomain", code: -999), from: .main) == .cancelled)
    }

    @Test("A status below 400 is no error; 404 and 410 are notFound; others name the status")
    func statuses() {
        let query = Query.id(7)
        #expect(RepositoryError(httpStatus: 200, for: query) == nil)
        #expect(RepositoryError(httpStatus: 304, for: query) == nil)
        #expect(RepositoryError(httpStatus: 404, for: query) == .notFound(query))
        #expect(RepositoryError(httpStatus: 410, for: query) == .notFound(query: "id:7"))
        #expect(
            RepositoryError(httpStatus: 429, for: query, message: "slow down")
                == .mainUnavailable(reason: "HTTP 429 Too Many Requests: slow down"))
        #expect(RepositoryError(httpStatus: 599, for: query) == .mainUnavailable(reason: "HTTP 599"))
    }

    @Test("A closure source: its value answers as the network; its errors are translated, ours pass")
    func closureSource() async throws {
        let source = DataSource<String> { query in
            switch query.key {
            case "gone": throw RepositoryError.notFound(query)
            case "down": throw Outage()
            default: return "value of \(query.key ?? "")"
            }
        }
        let repository = CacheRepository(main: source, cache: InMemoryDataSource<String>())
        let answer = try await repository.answer(.id("a"), policy: .remoteFirst)
        #expect(answer.origin == .network)
        #expect(answer.value == "value of a")
        await #expect(throws: RepositoryError.notFound(query: "id:gone")) {
            try await repository.get(.id("gone"), policy: .noCache)
        }
        do {
            _ = try await repository.get(.id("down"), policy: .noCache)
            Issue.record("an outage should fail the read")
        } catch {
            guard case .mainUnavailable = error else {
                Issue.record("expected mainUnavailable, got \(error)")
                return
            }
        }
    }

    /// A main source that (wrongly) labels its answers as the memory tier's.
    struct MislabelledMain: GetDataSource {
        func get(_ query: Query, cached: Entry<Int>?) async throws(RepositoryError) -> Entry<Int> {
            Entry(value: 1, metadata: EntryMetadata(storedAt: .distantPast), origin: .memory)
        }
    }

    @Test("The repository fills in main's origin: a main source never has to choose one")
    func mainOrigin() async throws {
        let repository = CacheRepository(main: MislabelledMain(), cache: InMemoryDataSource<Int>())
        #expect(try await repository.answer(.id(1), policy: .localFirst).origin == .network)
        #expect(try await repository.answer(.id(1), policy: .localFirst).origin == .memory)
    }

    @Test("An answer's operation prints its fallback rule")
    func operationNames() async throws {
        #expect(CachePolicy.remoteFirst.operation.description == "mainSync(serveStale)")
        #expect(CachePolicy.localFirst.operation.description == "cacheSync")
        #expect(RepositoryOperation.cache(ignoreValidation: true).description == "cache(ignoreValidation)")
        #expect(RepositoryOperation.mainSync.description == "mainSync")
    }
}
