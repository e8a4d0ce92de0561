import CharacterData
import EntityWrites
import Foundation
import PersistentCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import RickAndMortyServer
import Testing

/// A kept write shows in every answer that holds its character, whatever source answered, until
/// the server takes it; and the writes kept can be looked at and decided on through the
/// repository's public API, as the browser's Changes screen does.
@Suite("Kept writes laid over answers, and decided on")
struct KeptWritesOverlayTests {
    @Test("A pending edit shows over a network read of its page, of itself and of a cast, marked pending")
    func editOverNetworkReads() async throws {
        try await Fixture.with { fixture in
            let repository = try fixture.repository()
            let rick = try await repository.character(id: 1, policy: .localFirst).value
            _ = fixture.server.updateFaults { $0.writeFailure = true }
            let result = try await repository.edit(
                1, to: CharacterWriteTests.renamed(rick, "Rick Kept"), queueing: true)
            guard case .retrying = result.outcome else {
                Issue.record("expected pending, got \(result)")
                return
            }
            // The network answers the server's (older) Rick; the answers show the kept one.
            let page = try await repository.page(1, policy: .remoteFirst)
            #expect(page.origin == .network)
            #expect(page.value.results.first?.name == "Rick Kept")
            #expect(page.provenance?.pendingIDs == ["1"])
            #expect(page.provenance?.description.hasSuffix("· 1 pending") == true)
            let single = try await repository.character(id: 1, policy: .remoteFirst)
            #expect(single.value.name == "Rick Kept" && single.provenance?.pendingIDs == ["1"])
            let graph = GraphRepository(api: fixture.api, characters: repository)
            let cast = try await graph.characters(ids: [1, 2], policy: .remoteFirst)
            #expect(cast.value.map(\.name) == ["Rick Kept", "Morty Smith"])
            #expect(repository.pendingCharacterIDs() == [1])
            // Taken by the server, the edit is the value and nothing is pending.
            _ = fixture.server.updateFaults { $0.writeFailure = false }
            fixture.time.advance(by: 120)  // past the backoff the 503 set
            #expect(await repository.sendKeptWrites().count == 1)
            let after = try await repository.page(1, policy: .remoteFirst)
            #expect(
                after.value.results.first?.name == "Rick Kept"
                    && after.provenance?.pendingIDs.isEmpty != false)
            #expect(repository.pendingCharacterIDs().isEmpty)
        }
    }

    @Test("A pending delete leaves pages and casts read afterwards, from the network too")
    func deleteLeavesLists() async throws {
        try await Fixture.with { fixture in
            let repository = try fixture.repository()
            _ = try await repository.page(1, policy: .localFirst)
            fixture.networkSwitch.setOnline(false)
            guard case .retrying = try await repository.delete(2, queueing: true).outcome else {
                Issue.record("expected the delete kept")
                return
            }
            fixture.networkSwitch.setOnline(true)
            _ = fixture.server.updateFaults { $0.writeFailure = true }
            let page = try await repository.page(1, policy: .remoteFirst)
            #expect(!page.value.results.contains { $0.id == 2 })
            let graph = GraphRepository(api: fixture.api, characters: repository)
            let cast = try await graph.characters(ids: [1, 2, 3], policy: .remoteFirst)
            #expect(cast.value.map(\.id) == [1, 3])
        }
    }

    @Test(
        "keptWrites, resolveConflict (theirs, mine), retryWrite and discardWrite, as the Changes screen uses them"
    )
    func decide() async throws {
        try await Fixture.with { fixture in
            let repository = try fixture.repository()
            let rick = try await repository.character(id: 1, policy: .remoteFirst).value
            fixture.networkSwitch.setOnline(false)
            _ = try await repository.edit(1, to: CharacterWriteTests.renamed(rick, "Mine"), queueing: true)
            fixture.networkSwitch.setOnline(true)
            // Another writer renames Rick meanwhile: the kept write is in conflict when sent.
            let other = CharacterRepository(api: fixture.api, database: nil)
            _ = try await other.edit(1, to: CharacterWriteTests.renamed(rick, "Theirs"), queueing: false)
            let sent = await repository.sendKeptWrites()
            #expect(sent.map(\.event.outcome) == [.conflict(fields: ["name"])])
            let kept = try #require(repository.keptWrites().first)
            #expect(kept.state == .conflict && kept.conflict?.fields == ["name"])
            #expect(kept.conflict?.theirs.value["name"] == .string("Theirs"))
            #expect(kept.base?["name"] == .string(rick.name) && kept.changes == ["name": .string("Mine")])
            #expect(WriteCounts(repository.keptWrites()).description == "1 conflict")

            // Keep mine: sent over the server's version and applied.
            let resolved = await repository.resolveConflict(kept.sequence, .keepMine)
            guard case .applied? = resolved?.outcome else {
                Issue.record("expected mine applied, got \(String(describing: resolved))")
                return
            }
            let applied = try await repository.character(id: 1, policy: .localFirst).value
            #expect(applied.name == "Mine" && repository.keptWrites().isEmpty)
            #expect(try await CharacterWriteTests.onServer(1, fixture).name == "Mine")

            // A kept write: retry sends it again (still offline: kept); discard drops it and the
            // character goes back to the copy the edit was made over.
            fixture.networkSwitch.setOnline(false)
            var cat = CharacterFields(of: applied)
            cat.species = "Cat"
            _ = try await repository.edit(1, to: cat, queueing: true)
            let pending = try #require(repository.keptWrites().first)
            let retried = await repository.retryWrite(pending.sequence)  // still offline: kept
            #expect(retried?.sequence == pending.sequence)
            #expect(retried.map { if case .retrying = $0.outcome { true } else { false } } == true)
            #expect(await repository.discardWrite(pending.sequence))
            #expect(repository.keptWrites().isEmpty)
            #expect(
                try await repository.character(id: 1, policy: .localFirst).value.species == applied.species)
            #expect(await repository.resolveConflict(pending.sequence, .takeTheirs) == nil)
        }
    }

    @Test("Against the public API an edit or a delete is refused at once and nothing is kept")
    func publicAPIRefuses() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("public-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try CacheDatabase(location: .file(folder.appendingPathComponent("cache.sqlite")))
        let networkSwitch = NetworkSwitch()
        networkSwitch.setOnline(false)
        let repository = CharacterRepository(
            api: RemoteAPI(configuration: RemoteAPIConfiguration(), networkSwitch: networkSwitch),
            database: database)
        let fields = CharacterFields(
            name: "Rick", status: "Alive", species: "Human", type: "", gender: "Male")
        for attempt in 0..<2 {
            do throws(WriteNotMade) {
                let event = try await (attempt == 0
                    ? repository.edit(1, to: fields, queueing: true) : repository.delete(1, queueing: true))
                Issue.record("expected a refusal, got \(event)")
            } catch {
                #expect(error.reason.contains("rickandmortyapi.com is read-only") && error.field == nil)
            }
        }
        #expect(repository.keptWrites().isEmpty)
        try await database.close()
    }
}

extension Fixture {
    /// An API over the fixture's server and switch, as `repository()` makes it.
    var api: RemoteAPI {
        RemoteAPI(
            configuration: RemoteAPIConfiguration(baseURL: baseURL, timeout: .seconds(60)),
            networkSwitch: networkSwitch, timeSource: time)
    }
}

/// A delete the server took leaves the lists composed afterwards, offline and after a restart.
@Suite("Deleted characters leave composed lists")
struct DeletedCharacterListTests {
    @Test("Applied online, then offline and after a restart: page 1 from the cache leaves it out")
    func appliedDeleteOfflineAndRestart() async throws {
        try await Fixture.with { fixture in
            do {
                let repository = try fixture.repository()
                _ = try await repository.page(1, policy: .localFirst)
                #expect(try await repository.delete(2, queueing: true).outcome == .applied(merged: false))
                fixture.networkSwitch.setOnline(false)
                let page = try await repository.page(1, policy: .localFirst)
                #expect(!page.value.results.contains { $0.id == 2 })
                #expect(page.value.results.count == 19)
                try await repository.database?.close()
            }
            let restarted = try fixture.repository()
            let page = try await restarted.page(1, policy: .localFirst)
            #expect(!page.value.results.contains { $0.id == 2 })
        }
    }
}
