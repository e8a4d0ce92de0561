import CharacterData
import Foundation
import Locking
import PersistentCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import RickAndMortyServer
import Testing

@Suite("One entity, one value: the normalized cache over the embedded server")
struct NormalizedCacheTests {
    @Test(
        "A character renamed on the server and refreshed is what the page and the cast show, after a restart too"
    )
    func renameEndToEnd() async throws {
        try await Fixture.with { fixture in
            // GIVEN page 1, Rick and S01E02's cast read into the cache
            let first = try fixture.repository(api: fixture.api())
            let firstGraph = GraphRepository(api: fixture.api(), characters: first)
            _ = try await first.page(1, policy: .localFirst)
            let cast = try await firstGraph.episode(id: 2, policy: .localFirst).value.characters
                .compactMap(ResourceURL.trailingID)
            #expect(cast.contains(1))
            _ = try await firstGraph.characters(ids: cast, policy: .localFirst)
            try await first.database?.close()

            // WHEN the server renames character 1 and a new run refreshes Rick (`r`)
            var dataset = try Dataset.sample()
            let index = try #require(dataset.characters.firstIndex { $0.id == 1 })
            dataset.characters[index].name = "Rick Renamed"
            let renamed = RickAndMortyServer(dataset: dataset, configuration: .ephemeralLoopback)
            let renamedURL = try await renamed.start()
            defer { Task { await renamed.stop() } }
            fixture.time.advance(by: 60)
            let second = try fixture.repository(api: fixture.api(at: renamedURL))
            let changes = second.characterChanges()
            let refreshed = try await second.character(id: 1, policy: .remoteFirst)
            #expect(refreshed.value.name == "Rick Renamed")
            var iterator = changes.makeAsyncIterator()
            let change = await iterator.next()
            #expect(change?.id == "1")
            #expect(change?.entry?.value.name == "Rick Renamed")

            // THEN the list and the cast show the new name, in this run
            let secondGraph = GraphRepository(api: fixture.api(at: renamedURL), characters: second)
            #expect(try await second.page(1, policy: .localFirst).value.results.first?.name == "Rick Renamed")
            let castNow = try await secondGraph.characters(ids: cast, policy: .localFirst)
            #expect(castNow.value.first { $0.id == 1 }?.name == "Rick Renamed")
            try await second.database?.close()

            // AND after a restart, from disk
            let third = try fixture.repository(api: fixture.api(at: renamedURL))
            let page = try await third.page(1, policy: .localFirst)
            #expect(page.origin == .disk)
            #expect(page.value.results.first?.name == "Rick Renamed")
            let thirdGraph = GraphRepository(api: fixture.api(at: renamedURL), characters: third)
            let castAfter = try await thirdGraph.characters(ids: cast, policy: .localFirst)
            #expect(castAfter.value.first { $0.id == 1 }?.name == "Rick Renamed")
            #expect(castAfter.provenance?.count(from: .network) == 0)
            try await third.database?.close()
        }
    }

    @Test("On a cold cache, ids the listed pages brought are never asked again; no id is asked twice")
    func partialReads() async throws {
        try await Fixture.with { fixture in
            let transport = RecordingTransport()
            let api = fixture.api(transport: transport)
            let repository = try fixture.repository(api: api)
            let graph = GraphRepository(api: api, characters: repository)
            // GIVEN the list (pages 1 and 2 load), then Rick and his episodes
            let listed =
                try await repository.page(1, policy: .localFirst).value.results
                + repository.page(2, policy: .localFirst).value.results
            let rick = try await repository.character(id: 1, policy: .localFirst)
            #expect(rick.origin == .memory)
            _ = try await repository.episodes(ids: rick.value.episodeIDs, policy: .localFirst)
            // WHEN S01E02 opens, then back, then S01E01
            var asked: [Int] = []
            for episodeID in [2, 1] {
                let episode = try await graph.episode(id: episodeID, policy: .localFirst)
                #expect(episode.origin == .memory, "Rick's episodes brought it")
                let ids = episode.value.characters.compactMap(ResourceURL.trailingID)
                let cast = try await graph.characters(ids: ids, policy: .localFirst)
                asked += ids
                let listedIDs = Set(listed.map(\.id))
                #expect(cast.provenance?.count(from: .memory) == ids.filter(listedIDs.contains).count)
            }
            // THEN no listed character was asked for again, and no id was asked twice
            let counts = transport.characterRequestsByID
            #expect(counts.keys.allSatisfy { !listed.map(\.id).contains($0) })
            #expect(counts.values.allSatisfy { $0 == 1 }, "\(counts)")
            #expect(Set(asked).subtracting(listed.map(\.id)).isSubset(of: Set(counts.keys)))
        }
    }

    @Test("A page from disk is its row of ids and one statement for its 20 characters")
    func pageFromDiskInTwoStatements() async throws {
        try await Fixture.with { fixture in
            let first = try fixture.repository(api: fixture.api())
            _ = try await first.page(1, policy: .localFirst)
            try await first.database?.close()
            let statements = PThreadMutex<[String]>([])
            let database = try CacheDatabase(
                location: .file(fixture.cacheFile),
                options: CacheDatabase.Options(statementObserver: { sql in
                    if sql.hasPrefix("SELECT") && sql.contains("cache_entry") {
                        statements.withLock { $0.append(sql) }
                    }
                }))
            let second = CharacterRepository(
                api: fixture.api(), database: database,
                configuration: CharacterRepositoryConfiguration(timeSource: fixture.time))
            let page = try await second.page(1, policy: .localFirst)
            #expect(page.origin == .disk)
            #expect(page.provenance?.description == "20 disk")
            #expect(statements.withLock { $0.count } == 2, "\(statements.withLock { $0 })")
            try await database.close()
        }
    }

    @Test("A corrupt character row is a miss: the page is read again and the row rewritten")
    func corruptEntityRow() async throws {
        try await Fixture.with { fixture in
            let first = try fixture.repository(api: fixture.api())
            _ = try await first.page(1, policy: .localFirst)
            let database = try #require(first.database)
            let raw = SQLiteDataSource(database: database, namespace: "character", codec: DataPayloadCodec())
            try await raw.put(Data([0x00, 0xFF]), for: .id(2))
            try await database.close()
            let transport = RecordingTransport()
            let second = try fixture.repository(api: fixture.api(transport: transport))
            let page = try await second.page(1, policy: .localFirst)
            #expect(page.value.results.count == 20)
            #expect(page.origin == .network)
            #expect(transport.requested.count == 1)
            try await second.database?.close()
            let third = try fixture.repository(api: fixture.api())
            #expect(try await third.page(1, policy: .localFirst).origin == .disk)
            try await third.database?.close()
        }
    }

    @Test("remoteFirst asks the network for every id of a cast")
    func remoteFirstAsksAll() async throws {
        try await Fixture.with { fixture in
            let transport = RecordingTransport()
            let api = fixture.api(transport: transport)
            let repository = try fixture.repository(api: api)
            let graph = GraphRepository(api: api, characters: repository)
            _ = try await repository.page(1, policy: .localFirst)
            let answer = try await graph.characters(ids: [1, 2, 3], policy: .remoteFirst)
            #expect(answer.provenance?.description == "3 network")
            #expect(transport.characterRequestsByID == [1: 1, 2: 1, 3: 1])
        }
    }

    @Test("An id the server does not have is reported missing, asked once per read, never in a loop")
    func missingID() async throws {
        try await Fixture.with { fixture in
            let transport = RecordingTransport()
            let api = fixture.api(transport: transport)
            let repository = try fixture.repository(api: api)
            let graph = GraphRepository(api: api, characters: repository)
            let answer = try await graph.characters(ids: [1, 999_999], policy: .localFirst)
            #expect(answer.value.map(\.id) == [1])
            #expect(answer.provenance?.missingIDs == ["999999"])
            #expect(answer.provenance?.description == "1 network · 1 missing")
            #expect(transport.requested.count == 1)
        }
    }

    @Test(
        "A cache file of the previous schema is migrated: lists dropped with a notice, entities and the remembered place kept"
    )
    func migration() async throws {
        try await Fixture.with { fixture in
            // GIVEN the cache file the previous version wrote (pages, casts, entities, browser state)
            try FileManager.default.createDirectory(
                at: fixture.cacheFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: legacyCacheFile, to: fixture.cacheFile)
            // WHEN it is opened by this version
            let transport = RecordingTransport()
            let repository = try fixture.repository(api: fixture.api(transport: transport), timeToLive: nil)
            // THEN it was migrated, not moved aside, and says so once
            #expect(repository.database?.recovery == nil)
            let notice = try #require(repository.migrationNotice)
            #expect(notice.migration == "v3-normalized-entities")
            #expect(notice.droppedEntries == 8)
            #expect(notice.description.contains("remembered place were kept"))
            // AND the characters it held are still disk hits; the page is read again, once
            #expect(try await repository.character(id: 1, policy: .localFirst).origin == .disk)
            let page = try await repository.page(1, policy: .localFirst)
            #expect(page.value.results.count == 20)
            #expect(transport.requested.count == 1)
            // AND the browser's remembered state is intact
            let database = try #require(repository.database)
            let remembered = DeviceStorageDataSource<String>(database: database, prefix: "embedded:sample/")
            #expect(try await remembered.value("browser.activeList") == "location")
            try await database.close()
            // AND a second open is not a migration
            let again = try fixture.repository(api: fixture.api())
            #expect(again.migrationNotice == nil)
            try await again.database?.close()
        }
    }
}

/// The cache file version 2 of the schema wrote (the browser at the commit before the normalized
/// cache, run headless on the sample: the character list, Rick, S01E01's cast, the episode and
/// location lists). Copied before use: opening it migrates it.
let legacyCacheFile = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/LegacyCache/cache-v2.sqlite")
