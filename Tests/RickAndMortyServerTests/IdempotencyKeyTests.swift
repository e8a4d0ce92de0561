import Foundation
@testable import RickAndMortyServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What an `Idempotency-Key` gets: its first answer again, `409` while it is held, and which
/// answers are recorded for it (not a `412`, not a `503` of the write-failure fault).
@Suite("Writes: an Idempotency-Key's answers")
struct IdempotencyKeyTests {
    @Test("A replay carries Idempotent-Replayed: true, the first answer's body and its tag")
    func replay() async throws {
        try await CharacterWriteTests.withServer { _, client async throws in
            let body = try CharacterWriteTests.json(["name": "Replayed", "status": "Dead"])
            let key = ["Idempotency-Key": "replay-1"]
            let first = try await client.send("/api/character/7", method: "PATCH", headers: key, upload: .sized(body))
            #expect(first.status == 200)
            #expect(first.header("Idempotent-Replayed") == nil)
            let again = try await client.send("/api/character/7", method: "PATCH", headers: key, upload: .sized(body))
            #expect(again.status == 200)
            #expect(again.header("Idempotent-Replayed") == "true")
            #expect(again.body == first.body)
            #expect(again.header("ETag") == first.header("ETag"))
        }
    }

    @Test("A key held by a request in flight is 409 with Retry-After: 1, nothing applied; once freed it applies")
    func inFlight() async throws {
        try await CharacterWriteTests.withServer { server, client async throws in
            let store = try #require(server.state.currentWrites)
            #expect(store.claim("held") == .reserved)
            let body = try CharacterWriteTests.json(["name": "Held"])
            let key = ["Idempotency-Key": "held"]
            let busy = try await client.send("/api/character/8", method: "PATCH", headers: key, upload: .sized(body))
            #expect(busy.status == 409)
            #expect(busy.header("Retry-After") == "1")
            #expect(busy.errorMessage == "A request with this Idempotency-Key is in progress")
            #expect(try await client.send("/api/character/8").object()["name"] as? String != "Held")
            #expect(store.claim("held") == .inFlight, "the 409 left the key to its holder")
            store.release("held")
            let applied = try await client.send("/api/character/8", method: "PATCH", headers: key, upload: .sized(body))
            #expect(applied.status == 200)
            #expect(applied.header("Idempotent-Replayed") == nil)
            #expect(try applied.object()["name"] as? String == "Held")
        }
    }

    @Test("A 412 is not recorded: the key sent again with the current tag is applied")
    func preconditionNotRecorded() async throws {
        try await CharacterWriteTests.withServer { _, client async throws in
            let body = try CharacterWriteTests.json(["name": "Merged"])
            let stale = try await client.send(
                "/api/character/9", method: "PATCH", headers: ["Idempotency-Key": "merge-1", "If-Match": "\"stale\""],
                upload: .sized(body))
            #expect(stale.status == 412)
            let tag = try #require(stale.header("ETag"))
            #expect(try stale.object()["id"] as? Int == 9, "a 412 carries the current character")
            let resent = try await client.send(
                "/api/character/9", method: "PATCH", headers: ["Idempotency-Key": "merge-1", "If-Match": tag],
                upload: .sized(body))
            #expect(resent.status == 200)
            #expect(resent.header("Idempotent-Replayed") == nil)
            #expect(try resent.object()["name"] as? String == "Merged")
        }
    }

    @Test("A 503 of the write-failure fault is not recorded: the key sent again is applied, then replayed")
    func failureNotRecorded() async throws {
        try await CharacterWriteTests.withServer { server, client async throws in
            let body = try CharacterWriteTests.json(["name": "Retried"])
            let key = ["Idempotency-Key": "retry-1"]
            server.updateFaults { $0.writeFailure = true }
            #expect(try await client.send("/api/character/10", method: "PATCH", headers: key, upload: .sized(body)).status == 503)
            server.updateFaults { $0.writeFailure = false }
            let applied = try await client.send("/api/character/10", method: "PATCH", headers: key, upload: .sized(body))
            #expect(applied.status == 200)
            #expect(applied.header("Idempotent-Replayed") == nil)
            let replayed = try await client.send("/api/character/10", method: "PATCH", headers: key, upload: .sized(body))
            #expect(replayed.header("Idempotent-Replayed") == "true")
        }
    }
}
