import Locking

/// Counts the explorer detail's trees and line sets built by the task it is bound to
/// (`ExplorerBuildCount.$current`), so a test can prove that frames and moves build neither.
/// Unbound, nothing is counted. Thread-safe.
final class ExplorerBuildCount: Sendable {
    /// The counter of the current task, if one is bound.
    @TaskLocal static var current: ExplorerBuildCount?

    private let counts = PThreadMutex((trees: 0, lines: 0))

    /// `ExplorerTree`s built.
    var trees: Int { counts.withLock { $0.trees } }
    /// `ExplorerDetailLines.build` calls.
    var lines: Int { counts.withLock { $0.lines } }

    func countTree() { counts.withLock { $0.trees += 1 } }
    func countLines() { counts.withLock { $0.lines += 1 } }
}
