import Foundation
import Locking
import RepositoryCore

/// The writes a server accepted and the idempotency keys in flight, behind one lock, and the file
/// that keeps the writes across restarts (none: in memory only). A key's life is `claim` (looked
/// up and, when free, reserved in one step), `commit` (applied and its answer recorded), then
/// `release`: so no two requests with one key are both applied. `commit` saves the file before the
/// change takes effect, so an accepted write is never lost and a failed save changes nothing.
/// Answers older than `replyLifetime` are ignored, and dropped at the next commit.
/// Thread-safe: one write at a time.
final class WriteStore: Sendable {
    /// The accepted writes and the keys of the requests in flight.
    private struct Guarded {
        var writes: ServerWrites
        var inFlight: Set<String> = []
    }

    /// What `claim` found for a key.
    enum Claim: Sendable, Hashable {
        /// The key is the caller's until it calls `release`.
        case reserved
        /// The key's recorded answer (it may have been for another request: compare fingerprints).
        case recorded(RecordedReply)
        /// Another request holds the key and has not answered yet.
        case inFlight
    }

    private let guarded: PThreadMutex<Guarded>
    /// Where the writes are kept; nil: in memory only.
    let file: URL?
    /// How long a recorded answer is given again to its key.
    let replyLifetime: Duration
    /// Tells the time answers are recorded, and expire, at.
    let clock: any TimeSource

    /// An empty store kept in `file` (read when it exists; an answer in it without the time it was
    /// recorded counts as recorded now).
    init(file: URL?, replyLifetime: Duration = .seconds(86_400), clock: any TimeSource = SystemTimeSource())
        throws(ServerError)
    {
        self.file = file
        self.replyLifetime = replyLifetime
        self.clock = clock
        var loaded = ServerWrites()
        if let file, FileManager.default.fileExists(atPath: file.path) {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            if let key = RecordedReply.loadedAt { decoder.userInfo[key] = clock.now() }
            do {
                loaded = try decoder.decode(ServerWrites.self, from: Data(contentsOf: file))
            } catch {
                throw .stateUnreadable(path: file.path, reason: "\(error)")
            }
        }
        guarded = PThreadMutex(Guarded(writes: loaded))
    }

    /// The writes accepted so far.
    var current: ServerWrites { guarded.withLock { $0.writes } }

    /// Looks `key` up and, when it has no live answer and no request holds it, reserves it for the
    /// caller, who must `release` it once its answer is recorded or given up. One step under the
    /// lock: of two requests with one key, one reserves it and the other finds it reserved.
    func claim(_ key: String) -> Claim {
        let now = clock.now()
        return guarded.withLock { state in
            if let reply = state.writes.reply(for: key, at: now, lifetime: replyLifetime) {
                return .recorded(reply)
            }
            return state.inFlight.insert(key).inserted ? .reserved : .inFlight
        }
    }

    /// Frees a key `claim` reserved. An answer recorded for it meanwhile is what the next request
    /// with it finds.
    func release(_ key: String) {
        guarded.withLock { _ = $0.inFlight.remove(key) }
    }

    /// Runs `change` on a copy of the writes (expired answers dropped), under the lock; when it
    /// says it changed them, saves the copy and makes it current, then hands the outcome to
    /// `publish` (still under the lock, so writes are published in order). A failed save throws
    /// and leaves everything as it was. In memory only (no file), nothing can fail, and `change`
    /// runs on the writes themselves: no copy of every answer recorded so far on each write. So a
    /// change that says it changed nothing must have changed nothing.
    func commit<Outcome>(
        _ change: (inout ServerWrites) -> (Outcome, changed: Bool), publish: (Outcome) -> Void
    ) throws(StateFileError) -> Outcome {
        let now = clock.now()
        return try guarded.withLock { (state) throws(StateFileError) -> Outcome in
            guard let file else {
                state.writes.dropExpiredReplies(at: now, lifetime: replyLifetime)
                let (outcome, changed) = change(&state.writes)
                if changed { publish(outcome) }
                return outcome
            }
            var copy = state.writes
            copy.dropExpiredReplies(at: now, lifetime: replyLifetime)
            let (outcome, changed) = change(&copy)
            guard changed else { return outcome }
            try StateFile.save(try Self.encoded(copy), to: file)
            state.writes = copy
            publish(outcome)
            return outcome
        }
    }

    /// `writes` as the state file holds them: JSON, keys sorted, times in seconds since 1970.
    private static func encoded(_ writes: ServerWrites) throws(StateFileError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        do {
            return Array(try encoder.encode(writes))
        } catch {
            throw StateFileError(step: "encode the writes for", path: "the state file", reason: "\(error)")
        }
    }
}
