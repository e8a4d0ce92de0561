import RepositoryCore
import TestSupport
import Testing

@Suite("Retry")
struct RetryTests {
    static let offline = RepositoryError.mainUnavailable(reason: "offline")
    static let policy = RetryPolicy(
        maxAttempts: 6, baseDelay: .milliseconds(100), multiplier: 2, maxDelay: .seconds(1))

    /// Runs `policy` over an operation that throws `errors` in order, then answers 42.
    static func run(
        _ policy: RetryPolicy, errors: [RepositoryError], sleeper: RecordingSleeper = RecordingSleeper()
    ) async -> (result: Result<Int, RepositoryError>, attempts: Int, delays: [Duration]) {
        let attempts = AsyncCounter()
        let result: Result<Int, RepositoryError>
        do {
            result = .success(
                try await policy.run(sleeper: sleeper.sleeper) { () async throws(RepositoryError) -> Int in
                    let attempt = attempts.value
                    attempts.increment()
                    if attempt < errors.count { throw errors[attempt] }
                    return 42
                })
        } catch {
            result = .failure(error)
        }
        return (result, attempts.value, sleeper.delays)
    }

    @Test("Backoff doubles from the base delay up to the cap; attempts stop at the maximum")
    func backoffAndCap() async {
        let run = await Self.run(Self.policy, errors: Array(repeating: Self.offline, count: 10))
        #expect(run.result == .failure(Self.offline))
        #expect(run.attempts == 6)
        #expect(
            run.delays == [
                .milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .seconds(1),
            ])
    }

    @Test("A success ends the retries")
    func successStops() async {
        let run = await Self.run(Self.policy, errors: [Self.offline, Self.offline])
        #expect(run.result == .success(42))
        #expect(run.attempts == 3)
        #expect(run.delays == [.milliseconds(100), .milliseconds(200)])
    }

    @Test(
        "notFound and cancelled are never retried, whatever the rule says",
        arguments: [
            RepositoryError.notFound(query: "id:1"), .cancelled,
        ])
    func neverRetried(_ error: RepositoryError) async {
        let permissive = RetryPolicy(maxAttempts: 5, isRetryable: { _ in true })
        let run = await Self.run(permissive, errors: [error])
        #expect(run.result == .failure(error))
        #expect(run.attempts == 1)
        #expect(run.delays.isEmpty)
    }

    @Test("By default only mainUnavailable is retried")
    func defaultRule() async {
        let run = await Self.run(Self.policy, errors: [.storageFailure(detail: "x")])
        #expect(run.attempts == 1)
        let custom = RetryPolicy(
            maxAttempts: 2, isRetryable: { if case .storageFailure = $0 { true } else { false } })
        #expect(await Self.run(custom, errors: [.storageFailure(detail: "x")]).result == .success(42))
    }

    @Test("A cancelled sleep ends the retries with .cancelled")
    func cancelledSleep() async {
        let run = await Self.run(
            Self.policy, errors: [Self.offline, Self.offline], sleeper: RecordingSleeper(failing: true))
        #expect(run.result == .failure(.cancelled))
        #expect(run.attempts == 1)
    }

    @Test("RetryPolicy.none makes one attempt")
    func none() async {
        #expect(await Self.run(.none, errors: [Self.offline]).attempts == 1)
    }

    @Test("Through a repository, retries are counted on the network tier")
    func repositoryCountsRetries() async throws {
        let main = FakeDataSource<String>(origin: .network)
        main.store("v", for: .id(1))
        main.enqueueGets([.failure(Self.offline)])
        let sleeper = RecordingSleeper()
        let repository = CacheRepository(
            main: main, cache: InMemoryDataSource<String>(),
            configuration: CacheRepositoryConfiguration(retry: Self.policy, sleeper: sleeper.sleeper))
        #expect(try await repository.get(.id(1), policy: .noCache) == "v")
        #expect(repository.metrics.snapshot().network.retries == 1)
        #expect(sleeper.delays == [.milliseconds(100)])
    }
}
