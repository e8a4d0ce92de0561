import Foundation
import Locking
import RepositoryCore
import Testing

/// `AnswerObserver` and `GetRepository.answer(_:operation:observer:)`, written from their doc
/// comments through the public API: each read tells the observer once, of the answer the reader
/// gets or of the error it throws.
@Suite("Answer observers: told of every answer and failure, once")
struct AnswerObserverTests {
    /// What an observer was told, in order.
    enum Told: Equatable {
        case answer(query: Query, origin: Origin, value: String, stale: Bool)
        case failure(query: Query, error: RepositoryError, operation: RepositoryOperation)
    }

    /// Keeps what it is told.
    final class Recorder: AnswerObserver {
        private let told = PThreadMutex<[Told]>([])
        var all: [Told] { told.withLock { $0 } }

        func observe<Value>(_ answer: Answer<Value>, for query: Query) {
            told.withLock {
                $0.append(.answer(query: query, origin: answer.origin, value: "\(answer.value)", stale: answer.isStale))
            }
        }

        func observeFailure(_ error: RepositoryError, for query: Query, operation: RepositoryOperation) {
            told.withLock { $0.append(.failure(query: query, error: error, operation: operation)) }
        }
    }

    /// A main source that knows only "rick", and fails while `down`.
    final class Server: Sendable {
        private let state = PThreadMutex(false)
        func goDown() { state.withLock { $0 = true } }
        var source: DataSource<String> {
            DataSource { [self] query in
                if state.withLock({ $0 }) { throw RepositoryError.mainUnavailable(reason: "down") }
                guard query == Query.id("rick") else { throw RepositoryError.notFound(query: query.cacheKey) }
                return "Rick Sanchez"
            }
        }
    }

    @Test("CacheRepository tells the observer of a network answer, then of a memory hit")
    func cacheRepositoryAnswers() async throws {
        let repository = CacheRepository(main: Server().source, cache: InMemoryDataSource<String>())
        let recorder = Recorder()
        let rick = Query.id("rick")

        let first = try await repository.answer(rick, operation: .default, observer: recorder)
        let second = try await repository.answer(rick, operation: .cacheSync(fallback: .fail), observer: recorder)

        #expect(first.origin == .network)
        #expect(second.origin == .memory)
        #expect(
            recorder.all == [
                .answer(query: rick, origin: .network, value: "Rick Sanchez", stale: false),
                .answer(query: rick, origin: .memory, value: "Rick Sanchez", stale: false),
            ])
    }

    @Test("CacheRepository tells the observer of a failed read, with its operation, and throws the same error")
    func cacheRepositoryFailures() async throws {
        let server = Server()
        let repository = CacheRepository(main: server.source, cache: InMemoryDataSource<String>())
        let recorder = Recorder()
        let morty = Query.id("morty")

        await #expect(throws: RepositoryError.notFound(query: morty.cacheKey)) {
            try await repository.answer(morty, operation: .mainSync(fallback: .fail), observer: recorder)
        }
        await #expect(throws: RepositoryError.notFound(query: morty.cacheKey)) {
            try await repository.answer(morty, operation: .cache(ignoreValidation: false), observer: recorder)
        }
        server.goDown()
        await #expect(throws: RepositoryError.mainUnavailable(reason: "down")) {
            try await repository.answer(morty, operation: .default, observer: recorder)
        }

        #expect(
            recorder.all == [
                .failure(query: morty, error: .notFound(query: morty.cacheKey), operation: .mainSync(fallback: .fail)),
                .failure(query: morty, error: .notFound(query: morty.cacheKey), operation: .cache(ignoreValidation: false)),
                .failure(query: morty, error: .mainUnavailable(reason: "down"), operation: .default),
            ])
    }

    @Test("A stale answer served after main failed is an answer, marked stale")
    func staleServe() async throws {
        let server = Server()
        let repository = CacheRepository(
            main: server.source, cache: InMemoryDataSource<String>(), validator: TTLValidator<String>(timeToLive: 0 as TimeInterval))
        let recorder = Recorder()
        let rick = Query.id("rick")
        _ = try await repository.answer(rick, policy: .localFirst)
        server.goDown()

        let answer = try await repository.answer(rick, operation: .cacheSync(fallback: .serveStale), observer: recorder)

        #expect(answer.isStale)
        #expect(recorder.all == [.answer(query: rick, origin: .memory, value: "Rick Sanchez", stale: true)])
    }

    /// A repository of its own, with no observer support written: it gets the default.
    struct Echo: GetRepository {
        func answer(_ query: Query, operation: RepositoryOperation) async throws(RepositoryError) -> Answer<String> {
            guard let key = query.key, !key.isEmpty else { throw .notFound(query: query.cacheKey) }
            return Answer(
                value: key.uppercased(), origin: .network, operation: operation,
                metadata: EntryMetadata(storedAt: Date()))
        }
    }

    @Test("Any GetRepository is observable through the default: the answer, or the error, once")
    func defaultImplementation() async throws {
        let recorder = Recorder()
        let answer = try await Echo().answer(.id("summer"), operation: .main, observer: recorder)
        await #expect(throws: RepositoryError.notFound(query: Query.id("").cacheKey)) {
            try await Echo().answer(.id(""), operation: .main, observer: recorder)
        }

        #expect(answer.value == "SUMMER")
        #expect(
            recorder.all == [
                .answer(query: .id("summer"), origin: .network, value: "SUMMER", stale: false),
                .failure(query: .id(""), error: .notFound(query: Query.id("").cacheKey), operation: .main),
            ])
    }
}
