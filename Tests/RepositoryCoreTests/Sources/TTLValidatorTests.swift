import Foundation
import RepositoryCore
import TestSupport
import Testing

/// The TTL boundary: an entry is valid while `now − storedAt < ttl`; at exactly `ttl` it is expired.
@Suite("TTL validator")
struct TTLValidatorTests {
    static let tick: TimeInterval = 0.001

    func verdict(afterSeconds elapsed: TimeInterval, ttl: TimeInterval = 60, expiresAt: TimeInterval? = nil)
        -> Validity
    {
        let time = ManualTimeSource()
        let stored = time.now()
        let metadata = EntryMetadata(
            storedAt: stored, expiresAt: expiresAt.map { stored.addingTimeInterval($0) })
        let entry = Entry(value: 1, metadata: metadata, origin: .disk)
        time.advance(by: elapsed)
        return TTLValidator<Int>(timeToLive: ttl, timeSource: time).validate(entry, for: .id(1))
    }

    @Test("One tick before the time to live the entry is valid")
    func oneTickBefore() { #expect(verdict(afterSeconds: 60 - Self.tick) == .valid) }

    @Test("At exactly the time to live the entry is expired (the boundary is exclusive)")
    func atTheBoundary() { #expect(!verdict(afterSeconds: 60).isValid) }

    @Test("One tick after the time to live the entry is expired")
    func oneTickAfter() { #expect(!verdict(afterSeconds: 60 + Self.tick).isValid) }

    @Test("An explicit expiry (the server's) replaces the time to live, shorter or longer, with the same boundary rule")
    func explicitExpiry() {
        #expect(verdict(afterSeconds: 10 - Self.tick, expiresAt: 10) == .valid)
        #expect(!verdict(afterSeconds: 10, expiresAt: 10).isValid)
        // A server's day outlives the validator's minute
        #expect(verdict(afterSeconds: 3_600, expiresAt: 86_400) == .valid)
        #expect(!verdict(afterSeconds: 86_400, expiresAt: 86_400).isValid)
    }

    @Test("The reason says how long ago the entry expired")
    func reason() {
        guard case .invalid(let reason) = verdict(afterSeconds: 90) else {
            Issue.record("expected invalid")
            return
        }
        #expect(reason.contains("30 s ago"))
    }

    @Test("A Duration time to live means the same")
    func durationInit() {
        let time = ManualTimeSource()
        let entry = Entry(value: 1, metadata: EntryMetadata(storedAt: time.now()), origin: .disk)
        time.advance(by: 1.5)
        #expect(
            TTLValidator<Int>(timeToLive: .seconds(2), timeSource: time).validate(entry, for: .id(1))
                == .valid)
        #expect(
            !TTLValidator<Int>(timeToLive: .milliseconds(1_500), timeSource: time).validate(
                entry, for: .id(1)
            ).isValid)
    }

    @Test("A validating data source turns an expired entry into notValid and passes writes through")
    func validatingSource() async throws {
        let time = ManualTimeSource()
        let base = InMemoryDataSource<String>()
        let source = ValidatingDataSource(base, validator: TTLValidator(timeToLive: 60, timeSource: time))
        try await source.put(
            Entry(value: "v", metadata: EntryMetadata(storedAt: time.now()), origin: .network), for: .id(1))
        #expect(try await source.get(.id(1)).value == "v")
        time.advance(by: 60)
        await #expect(
            throws: RepositoryError.notValid(query: "id:1", reason: "expired 0.000 s ago (time to live 60 s)")
        ) {
            _ = try await source.get(.id(1))
        }
        // THEN the entry is still held (validators never remove anything)
        #expect(base.contains(.id(1)))
    }

    @Test("In a repository, a validator without a time source judges by the repository's; one given wins")
    func oneClock() async throws {
        let repositoryTime = ManualTimeSource()
        let validatorTime = ManualTimeSource()
        let entry = Entry(value: 1, metadata: EntryMetadata(storedAt: repositoryTime.now()), origin: .memory)
        repositoryTime.advance(by: 61)
        #expect(!TTLValidator<Int>(timeToLive: 60).validate(entry, for: .id(1), timeSource: repositoryTime).isValid)
        #expect(
            TTLValidator<Int>(timeToLive: 60, timeSource: validatorTime)
                .validate(entry, for: .id(1), timeSource: repositoryTime).isValid)

        let cache = InMemoryDataSource<Int>()
        try await cache.put(entry, for: .id(1))
        let main = DataSource<Int> { _ in 2 }
        let repository = CacheRepository(
            main: main, cache: cache, validator: TTLValidator(timeToLive: 60),
            configuration: CacheRepositoryConfiguration(timeSource: repositoryTime))
        #expect(try await repository.get(.id(1), policy: .localFirst) == 2)
    }
}
