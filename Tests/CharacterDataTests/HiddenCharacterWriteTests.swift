import CharacterData
import EntityWrites
import Foundation
import HTTPExchange
import RickAndMortyHTTP
import RickAndMortyModel
import Testing

/// Writes of characters whose server values hold what no screen shows (a bidi override, a
/// zero-width space): the user saw them cleaned, so the merge compares the server's copy cleaned
/// too. Against the embedded server on loopback, with a real cache file.
@Suite("Character writes over values with hidden characters")
struct HiddenCharacterWriteTests {
    /// Sets character `id`'s `fields` (a JSON object) on the server as another writer would.
    static func setOnServer(_ fixture: Fixture, id: Int, _ fields: String) async throws {
        let api = RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: fixture.baseURL))
        let exchange = RemoteAPIExchange(api: api)
        let answer = try await exchange.exchange(
            HTTPExchangeRequest(
                method: "PATCH", url: fixture.baseURL.appendingPathComponent("character/\(id)"),
                headers: [HTTPHeaderField("Content-Type", "application/merge-patch+json")], body: Data(fields.utf8)))
        #expect(answer.status == 200)
    }

    /// Character `id`'s field `name` as the server holds it, uncleaned.
    static func rawOnServer(_ fixture: Fixture, id: Int, _ name: String) async throws -> String? {
        let api = RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: fixture.baseURL))
        let exchange = RemoteAPIExchange(api: api)
        let answer = try await exchange.exchange(
            HTTPExchangeRequest(method: "GET", url: fixture.baseURL.appendingPathComponent("character/\(id)")))
        let object = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
        return object?[name] as? String
    }

    @Test("Editing a field applies with no conflict; an untouched field keeps the server's own value")
    func editsApply() async throws {
        try await Fixture.with { fixture in
            // GIVEN Rick's name on the server with a bidi override, his type with a zero-width space
            try await Self.setOnServer(fixture, id: 1, #"{"name":"Rick \u202eSanchez","type":"Mad\u200b"}"#)
            let repository = try fixture.repository()
            let rick = try await repository.character(id: 1, policy: .localFirst).value
            #expect(rick.name == "Rick Sanchez" && rick.type == "Mad")
            // WHEN the user changes his species only THEN it is applied, and the name is not sent
            var species = CharacterFields(of: rick)
            species.species = "Cyborg"
            let first = try await repository.edit(1, to: species, queueing: true, over: rick)
            #expect(first.outcome == .applied(merged: false))
            #expect(try await Self.rawOnServer(fixture, id: 1, "name") == "Rick \u{202E}Sanchez")
            // WHEN the user renames him, over what the form showed THEN it is applied, no conflict
            let shown = try await repository.character(id: 1, policy: .localFirst).value
            var renamed = CharacterFields(of: shown)
            renamed.name = "Rick (mine)"
            let second = try await repository.edit(1, to: renamed, queueing: true, over: shown)
            #expect(second.outcome == .applied(merged: false))
            #expect(try await Self.rawOnServer(fixture, id: 1, "name") == "Rick (mine)")
            #expect(try await Self.rawOnServer(fixture, id: 1, "type") == "Mad\u{200B}")
            #expect(repository.keptWrites().isEmpty)
            try await repository.database?.close()
        }
    }

    @Test("Deleting a character as it was shown is applied, not a conflict")
    func deleteApplies() async throws {
        try await Fixture.with { fixture in
            try await Self.setOnServer(fixture, id: 2, #"{"name":"Morty\u2066 Smith"}"#)
            let repository = try fixture.repository()
            let morty = try await repository.character(id: 2, policy: .localFirst).value
            let deleted = try await repository.delete(2, queueing: true, over: morty)
            #expect(deleted.outcome == .applied(merged: false))
            #expect(repository.keptWrites().isEmpty)
            try await repository.database?.close()
        }
    }
}
