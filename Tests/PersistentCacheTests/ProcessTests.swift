import Foundation
import PersistentCache
import RepositoryCore
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Tests with real child processes (the `CacheStressWriter` fixture) on a real file. Serialized so
/// their children do not compete for the two cores with each other.
@Suite("Crash safety and sharing a file between processes", .serialized)
struct ProcessTests {
    static func stressWriter() throws -> URL {
        try #require(
            BuiltExecutable.url(named: "CacheStressWriter"),
            "CacheStressWriter is not built; run `swift build --build-tests` first"
        )
    }

    /// The payload the fixture writes for `key` (the same rule as in its main.swift).
    static func payload(for key: String, size: Int) -> Data {
        let pattern = Array("\(key);".utf8)
        return Data((0..<max(size, 1)).map { pattern[$0 % pattern.count] })
    }

    static func committedKeys(_ result: ChildProcessResult) -> [String] {
        result.lines.filter { $0.hasPrefix("committed ") }.map { String($0.dropFirst("committed ".count)) }
    }

    @Test(
        "A writer killed by SIGKILL in the middle of 10,000 writes leaves a sound file with every reported write"
    )
    func killedWriter() async throws {
        let folder = try TemporaryFolder()
        let url = folder.file("cache.sqlite")
        // GIVEN a child writing 10,000 entries and reporting each commit WHEN it is killed after 1,500 reports
        let result = try await ChildProcess.run(
            try Self.stressWriter(), arguments: [url.path, "crash", "10000", "--payload-bytes", "700"],
            killAfterLines: 1_500)
        // THEN it died by the signal, in the middle of its work
        #expect(result.killedBySignal)
        #expect(result.status == SIGKILL)
        let committed = Self.committedKeys(result)
        #expect(committed.count >= 1_500)
        #expect(committed.count < 10_000)
        #expect(!result.lines.contains("done"))
        // AND the file opens without recovery, passes integrity_check, and holds every reported write
        let database = try CacheDatabase(location: .file(url))
        #expect(database.recovery == nil)
        #expect(try database.integrityCheck() == ["ok"])
        let source = SQLiteDataSource(database: database, namespace: "stress", codec: DataPayloadCodec())
        let found = try await source.entries(for: committed.map { .key($0) })
        #expect(found.count == committed.count)
        let wrong = committed.filter { found[.key($0)]?.value != Self.payload(for: $0, size: 700) }
        #expect(wrong.isEmpty, "entries with a wrong payload: \(wrong.prefix(5))")
    }

    @Test("Two child processes and this process write and read one file at once: no error, nothing lost")
    func concurrentProcesses() async throws {
        let folder = try TemporaryFolder()
        let url = folder.file("shared/cache.sqlite")
        let writer = try Self.stressWriter()
        // GIVEN two children writing (and reading back) 1,500 entries each, started together
        async let left = ChildProcess.run(writer, arguments: [url.path, "left", "1500", "--read-back"])
        async let right = ChildProcess.run(writer, arguments: [url.path, "right", "1500", "--read-back"])
        // AND this process opening the same file and writing 300 entries meanwhile
        let database = try CacheDatabase(location: .file(url), options: .init(busyTimeout: .seconds(20)))
        #expect(database.recovery == nil)
        let source = SQLiteDataSource(database: database, namespace: "stress", codec: DataPayloadCodec())
        for index in 0..<300 {
            let key = "here-\(index)"
            try await source.put(
                Entry(
                    value: Self.payload(for: key, size: 256), metadata: .init(storedAt: Date()),
                    origin: .network),
                for: .key(key))
            #expect(try await source.get(.key(key)).value == Self.payload(for: key, size: 256))
        }
        let children = try await [left, right]
        // THEN both children finished cleanly, with nothing on stderr
        for child in children {
            #expect(!child.killedBySignal)
            #expect(child.status == 0, "\(child.standardError)")
            #expect(child.standardError.isEmpty)
            #expect(child.lines.last == "done")
        }
        // AND every entry of all three writers is there
        let keys =
            ["left", "right"].flatMap { prefix in (0..<1500).map { "\(prefix)-\($0)" } }
            + (0..<300).map { "here-\($0)" }
        let found = try await source.entries(for: keys.map { .key($0) })
        #expect(found.count == 3_300)
        #expect(try database.entryCount() == 3_300)
        #expect(try database.integrityCheck() == ["ok"])
    }
}
