import DownloadCache
import Foundation
import Locking
import RepositoryCore
import Testing

/// A clock the test moves by hand.
final class SteppingClock: TimeSource {
    private let current = PThreadMutex(Date(timeIntervalSince1970: 1_700_000_000))
    func now() -> Date { current.withLock { $0 } }
    func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
}

@Suite("File-system cache provider")
struct FileSystemCacheProviderTests {
    static let hostileKeys = [
        "../escape", "../../etc/passwd", "/abs", "/abs/../../root", "a/../../b", "", "..", ".", "../sentinel",
        String(repeating: "../", count: 2000) + "deep", "nul\u{0}byte", "nul\u{0}/../../x", ".index.json",
        "ordinary-key",
    ]

    @Test("Hostile keys never write outside the cache folder and are found again")
    func hostileKeysStayInside() async throws {
        try await withTemporaryFolder { root in
            try await withTemporaryFolder { sources in
                // GIVEN a cache folder inside `root`, and a sentinel file next to it
                let cacheFolder = root.appendingPathComponent("cache", isDirectory: true)
                let sentinel = try writeFile("original", named: "sentinel", in: root)
                let provider = FileSystemCacheProvider(directory: cacheFolder)
                let before = relativePaths(under: root)

                // WHEN every hostile key stores its own content
                for (index, key) in Self.hostileKeys.enumerated() {
                    let source = try writeFile("content \(index)", named: "source-\(index)", in: sources)
                    try provider.store(objectAt: source, key: key, headers: [:])
                }

                // THEN nothing appeared in `root` except the cache folder and files directly inside it
                let after = relativePaths(under: root)
                let outside = after.filter { !$0.hasPrefix("cache/") && $0 != "cache" }
                #expect(outside == before)
                #expect(after.filter { $0.hasPrefix("cache/") }.allSatisfy { !$0.dropFirst(6).contains("/") })
                #expect(try contents(of: sentinel) == "original")
                // AND each key finds its own content, the same URL each time, inside the folder
                var seen = Set<URL>()
                for (index, key) in Self.hostileKeys.enumerated() {
                    let found = try #require(provider.find(key: key))
                    #expect(found == provider.find(key: key))
                    #expect(found.deletingLastPathComponent().path == cacheFolder.standardizedFileURL.path)
                    #expect(try contents(of: found) == "content \(index)")
                    #expect(try provider.cachedItem(key: key) == found)
                    seen.insert(found)
                }
                #expect(seen.count == Self.hostileKeys.count)
            }
        }
    }

    @Test("The folder is 0700, cached files and the index are 0600")
    func permissionsArePrivate() async throws {
        try await withTemporaryFolder { root in
            // GIVEN a provider over a folder that does not exist yet
            let cacheFolder = root.appendingPathComponent("private-cache", isDirectory: true)
            let provider = FileSystemCacheProvider(directory: cacheFolder)
            let source = try writeFile("secret", named: "source", in: root)
            // WHEN a file is stored
            try provider.store(objectAt: source, key: "k", headers: ["ETag": "\"e\""])
            // THEN the folder, the file and the index are private
            let stored = try #require(provider.find(key: "k"))
            #expect(try permissions(of: cacheFolder) == 0o700)
            #expect(try permissions(of: stored) == 0o600)
            #expect(
                try permissions(of: cacheFolder.appendingPathComponent(FileSystemCacheProvider.indexFileName))
                    == 0o600)
            // AND no temporary file is left behind
            #expect(relativePaths(under: cacheFolder).allSatisfy { !$0.hasPrefix(".tmp-") })
        }
    }

    @Test("Validators survive in the sidecar index and become conditional request headers")
    func validatorsPersist() async throws {
        try await withTemporaryFolder { root in
            // GIVEN a file stored with an ETag and a Last-Modified (header names in any case)
            let folder = root.appendingPathComponent("cache")
            let clock = SteppingClock()
            let source = try writeFile("body", named: "source", in: root)
            let first = FileSystemCacheProvider(directory: folder, timeSource: clock)
            try first.store(
                objectAt: source, key: "img/1",
                headers: ["etag": "W/\"abc\"", "LAST-MODIFIED": "Wed, 21 Oct 2015 07:28:00 GMT"])

            // WHEN a new provider opens the same folder
            let second = FileSystemCacheProvider(directory: folder, timeSource: clock)

            // THEN it sends the stored validators back
            #expect(
                second.headerValues(for: "img/1") == [
                    "If-None-Match": "W/\"abc\"", "If-Modified-Since": "Wed, 21 Oct 2015 07:28:00 GMT",
                ])
            #expect(second.headerValues(for: "unknown").isEmpty)
            let record = try #require(second.record(for: "img/1"))
            #expect(record.storedAt == clock.now() && record.validatedAt == clock.now())

            // AND a later revalidation moves `validatedAt` but not `storedAt`
            let storedAt = clock.now()
            clock.advance(by: 60)
            _ = try second.cachedItem(key: "img/1")
            let revalidated = try #require(FileSystemCacheProvider(directory: folder).record(for: "img/1"))
            #expect(revalidated.storedAt == storedAt)
            #expect(revalidated.validatedAt == storedAt.addingTimeInterval(60))
        }
    }

    @Test("A missing file sends no validators even when the index remembers it")
    func deletedFileHasNoValidators() async throws {
        try await withTemporaryFolder { root in
            // GIVEN a stored file that is then deleted behind the provider's back
            let folder = root.appendingPathComponent("cache")
            let provider = FileSystemCacheProvider(directory: folder)
            try provider.store(
                objectAt: try writeFile("b", named: "s", in: root), key: "k", headers: ["ETag": "\"1\""])
            try FileManager.default.removeItem(at: try #require(provider.find(key: "k")))
            // WHEN asked THEN it finds nothing, sends no validators, and cachedItem throws notCached
            #expect(provider.find(key: "k") == nil)
            #expect(provider.headerValues(for: "k").isEmpty)
            #expect(throws: FileSystemCacheError.notCached(key: "k")) { try provider.cachedItem(key: "k") }
        }
    }

    @Test("A corrupt index loses only validators; files stay and the next store repairs it")
    func corruptIndex() async throws {
        try await withTemporaryFolder { root in
            // GIVEN a cached file and a corrupt index
            let folder = root.appendingPathComponent("cache")
            try FileSystemCacheProvider(directory: folder)
                .store(
                    objectAt: try writeFile("kept", named: "s", in: root), key: "k",
                    headers: ["ETag": "\"1\""])
            let index = folder.appendingPathComponent(FileSystemCacheProvider.indexFileName)
            try Data("{ not json".utf8).write(to: index)

            // WHEN a new provider opens the folder
            let provider = FileSystemCacheProvider(directory: folder)

            // THEN the file is still served, without validators
            #expect(try contents(of: try #require(provider.find(key: "k"))) == "kept")
            #expect(provider.headerValues(for: "k").isEmpty)
            // AND storing again writes a readable index
            try provider.store(
                objectAt: try writeFile("new", named: "t", in: root), key: "j", headers: ["ETag": "\"2\""])
            #expect(
                FileSystemCacheProvider(directory: folder).headerValues(for: "j") == [
                    "If-None-Match": "\"2\""
                ])
        }
    }

    @Test("Storing a file that does not exist fails clearly and keeps the previous copy")
    func storeMissingSource() async throws {
        try await withTemporaryFolder { root in
            // GIVEN a cached copy
            let provider = FileSystemCacheProvider(directory: root.appendingPathComponent("cache"))
            try provider.store(objectAt: try writeFile("old", named: "s", in: root), key: "k", headers: [:])
            // WHEN storing from a missing file THEN it throws writeFailed
            #expect {
                try provider.store(objectAt: root.appendingPathComponent("absent"), key: "k", headers: [:])
            } throws: { error in
                guard case .writeFailed = error as? FileSystemCacheError else { return false }
                return true
            }
            // AND the old copy is intact
            #expect(try contents(of: try #require(provider.find(key: "k"))) == "old")
        }
    }

    @Test("The policy is configurable and defaults to serving found items")
    func policy() {
        let folder = URL(fileURLWithPath: "/tmp/unused-cache")
        #expect(FileSystemCacheProvider(directory: folder).cachePolicy == .bypassServerCallOnFoundItem)
        #expect(
            FileSystemCacheProvider(directory: folder, cachePolicy: .alwaysFetchWithCustomHeader).cachePolicy
                == .alwaysFetchWithCustomHeader)
    }
}
