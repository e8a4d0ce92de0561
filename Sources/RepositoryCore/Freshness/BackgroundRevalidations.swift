import Locking

/// The background revalidations a repository has running, at most one per key: a stale read
/// inside its stale-while-revalidate window that finds one running for its query awaits that one
/// instead of starting another, so a thousand such reads cost one task and one main call.
/// Thread-safe (a lock guards the running tasks; each removes itself when it ends).
@usableFromInline
final class BackgroundRevalidations<Key: Hashable & Sendable>: Sendable {
    private let running = PThreadMutex<[Key: any RunningRevalidation]>([:])

    @usableFromInline init() {}

    /// The revalidation running for `key`, or a new one running `work` (registered until it
    /// ends); its task gives `work`'s outcome as a `Result`.
    @usableFromInline
    func task<Output: Sendable>(
        for key: Key, _ work: @escaping @Sendable () async throws(RepositoryError) -> Output
    ) -> Task<Result<Output, RepositoryError>, Never> {
        running.withLock { running in
            // (a class cast: one metadata comparison, where a cast to the task's struct type costs
            // an existential unwrap per stale read)
            if let existing = running[key] as? Running<Output> { return existing.task }
            let task = Task { [self] () -> Result<Output, RepositoryError> in
                let result: Result<Output, RepositoryError>
                do throws(RepositoryError) {
                    result = .success(try await work())
                } catch {
                    result = .failure(error)
                }
                // (inserted under the lock before this can run: the entry is this task)
                self.running.withLock { _ = $0.removeValue(forKey: key) }
                return result
            }
            running[key] = Running(task)
            return task
        }
    }

    /// The keys being revalidated now.
    var keys: [Key] { running.withLock { Array($0.keys) } }
}

/// A running revalidation, whatever it answers.
@usableFromInline
protocol RunningRevalidation: AnyObject, Sendable {}

/// A running revalidation's task.
final class Running<Output: Sendable>: RunningRevalidation {
    let task: Task<Result<Output, RepositoryError>, Never>
    init(_ task: Task<Result<Output, RepositoryError>, Never>) { self.task = task }
}
