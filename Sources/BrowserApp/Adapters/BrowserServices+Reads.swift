import RepositoryCore
import RickAndMortyModel

extension BrowserServices {
    /// Runs one repository read and reports its outcome, how long it took and the counters after it.
    func read<Value>(_ body: () async throws(RepositoryError) -> Answer<Value>) async -> ReadReport<Value> {
        let (result, elapsed, metrics) = await timed(on: clock, body)
        return ReadReport(result: result, elapsed: elapsed, metrics: metrics)
    }

    /// Runs one read that may revalidate in the background and hands `deliver` its reports: the
    /// first at once (`revalidating` when a revalidation was started), then the revalidation's
    /// (`background`), each with the time it took and the counters after it.
    func readUpdates<Value>(
        _ body: () async throws(RepositoryError) -> AnswerUpdates<Value>,
        deliver: (ReadReport<Value>) -> Void
    ) async {
        let (result, elapsed, metrics) = await timed(on: clock, body)
        var first = ReadReport(result: result.map(\.first), elapsed: elapsed, metrics: metrics)
        first.revalidating = (try? result.get())?.isRevalidating == true
        deliver(first)
        guard first.revalidating, case .success(let updates) = result else { return }
        var second = await read { () async throws(RepositoryError) -> Answer<Value> in
            try await updates.revalidated() ?? updates.first
        }
        second.background = true
        deliver(second)
    }

    /// Runs `body` on `clock`: its outcome, how long it took and the repository's counters after it.
    private func timed<C: Clock<Duration>, Value>(
        on clock: C, _ body: () async throws(RepositoryError) -> Value
    ) async -> (Result<Value, RepositoryError>, Duration, MetricsSnapshot) {
        let start = clock.now
        let result: Result<Value, RepositoryError>
        do throws(RepositoryError) {
            result = .success(try await body())
        } catch {
            result = .failure(error)
        }
        return (result, start.duration(to: clock.now), repository.metricsSnapshot())
    }
}
