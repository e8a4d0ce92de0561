import Foundation
import PersistentCache
import Testing

/// `CacheDatabase.claimWrites` as its doc comment tells it: one claim per scope of a file across
/// databases (a second process's, as a second database here), named by the holder's process id,
/// released at `close()`; a scope claimed again by its holder, other scopes and memory unaffected.
@Suite("Claims on a cache file's write scopes")
struct WriteClaimTests {
    @Test("A second database of the file is refused a claimed scope, naming the holder, until it closes")
    func oneHolder() async throws {
        let folder = try TemporaryFolder()
        let file = folder.file("cache.sqlite")
        let first = try CacheDatabase(location: .file(file))
        let second = try CacheDatabase(location: .file(file))
        let scope = "127.0.0.1:8080/api|writes"
        // GIVEN the first database's claim
        #expect(throws: Never.self) { try first.claimWrites(scope: scope).get() }
        #expect(throws: Never.self) { try first.claimWrites(scope: scope).get() }
        // WHEN the second claims the same scope THEN it is refused, naming this process
        let refusal = try #require(second.claimWrites(scope: scope).failure)
        #expect(refusal == .held(by: getpid()))
        #expect(refusal.description == "process \(getpid()) keeps this cache file's writes")
        // AND another scope is its own
        #expect(throws: Never.self) { try second.claimWrites(scope: "sample|writes").get() }
        // AND once the first closes, the scope is free
        try await first.close()
        let released = await Self.claimOnceReleased(scope, by: second)
        #expect(released.failure == nil, "\(released)")
        #expect(try CacheDatabase(location: .file(file)).claimWrites(scope: scope).failure != nil)
        try await second.close()
    }

    /// `database`'s claim of `scope`, tried again while another holder is refused for up to ten
    /// seconds. A closed claim's lock is free at once for this process, but a child another test
    /// is spawning at that moment holds a copy of every descriptor until it execs (`O_CLOEXEC`
    /// closes it only then): on a loaded machine that copy can keep the lock a few milliseconds
    /// past `close()`. No test spawns a child that keeps it.
    static func claimOnceReleased(_ scope: String, by database: CacheDatabase) async
        -> Result<Void, WriteClaimRefusal>
    {
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            let claim = database.claimWrites(scope: scope)
            guard case .failure(.held) = claim, ContinuousClock.now < deadline else { return claim }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test("A database in memory shares nothing: every claim succeeds")
    func inMemory() throws {
        let database = try CacheDatabase.inMemory()
        #expect(throws: Never.self) { try database.claimWrites(scope: "sample|writes").get() }
        #expect(throws: Never.self) { try CacheDatabase.inMemory().claimWrites(scope: "sample|writes").get() }
    }

    @Test("A folder the lock file cannot be made in: the refusal says why, with no holder")
    func unwritableFolder() async throws {
        let folder = try TemporaryFolder()
        let file = folder.file("cache.sqlite")
        let database = try CacheDatabase(location: .file(file))
        // The lock file's name taken by a folder: opening it for writing fails (even as root).
        try FileManager.default.createDirectory(
            at: folder.file("cache.sqlite.sample%7Cwrites.lock"), withIntermediateDirectories: false)
        let refusal = try #require(database.claimWrites(scope: "sample|writes").failure)
        #expect(refusal.holder == nil)
        guard case .unavailable(let reason) = refusal else {
            Issue.record("expected unavailable: \(refusal)")
            return
        }
        #expect(reason.hasPrefix("cannot open \(folder.file("cache.sqlite.sample%7Cwrites.lock").path): "))
        #expect(refusal.description == reason)
        try await database.close()
    }
}

extension Result {
    /// The error, or nil on success.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
