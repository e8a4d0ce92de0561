import Foundation
import Locking

/// When this process last stored a write's answer for each entity (an edit the server took, a
/// delete): a read asked for before then carries an older copy, and must not write over it or
/// bring a deleted entity back. Process-local, in memory; thread-safe (a `PThreadMutex`).
public final class WriteFence: Sendable {
    /// Each entity's latest mark, and the latest of all (what `anyAfter` reads).
    @usableFromInline let marks = PThreadMutex<(byID: [String: Date], latest: Date)>(([:], .distantPast))

    public init() {}

    /// Records that a write's answer for entity `id` was stored (or its delete applied) at `time`.
    public func mark(_ id: String, at time: Date) {
        marks.withLock { marks in
            marks.latest = max(marks.latest, time)
            if let held = marks.byID[id], held >= time { return }
            marks.byID[id] = time
        }
    }

    /// Whether a write's answer for entity `id` was stored after `asked` (a read's request time).
    @inlinable
    public func wroteAfter(_ id: String, _ asked: Date) -> Bool {
        marks.withLock { $0.byID[id].map { $0 > asked } ?? false }
    }

    /// Whether any write's answer was stored after `asked`: the common case is none, checked once.
    @inlinable
    public func anyAfter(_ asked: Date) -> Bool {
        marks.withLock { $0.latest > asked }
    }
}

/// A main source whose read of one entity (`Query.id`) is asked again when a write's answer for
/// that entity was stored while the read was on its way (`WriteFence`): the first answer may
/// predate the write, the second cannot (a server answers a write once it is applied). A delete
/// meanwhile makes the second answer `.notFound`. Other queries pass through. Thread-safe when
/// `main` is.
public struct WriteFencedSource<Main: GetDataSource>: GetDataSource {
    public typealias Value = Main.Value

    /// The source read.
    public let main: Main
    /// Where the writes' answers are marked.
    public let fence: WriteFence
    /// The clock the marks are made with.
    public let timeSource: any TimeSource

    /// Reads `main`, asked again when `fence` says a write overtook the read.
    public init(main: Main, fence: WriteFence, timeSource: any TimeSource) {
        self.main = main
        self.fence = fence
        self.timeSource = timeSource
    }

    public func get(_ query: Query, cached: Entry<Value>?) async throws(RepositoryError) -> Entry<Value> {
        let asked = timeSource.now()
        let entry = try await main.get(query, cached: cached)
        guard case .id(let id) = query, fence.wroteAfter(id, asked) else { return entry }
        // (not conditional: the cached copy may predate the write as well)
        return try await main.get(query, cached: nil)
    }
}
