import RepositoryCore
import RickAndMortyModel

extension BrowserServices {
    /// Runs one repository read and reports its outcome, how long it took and the counters after it.
    func read<Value>(_ body: () async throws(RepositoryError) -> Answer<Value>) async -> ReadReport<Value> {
        let (result, elapsed, metrics) = await outcome(of: body)
        return ReadReport(result: result, elapsed: elapsed, metrics: metrics)
    }

    /// Runs one read that may revalidate in the background and hands `deliver` its reports: the
    /// first at once (`revalidating` when a revalidation was started), then the revalidation's
    /// (`background`), each with the time it took and the counters after it.
    func readUpdates<Value>(
        _ body: () async throws(RepositoryError) -> AnswerUpdates<Value>,
        deliver: (ReadReport<Value>) -> Void
    ) async {
        let (first, background) = await readRevalidating(body)
        deliver(first)
        if let background { deliver(await background()) }
    }

    /// Runs one read that may revalidate in the background: the first report at once
    /// (`revalidating` when a revalidation was started) and, then, what waits for the
    /// revalidation's report (`background`), for a caller with work to do in between.
    func readRevalidating<Value>(_ body: () async throws(RepositoryError) -> AnswerUpdates<Value>) async
        -> (first: ReadReport<Value>, background: (@Sendable () async -> ReadReport<Value>)?)
    {
        let (result, elapsed, metrics) = await outcome(of: body)
        var first = ReadReport(result: result.map(\.first), elapsed: elapsed, metrics: metrics)
        guard case .success(let updates) = result, updates.isRevalidating else { return (first, nil) }
        first.revalidating = true
        return (
            first,
            { [self] in
                var second = await read { () async throws(RepositoryError) -> Answer<Value> in
                    try await updates.revalidated() ?? updates.first
                }
                second.background = true
                return second
            }
        )
    }

    /// Runs `body`: its outcome, how long it took and the repository's counters after it.
    private func outcome<Value>(of body: () async throws(RepositoryError) -> Value) async
        -> (Result<Value, RepositoryError>, Duration, MetricsSnapshot)
    {
        await timed(on: clock, body)
    }

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
