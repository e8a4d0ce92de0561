import Foundation
@testable import RickAndMortyServer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Recorded answers expire: after `ServerConfiguration.idempotencyTTL` (24 hours by default) a key
/// is forgotten, dropped from the state file at the next write, and a request with it applied anew.
/// The clock is a `ManualTimeSource`: nothing waits.
@Suite("Writes: an Idempotency-Key's answer expires")
struct IdempotencyExpiryTests {
    /// A server of the sample on a free port, on `clock`, keeping answers `ttl` (in `stateFile`).
    static func withServer<Value>(
        clock: ManualTimeSource, ttl: Duration = .seconds(86_400), stateFile: URL? = nil,
        _ body: (RickAndMortyServer, HTTPTestClient) async throws -> Value
    ) async throws -> Value {
        var environment = ServerEnvironment.live
        environment.clock = clock
        let server = RickAndMortyServer(
            data: .dataset(try LiveServer.sample.get()),
            configuration: ServerConfiguration(port: 0, stateFile: stateFile, idempotencyTTL: ttl),
            environment: environment, logger: LiveServer.quietLogger)
        let baseURL = try await server.start()
        do {
            let value = try await body(server, HTTPTestClient(baseURL: baseURL))
            await server.stop()
            return value
        } catch {
            await server.stop()
            throw error
        }
    }

    /// A fresh folder for one test's state file.
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("expiry-\(UUID().uuidString)")
    }

    @Test("A key recorded at t0 replays at t0+23h and is applied anew at t0+25h (the default 24 h)")
    func defaultLifetime() async throws {
        let clock = ManualTimeSource()
        try await Self.withServer(clock: clock) { _, client async throws in
            let body = try CharacterWriteTests.json(["name": "Kept a day"])
            let key = ["Idempotency-Key": "day-1"]
            #expect(try await client.send("/api/character/13", method: "PATCH", headers: key, upload: .sized(body)).status == 200)
            let other = try CharacterWriteTests.json(["name": "Meanwhile"])
            #expect(try await client.send("/api/character/13", method: "PATCH", upload: .sized(other)).status == 200)
            clock.advance(by: 23 * 3_600)
            let replayed = try await client.send("/api/character/13", method: "PATCH", headers: key, upload: .sized(body))
            #expect(replayed.header("Idempotent-Replayed") == "true")
            #expect(try await client.send("/api/character/13").object()["name"] as? String == "Meanwhile")
            clock.advance(by: 2 * 3_600)
            let applied = try await client.send("/api/character/13", method: "PATCH", headers: key, upload: .sized(body))
            #expect(applied.status == 200)
            #expect(applied.header("Idempotent-Replayed") == nil)
            #expect(try await client.send("/api/character/13").object()["name"] as? String == "Kept a day")
            let other422 = try await client.send(
                "/api/character/13", method: "PATCH", headers: key, upload: .sized(other))
            #expect(other422.status == 422, "the key is recorded again, for its new request")
        }
    }

    @Test("The configured lifetime is used: 60 s keeps a key 59 s, not 61 s")
    func configuredLifetime() async throws {
        let clock = ManualTimeSource()
        try await Self.withServer(clock: clock, ttl: .seconds(60)) { _, client async throws in
            let key = ["Idempotency-Key": "minute-1"]
            let body = try CharacterWriteTests.json(["name": "A minute"])
            _ = try await client.send("/api/character/14", method: "PATCH", headers: key, upload: .sized(body))
            clock.advance(by: 59)
            let replayed = try await client.send("/api/character/14", method: "PATCH", headers: key, upload: .sized(body))
            #expect(replayed.header("Idempotent-Replayed") == "true")
            clock.advance(by: 2)
            let applied = try await client.send("/api/character/14", method: "PATCH", headers: key, upload: .sized(body))
            #expect(applied.status == 200)
            #expect(applied.header("Idempotent-Replayed") == nil)
        }
    }

    @Test("An expired answer leaves the state file at the next accepted write; a live one stays")
    func droppedOnCommit() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("state.json")
        let clock = ManualTimeSource()
        let store = try WriteStore(file: file, replyLifetime: .seconds(3_600), clock: clock)
        try Self.record("old", in: store)
        clock.advance(by: 1_800)
        try Self.record("young", in: store)
        clock.advance(by: 2_000)
        #expect(store.claim("old") == .reserved, "expired: as if never recorded")
        store.release("old")
        try Self.record("new", in: store)
        let saved = try WriteStore(file: file, clock: clock).current
        #expect(Set(saved.replies.keys) == ["young", "new"])
        #expect(saved.replies["young"]?.recordedAt == Date(timeIntervalSince1970: 1_700_000_000 + 1_800))
    }

    @Test("A state file written before answers carried their time loads them as recorded at load")
    func oldStateFile() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("state.json")
        let old = #"{"deleted":[5],"edited":{},"replies":{"k":{"body":"","fingerprint":"DELETE /api/character/5 \"x\"","status":204}}}"#
        try Data(old.utf8).write(to: file)
        let clock = ManualTimeSource()
        let store = try WriteStore(file: file, clock: clock)
        #expect(store.current.deleted == [5])
        #expect(store.current.replies["k"]?.recordedAt == clock.now())
        clock.advance(by: 23 * 3_600)
        guard case .recorded(let reply) = store.claim("k") else {
            Issue.record("the old answer is kept from the load")
            return
        }
        #expect(reply.status == 204)
    }

    /// Records a `204` for `key` through a commit, as a write does.
    static func record(_ key: String, in store: WriteStore) throws {
        _ = try store.commit { writes -> (Void, changed: Bool) in
            writes.replies[key] = RecordedReply(
                fingerprint: "DELETE /api/character/1 \"\(key)\"", status: 204, body: "", etag: nil,
                recordedAt: store.clock.now())
            return ((), true)
        } publish: { _ in }
    }
}
