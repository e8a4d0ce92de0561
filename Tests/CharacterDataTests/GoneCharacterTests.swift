import CharacterData
import Foundation
import HTTPExchange
import PersistentCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import RickAndMortyServer
import TestSupport
import Testing

/// Characters another client deleted: the server answers 404, and whoever shows them (a list read
/// before) hears they were deleted. Against the embedded server on loopback.
@Suite("Characters deleted by another client", .timeLimit(.minutes(1)))
struct GoneCharacterTests {
    /// Deletes character `id` on the server at `baseURL`, as another client would.
    static func deleteOnServer(_ baseURL: URL, id: Int) async throws {
        let exchange = RemoteAPIExchange(api: RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: baseURL)))
        let answer = try await exchange.exchange(
            HTTPExchangeRequest(method: "DELETE", url: baseURL.appendingPathComponent("character/\(id)")))
        #expect(answer.status == 204 || answer.status == 200)
    }

    /// The next change of `changes` that says a character was deleted.
    static func nextDeletion(_ changes: AsyncStream<EntityChange<ShowCharacter>>) async
        -> EntityChange<ShowCharacter>?
    {
        for await change in changes where change.cause == .deleted { return change }
        return nil
    }

    @Test("Read with no copy of it: the 404 is thrown and announced as a deletion")
    func readCold() async throws {
        try await Fixture.with { fixture in
            try await Self.deleteOnServer(fixture.baseURL, id: 3)
            try await Self.deleteOnServer(fixture.baseURL, id: 4)
            let repository = try fixture.repository()
            let changes = repository.characterChanges()
            await #expect(throws: RepositoryError.self) {
                try await repository.character(id: 3, policy: .localFirst)
            }
            #expect(await Self.nextDeletion(changes)?.id == "3")
            await #expect(throws: RepositoryError.self) {
                try await repository.characterRevalidating(id: 4, policy: .localFirst)
            }
            #expect(await Self.nextDeletion(changes)?.id == "4")
            try await repository.database?.close()
        }
    }

    @Test("A stale copy revalidated in the background: the 404 drops it from every tier, announced")
    func revalidatedInTheBackground() async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("gone-\(UUID().uuidString)", isDirectory: true)
        let server = RickAndMortyServer(
            dataset: try Dataset.sample(),
            configuration: ServerConfiguration(port: 0, cacheControl: "max-age=60, stale-while-revalidate=600"))
        let baseURL = try await server.start()
        try await cleaningUp(server: server, folder: folder) {
            let time = ManualTimeSource()
            let repository = CharacterRepository(
                api: RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: baseURL), timeSource: time),
                database: try CacheDatabase(location: .file(folder.appendingPathComponent("cache.sqlite"))),
                configuration: CharacterRepositoryConfiguration(timeSource: time))
            _ = try await repository.character(id: 5, policy: .localFirst)
            let changes = repository.characterChanges()
            // GIVEN Jerry deleted by another client, and the copy here stale inside its window
            try await Self.deleteOnServer(baseURL, id: 5)
            time.advance(by: 61)
            // WHEN he is read: the stale copy at once, THEN the revalidation fails with 404
            let updates = try await repository.characterRevalidating(id: 5, policy: .localFirst)
            #expect(updates.first.value.name == "Jerry Smith")
            #expect(updates.isRevalidating)
            await #expect(throws: RepositoryError.self) { try await updates.revalidated() }
            // AND no tier keeps him, and the screens hear he was deleted
            #expect(await Self.nextDeletion(changes)?.id == "5")
            #expect(await repository.shownCharacter(id: 5) == nil)
            try await repository.database?.close()
        }
    }
}
