import Foundation
import Logging
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import RickAndMortyServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The client side of writes against the embedded server on loopback: applied, merged over the
/// server's other changes, in conflict, rejected, unreachable, and sent again after a lost answer.
@Suite("Character writes from the client: If-Match, merges, conflicts and lost answers")
struct CharacterWriteClientTests {
    /// Runs `body` with the sample served on a free port and a client of it.
    func withServer(
        _ body: (RickAndMortyServer, CharacterWriteClient, RemoteAPI) async throws -> Void
    ) async throws {
        let server = RickAndMortyServer(
            dataset: try Dataset.sample(), configuration: ServerConfiguration(port: 0),
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let baseURL = try await server.start()
        let api = RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: baseURL))
        do {
            try await body(server, CharacterWriteClient(api: api), api)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    /// Character `id` as the server holds it, with its tag.
    func current(_ id: Int, _ api: RemoteAPI) async throws -> (ShowCharacter, tag: String) {
        var request = URLRequest(url: api.configuration.baseURL.appendingPathComponent("character/\(id)"))
        request.httpMethod = "GET"
        let response = try await api.transport.send(request)
        return (try APIDecoding.decode(ShowCharacter.self, from: response.body), try #require(response.header("ETag")))
    }

    /// An edit of `character` setting `changes`, made over its current version.
    func edit(_ character: ShowCharacter, tag: String, _ changes: [String: String]) -> CharacterWrite {
        let base = CharacterFields(of: character)
        var mine = base
        for (field, value) in changes { mine[field] = value }
        return CharacterWrite(id: character.id, method: .patch, mine: mine, base: base, baseTag: tag)
    }

    @Test("An edit over the current version is applied: the server's character and its new tag")
    func applied() async throws {
        try await withServer { _, client, api in
            let (rick, tag) = try await current(1, api)
            let outcome = await client.send(edit(rick, tag: tag, ["name": "Rick C-137"]))
            guard case .applied(let written?, let newTag?, merged: false) = outcome else {
                Issue.record("expected applied, got \(outcome)")
                return
            }
            #expect(written.name == "Rick C-137")
            #expect(try await current(1, api).tag == newTag)
        }
    }

    @Test("The server changed other fields meanwhile: mine are merged over theirs, both kept")
    func merged() async throws {
        try await withServer { _, client, api in
            let (morty, tag) = try await current(2, api)
            let mine = edit(morty, tag: tag, ["name": "Evil Morty"])
            let theirs = edit(morty, tag: tag, ["status": "Dead"])
            guard case .applied = await client.send(theirs) else { throw CancellationError() }
            let outcome = await client.send(mine)
            guard case .applied(let written?, _, merged: true) = outcome else {
                Issue.record("expected a merged write, got \(outcome)")
                return
            }
            #expect(written.name == "Evil Morty")
            #expect(written.status == .dead)
        }
    }

    @Test("Both sides changed the same field to different values: a conflict naming it, nothing applied")
    func conflict() async throws {
        try await withServer { _, client, api in
            let (summer, tag) = try await current(3, api)
            guard case .applied = await client.send(edit(summer, tag: tag, ["species": "Cronenberg"])) else {
                throw CancellationError()
            }
            let outcome = await client.send(edit(summer, tag: tag, ["species": "Robot", "type": "Mine"]))
            guard case .conflict(let theirs, _, let fields) = outcome else {
                Issue.record("expected a conflict, got \(outcome)")
                return
            }
            #expect(fields == ["species"])
            #expect(theirs.species == "Cronenberg")
            #expect(try await current(3, api).0.type != "Mine")
        }
    }

    @Test("A field the server refuses is rejected with its reason and name; a deleted character's DELETE is done")
    func rejectedAndDeleted() async throws {
        try await withServer { _, client, api in
            let (rick, tag) = try await current(1, api)
            let outcome = await client.send(edit(rick, tag: tag, ["status": "Zombie"]))
            #expect(outcome == .rejected(status: 422, reason: "status must be one of Alive, Dead, unknown", field: "status"))
            #expect(await client.send(CharacterWrite(id: 4, method: .delete)) == .applied(nil, tag: nil, merged: false))
            #expect(await client.send(CharacterWrite(id: 4, method: .delete)) == .applied(nil, tag: nil, merged: false))
        }
    }

    @Test("Writes failing on the server or offline are unreachable; a lost answer is sent again once")
    func unreachable() async throws {
        try await withServer { server, client, api in
            let (rick, tag) = try await current(1, api)
            let write = edit(rick, tag: tag, ["name": "Once"])
            server.updateFaults { $0.writeFailure = true }
            guard case .unreachable(let error, _) = await client.send(write) else { throw CancellationError() }
            #expect(error == .mainUnavailable(reason: "HTTP 503 Service Unavailable: Writes are failing"))

            server.updateFaults {
                $0.writeFailure = false
                $0.writeAnswerLost = true
            }
            #expect(await client.send(write).sendsAgain, "the answer was lost")
            server.updateFaults { $0.writeAnswerLost = false }
            guard case .applied(let written?, _, _) = await client.send(write) else { throw CancellationError() }
            #expect(written.name == "Once", "the same key: applied once, its first answer given again")

            api.networkSwitch.setOnline(false)
            #expect(await client.send(edit(rick, tag: tag, ["name": "x"])) == .unreachable(.mainUnavailable(reason: "offline"), retryAfter: nil))
        }
    }

    @Test("Merging: one side's change is taken, equal changes agree, different ones conflict")
    func mergeRules() {
        let base = CharacterFields(name: "A", status: "Alive", species: "Human", type: "", gender: "Male")
        var mine = base
        mine.name = "B"
        mine.type = "T"
        var theirs = base
        theirs.status = "Dead"
        theirs.type = "T"
        #expect(
            CharacterFields.merge(base: base, mine: mine, theirs: theirs)
                == .merged(CharacterFields(name: "B", status: "Dead", species: "Human", type: "T", gender: "Male")))
        theirs.name = "C"
        #expect(CharacterFields.merge(base: base, mine: mine, theirs: theirs) == .conflict(fields: ["name"]))
    }
}
