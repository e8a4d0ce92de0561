import RepositoryCore
import RickAndMortyModel

extension BrowserServices {
    /// Runs one repository read and reports its outcome, how long it took and the counters after it.
    func read<Value>(_ body: () async throws(RepositoryError) -> Answer<Value>) async -> ReadReport<Value> {
        await timedRead(on: clock, body)
    }

    private func timedRead<C: Clock<Duration>, Value>(
        on clock: C, _ body: () async throws(RepositoryError) -> Answer<Value>
    ) async -> ReadReport<Value> {
        let start = clock.now
        let result: Result<Answer<Value>, RepositoryError>
        do throws(RepositoryError) {
            result = .success(try await body())
        } catch {
            result = .failure(error)
        }
        return ReadReport(
            result: result, elapsed: start.duration(to: clock.now), metrics: repository.metricsSnapshot())
    }
}
