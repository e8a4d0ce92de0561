import Foundation
import Locking
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that answers each request with the next scripted reply and keeps the requests.
/// Thread-safe: its state is behind a `PThreadMutex`.
final class ScriptedWriteTransport: HTTPTransport {
    private let state: PThreadMutex<(replies: [TransportResponse], requests: [URLRequest])>

    init(_ replies: [TransportResponse]) {
        state = PThreadMutex((replies, []))
    }

    /// The requests sent so far, in order.
    var requests: [URLRequest] { state.withLock { $0.requests } }

    func send(_ request: URLRequest) async throws(TransportError) -> TransportResponse {
        let reply = state.withLock { state -> TransportResponse? in
            state.requests.append(request)
            return state.replies.isEmpty ? nil : state.replies.removeFirst()
        }
        guard let reply else { throw .failed(detail: "no reply scripted") }
        return reply
    }
}

/// Answers a write client cannot use, at the transport: a `412` whose body is not a character, a
/// `2xx` that carries another character than the one written.
@Suite("Character writes: answers the client cannot use")
struct CharacterWriteAnswerTests {
    static let morty = CharacterFields(name: "Morty Smith", status: "Alive", species: "Human", type: "", gender: "Male")

    /// An edit of character 2 renaming it, made over `morty` with tag `"t0"`.
    static func rename() -> CharacterWrite {
        var mine = morty
        mine.name = "Evil Morty"
        return CharacterWrite(id: 2, method: .patch, mine: mine, base: morty, baseTag: "\"t0\"", idempotencyKey: "k-1")
    }

    /// The API's JSON of character `id` named `name`.
    static func characterJSON(id: Int, name: String) -> Data {
        Data(
            """
            {"id":\(id),"name":"\(name)","status":"Alive","species":"Human","type":"","gender":"Male",
             "origin":{"name":"Earth","url":""},"location":{"name":"Earth","url":""},
             "image":"http://127.0.0.1/api/character/avatar/\(id).jpeg","episode":[],
             "url":"http://127.0.0.1/api/character/\(id)","created":"2017-11-04T18:50:21.651Z"}
            """.utf8)
    }

    static func client(_ transport: ScriptedWriteTransport) throws -> CharacterWriteClient {
        let baseURL = try #require(URL(string: "http://127.0.0.1:9/api"))
        return CharacterWriteClient(api: RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: baseURL), transport: transport))
    }

    @Test(
        "A 412 whose body is not the written character cannot be merged: rejected, not sent again",
        arguments: [
            Data("{\"name\": 5".utf8), Data("<html>Precondition Failed</html>".utf8), Data(),
            characterJSON(id: 3, name: "Summer Smith"),
        ])
    func unreadablePrecondition(body: Data) async throws {
        let transport = ScriptedWriteTransport([TransportResponse(status: 412, headers: ["ETag": "\"t1\""], body: body)])
        let outcome = await (try Self.client(transport)).send(Self.rename())
        #expect(outcome == .rejected(status: 412, reason: "the server's version could not be read", field: nil))
        #expect(transport.requests.count == 1, "no merge was tried over a version that could not be read")
        #expect(!outcome.sendsAgain)
    }

    @Test("A 200 carrying another character is not taken: unreadable, sent again later with the same key")
    func anotherCharacter() async throws {
        let transport = ScriptedWriteTransport([
            TransportResponse(status: 200, headers: ["ETag": "\"t1\""], body: Self.characterJSON(id: 3, name: "Evil Morty")),
            TransportResponse(status: 200, headers: ["ETag": "\"t2\""], body: Self.characterJSON(id: 2, name: "Evil Morty")),
        ])
        let client = try Self.client(transport)
        let write = Self.rename()
        let first = await client.send(write)
        guard case .unreachable(.serialization(let detail), nil) = first else {
            Issue.record("expected an unreadable answer, got \(first)")
            return
        }
        #expect(detail.contains("3") && detail.contains("2"), "\(detail)")
        #expect(first.sendsAgain)
        // Sent again (as an outbox does), with the same key and precondition: the right answer is taken.
        guard case .applied(let written?, let tag, merged: false) = await client.send(write) else {
            Issue.record("expected applied on the second send")
            return
        }
        #expect(written.id == 2 && tag == "\"t2\"")
        let keys = transport.requests.map { $0.value(forHTTPHeaderField: "Idempotency-Key") }
        #expect(keys == ["k-1", "k-1"])
        #expect(transport.requests.map { $0.value(forHTTPHeaderField: "If-Match") } == ["\"t0\"", "\"t0\""])
    }

    @Test("A 200 whose body is not a character is unreadable too; a DELETE's 204 needs no body")
    func unreadableSuccess() async throws {
        let transport = ScriptedWriteTransport([
            TransportResponse(status: 200, body: Data("{\"id\":2,".utf8)), TransportResponse(status: 204),
        ])
        let client = try Self.client(transport)
        #expect(
            await client.send(Self.rename())
                == .unreachable(.serialization(detail: "the written character could not be read"), retryAfter: nil))
        // (With the tag of the copy it was made over: without one, the client reads the character first.)
        #expect(
            await client.send(CharacterWrite(id: 2, method: .delete, baseTag: "\"t0\""))
                == .applied(nil, tag: nil, merged: false))
    }
}
