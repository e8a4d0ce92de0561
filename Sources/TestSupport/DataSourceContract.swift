import Foundation
import RepositoryCore
import Testing

/// One test body that every data-source implementation must pass (run it from each test target).
///
/// `make` returns a fresh, empty source; `sample(n)` returns distinct values for distinct `n`.
/// Not thread-safe by itself; each call builds its own source.
public enum DataSourceContract {
    /// Runs every contract check against fresh sources from `make`.
    public static func verify<Source: GetDataSource & PutDataSource & DeleteDataSource>(
        _ make: () async throws -> Source,
        sample: @escaping @Sendable (Int) -> Source.Value,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws where Source.Value: Equatable {
        try await missingKeyIsNotFound(try await make(), sourceLocation: sourceLocation)
        try await putThenGet(try await make(), sample: sample, sourceLocation: sourceLocation)
        try await deleteRemoves(try await make(), sample: sample, sourceLocation: sourceLocation)
        try await distinctQueriesAreDistinct(try await make(), sample: sample, sourceLocation: sourceLocation)
        try await keyAndIdAreOneQuery(try await make(), sample: sample, sourceLocation: sourceLocation)
        try await bareValueIsStored(try await make(), sample: sample, sourceLocation: sourceLocation)
        try await concurrentWritesAreAllKept(try await make(), sample: sample, sourceLocation: sourceLocation)
        try await immediateReadAgreesWithGet(try await make(), sample: sample, sourceLocation: sourceLocation)
    }

    /// Metadata stored at `seconds`; with an `etag`, every other field too (an expiry, the
    /// validators, a stale use), so a round trip shows each survives.
    static func metadata(_ seconds: TimeInterval, etag: String? = nil) -> EntryMetadata {
        EntryMetadata(
            storedAt: Date(timeIntervalSince1970: seconds),
            expiresAt: etag.map { _ in Date(timeIntervalSince1970: seconds + 60) }, etag: etag,
            lastModified: etag.map { "lm-\($0)" },
            staleUse: etag.map { _ in StaleUse(whileRevalidating: 600, ifError: 30, mustRevalidate: true) })
    }

    static func missingKeyIsNotFound<S: GetDataSource>(_ source: S, sourceLocation: SourceLocation)
        async throws
    {
        // GIVEN an empty source WHEN a key is read THEN it is .notFound
        await #expect(throws: RepositoryError.self, sourceLocation: sourceLocation) {
            _ = try await source.get(.id("missing"))
        }
        do {
            _ = try await source.get(.id("missing"))
        } catch {
            #expect(
                error == .notFound(query: Query.id("missing").cacheKey) || error.isCacheMiss,
                sourceLocation: sourceLocation)
        }
    }

    static func putThenGet<S: GetDataSource & PutDataSource>(
        _ source: S, sample: (Int) -> S.Value, sourceLocation: SourceLocation
    ) async throws where S.Value: Equatable {
        // GIVEN a stored entry with validators WHEN read back THEN value and metadata survive
        let stored = Entry(value: sample(1), metadata: metadata(1_000, etag: "W/\"abc\""), origin: .network)
        try await source.put(stored, for: .id("1"))
        let read = try await source.get(.id("1"))
        #expect(read.value == sample(1), sourceLocation: sourceLocation)
        #expect(read.metadata.etag == "W/\"abc\"", sourceLocation: sourceLocation)
        #expect(read.metadata.lastModified == "lm-W/\"abc\"", sourceLocation: sourceLocation)
        #expect(read.metadata.staleUse == stored.metadata.staleUse, sourceLocation: sourceLocation)
        #expect(
            abs((read.metadata.expiresAt?.timeIntervalSince1970 ?? 0) - 1_060) < 0.001, sourceLocation: sourceLocation)
        #expect(
            abs(read.metadata.storedAt.timeIntervalSince1970 - 1_000) < 0.001, sourceLocation: sourceLocation)
        // WHEN overwritten THEN the newest value wins
        try await source.put(
            Entry(value: sample(2), metadata: metadata(2_000), origin: .network), for: .id("1"))
        #expect(try await source.get(.id("1")).value == sample(2), sourceLocation: sourceLocation)
        #expect(try await source.get(.id("1")).metadata.etag == nil, sourceLocation: sourceLocation)
    }

    static func deleteRemoves<S: GetDataSource & PutDataSource & DeleteDataSource>(
        _ source: S, sample: (Int) -> S.Value, sourceLocation: SourceLocation
    ) async throws where S.Value: Equatable {
        for n in 1...3 {
            try await source.put(
                Entry(value: sample(n), metadata: metadata(1), origin: .network), for: .id(n))
        }
        // WHEN one key is deleted THEN only it is gone; deleting a missing key is fine
        try await source.delete(.id(2))
        try await source.delete(.id(99))
        #expect(try await source.get(.id(1)).value == sample(1), sourceLocation: sourceLocation)
        await #expect(throws: RepositoryError.self, sourceLocation: sourceLocation) {
            _ = try await source.get(.id(2))
        }
        // WHEN .all is deleted THEN nothing is left
        try await source.delete(.all)
        for n in [1, 3] {
            await #expect(throws: RepositoryError.self, sourceLocation: sourceLocation) {
                _ = try await source.get(.id(n))
            }
        }
    }

    static func distinctQueriesAreDistinct<S: GetDataSource & PutDataSource>(
        _ source: S, sample: (Int) -> S.Value, sourceLocation: SourceLocation
    ) async throws where S.Value: Equatable {
        let queries: [Query] = [
            .page(PageQuery(number: 1)), .page(PageQuery(number: 1, filters: ["name": "rick"])),
            .page(PageQuery(number: 2)), .id("1"), .ids(["1"]), .key("../1"), .key("Double.pi"),
        ]
        for (n, query) in queries.enumerated() {
            try await source.put(
                Entry(value: sample(n + 10), metadata: metadata(1), origin: .network), for: query)
        }
        for (n, query) in queries.enumerated() {
            #expect(
                try await source.get(query).value == sample(n + 10), "\(query)",
                sourceLocation: sourceLocation)
        }
    }

    static func keyAndIdAreOneQuery<S: GetDataSource & PutDataSource & DeleteDataSource>(
        _ source: S, sample: (Int) -> S.Value, sourceLocation: SourceLocation
    ) async throws where S.Value: Equatable {
        // GIVEN a value written for .id("a") WHEN read as .key("a") or the literal "a" THEN it is there
        try await source.put(Entry(value: sample(1), metadata: metadata(1), origin: .network), for: .id("a"))
        #expect(try await source.get(.key("a")).value == sample(1), sourceLocation: sourceLocation)
        #expect(try await source.get("a").value == sample(1), sourceLocation: sourceLocation)
        // WHEN overwritten through .key("a") THEN .id("a") reads the new value
        try await source.put(Entry(value: sample(2), metadata: metadata(2), origin: .network), for: .key("a"))
        #expect(try await source.get(.id("a")).value == sample(2), sourceLocation: sourceLocation)
        // WHEN deleted through .key("a") THEN .id("a") is gone
        try await source.delete(.key("a"))
        await #expect(throws: RepositoryError.self, sourceLocation: sourceLocation) {
            _ = try await source.get(.id("a"))
        }
    }

    static func bareValueIsStored<S: GetDataSource & PutDataSource>(
        _ source: S, sample: (Int) -> S.Value, sourceLocation: SourceLocation
    ) async throws where S.Value: Equatable {
        // GIVEN a bare value written without metadata WHEN read back THEN it is there, with no validators
        let stored = try await source.put(sample(3), for: .id("bare"))
        #expect(stored.value == sample(3), sourceLocation: sourceLocation)
        let read = try await source.get(.id("bare"))
        #expect(read.value == sample(3) && read.metadata.etag == nil, sourceLocation: sourceLocation)
    }

    /// A source read without suspending (a built-in memory tier; every other source reads
    /// through `get`, which this leaves to the checks above) agrees with its `get`.
    static func immediateReadAgreesWithGet<S: GetDataSource & PutDataSource & DeleteDataSource>(
        _ source: S, sample: (Int) -> S.Value, sourceLocation: SourceLocation
    ) async throws where S.Value: Equatable {
        let paths = FoundFastPaths(of: source)
        // GIVEN an empty source WHEN probed without suspending THEN it never invents an entry
        if case .entry = paths.immediateGet(.id("absent")) {
            Issue.record(
                "an empty source answered an entry without suspending", sourceLocation: sourceLocation)
        }
        // GIVEN a stored entry WHEN probed THEN it is that entry, or the source asks for `get`
        let stored = Entry(value: sample(7), metadata: metadata(7, etag: "e7"), origin: .network)
        try await source.put(stored, for: .id(7))
        switch paths.immediateGet(.id(7)) {
        case .entry(let entry):
            let read = try await source.get(.id(7))
            #expect(
                entry.value == read.value && entry.metadata == read.metadata, sourceLocation: sourceLocation)
        case .notFound:
            Issue.record(
                "a stored entry was reported missing without suspending", sourceLocation: sourceLocation)
        case .needsSuspension:
            break
        }
    }

    static func concurrentWritesAreAllKept<S: GetDataSource & PutDataSource>(
        _ source: S, sample: @escaping @Sendable (Int) -> S.Value, sourceLocation: SourceLocation
    ) async throws where S.Value: Equatable {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for n in 0..<50 {
                group.addTask {
                    try await source.put(
                        Entry(value: sample(n), metadata: metadata(1), origin: .network), for: .id(n))
                }
            }
            try await group.waitForAll()
        }
        for n in 0..<50 {
            #expect(try await source.get(.id(n)).value == sample(n), sourceLocation: sourceLocation)
        }
    }
}
