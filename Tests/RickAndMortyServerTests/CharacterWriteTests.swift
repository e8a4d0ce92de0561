import Foundation
import RickAndMortyServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Writes of one character over real HTTP: `PUT`, `PATCH`, `DELETE`, `If-Match`, `Idempotency-Key`,
/// the field rules, the state file and the write faults.
@Suite("Writes: PUT, PATCH and DELETE of a character")
struct CharacterWriteTests {
    static func json(_ object: [String: Any]) throws -> Data {
        try JSONSerialization.data(withJSONObject: object)
    }

    /// Rick as served, with `changes` applied: a whole character for a `PUT`.
    static func rick(_ client: HTTPTestClient, _ changes: [String: Any]) async throws -> (Data, etag: String) {
        let current = try await client.send("/api/character/1")
        var object = try current.object()
        for (key, value) in changes { object[key] = value }
        return (try json(object), try #require(current.header("ETag")))
    }

    /// A server on a free port keeping its writes in `stateFile`.
    static func withServer<Value>(
        stateFile: URL? = nil, _ body: (RickAndMortyServer, HTTPTestClient) async throws -> Value
    ) async throws -> Value {
        try await LiveServer.with(data: .dataset(try LiveServer.sample.get()), stateFile: stateFile, body)
    }

    @Test("A PUT naming the current tag replaces the editable fields; reads, pages and the tag follow")
    func put() async throws {
        try await Self.withServer { _, client async throws in
            let (body, etag) = try await Self.rick(client, ["name": "Rick Prime", "status": "Dead"])
            #expect(!etag.hasPrefix("W/"), "one character's tag is strong")
            let put = try await client.send(
                "/api/character/1", method: "PUT", headers: ["If-Match": etag], upload: .sized(body))
            #expect(put.status == 200)
            #expect(try put.object()["name"] as? String == "Rick Prime")
            let newTag = try #require(put.header("ETag"))
            #expect(newTag != etag)
            let read = try await client.send("/api/character/1")
            #expect(try read.object()["status"] as? String == "Dead")
            #expect(read.header("ETag") == newTag)
            let page = try await client.send("/api/character?name=prime")
            #expect(try (page.object()["results"] as? [[String: Any]])?.first?["id"] as? Int == 1)
        }
    }

    @Test("A stale If-Match is 412 with the current character and its tag; nothing is applied")
    func staleTag() async throws {
        try await Self.withServer { _, client async throws in
            let (body, etag) = try await Self.rick(client, ["name": "First"])
            #expect(try await client.send("/api/character/1", method: "PUT", headers: ["If-Match": etag], upload: .sized(body)).status == 200)
            let (second, _) = try await Self.rick(client, ["name": "Second"])
            let refused = try await client.send(
                "/api/character/1", method: "PUT", headers: ["If-Match": etag], upload: .sized(second))
            #expect(refused.status == 412)
            #expect(try refused.object()["name"] as? String == "First")
            #expect(refused.header("ETag") == (try await client.send("/api/character/1")).header("ETag"))
            #expect(try await client.send("/api/character/1").object()["name"] as? String == "First")
            let weak = try await client.send(
                "/api/character/1", method: "PATCH", headers: ["If-Match": "W/" + etag], upload: .sized(Self.json(["name": "x"])))
            #expect(weak.status == 412, "a weak tag never matches If-Match")
        }
    }

    @Test("A PATCH is a merge patch of editable fields; type may be null")
    func patch() async throws {
        try await Self.withServer { _, client async throws in
            let patched = try await client.send(
                "/api/character/2", method: "PATCH", upload: .sized(Self.json(["status": "Dead", "type": NSNull()])))
            #expect(patched.status == 200)
            let object = try patched.object()
            #expect(object["status"] as? String == "Dead")
            #expect(object["name"] as? String == "Morty Smith")
            #expect(object["type"] as? String == "")
            let refused = try await client.send(
                "/api/character/2", method: "PATCH", upload: .sized(Self.json(["id": 3])))
            #expect(refused.status == 422)
            #expect(try refused.object()["field"] as? String == "id")
        }
    }

    @Test(
        "Bad fields are 422 naming the field, a body that is not JSON 400; nothing is applied",
        arguments: [
            (["name": ""], "name"), (["name": String(repeating: "a", count: 201)], "name"),
            (["status": "Zombie"], "status"), (["gender": "Robot"], "gender"),
            (["species": String(repeating: "s", count: 201)], "species"), (["created": "2020-01-01"], "created"),
            (["origin": ["name": "Earth", "url": ""]], "origin"), (["hat": "tall"], "hat"),
        ] as [([String: any Sendable], String)])
    func badFields(changes: [String: any Sendable], field: String) async throws {
        try await Self.withServer { _, client async throws in
            let (body, _) = try await Self.rick(client, changes)
            let refused = try await client.send("/api/character/1", method: "PUT", upload: .sized(body))
            #expect(refused.status == 422)
            #expect(try refused.object()["field"] as? String == field)
            #expect(try await client.send("/api/character/1").object()["name"] as? String == "Rick Sanchez")
            let notJSON = try await client.send("/api/character/1", method: "PUT", upload: .sized(Data("name=x".utf8)))
            #expect(notJSON.status == 400)
        }
    }

    @Test("A DELETE is 204; the character is gone from reads, pages, counts and multi-id lists")
    func delete() async throws {
        try await Self.withServer { _, client async throws in
            let before = try await client.send("/api/character").object()
            let count = try #require((before["info"] as? [String: Any])?["count"] as? Int)
            #expect(try await client.send("/api/character/1", method: "DELETE").status == 204)
            #expect(try await client.send("/api/character/1").status == 404)
            let after = try await client.send("/api/character").object()
            #expect((after["info"] as? [String: Any])?["count"] as? Int == count - 1)
            let ids = try await client.send("/api/character/1,2").array().compactMap { $0["id"] as? Int }
            #expect(ids == [2])
            #expect(try await client.send("/api/character/1", method: "DELETE").status == 404)
        }
    }

    @Test("An Idempotency-Key gets its first answer again; reused for another request it is 422")
    func idempotency() async throws {
        try await Self.withServer { _, client async throws in
            let body = try Self.json(["name": "Once"])
            let key = ["Idempotency-Key": "edit-1"]
            let first = try await client.send("/api/character/3", method: "PATCH", headers: key, upload: .sized(body))
            #expect(first.status == 200)
            #expect(first.header("Idempotent-Replayed") == nil)
            _ = try await client.send("/api/character/3", method: "PATCH", upload: .sized(Self.json(["name": "Later"])))
            let again = try await client.send("/api/character/3", method: "PATCH", headers: key, upload: .sized(body))
            #expect(again.status == 200)
            #expect(again.header("Idempotent-Replayed") == "true")
            #expect(again.body == first.body)
            #expect(try await client.send("/api/character/3").object()["name"] as? String == "Later", "not applied twice")
            let other = try await client.send(
                "/api/character/3", method: "PATCH", headers: key, upload: .sized(Self.json(["name": "Other"])))
            #expect(other.status == 422)
        }
    }

    @Test("Accepted writes and their idempotency keys outlive the server in its state file; a corrupt file is refused")
    func stateFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("writes-\(UUID().uuidString)")
        let file = folder.appendingPathComponent("state.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = ["Idempotency-Key": "k"]
        let body = try Self.json(["name": "Kept"])
        try await Self.withServer(stateFile: file) { _, client async throws in
            #expect(try await client.send("/api/character/4", method: "PATCH", headers: key, upload: .sized(body)).status == 200)
            #expect(try await client.send("/api/character/5", method: "DELETE").status == 204)
        }
        try await Self.withServer(stateFile: file) { _, client async throws in
            #expect(try await client.send("/api/character/4").object()["name"] as? String == "Kept")
            #expect(try await client.send("/api/character/5").status == 404)
            let replay = try await client.send("/api/character/4", method: "PATCH", headers: key, upload: .sized(body))
            #expect(replay.header("Idempotent-Replayed") == "true")
        }
        try Data("{not json".utf8).write(to: file)
        let server = RickAndMortyServer(
            data: .dataset(try LiveServer.sample.get()),
            configuration: ServerConfiguration(port: 0, stateFile: file), logger: LiveServer.quietLogger)
        await #expect {
            try await server.start()
        } throws: { error in
            guard case .stateUnreadable(let path, _) = error as? ServerError else { return false }
            return path == file.path
        }
    }

    @Test("Each write is served at once as the state file serves it after a restart, byte for byte")
    func writtenInPlace() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("writes-\(UUID().uuidString)")
        let file = folder.appendingPathComponent("state.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = [
            "/api/character", "/api/character?page=2", "/api/character?page=3", "/api/character?page=4",
            "/api/character?name=rick", "/api/character?status=dead&page=1", "/api/character/1,2,3,7,20,21,22,66",
            "/api/character/3", "/api/character/21", "/api/character/66",
        ]
        // Each answer's status and body, its base URL (the server's port) left out.
        func served(_ client: HTTPTestClient, _ server: RickAndMortyServer) async throws -> [String] {
            let base = try #require(server.baseURL?.absoluteString)
            var bodies: [String] = []
            for path in paths {
                let answer = try await client.send(path)
                let body = String(decoding: answer.body, as: UTF8.self).replacingOccurrences(of: base, with: "")
                bodies.append("\(answer.status) \(body)")
            }
            return bodies
        }
        let written = try await Self.withServer(stateFile: file) { server, client async throws -> [String] in
            let untouched = try await served(client, server)
            let writes: [(String, String, [String: Any]?)] = [
                ("/api/character/3", "PATCH", ["name": "Summer Prime", "status": "Dead"]),
                ("/api/character/1", "DELETE", nil),
                ("/api/character/20", "DELETE", nil),
                ("/api/character/21", "PATCH", ["type": NSNull(), "species": "Robot"]),
                ("/api/character/3", "PATCH", ["name": "Summer Again"]),
                ("/api/character/66", "DELETE", nil),
            ]
            for (path, method, object) in writes {
                let upload = try object.map { HTTPTestClient.Upload.sized(try Self.json($0)) } ?? HTTPTestClient.Upload.none
                let answer = try await client.send(path, method: method, upload: upload)
                #expect(answer.status == (method == "DELETE" ? 204 : 200), "\(method) \(path)")
            }
            let bodies = try await served(client, server)
            #expect(zip(bodies, untouched).allSatisfy { $0 != $1 }, "every answer asked for changed")
            return bodies
        }
        let restarted = try await Self.withServer(stateFile: file) { server, client async throws in
            try await served(client, server)
        }
        #expect(written.count == restarted.count)
        let differing = zip(paths, zip(written, restarted)).filter { $1.0 != $1.1 }.map(\.0)
        #expect(differing.isEmpty, "served differently after the restart: \(differing)")
    }

    @Test("write-failure answers 503 and applies nothing; write-answer-lost applies, then drops the answer")
    func faults() async throws {
        try await Self.withServer { server, client async throws in
            server.updateFaults { $0.writeFailure = true }
            let failed = try await client.send(
                "/api/character/6", method: "PATCH", upload: .sized(Self.json(["name": "Nope"])))
            #expect(failed.status == 503)
            #expect(try await client.send("/api/character/6").object()["name"] as? String != "Nope")

            server.updateFaults {
                $0.writeFailure = false
                $0.writeAnswerLost = true
            }
            let key = ["Idempotency-Key": "lost-1"]
            let body = try Self.json(["name": "Applied"])
            await #expect(throws: (any Error).self) {
                try await client.send("/api/character/6", method: "PATCH", headers: key, upload: .sized(body))
            }
            server.updateFaults { $0.writeAnswerLost = false }
            #expect(try await client.send("/api/character/6").object()["name"] as? String == "Applied")
            let resent = try await client.send("/api/character/6", method: "PATCH", headers: key, upload: .sized(body))
            #expect(resent.status == 200)
            #expect(resent.header("Idempotent-Replayed") == "true")
        }
    }

    @Test("Generated data takes no writes; only one character can be written")
    func notWritable() async throws {
        try await LiveServer.with(data: .synthetic(try SyntheticDataset(characterCount: 10, seed: 1))) { _, client async throws in
            #expect(try await client.send("/api/character/1", method: "DELETE").status == 405)
        }
        try await Self.withServer { _, client async throws in
            #expect(try await client.send("/api/character/1,2", method: "DELETE").status == 405)
            #expect(try await client.send("/api/episode/1", method: "DELETE").status == 405)
        }
    }
}
