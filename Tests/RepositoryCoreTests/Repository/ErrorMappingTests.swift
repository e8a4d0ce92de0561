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

    struct CharacterErrorMapper: RepositoryErrorMapping {
        let id: Int
        func map(_ error: RepositoryError) -> CharacterError {
            if case .notFound = error { return .notFound(id: id) }
            return .loadFailed(description: error.description)
        }
    }

    /// What a feature repository looks like: typed throws of its own error.
    struct CharacterRepository {
        let base: CacheRepository<FakeDataSource<String>, InMemoryDataSource<String>>

        func character(id: Int, policy: CachePolicy) async throws(CharacterError) -> String {
            try await base.mapErrors(CharacterErrorMapper(id: id)).get(.id(id), policy: policy)
        }

        func characterViaHelper(id: Int) async throws(CharacterError) -> String {
            try await mappingRepositoryErrors(CharacterErrorMapper(id: id)) {
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

    @Test("Every repository error has a readable sentence")
    func sentences() {
        let errors: [RepositoryError] = [
            .notFound(query: "id:1"), .notValid(query: "id:1", reason: "expired"),
            .queryNotSupported(query: "all", source: "HTTP"), .serialization(detail: "bad"),
            .mainUnavailable(reason: "offline"), .cancelled, .storageFailure(detail: "disk full"),
        ]
        for error in errors {
            #expect(error.description.first?.isUppercase == true)
            #expect(error.description.hasSuffix("."))
        }
    }

    @Test("Foreign errors are translated at the edge")
    func foreignErrors() {
        struct Odd: Error {}
        #expect(RepositoryError(CancellationError()) == .cancelled)
        #expect(RepositoryError(Odd()) == .storageFailure(detail: "Odd()"))
        #expect(
            RepositoryError(Odd(), fallback: { .mainUnavailable(reason: $0) })
                == .mainUnavailable(reason: "Odd()"))
        let decoding = DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "bad"))
        guard case .serialization = RepositoryError(decoding) else {
            Issue.record("expected .serialization")
            return
        }
    }
}
