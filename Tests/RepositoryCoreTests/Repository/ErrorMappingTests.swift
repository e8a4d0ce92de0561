import Foundation
import RepositoryCore
import TestSupport
import Testing

/// Seed 004: a feature maps every repository error to its own closed error behind typed throws.
@Suite("Domain error mapping")
struct ErrorMappingTests {
    enum CharacterError: Error, Equatable {
        case loadFailed(description: String)
        case notFound(id: Int)
    }

    /// Seed 004's mapper input carries the identifier: this mapper reads it from the query.
    struct CharacterErrorMapper: RepositoryErrorMapping {
        func map(_ error: RepositoryError, for query: Query) -> CharacterError {
            if case .notFound = error, case .id(let id) = query, let number = Int(id) {
                return .notFound(id: number)
            }
            return .loadFailed(description: error.description)
        }
    }

    /// What a feature repository looks like: typed throws of its own error.
    struct CharacterRepository {
        let base: CacheRepository<FakeDataSource<String>, InMemoryDataSource<String>>

        func character(id: Int, policy: CachePolicy) async throws(CharacterError) -> String {
            try await base.mapErrors(CharacterErrorMapper()).get(.id(id), policy: policy)
        }

        func characterViaHelper(id: Int) async throws(CharacterError) -> String {
            try await mappingRepositoryErrors(CharacterErrorMapper(), for: .id(id)) {
                () async throws(RepositoryError) -> String in
                try await base.get(.id(id), policy: .noCache)
            }
        }
    }

    static func makeRepository() -> (FakeDataSource<String>, CharacterRepository) {
        let main = FakeDataSource<String>(origin: .network)
        return (
            main, CharacterRepository(base: CacheRepository(main: main, cache: InMemoryDataSource<String>()))
        )
    }

    @Test("Any repository error becomes loadFailed with its sentence; notFound becomes notFound")
    func mapsErrors() async {
        let (main, repository) = Self.makeRepository()
        main.failGets(with: .mainUnavailable(reason: "offline"))
        await #expect(throws: CharacterError.loadFailed(description: "The server is unavailable: offline.")) {
            _ = try await repository.character(id: 1, policy: .noCache)
        }
        await #expect(throws: CharacterError.loadFailed(description: "The server is unavailable: offline.")) {
            _ = try await repository.characterViaHelper(id: 1)
        }
        main.failGets(with: nil)
        await #expect(throws: CharacterError.notFound(id: 2)) {
            _ = try await repository.character(id: 2, policy: .noCache)
        }
    }

    @Test("Success passes through; writes and deletes map too")
    func passesValues() async throws {
        let (main, repository) = Self.makeRepository()
        main.store("Rick", for: .id(1))
        #expect(try await repository.character(id: 1, policy: .localFirst) == "Rick")
        let mapped = repository.base.mapErrors { _ in CharacterError.loadFailed(description: "x") }
        main.failPuts(with: .mainUnavailable(reason: "down"))
        await #expect(throws: CharacterError.loadFailed(description: "x")) {
            try await mapped.put("M", for: .id(3))
        }
        try await mapped.delete(.id(1), operation: .cache)
    }

    @Test("A closure mapping is given the query too")
    func closureSeesQuery() async {
        let (main, repository) = Self.makeRepository()
        main.failGets(with: .mainUnavailable(reason: "offline"))
        let mapped = repository.base.mapErrors { error, query in
            CharacterError.loadFailed(description: "\(query.summary): \(error.description)")
        }
        await #expect(
            throws: CharacterError.loadFailed(description: "id 4: The server is unavailable: offline.")
        ) {
            _ = try await mapped.get(.id(4), policy: .noCache)
        }
    }

    @Test(
        "Every repository error is one sentence ending in exactly one period, whatever its payload ends with")
    func sentences() {
        for ending in ["", ".", "..", ". ", "…"] {
            let errors: [RepositoryError] = [
                .notFound(query: "id:1" + ending), .notFound(query: "id:1", detail: "it is a list" + ending),
                .notValid(query: "id:1", reason: "expired" + ending),
                .queryNotSupported(query: "all" + ending, source: "HTTP"),
                .serialization(detail: "bad" + ending),
                .mainUnavailable(reason: "offline" + ending), .cancelled,
                .storageFailure(detail: "disk full" + ending),
            ]
            for error in errors {
                #expect(error.description.first?.isUppercase == true)
                #expect(error.description.hasSuffix("."), "\(error.description)")
                #expect(!error.description.hasSuffix(".."), "\(error.description)")
            }
        }
        #expect(
            RepositoryError.serialization(detail: "bad JSON.").description
                == "The data could not be read or written: bad JSON.")
    }

    @Test("A mapped repository throws the domain error over a stale cache unless serving stale is asked for")
    func mappedFallbackRule() async throws {
        let harness = OperationHarness(main: .fails, cache: .invalid)
        let mapped = harness.repository.mapErrors { _ in CharacterError.loadFailed(description: "x") }
        await #expect(throws: CharacterError.loadFailed(description: "x")) {
            _ = try await mapped.get(OperationHarness.query, policy: .localFirst)
        }
        let answer = try await mapped.answer(
            OperationHarness.query, policy: .localFirst, whenMainFails: .serveStale)
        #expect(answer.isStale && answer.value == "stale")
    }

    @Test("Foreign errors are translated at the edge, on the side the caller names")
    func foreignErrors() {
        struct Odd: Error {}
        #expect(RepositoryError(CancellationError(), from: .main) == .cancelled)
        #expect(RepositoryError(Odd(), from: .cache) == .storageFailure(detail: "Odd()"))
        #expect(RepositoryError(Odd(), from: .main) == .mainUnavailable(reason: "Odd()"))
        #expect(
            RepositoryError(Odd(), fallback: { .mainUnavailable(reason: $0) })
                == .mainUnavailable(reason: "Odd()"))
        let decoding = DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "bad"))
        guard case .serialization = RepositoryError(decoding, from: .main) else {
            Issue.record("expected .serialization")
            return
        }
    }
}
