import Foundation
import RepositoryCore
import TestSupport
import Testing

/// Writing bare values, and who stamps stored-at: the repository's own time source, whatever
/// clock the main source keeps.
@Suite("Stored-at stamps")
struct StoredAtStampTests {
    @Test("Main's value is stamped by the repository's time source, so a TTL on that source expires it")
    func repositoryStampsMainValues() async throws {
        // GIVEN a main source whose clock is a year behind, and a repository + TTL on another clock
        let mainClock = ManualTimeSource(start: Date(timeIntervalSince1970: 1_600_000_000))
        let time = ManualTimeSource()
        let main = FakeDataSource<String>(origin: .network, timeSource: mainClock)
        main.store("fresh", for: "pi")
        let cache = InMemoryDataSource<String>()
        let repository = CacheRepository(
            main: main, cache: cache, validator: TTLValidator(timeToLive: 60, timeSource: time),
            configuration: CacheRepositoryConfiguration(timeSource: time))
        // WHEN read cache-first
        let first = try await repository.answer("pi", operation: .cacheSync)
        // THEN the cached entry carries the repository's now, and the age is zero
        #expect(first.origin == .network && first.age == 0)
        #expect(cache.immediateGetEntry("pi")?.metadata.storedAt == time.now())
        // AND it stays valid for the time to live on the repository's clock, then expires
        time.advance(by: 59)
        #expect(try await repository.answer("pi", operation: .cacheSync).origin == .memory)
        time.advance(by: 1)
        #expect(try await repository.answer("pi", operation: .cacheSync).origin == .network)
        #expect(main.getCount == 2)
    }

    @Test("A repository write stamps both sources' copies with the repository's time source")
    func repositoryStampsWrites() async throws {
        let time = ManualTimeSource()
        let main = FakeDataSource<String>(origin: .network, timeSource: ManualTimeSource(start: .distantPast))
        let cache = InMemoryDataSource<String>()
        let repository = CacheRepository(
            main: main, cache: cache, configuration: CacheRepositoryConfiguration(timeSource: time))
        // WHEN a bare value is written with the default operation (main, then the cache)
        let written = try await repository.put("3.14", for: "pi")
        // THEN both hold it, stamped now by the repository
        #expect(written == "3.14")
        #expect(main.stored("pi")?.metadata.storedAt == time.now())
        #expect(cache.immediateGetEntry("pi")?.value == "3.14")
        #expect(cache.immediateGetEntry("pi")?.metadata.storedAt == time.now())
        // AND the default delete removes it from both
        try await repository.delete("pi")
        #expect(main.stored("pi") == nil && cache.immediateGetEntry("pi") == nil)
    }

    @Test("A data source writes a bare value stamped by its own time source")
    func dataSourceStampsBareValues() async throws {
        let time = ManualTimeSource()
        let source = InMemoryDataSource<Double>(timeSource: time)
        let stored = try await source.put(3.14159265359, for: "pi")
        #expect(stored.value == 3.14159265359 && stored.metadata.storedAt == time.now())
        #expect(stored.origin == .memory)
        #expect(try await source.get(.key("pi")).metadata.storedAt == time.now())
    }
}

extension InMemoryDataSource {
    /// The entry held for `query` without suspending, or nil.
    fileprivate func immediateGetEntry(_ query: Query) -> Entry<Value>? {
        if case .entry(let entry) = immediateGet(query) { return entry }
        return nil
    }
}
