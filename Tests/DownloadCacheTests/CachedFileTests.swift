import DownloadCache
import Foundation
import Testing

/// `cachedFile(key:)`: one look at a cached file that says its size and identity, and writes its
/// last-use date only when that date is older than the provider's resolution.
@Suite("File-system cache: cached files and their last-use dates")
struct CachedFileTests {
    /// The modification date of `file`, which the cache uses as its last use.
    private func usedAt(_ file: URL) throws -> Date {
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        return try #require(attributes[.modificationDate] as? Date)
    }

    @Test("A hit names the file, its size and identity; a new store of the key is a new identity")
    func identity() async throws {
        try await withTemporaryFolder { root in
            // GIVEN a file stored under a key
            let provider = FileSystemCacheProvider(directory: root.appendingPathComponent("cache"))
            try provider.store(objectAt: try writeFile("12345", named: "a", in: root), key: "k", headers: [:])

            // WHEN it is looked up twice
            let first = try #require(provider.cachedFile(key: "k"))
            let again = try #require(provider.cachedFile(key: "k"))

            // THEN both name find's file with its size and the same identity
            #expect(first.url == provider.find(key: "k"))
            #expect(first.byteCount == 5)
            #expect(again.identity == first.identity)

            // WHEN the key is stored again with content of the same size
            try provider.store(objectAt: try writeFile("abcde", named: "b", in: root), key: "k", headers: [:])

            // THEN the path and size are the same but the identity is new
            let replaced = try #require(provider.cachedFile(key: "k"))
            #expect(replaced.url == first.url && replaced.byteCount == 5)
            #expect(replaced.identity != first.identity)
            // AND a key never stored is no file
            #expect(provider.cachedFile(key: "absent") == nil)
        }
    }

    @Test("With a resolution, a hit writes the last-use date only once the date is that old")
    func resolutionSparesFreshDates() async throws {
        try await withTemporaryFolder { root in
            // GIVEN a provider with a 60-second resolution and a file stored at the clock's time
            let clock = SteppingClock()
            let provider = FileSystemCacheProvider(
                directory: root.appendingPathComponent("cache"), useDateResolution: 60, timeSource: clock)
            try provider.store(objectAt: try writeFile("12345", named: "a", in: root), key: "k", headers: [:])
            let stored = clock.now()
            let file = try #require(provider.find(key: "k"))
            #expect(abs(try usedAt(file).timeIntervalSince(stored)) < 0.001)

            // WHEN it is hit 59 seconds later
            clock.advance(by: 59)
            _ = provider.cachedFile(key: "k")
            // THEN its date is still the store's
            #expect(abs(try usedAt(file).timeIntervalSince(stored)) < 0.001)

            // WHEN it is hit once the date is 60 seconds old
            clock.advance(by: 1)
            _ = provider.find(key: "k")
            // THEN the hit is written
            #expect(abs(try usedAt(file).timeIntervalSince(clock.now())) < 0.001)
        }
    }

    @Test("With a resolution, a revalidation rewrites the index only once its validated date is that old")
    func resolutionSparesIndexWrites() async throws {
        try await withTemporaryFolder { root in
            // GIVEN a provider with a 60-second resolution and a file stored at the clock's time
            let clock = SteppingClock()
            let folder = root.appendingPathComponent("cache")
            let provider = FileSystemCacheProvider(directory: folder, useDateResolution: 60, timeSource: clock)
            try provider.store(objectAt: try writeFile("12345", named: "a", in: root), key: "k", headers: [:])
            let stored = clock.now()

            // WHEN the server answers 304 for it 59 seconds later
            clock.advance(by: 59)
            _ = try provider.cachedItem(key: "k")
            // THEN the index on disk still says it was validated when stored
            #expect(FileSystemCacheProvider(directory: folder).record(for: "k")?.validatedAt == stored)

            // WHEN it answers 304 once that date is 60 seconds old
            clock.advance(by: 1)
            _ = try provider.cachedItem(key: "k")
            // THEN the revalidation is written
            #expect(FileSystemCacheProvider(directory: folder).record(for: "k")?.validatedAt == clock.now())
        }
    }

    @Test("Without a resolution every hit writes its date, so eviction follows the exact order of use")
    func everyHitWithoutResolution() async throws {
        try await withTemporaryFolder { root in
            // GIVEN two files stored one second apart in a 10-byte cache with the default resolution
            let clock = SteppingClock()
            let provider = FileSystemCacheProvider(
                directory: root.appendingPathComponent("cache"), maximumBytes: 10, timeSource: clock)
            try provider.store(objectAt: try writeFile("12345", named: "a", in: root), key: "a", headers: [:])
            clock.advance(by: 1)
            try provider.store(objectAt: try writeFile("12345", named: "b", in: root), key: "b", headers: [:])

            // WHEN "a" is hit a second later, then a third file is stored
            clock.advance(by: 1)
            let hit = try #require(provider.cachedFile(key: "a"))
            #expect(abs(try usedAt(hit.url).timeIntervalSince(clock.now())) < 0.001)
            clock.advance(by: 1)
            try provider.store(objectAt: try writeFile("12345", named: "c", in: root), key: "c", headers: [:])

            // THEN "b", now the least recently used, is the one evicted
            #expect(provider.find(key: "b") == nil)
            #expect(provider.find(key: "a") != nil && provider.find(key: "c") != nil)
        }
    }

    @Test("A policy view keeps the folder's resolution")
    func viewKeepsResolution() {
        let provider = FileSystemCacheProvider(
            directory: URL(fileURLWithPath: "/nonexistent-cache"), useDateResolution: 30)
        #expect(provider.withCachePolicy(.alwaysFetchWithCustomHeader).useDateResolution == 30)
        #expect(
            FileSystemCacheProvider(directory: URL(fileURLWithPath: "/x"), useDateResolution: -5)
                .useDateResolution == 0)
    }
}
