import Foundation

/// Keeps a `WriteBook`'s writes durably (an outbox), loaded at start and committed after each
/// change in one transaction (saved and removed writes together, or neither). Thread-safe.
public protocol WriteStore: Sendable {
    /// The writes kept, and the number the next write gets.
    func load() async throws -> (writes: [EntityWrite], nextSequence: Int64)
    /// Keeps `transition`'s saved writes and drops its removed ones, in one transaction, with the
    /// next write's number.
    func commit(_ transition: WriteTransition, nextSequence: Int64) async throws
}

/// The server copies an `EntityWriter` keeps current: a cache's tiers, told what a server said
/// (never what a user wrote and the server has not decided). Implementations are thread-safe.
public protocol WriteTiers: Sendable {
    /// The copy held of `entity`, or nil.
    func copy(of entity: String) async -> ServerCopy?
    /// The server holds `copy` of `entity` now.
    func store(_ copy: ServerCopy, of entity: String) async
    /// `entity` is gone from the server.
    func remove(_ entity: String) async
}

/// A `WriteStore` in memory: the writes live as long as the process. Thread-safe (an actor).
public actor MemoryWriteStore: WriteStore {
    private var writes: [Int64: EntityWrite] = [:]
    private var next: Int64 = 1

    public init() {}

    public func load() -> (writes: [EntityWrite], nextSequence: Int64) {
        (writes.values.sorted { $0.sequence < $1.sequence }, next)
    }

    public func commit(_ transition: WriteTransition, nextSequence: Int64) {
        for sequence in transition.removed { writes[sequence] = nil }
        for write in transition.saved { writes[write.sequence] = write }
        next = max(next, nextSequence)
    }
}
