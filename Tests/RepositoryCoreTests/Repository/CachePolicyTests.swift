import RepositoryCore
import TestSupport
import Testing

@Suite("Cache policies")
struct CachePolicyTests {
    @Test("Each policy stands for its operation")
    func mapping() {
        #expect(CachePolicy.localFirst.operation == .cacheSync(fallback: .fail))
        #expect(CachePolicy.remoteFirst.operation == .mainSync(fallback: .serveStale))
        #expect(CachePolicy.noCache.operation == .main)
        #expect(CachePolicy.cacheOnly.operation == .cache(ignoreValidation: false))
    }

    @Test("The fallback rule is an explicit choice that changes only localFirst and remoteFirst")
    func explicitFallback() {
        #expect(
            CachePolicy.localFirst.operation(whenMainFails: .serveStale) == .cacheSync(fallback: .serveStale))
        #expect(CachePolicy.remoteFirst.operation(whenMainFails: .fail) == .mainSync(fallback: .fail))
        for rule in [FallbackRule.fail, .serveStale] {
            #expect(CachePolicy.noCache.operation(whenMainFails: rule) == .main)
            #expect(CachePolicy.cacheOnly.operation(whenMainFails: rule) == .cache)
        }
    }

    @Test("localFirst throws main's error over a stale cache, unless serving stale is asked for")
    func localFirstStale() async throws {
        let harness = OperationHarness(main: .fails, cache: .invalid)
        await #expect(throws: OperationHarness.offline) {
            _ = try await harness.repository.get(OperationHarness.query, policy: .localFirst)
        }
        let answer = try await harness.repository.answer(
            OperationHarness.query, policy: .localFirst, whenMainFails: .serveStale)
        #expect(answer.value == "stale" && answer.isStale && answer.fallbackError == OperationHarness.offline)
    }

    @Test("localFirst serves a valid cache hit without calling main")
    func localFirstHit() async throws {
        let harness = OperationHarness(main: .ok, cache: .valid)
        let answer = try await harness.repository.answer(OperationHarness.query, policy: .localFirst)
        #expect(answer.value == "cached")
        #expect(harness.main.getCount == 0)
    }

    @Test("localFirst fetches main on a miss and stores the value")
    func localFirstMiss() async throws {
        let harness = OperationHarness(main: .ok, cache: .missing)
        let value = try await harness.repository.get(OperationHarness.query, policy: .localFirst)
        #expect(value == "fresh")
        #expect(harness.cache.stored(OperationHarness.query)?.value == "fresh")
    }

    @Test("remoteFirst calls main even with a valid cache, and stores the value")
    func remoteFirstFetches() async throws {
        let harness = OperationHarness(main: .ok, cache: .valid)
        let answer = try await harness.repository.answer(OperationHarness.query, policy: .remoteFirst)
        #expect(answer.value == "fresh" && answer.origin == .network)
        #expect(harness.main.getCount == 1)
        #expect(harness.cache.stored(OperationHarness.query)?.value == "fresh")
    }

    @Test("remoteFirst serves the cache, even stale, with main's error when main fails")
    func remoteFirstFallsBack() async throws {
        let harness = OperationHarness(main: .fails, cache: .invalid)
        let answer = try await harness.repository.answer(OperationHarness.query, policy: .remoteFirst)
        #expect(answer.value == "stale")
        #expect(answer.isStale)
        #expect(answer.fallbackError == OperationHarness.offline)
    }

    @Test("remoteFirst with an empty cache throws main's error")
    func remoteFirstEmptyCache() async throws {
        let harness = OperationHarness(main: .fails, cache: .missing)
        await #expect(throws: OperationHarness.offline) {
            _ = try await harness.repository.get(OperationHarness.query, policy: .remoteFirst)
        }
    }

    @Test("noCache neither reads nor writes the cache")
    func noCache() async throws {
        let harness = OperationHarness(main: .ok, cache: .valid)
        let value = try await harness.repository.get(OperationHarness.query, policy: .noCache)
        #expect(value == "fresh")
        #expect(harness.cache.getCount == 0)
        #expect(harness.cache.putCount == 0)
        #expect(harness.cache.stored(OperationHarness.query)?.value == "cached")
    }

    @Test("cacheOnly never calls main, even on a miss")
    func cacheOnly() async throws {
        let harness = OperationHarness(main: .ok, cache: .missing)
        await #expect(throws: RepositoryError.notFound(query: "id:1")) {
            _ = try await harness.repository.get(OperationHarness.query, policy: .cacheOnly)
        }
        #expect(harness.main.getCount == 0)
    }

    @Test("The NetworkStorageRepository names are the same operations")
    func networkStorageAliases() async throws {
        #expect(RepositoryOperation.network == .main)
        #expect(RepositoryOperation.networkSync == .mainSync(fallback: .fail))
        #expect(RepositoryOperation.storage == .cache(ignoreValidation: false))
        #expect(RepositoryOperation.storageSync == .cacheSync(fallback: .fail))
        // GIVEN a repository built with the network/storage labels
        let network = FakeDataSource<String>(origin: .network)
        let storage = FakeDataSource<String>(origin: .disk)
        network.store("remote", for: .id(1))
        let repository = NetworkStorageRepository(network: network, storage: storage)
        // WHEN read with storageSync THEN network answers and storage is filled
        #expect(try await repository.get(.id(1), operation: .storageSync) == "remote")
        #expect(repository.storage.stored(.id(1))?.value == "remote")
        // WHEN read with storage THEN storage answers
        #expect(try await repository.answer(.id(1), operation: .storage).origin == .disk)
    }
}
