import CharacterData
import Foundation
import PersistentCache
import RepositoryCore
import RickAndMortyModel
import TestSupport
import Testing

@Suite("The cache inspector over the repository and the embedded server")
struct CacheInspectorTests {
    static let rick = CacheEntryKey(kind: "character", key: "id:1")
    static let firstPage = CacheEntryKey(kind: "character-page-ids", key: "page:1")

    /// Every row, read a few at a time.
    static func allRows(_ inspector: CacheInspector, pageSize: Int = 7) async throws -> [CacheRow] {
        var rows: [CacheRow] = []
        var cursor: CacheEntryKey?
        repeat {
            let page = try await inspector.rows(after: cursor, limit: pageSize)
            rows += page.rows
            cursor = page.next
        } while cursor != nil
        return rows
    }

    @Test("Rows merge the tiers, name entities and lists, and show a value without touching the network")
    func rowsAndValues() async throws {
        try await Fixture.with { fixture in
            let repository = try fixture.repository()
            let graph = GraphRepository(api: fixture.api(), characters: repository)
            _ = try await repository.page(1, policy: .localFirst)
            let inspector = CacheInspector(
                graph: graph, fileCache: nil, rule: CacheFreshnessRule(timeToLive: 3_600),
                timeSource: fixture.time)
            #expect(inspector.tiers.map(\.tierName) == ["memory", "disk"])
            let rows = try await Self.allRows(inspector)
            #expect(rows.map(\.key) == rows.map(\.key).sorted())
            #expect(Set(rows.map(\.key)).count == rows.count)
            let rick = try #require(rows.first { $0.key == Self.rick })
            #expect(rick.tiers == ["memory", "disk"])
            #expect(rick.kind == "character" && rick.id == "1" && rick.name == "character 1")
            #expect(inspector.displayName(of: rick) == "character 1 · Rick Sanchez")
            #expect(inspector.state(of: rick, at: fixture.time.now()) == .fresh)
            let page = try #require(rows.first { $0.key == Self.firstPage })
            #expect(page.kind == "page" && page.id == nil && page.name == "page 1")
            let text = try #require(try inspector.value(of: Self.rick))
            let value = try #require(
                try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(value["name"] as? String == "Rick Sanchez")
            fixture.time.advance(by: 3_600)
            #expect(inspector.state(of: rick, at: fixture.time.now()) == .expired)
            try await repository.database?.close()
        }
    }

    @Test("Without a disk cache, the value and the name come from the memory copy")
    func memoryOnlyValue() async throws {
        try await Fixture.with { fixture in
            let repository = try fixture.repository(disk: false)
            let graph = GraphRepository(api: fixture.api(), characters: repository)
            _ = try await repository.page(1, policy: .localFirst)
            let inspector = CacheInspector(
                graph: graph, fileCache: nil, rule: CacheFreshnessRule(timeToLive: 3_600),
                timeSource: fixture.time)
            #expect(inspector.tiers.map(\.tierName) == ["memory"])
            let rick = try #require(try await inspector.row(Self.rick))
            #expect(inspector.displayName(of: rick) == "character 1 · Rick Sanchez")
            let page = try #require(try inspector.value(of: Self.firstPage))
            #expect(page.contains("\"ids\""))
            let hits = repository.metricsSnapshot()
            _ = try inspector.value(of: Self.rick)
            #expect(repository.metricsSnapshot() == hits, "showing a value counts no hit")
        }
    }

    @Test("Evict from one tier or all, revalidate (304), refetch and purge, each saying what happened")
    func actions() async throws {
        try await Fixture.with { fixture in
            let repository = try fixture.repository()
            let graph = GraphRepository(api: fixture.api(), characters: repository)
            _ = try await repository.page(1, policy: .localFirst)
            let inspector = CacheInspector(
                graph: graph, fileCache: nil, rule: CacheFreshnessRule(timeToLive: 3_600),
                timeSource: fixture.time)

            // One tier: memory only; the next read is a disk hit.
            let fromMemory = await inspector.evict(Self.rick, from: "memory")
            #expect(fromMemory.outcome == .evicted(tiers: ["memory"]))
            #expect(try await inspector.row(Self.rick)?.tiers == ["disk"])
            #expect(try await repository.character(id: 1, policy: .localFirst).origin == .disk)

            // Every tier, through the repository: the next read goes to the network.
            let everywhere = await inspector.evict(Self.rick)
            #expect(everywhere.outcome == .evicted(tiers: ["memory", "disk"]))
            #expect(try await inspector.row(Self.rick) == nil)
            let again = await inspector.evict(Self.rick)
            #expect(again.outcome == .notCached && !again.succeeded)
            #expect(again.description == "character/id:1: not cached")
            #expect(try await repository.character(id: 1, policy: .localFirst).origin == .network)

            // Revalidate: a conditional GET with the validators of the copy read above; the server answers 304.
            let revalidated = await inspector.revalidate(Self.rick)
            #expect(revalidated.outcome == .revalidated, "\(revalidated)")
            // Refetch: a full read from the network.
            let refetched = await inspector.refetch(Self.rick)
            #expect(refetched.outcome == .refetched(origin: .network), "\(refetched)")
            let pageRead = await inspector.refetch(Self.firstPage)
            #expect(pageRead.succeeded, "\(pageRead)")

            // Purge one tier: the disk is empty, memory keeps its copies.
            let purged = await inspector.purge(tier: "disk")
            guard case .purged(tier: "disk", let entries) = purged.outcome else {
                Issue.record("not purged: \(purged)")
                return
            }
            #expect(entries > 20)
            #expect(try await inspector.tiers[1].totals().entries == 0)
            #expect(try await inspector.row(Self.rick)?.tiers == ["memory"])
            #expect(await inspector.purge(tier: "moon").succeeded == false)
            try await repository.database?.close()
        }
    }
}

@Suite("Cache rows: readable names and kinds without decoding")
struct CacheRowNameTests {
    func row(_ kind: String, _ key: String) -> CacheRow {
        let info = CacheEntryInfo(key: CacheEntryKey(kind: kind, key: key), storedAt: Date())
        return CacheRow(merged: MergedCacheEntry(key: info.key, holders: [.init(tier: "disk", info: info)]))
    }

    @Test("character 1, page 3 · status=alive, episode page 2, avatar 1")
    func names() {
        #expect(row("character", "id:1").name == "character 1")
        #expect(row("character-page-ids", "page:3?status=alive").name == "page 3 · status=alive")
        #expect(row("episode-page-ids", "page:2").name == "episode page 2")
        #expect(row("episode-page-ids", "page:2").kind == "page")
        let avatar = row("avatar", "127.0.0.1/api/character/avatar/1.jpeg")
        #expect(avatar.name == "avatar 1" && avatar.id == "1" && avatar.kind == "avatar")
        #expect(row("device", "x").kind == "device")
    }
}
