import Foundation
import RepositoryCore
import TestSupport
import Testing

/// One test per hole of the original library (cache-semantics.md); each fails on the original behaviour.
@Suite("Holes of the original library")
struct HoleTests {
    @Test("Hole 1: a failed main fetch with an empty cache throws the main error, not notFound")
    func hole1_failedMainWithEmptyCacheThrowsMainError() async {
        for operation in [
            RepositoryOperation.cacheSync(fallback: .serveStale), .mainSync(fallback: .serveStale),
        ] {
            let harness = OperationHarness(main: .fails, cache: .missing)
            await #expect(throws: OperationHarness.offline, "\(operation.label)") {
                _ = try await harness.repository.get(OperationHarness.query, operation: operation)
            }
        }
    }

    @Test("Hole 2: a failed cache write after a successful main read returns main's value with a diagnostic")
    func hole2_cacheWriteFailureDoesNotFailTheRead() async throws {
        // GIVEN a cache that reads as a miss but cannot be written
        let harness = OperationHarness(main: .ok, cache: .missing)
        harness.cache.failPuts(with: OperationHarness.diskFull)
        let logged = AsyncCounter()
        let repository = CacheRepository(
            main: harness.main, cache: harness.cache,
            configuration: CacheRepositoryConfiguration(diagnosticsHandler: { _ in logged.increment() }))
        // WHEN read cache-first (and main-first)
        for operation in [RepositoryOperation.cacheSync, .mainSync] {
            let answer = try await repository.answer(OperationHarness.query, operation: operation)
            // THEN main's value comes back and the failure is reported, not thrown
            #expect(answer.value == "fresh")
            #expect(answer.diagnostics.count == 1)
            #expect(answer.diagnostics.first?.contains("disk full") == true)
        }
        #expect(logged.value == 2)
    }

    @Test("Hole 3: the TTL validator expires entries (no sign error)")
    func hole3_ttlValidatorExpires() {
        let time = ManualTimeSource()
        let validator = TTLValidator<String>(timeToLive: 60, timeSource: time)
        let entry = Entry(value: "v", metadata: EntryMetadata(storedAt: time.now()), origin: .memory)
        #expect(validator.validate(entry, for: .id(1)) == .valid)
        time.advance(by: 3_600)
        #expect(!validator.validate(entry, for: .id(1)).isValid)
    }

    @Test("Hole 4: retry wraps the main call only and never re-runs the operation")
    func hole4_retryWrapsMainOnly() async throws {
        // GIVEN main fails twice then answers, and a retry policy of 3 attempts
        let harness = OperationHarness(main: .ok, cache: .missing)
        harness.main.enqueueGets([.failure(OperationHarness.offline), .failure(OperationHarness.offline)])
        let sleeper = RecordingSleeper()
        let repository = CacheRepository(
            main: harness.main, cache: harness.cache,
            configuration: CacheRepositoryConfiguration(
                retry: RetryPolicy(maxAttempts: 3), sleeper: sleeper.sleeper))
        // WHEN read cache-first
        let answer = try await repository.answer(OperationHarness.query, operation: .cacheSync)
        // THEN main was called three times, the cache read and written once each
        #expect(answer.value == "fresh")
        #expect(harness.main.getCount == 3)
        #expect(harness.cache.getCount == 1)
        #expect(harness.cache.putCount == 1)
        #expect(sleeper.delays.count == 2)
    }

    @Test("Hole 5: every operation is handled (the enum is closed; nothing to crash on)")
    func hole5_everyOperationIsHandled() async {
        for operation in RepositoryOperation.everyCase + [.network, .networkSync, .storage, .storageSync] {
            let harness = OperationHarness(main: .ok, cache: .valid)
            let answer = try? await harness.repository.answer(OperationHarness.query, operation: operation)
            #expect(answer != nil, "\(operation.label)")
            #expect(
                (try? await harness.repository.put("x", for: OperationHarness.query, operation: operation))
                    != nil)
            #expect(
                (try? await harness.repository.delete(OperationHarness.query, operation: operation)) != nil)
        }
    }

    @Test("Hole 6: an empty cached list is a valid hit unless a validator says otherwise")
    func hole6_emptyCachedListIsAHit() async throws {
        let main = FakeDataSource<[String]>(origin: .network)
        let cache = FakeDataSource<[String]>(origin: .memory)
        main.store(["rick"], for: .all)
        cache.store([], for: .all)
        // WHEN read cache-first without a validator THEN the empty list is served from the cache
        let plain = CacheRepository(main: main, cache: cache)
        #expect(try await plain.get(.all, operation: .cacheSync) == [])
        #expect(main.getCount == 0)
        // WHEN a validator rejects empty lists THEN main is asked
        let rejectsEmpty = ClosureValidator<[String]> { entry, _ in
            entry.value.isEmpty ? .invalid(reason: "empty") : .valid
        }
        let strict = CacheRepository(main: main, cache: cache, validator: rejectsEmpty)
        #expect(try await strict.get(.all, operation: .cacheSync) == ["rick"])
        #expect(main.getCount == 1)
    }
}
