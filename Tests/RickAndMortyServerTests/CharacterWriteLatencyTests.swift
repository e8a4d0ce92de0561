import Foundation
import Locking
import RickAndMortyServer
import Testing

/// Latency on a write: the write is applied and saved first, then its answer waits, so a client
/// that gives up on a slow answer finds its write applied when it sends it again.
@Suite("Writes: latency delays the answer, not the write")
struct CharacterWriteLatencyTests {
    @Test("When a write's answer starts to wait, the write is already in the state file")
    func appliedBeforeTheWait() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("writes-\(UUID().uuidString)")
        let file = folder.appendingPathComponent("state.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        // What the state file held each time an answer began to wait.
        let saved = PThreadMutex<[Bool]>([])
        let environment = ServerEnvironment(
            random: ScriptedRandomSource([0]),
            sleeper: { _ in saved.withLock { $0.append(FileManager.default.fileExists(atPath: file.path)) } })
        try await LiveServer.with(
            data: .dataset(try LiveServer.sample.get()), faults: FaultSettings(latency: .seconds(30)),
            environment: environment, stateFile: file
        ) { _, client async throws in
            let patched = try await client.send(
                "/api/character/1", method: "PATCH", upload: .sized(try CharacterWriteTests.json(["name": "Slow"])))
            #expect(patched.status == 200)
            #expect(saved.withLock { $0 } == [true])
            #expect(try await client.send("/api/character/1").object()["name"] as? String == "Slow")
            #expect(saved.withLock { $0 }.count == 2, "a read waits too, before it is answered")
        }
    }
}
