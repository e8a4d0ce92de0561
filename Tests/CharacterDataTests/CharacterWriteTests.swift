import CharacterData
import EntityWrites
import Foundation
import PersistentCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import RickAndMortyServer
import Testing

/// Edits and deletes through `CharacterRepository` against the embedded server on loopback, with
/// a real cache file: online (MainSync: the server, then the tiers), offline (kept in the outbox
/// with the optimistic value), across a restart, folded, in conflict, and rejected.
@Suite("Character writes through the repository: sent at once, or kept and sent in order")
struct CharacterWriteTests {
    /// Rick's fields with `name`.
    static func renamed(_ character: ShowCharacter, _ name: String) -> CharacterFields {
        var fields = CharacterFields(of: character)
        fields.name = name
        return fields
    }

    /// Two repositories over the fixture's cache file, the first made first (it keeps the
    /// writes), with Beth read by the first and Jerry by the second; then offline.
    static func twoOverOneFile(_ fixture: Fixture) async throws
        -> (first: CharacterRepository, second: CharacterRepository, beth: ShowCharacter, jerry: ShowCharacter)
    {
        let first = try fixture.repository()
        let second = try fixture.repository()
        let beth = try await first.character(id: 4, policy: .localFirst).value
        let jerry = try await second.character(id: 5, policy: .localFirst).value
        fixture.networkSwitch.setOnline(false)
        return (first, second, beth, jerry)
    }

    /// Character `id` as the server holds it now.
    static func onServer(_ id: Int, _ fixture: Fixture) async throws -> ShowCharacter {
        let fresh = CharacterRepository(
            api: RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: fixture.baseURL)), database: nil)
        return try await fresh.character(id: id, policy: .remoteFirst).value
    }

    @Test("Online, an edit is applied by the server and then stored: every read shows the server's value")
    func onlineEdit() async throws {
        try await Fixture.with { fixture in
            let repository = try fixture.repository()
            let rick = try await repository.character(id: 1, policy: .localFirst).value
            let result = try await repository.edit(1, to: Self.renamed(rick, "Rick C-137"), queueing: true)
            #expect(result.outcome == .applied(merged: false))
            let read = try await repository.character(id: 1, policy: .localFirst)
            #expect(read.value.name == "Rick C-137")
            #expect(read.origin == .memory)
            #expect(try await Self.onServer(1, fixture).name == "Rick C-137")
            #expect(repository.keptWrites().isEmpty)
        }
    }

    @Test("Offline, an edit is kept with its optimistic value; after a restart it is sent once and applied")
    func offlineThenOnlineAcrossRestart() async throws {
        try await Fixture.with { fixture in
            do {
                let repository = try fixture.repository()
                let morty = try await repository.character(id: 2, policy: .localFirst).value
                fixture.networkSwitch.setOnline(false)
                let result = try await repository.edit(2, to: Self.renamed(morty, "Morty Smith Jr."), queueing: true)
                guard case .retrying = result.outcome else {
                    Issue.record("expected pending, got \(result)")
                    return
                }
                let sequence = result.sequence
                #expect(repository.keptWrites().map(\.sequence) == [sequence])
                #expect(try await repository.character(id: 2, policy: .localFirst).value.name == "Morty Smith Jr.")
                #expect(await repository.shownCharacter(id: 2)?.name == "Morty Smith Jr.")
                // A second edit of another field folds into the same write, over the same base.
                var fields = Self.renamed(morty, "Morty Smith Jr.")
                fields.species = "Human (edited)"
                let second = try await repository.edit(2, to: fields, queueing: true)
                guard case .retrying = second.outcome else {
                    Issue.record("expected pending, got \(second)")
                    return
                }
                #expect(second.sequence == sequence)
                try await repository.database?.close()
            }
            #expect(try await Self.onServer(2, fixture).name == "Morty Smith")

            // A new run finds the write and the optimistic value on disk, and sends once online.
            let restarted = try fixture.repository()
            #expect(restarted.keptWrites().count == 1)
            #expect(try await restarted.character(id: 2, policy: .localFirst).value.name == "Morty Smith Jr.")
            #expect(await restarted.sendKeptWrites().count == 1)  // still offline: kept, never left
            #expect(restarted.keptWrites().first?.attempts == 0)
            fixture.networkSwitch.setOnline(true)
            let results = await restarted.sendKeptWrites()
            #expect(results.map(\.event.outcome) == [.applied(merged: false)])
            let written = try await restarted.character(id: 2, policy: .localFirst).value
            #expect(written.name == "Morty Smith Jr." && written.species == "Human (edited)")
            let onServer = try await Self.onServer(2, fixture)
            #expect(onServer.name == "Morty Smith Jr." && onServer.species == "Human (edited)")
            #expect(restarted.keptWrites().isEmpty)
            #expect(await restarted.sendKeptWrites().isEmpty)
        }
    }

    @Test("Two repositories over one cache file: the first keeps the writes; the second keeps none, and says why")
    func oneOutboxPerFile() async throws {
        try await Fixture.with { fixture in
            // GIVEN two repositories over one cache file (two browsers in two terminals), offline
            let (first, second, beth, jerry) = try await Self.twoOverOneFile(fixture)
            #expect(first.writesNotKept == nil)
            #expect(second.writesNotKept == "process \(getpid()) held this cache file's writes when this run started")
            // WHEN each edits a character
            let kept = try await first.edit(4, to: Self.renamed(beth, "Beth (first)"), queueing: true)
            let refused = await #expect(throws: WriteNotMade.self) {
                try await second.edit(5, to: Self.renamed(jerry, "Jerry (second)"), queueing: true)
            }
            // THEN the second's edit is refused with the reason, never written over the first's
            let why = "there is no outbox to keep the write (\(second.writesNotKept ?? ""))"
            #expect(refused?.reason.hasSuffix(why) == true)
            #expect(second.keptWrites().isEmpty)
            #expect(await second.shownCharacter(id: 5)?.name == "Jerry Smith")
            // AND the first's write is the one the file keeps, for the next run
            try await first.database?.close()
            try await second.database?.close()
            let next = try fixture.repository()
            #expect(next.writesNotKept == nil)
            #expect(next.keptWrites().map(\.sequence) == [kept.sequence])
            #expect(next.keptWrites().first?.changes["name"] == .string("Beth (first)"))
        }
    }

    @Test("Once the first repository over a file quits, the second takes its writes over and sends them")
    func takesOverOnceReleased() async throws {
        try await Fixture.with { fixture in
            // GIVEN two repositories over one file; the first keeps Beth's offline edit, then quits
            let (first, second, beth, jerry) = try await Self.twoOverOneFile(fixture)
            _ = try await first.edit(4, to: Self.renamed(beth, "Beth (first)"), queueing: true)
            #expect(second.writesNotKept != nil)
            try await first.database?.close()
            // WHEN the second edits offline THEN it keeps the file's writes now: Beth's, and its own
            let kept = try await second.edit(5, to: Self.renamed(jerry, "Jerry (second)"), queueing: true)
            #expect(second.writesNotKept == nil)
            #expect(second.keptWrites().map(\.changes["name"]) == [.string("Jerry (second)"), .string("Beth (first)")])
            #expect(await second.shownCharacter(id: 4)?.name == "Beth (first)")
            // AND back online, it sends both, each under its own number
            fixture.networkSwitch.setOnline(true)
            let sent = await second.sendKeptWrites()
            #expect(Set(sent.map(\.event.sequence)).count == 2 && sent.map(\.event.sequence).contains(kept.sequence))
            #expect(sent.allSatisfy { if case .applied = $0.event.outcome { true } else { false } })
            #expect(try await Self.onServer(4, fixture).name == "Beth (first)")
            #expect(try await Self.onServer(5, fixture).name == "Jerry (second)")
            try await second.database?.close()
        }
    }

    @Test("A repository configured to keep no writes claims none of the file's and refuses offline with why")
    func configuredNotToKeep() async throws {
        try await Fixture.with { fixture in
            // GIVEN a repository told why it keeps no writes, started first over the file
            let reader = try fixture.repository(writesNotKept: "this run only reads")
            let beth = try await reader.character(id: 4, policy: .localFirst).value
            let keeper = try fixture.repository()
            // THEN it claimed nothing: the next one keeps the file's writes
            #expect(reader.writesNotKept == "this run only reads")
            #expect(keeper.writesNotKept == nil)
            // AND its offline edit is refused with its reason
            fixture.networkSwitch.setOnline(false)
            let refused = await #expect(throws: WriteNotMade.self) {
                try await reader.edit(4, to: Self.renamed(beth, "Beth (read only)"), queueing: true)
            }
            #expect(refused?.reason.hasSuffix("there is no outbox to keep the write (this run only reads)") == true)
            try await reader.database?.close()
            try await keeper.database?.close()
        }
    }

    @Test("A kept edit whose field the server changed meanwhile is a conflict, kept; other fields merge")
    func conflictAndMerge() async throws {
        try await Fixture.with { fixture in
            let repository = try fixture.repository()
            let summer = try await repository.character(id: 3, policy: .localFirst).value
            let beth = try await repository.character(id: 4, policy: .localFirst).value
            fixture.networkSwitch.setOnline(false)
            _ = try await repository.edit(3, to: Self.renamed(summer, "Summer (mine)"), queueing: true)
            var bethFields = CharacterFields(of: beth)
            bethFields.species = "Clone"
            _ = try await repository.edit(4, to: bethFields, queueing: true)
            fixture.networkSwitch.setOnline(true)

            // Meanwhile another client renames both on the server.
            let other = CharacterRepository(
                api: RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: fixture.baseURL)), database: nil)
            _ = try await other.character(id: 3, policy: .remoteFirst)
            _ = try await other.character(id: 4, policy: .remoteFirst)
            for (id, fields) in [(3, Self.renamed(summer, "Summer (theirs)")), (4, Self.renamed(beth, "Beth (theirs)"))] {
                guard case .applied = try await other.edit(id, to: fields, queueing: false).outcome else {
                    Issue.record("the other client's edit of \(id) was not applied")
                    return
                }
            }

            let results = await repository.sendKeptWrites()
            #expect(results.map(\.event.outcome) == [.conflict(fields: ["name"]), .applied(merged: true)])
            let merged = try await repository.character(id: 4, policy: .localFirst).value
            #expect(merged.name == "Beth (theirs)" && merged.species == "Clone")
            let kept = repository.keptWrites()
            #expect(kept.map(\.state) == [.conflict])
            #expect(kept.first?.conflict?.theirs.value["name"] == .string("Summer (theirs)"))
            #expect(kept.first?.lastError?.contains("name") == true)
        }
    }

    @Test("An edit is made against what the form showed: a newer copy that arrived meanwhile is merged, not written over")
    func formBaseIsWhatItShowed() async throws {
        try await Fixture.with { fixture in
            let repository = try fixture.repository()
            let shown = try await repository.character(id: 1, policy: .localFirst).value
            // While the form is open, another writer renames Rick and makes him a cyborg, and this
            // process's cache takes the newer copy (a revalidation).
            let other = CharacterRepository(
                api: RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: fixture.baseURL)), database: nil)
            var theirs = CharacterFields(of: try await other.character(id: 1, policy: .remoteFirst).value)
            theirs.name = "Rick Theirs"
            theirs.species = "Cyborg"
            guard case .applied = try await other.edit(1, to: theirs, queueing: false).outcome else {
                Issue.record("the other writer's edit was not applied")
                return
            }
            #expect(try await repository.character(id: 1, policy: .remoteFirst).value.name == "Rick Theirs")
            // The form changes the status only, over what it showed.
            var mine = CharacterFields(of: shown)
            mine.status = "Dead"
            let result = try await repository.edit(1, to: mine, queueing: true, over: shown)
            #expect(result.outcome == .applied(merged: true))
            let written = try await repository.character(id: 1, policy: .localFirst).value
            #expect(written.name == "Rick Theirs" && written.status == .dead && written.species == "Cyborg")
            let onServer = try await Self.onServer(1, fixture)
            #expect(onServer.name == "Rick Theirs" && onServer.status == .dead && onServer.species == "Cyborg")
        }
    }

    @Test("A field the rules refuse is rejected before anything is sent; a delete is applied and the character is gone")
    func rejectedAndDeleted() async throws {
        try await Fixture.with { fixture in
            let repository = try fixture.repository()
            let rick = try await repository.character(id: 1, policy: .localFirst).value
            var fields = CharacterFields(of: rick)
            fields.status = "Sleeping"
            await #expect(throws: WriteNotMade.self) { try await repository.edit(1, to: fields, queueing: true) }
            do throws(WriteNotMade) {
                _ = try await repository.edit(1, to: fields, queueing: true)
            } catch {
                #expect(error.field == "status")
            }
            #expect(try await Self.onServer(1, fixture).status.rawValue == rick.status.rawValue)

            #expect(await repository.shownCharacter(id: 5) == nil)  // never read: not cached
            _ = try await repository.character(id: 5, policy: .localFirst)
            #expect(await repository.shownCharacter(id: 5)?.id == 5)
            #expect(try await repository.delete(5, queueing: true).outcome == .applied(merged: false))
            #expect(await repository.shownCharacter(id: 5) == nil)
            await #expect(throws: RepositoryError.self) {
                try await repository.character(id: 5, policy: .remoteFirst)
            }
        }
    }
}
