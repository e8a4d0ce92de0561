@testable import BrowserApp
import CharacterData
import ExplorerData
import Foundation
import PersistentCache
import RepositoryCore
import RickAndMortyHTTP
import Testing

/// The Cache screen's actions on an explored API's entries, through the inspector a browser
/// builds (its Rick and Morty repository and the explorer's on one cache file, under one API
/// identity): evict from memory, from the disk, from every tier; revalidate and refetch.
@Suite("The Cache screen acts on the explorer's entries")
struct ExplorerCacheActionsTests {
    /// A browser's inspector over `explorer`'s entries, on `database`, scoped to `identity`.
    static func inspector(_ explorer: ExplorerSession, database: CacheDatabase, identity: APIIdentity) -> CacheInspector {
        let remote = RemoteAPI(
            configuration: RemoteAPIConfiguration(
                baseURL: URL(string: "http://127.0.0.1:1/api") ?? ExplorerSample.base, timeout: .seconds(1)),
            networkSwitch: NetworkSwitch())
        let repository = CharacterRepository(
            api: remote, database: database, configuration: CharacterRepositoryConfiguration(api: identity))
        return CacheInspector(
            graph: GraphRepository(api: remote, characters: repository), fileCache: nil,
            rule: CacheFreshnessRule(timeToLive: 300), others: explorer.inspectedEntries)
    }

    @Test("An entity is shown by title, evicted from memory alone, then from every tier; revalidate sends its tag, refetch reads it whole")
    func entity() async throws {
        let server = RevalidatedAPI()
        let identity = APIIdentity.remote(ExplorerSample.base)
        let database = try CacheDatabase.inMemory()
        let explorer = try server.explorer(database: database, identity: identity.id)
        let inspector = Self.inspector(explorer, database: database, identity: identity)
        let luke = RevalidatedAPI.address("/api/people/1/")
        _ = try await explorer.repository.entity(at: luke)
        let key = ExplorerRepository.cacheKey(ofEntity: luke)
        #expect(try await inspector.row(key)?.tiers == ["memory", "disk"])
        let row = try #require(try await inspector.row(key))
        #expect(row.name == "entity people/1")
        #expect(inspector.displayName(of: row) == "entity people/1 · Luke Skywalker")
        #expect(try inspector.value(of: key)?.contains(#""name" : "Luke Skywalker""#) == true)

        #expect(await inspector.evict(key, from: "memory").outcome == .evicted(tiers: ["memory"]))
        #expect(try await inspector.row(key)?.tiers == ["disk"])
        #expect(try await explorer.repository.entity(at: luke, policy: .cacheOnly).origin == .disk)

        #expect(await inspector.revalidate(key).outcome == .revalidated)
        #expect(await server.conditionalRequests() == 1)
        #expect(await inspector.refetch(key).outcome == .refetched(origin: .network))
        #expect(await server.conditionalRequests() == 1)

        #expect(await inspector.evict(key).outcome == .evicted(tiers: ["memory", "disk"]))
        #expect(try await inspector.row(key) == nil)
        let gone = await failure { () async throws(ExplorerError) in
            try await explorer.repository.entity(at: luke, policy: .cacheOnly)
        }
        #expect(gone != nil)
    }

    @Test("A page revalidates through the explorer; a title cannot be read again by key and says so")
    func pageAndTitle() async throws {
        let server = RevalidatedAPI()
        let identity = APIIdentity.remote(ExplorerSample.base)
        let database = try CacheDatabase.inMemory()
        let explorer = try server.explorer(database: database, identity: identity.id)
        let inspector = Self.inspector(explorer, database: database, identity: identity)
        let people = try #require(explorer.resources.first)
        let page = try await explorer.repository.page(1, of: people)
        let key = ExplorerRepository.cacheKey(ofPage: page.value.page.url)
        await server.rename("Luke Skywalker II")

        #expect(await inspector.refetch(key).outcome == .refetched(origin: .network))
        #expect(try await explorer.repository.page(1, of: people, policy: .cacheOnly).value.rows.first?.title == "Luke Skywalker II")
        #expect(await inspector.revalidate(key).outcome == .revalidated)

        let title = CacheEntryKey(kind: "explorer-title", key: ExplorerRepository.cacheKey(ofEntity: RevalidatedAPI.address("/api/people/1/")).key)
        #expect(try await inspector.row(title) != nil)
        guard case .failed(let why) = await inspector.revalidate(title).outcome else {
            Issue.record("a title was read again")
            return
        }
        #expect(why.contains("cannot be read again"))
    }
}

/// The error `body` throws, or nil when it gives a value.
private func failure<Value>(_ body: () async throws(ExplorerError) -> Value) async -> ExplorerError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error
    }
}
