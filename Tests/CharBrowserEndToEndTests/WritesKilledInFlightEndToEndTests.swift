import EntityWrites
import Foundation
import PersistentCache
import TestSupport
import Testing

/// A process sending kept writes is killed with SIGKILL while the server holds the answer to a
/// write it has already applied and saved: `charbrowser serve --state FILE` in one process, the
/// sender (`WriteSender`, a character repository with a cache file) in another. Sent again by a
/// new process, every write is applied exactly once and none is lost.
@Suite("Writes killed in flight (kill -9) are applied exactly once")
struct WritesKilledInFlightEndToEndTests {
    static let ids = [1, 2, 3, 4, 5]

    @Test("kill -9 while the answers of the writes in flight are held; a new sender sends all five, each applied once")
    func killedWhileTheAnswerIsHeld() async throws {
        let charbrowser = try #require(BuiltExecutable.url(named: "charbrowser"), "build first: swift build")
        let sender = try #require(BuiltExecutable.url(named: "WriteSender"), "build first: swift build")
        let environment = try IsolatedEnvironment.temporary("writes-killed")
        let folder = environment.root
        let (cache, serverFolder) = (
            folder.appendingPathComponent("cache"), folder.appendingPathComponent("server")
        )
        try FileManager.default.createDirectory(at: serverFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stateFile = serverFolder.appendingPathComponent("state.json")
        let server = try await ServedAPI.start(
            executable: charbrowser, arguments: ["--state", stateFile.path], environment: environment)
        // Killed, not stopped: the killed sender's first answer is still held (ten minutes).
        defer { server.kill() }

        // Five renames kept in the outbox by one process (read online, edited offline).
        let kept = try await BuiltExecutable.run(
            sender, arguments: ["keep", cache.path, server.url] + Self.ids.map(String.init), environment: environment)
        #expect(kept.status == 0, "\(kept.standardError)")
        let numbers = kept.standardOutput.split(separator: "\n").filter { $0.hasPrefix("kept ") }.compactMap {
            Int64($0.split(separator: " ")[2])
        }
        #expect(numbers.count == 5 && Set(numbers).count == 5)

        // Every answer now waits ten minutes, after its write is applied and saved. A second
        // process sends (several characters' writes at once); once the state file is written a
        // write is applied, its answer held: the sender is killed there.
        let faults = server.faultsURL
        try await ServedAPI.setFaults("latency=600000", at: faults)
        let arrival = try FileArrival(folder: serverFolder, name: "state.json")
        let process = try SpawnedChild(
            [sender.path, "send", cache.path, server.url], input: .null, output: .null, errors: .null,
            environment: environment)
        var notWritten: (any Error)?
        do { try await arrival.arrived(limit: 60) } catch { notWritten = error }
        process.send(SIGKILL)
        let ended = process.waitForTermination()  // (at once: the process was killed)
        if let notWritten { throw notWritten }
        #expect(ended == .signalled(SIGKILL))

        let applied = try Self.serverState(stateFile)
        #expect((1...EntityWriter.requestsInFlight).contains(applied.keys.count), "the writes in flight, at most")
        let left = try Self.kept(cache)
        #expect(left.map(\.sequence) == numbers, "every write still kept, none lost")
        // A write that left was kept first, its request fixed (its key the one the server
        // applied); at most `requestsInFlight` left at once, the fifth none.
        let leftOnce = left.filter { $0.request != nil }
        #expect(leftOnce.allSatisfy { $0.state == .sending && $0.attempts == 1 })
        #expect((applied.keys.count...EntityWriter.requestsInFlight).contains(leftOnce.count))
        #expect(applied.keys.isSubset(of: Set(leftOnce.compactMap(\.request?.idempotencyKey))))
        #expect(left.filter { $0.request == nil }.allSatisfy { $0.attempts == 0 })

        // A new process sends them again, answers no longer held: each applied once.
        try await ServedAPI.setFaults("reset", at: faults)
        let sent = try await BuiltExecutable.run(
            sender, arguments: ["send", cache.path, server.url], environment: environment)
        #expect(sent.status == 0, "\(sent.standardError)")
        #expect(sent.standardOutput == Self.ids.map { "applied \($0) Sent \($0)\n" }.joined() + "done\n")
        let state = try Self.serverState(stateFile)
        #expect(state.keys.count == 5 && state.keys.isSuperset(of: applied.keys), "each write under its own key, once")
        #expect(state.names == Dictionary(uniqueKeysWithValues: Self.ids.map { (String($0), "Sent \($0)") }))
        #expect(try Self.kept(cache).isEmpty)
    }

    /// The writes the cache file keeps, every scope's.
    static func kept(_ cache: URL) throws -> [EntityWrite] {
        try SQLiteWriteStore.everyScope(file: cache.appendingPathComponent("cache.sqlite")).flatMap(\.writes)
    }

    /// The idempotency keys the server answered and the names it holds, from its state file.
    static func serverState(_ file: URL) throws -> (keys: Set<String>, names: [String: String]) {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let replies = try #require(object["replies"] as? [String: Any])
        let edited = try #require(object["edited"] as? [String: [String: String]])
        return (Set(replies.keys), edited.compactMapValues { $0["name"] })
    }
}
