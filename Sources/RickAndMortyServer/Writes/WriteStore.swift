import Foundation
import Locking
import RepositoryCore

/// The writes a server accepted and the idempotency keys in flight, behind one lock, and the file
/// that keeps the writes across restarts (none: in memory only). A key's life is `claim` (looked
/// up and, when free, reserved in one step), `commit`, then `release`: so no two requests with one
/// key are both applied. Answers older than `replyLifetime` are ignored, and dropped at the next
/// commit. Thread-safe: one write at a time.
final class WriteStore: Sendable {
    /// What `claim` found for a key.
    enum Claim: Sendable, Hashable {
        /// The key is the caller's until it calls `release`.
        case reserved
        /// The key's recorded answer (it may have been for another request: compare fingerprints).
        case recorded(RecordedReply)
        /// Another request holds the key and has not answered yet.
        case inFlight
    }

    /// The accepted writes and the keys of the requests in flight.
    private let guarded: PThreadMutex<(writes: ServerWrites, inFlight: Set<String>)>
    /// Where the writes are kept; nil: in memory only.
    let file: URL?
    /// How long a recorded answer is given again to its key.
    let replyLifetime: Duration
    /// Tells the time answers are recorded, and expire, at.
    let clock: any TimeSource

    /// A store of the writes `file` keeps, if it exists (an answer there without the time it was
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
            do {
                loaded = try decoder.decode(ServerWrites.self, from: Data(contentsOf: file))
            } catch {
                throw .stateUnreadable(path: file.path, reason: "\(error)")
            }
            let now = clock.now()
            for (key, reply) in loaded.replies where reply.recordedAt == nil {
                loaded.replies[key]?.recordedAt = now
            }
        }
        guarded = PThreadMutex((loaded, []))
    }

    /// The writes accepted so far.
    var current: ServerWrites { guarded.withLock { $0.writes } }

    /// `key`'s live answer, or else `key` reserved for the caller, who must `release` it; or else
    /// `.inFlight`. One step under the lock: of two requests with one key, only one reserves it.
    func claim(_ key: String) -> Claim {
        let now = clock.now()
        return guarded.withLock { state in
            if let reply = state.writes.replies[key], !reply.isExpired(at: now, lifetime: replyLifetime) {
                return .recorded(reply)
            }
            return state.inFlight.insert(key).inserted ? .reserved : .inFlight
        }
    }

    /// Frees a key `claim` reserved; an answer recorded for it meanwhile is what the next one finds.
    func release(_ key: String) {
        guarded.withLock { _ = $0.inFlight.remove(key) }
    }

    /// Runs `change` on the writes (expired answers dropped) under the lock; when it says it changed
    /// them, saves them to the file before they take effect, then hands the outcome to `publish`,
    /// still under the lock, so writes are published in order. A failed save throws and changes
    /// nothing, so an accepted write is never lost. A change that says it changed nothing must have
    /// changed nothing.
    func commit<Outcome>(
        _ change: (inout ServerWrites) -> (Outcome, changed: Bool), publish: (Outcome) -> Void
    ) throws(StateFileError) -> Outcome {
        let now = clock.now()
        return try guarded.withLock { (state) throws(StateFileError) -> Outcome in
            var writes = state.writes
            // Without a file nothing can fail: taken out of the state, the writes change in place,
            // not as a copy of every answer recorded so far, and always go back.
            if file == nil { state.writes = ServerWrites() }
            writes.dropExpiredReplies(at: now, lifetime: replyLifetime)
            let (outcome, changed) = change(&writes)
            if changed, let file { try StateFile.save(try Self.encoded(writes), to: file) }
            if changed || file == nil { state.writes = writes }
            if changed { publish(outcome) }
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
