import Foundation
import RickAndMortyServer
import Testing

/// Bodies and targets of writes a client should not send: malformed JSON, wrong types, unknown and
/// fixed fields, bodies over the limit, characters that do not exist; and text a client may send
/// (controls, bidi overrides, emoji), which the server stores and serves as sent.
@Suite("Writes: bad input is refused and changes nothing; any valid text is stored as sent")
struct CharacterWriteInputTests {
    /// Rick's name as served.
    static func rickName(_ client: HTTPTestClient) async throws -> String? {
        try await client.send("/api/character/1").object()["name"] as? String
    }

    @Test(
        "Malformed JSON or a body that is not an object is 400, for PATCH and PUT alike",
        arguments: ["PATCH", "PUT"],
        [#"{"name": "Rick"#, #"{"name" "x"}"#, "", "null", #"["name", "x"]"#, #""Rick""#, "\u{FF}\u{FE}{}"])
    func malformed(method: String, body: String) async throws {
        try await CharacterWriteTests.withServer { _, client async throws in
            let refused = try await client.send("/api/character/1", method: method, upload: .sized(Data(body.utf8)))
            #expect(refused.status == 400, "\(method) \(body.debugDescription)")
            #expect(refused.errorMessage == "The body is not a JSON object")
            #expect(try await Self.rickName(client) == "Rick Sanchez")
        }
    }

    @Test(
        "A field of the wrong type, unknown, fixed or a blank name is 422 naming it",
        arguments: [
            ("PATCH", #"{"name": 5}"#, "name"), ("PATCH", #"{"status": true}"#, "status"),
            ("PATCH", #"{"species": ["Human"]}"#, "species"), ("PATCH", #"{"gender": null}"#, "gender"),
            ("PATCH", #"{"name": {"first": "Rick"}}"#, "name"), ("PATCH", #"{"hat": "tall"}"#, "hat"),
            ("PATCH", #"{"name": "   "}"#, "name"), ("PATCH", #"{"name": "\u200b\t"}"#, "name"),
            ("PATCH", #"{"url": "http://elsewhere/api/character/1"}"#, "url"), ("PATCH", #"{"episode": []}"#, "episode"),
            ("PUT", #"{"name": "Rick", "status": "Alive", "species": "Human", "type": null, "gender": "Male"}"#, "type"),
            ("PUT", #"{"name": "Rick", "status": "Alive", "species": "Human", "gender": "Male"}"#, "type"),
            ("PUT", #"{"name": "Rick", "status": "Alive", "species": 1, "type": "", "gender": "Male"}"#, "species"),
        ])
    func badField(method: String, body: String, field: String) async throws {
        try await CharacterWriteTests.withServer { _, client async throws in
            let refused = try await client.send("/api/character/1", method: method, upload: .sized(Data(body.utf8)))
            #expect(refused.status == 422, "\(method) \(body)")
            #expect(try refused.object()["field"] as? String == field)
            #expect(try await Self.rickName(client) == "Rick Sanchez")
        }
    }

    @Test("A PUT changing two fixed fields always names the first in key order (found by FuzzWriteBodies)")
    func twoFixedFields() async throws {
        try await CharacterWriteTests.withServer { _, client async throws in
            let (body, _) = try await CharacterWriteTests.rick(client, ["url": "http://elsewhere/api/character/1", "id": 0])
            for _ in 0..<8 {
                let refused = try await client.send("/api/character/1", method: "PUT", upload: .sized(body))
                #expect(refused.status == 422)
                #expect(try refused.object()["field"] as? String == "id")
            }
        }
    }

    @Test("A write body over 64 KiB is 413, announced or chunked, and nothing is applied", arguments: ["PATCH", "PUT"])
    func tooLarge(method: String) async throws {
        try await CharacterWriteTests.withServer { _, client async throws in
            let body = try CharacterWriteTests.json(["name": String(repeating: "R", count: 64 * 1_024)])
            for upload in [HTTPTestClient.Upload.sized(body), .chunked(body)] {
                let refused = try await client.send("/api/character/1", method: method, upload: upload)
                #expect(refused.status == 413)
            }
            #expect(try await Self.rickName(client) == "Rick Sanchez")
        }
    }

    @Test(
        "A write of a character that does not exist is 404 (a DELETE too); of no single id, 405",
        arguments: ["/api/character/99999", "/api/character/0", "/api/character/-1"])
    func missing(path: String) async throws {
        try await CharacterWriteTests.withServer { _, client async throws in
            let body = try CharacterWriteTests.json(["name": "Nobody"])
            for method in ["PATCH", "PUT", "DELETE"] {
                let answer = try await client.send(path, method: method, upload: method == "DELETE" ? .none : .sized(body))
                #expect([404, 405].contains(answer.status), "\(method) \(path): \(answer.status)")
            }
            #expect(try await client.send("/api/character/99999", method: "PATCH", upload: .sized(body)).status == 404)
            #expect(try await client.send("/api/character/abc", method: "PATCH", upload: .sized(body)).status == 405)
            #expect(try await client.send("/api/character", method: "PATCH", upload: .sized(body)).status == 405)
            let count = (try await client.send("/api/character").object()["info"] as? [String: Any])?["count"] as? Int
            #expect(count == 66, "no character was made")
        }
    }

    @Test(
        "Hostile text within the rules is stored and served as sent, in reads and listings",
        arguments: [
            "\u{1B}[31mRick\u{1B}[0m", "Rick\u{202E}ytrom", "\u{0000}Rick", "Rick 😀 Sanchez", "<script>x</script>",
            "\"Rick\" \\ Sanchez", "Rick\u{200B}\u{FEFF}", String(repeating: "é", count: 200),
        ])
    func hostileText(name: String) async throws {
        try await CharacterWriteTests.withServer { _, client async throws in
            let patched = try await client.send(
                "/api/character/1", method: "PATCH",
                upload: .sized(try CharacterWriteTests.json(["name": name, "type": name])))
            #expect(patched.status == 200)
            #expect(try patched.object()["name"] as? String == name)
            let read = try await client.send("/api/character/1").object()
            #expect(read["name"] as? String == name && read["type"] as? String == name)
            let listed = try await client.send("/api/character/1,2").array()
            #expect(listed.first?["name"] as? String == name)
        }
    }
}
