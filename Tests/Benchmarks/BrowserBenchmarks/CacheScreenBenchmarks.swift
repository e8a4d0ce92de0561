import Benchmark
import BrowserApp
import CharacterData
import Foundation
import Locking
import ModelCodecs
import PersistentCache
import RepositoryCore
import RickAndMortyModel
import RickAndMortyServer
import TerminalUI

// The Cache screen over a disk tier of 100,000 characters: the first frame after `4` (its first
// page of rows read by cursor and titled, the tiers' totals, the frame drawn at 200x60; goal
// ≤ 50 ms), and the whole cache walked through the screen's window page after page (memory
// bounded by the window, not the cache), beside the census's count of states over every entry.
func cacheScreenBenchmarks() {
    Benchmark(
        "Cache screen first frame over 100,000 disk entries (200x60): first page + totals + draw",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(10), maxIterations: 200),
        closure: { benchmark, fixture in
            for _ in benchmark.scaledIterations {
                blackHole(try await fixture.firstFrame())
            }
        }, setup: { try await CacheScreenFixture.shared() })

    Benchmark(
        "Cache screen first frame, every row of the first page named (the earlier path, a baseline)",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(10), maxIterations: 200),
        closure: { benchmark, fixture in
            for _ in benchmark.scaledIterations {
                blackHole(try await fixture.firstFrame(namingAll: true))
            }
        }, setup: { try await CacheScreenFixture.shared() })

    Benchmark(
        "Cache screen walked through all 100,000 disk entries a page at a time (the window holds 1,000 rows)",
        configuration: .init(
            metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(60), maxIterations: 2),
        closure: { benchmark, fixture in
            for _ in benchmark.scaledIterations {
                blackHole(try await fixture.walkEverything())
            }
        }, setup: { try await CacheScreenFixture.shared() })

    Benchmark(
        "Cache census over 100,000 disk entries (the header's count of states, a background scan)",
        configuration: .init(
            metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(60), maxIterations: 3),
        closure: { benchmark, fixture in
            for _ in benchmark.scaledIterations {
                blackHole(await CacheCensus.count(fixture.inspector, at: fixture.now))
            }
        }, setup: { try await CacheScreenFixture.shared() })
}

/// A cache file of 100,000 characters (written once per process, in a temporary folder) and the
/// inspector over its disk tier.
final class CacheScreenFixture: Sendable {
    static let entryCount = 100_000
    let inspector: CacheInspector
    let now: Date
    let rule = CacheFreshnessRule(timeToLive: 300, staleWindow: 3_600)
    let size = TerminalSize(width: 200, height: 60)

    private static let made = PThreadMutex<CacheScreenFixture?>(nil)
    /// The one fixture of the process (filling the file takes seconds).
    static func shared() async throws -> CacheScreenFixture {
        if let fixture = made.withLock({ $0 }) { return fixture }
        let fixture = try await CacheScreenFixture()
        made.withLock { $0 = fixture }
        return fixture
    }

    private init() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cache-screen-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let database = try CacheDatabase(
            location: .file(folder.appendingPathComponent("cache.sqlite")),
            options: .init(maximumBytes: 1 << 40))
        let characters = try SyntheticDataset(characterCount: Self.entryCount, seed: 1).materialized()
            .characters
        let source = SQLiteDataSource<ShowCharacter>(
            database: database, namespace: "character", codec: ShowCharacterCodec())
        now = Date(timeIntervalSinceReferenceDate: 800_000_000)
        var batch: [(query: Query, entry: Entry<ShowCharacter>)] = []
        for (index, character) in characters.enumerated() {
            let metadata = EntryMetadata(
                storedAt: now.addingTimeInterval(-Double(index % 7_200)), etag: "W/\"\(index)\"")
            batch.append(
                (.id(String(character.id)), Entry(value: character, metadata: metadata, origin: .network)))
            if batch.count == 5_000 {
                try await source.put(contentsOf: batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        if !batch.isEmpty { try await source.put(contentsOf: batch) }
        inspector = CacheInspector(tiers: [database.inspection()], disk: database.inspection(), rule: rule)
    }

    /// What `4` costs before its first frame: the first page (the rows in view named, or with
    /// `namingAll` every row of it, as the screen did before), the totals, the draw.
    func firstFrame(namingAll: Bool = false) async throws -> Int {
        var screen = CacheScreenState(tiers: [.disk], rule: rule, now: now)
        let inView = screen.listRows(in: CellBuffer(size: size).area)
        let page = try await CacheListEntry.page(
            of: inspector, after: nil, limit: screen.list.pageSize, naming: namingAll ? .max : inView)
        screen.list.apply(page: 0, entries: page.entries, next: page.next, rule: rule, now: now)
        screen.census = await CacheCensus(
            states: nil,
            tiers: inspector.totals().map { tier, totals in
                CacheCensus.TierLine(tier: CacheTier(name: tier), totals: try? totals.get())
            })
        var buffer = CellBuffer(size: size)
        screen.render(in: buffer.area, buffer: &buffer)
        return buffer.cells.count + screen.list.heldCount
    }

    /// Moves to the end of the cache, reading each page the window asks for; returns the most rows
    /// held at once.
    func walkEverything() async throws -> Int {
        var screen = CacheScreenState(tiers: [.disk], rule: rule, now: now)
        var mostHeld = 0
        var buffer = CellBuffer(size: size)
        let height = screen.listRows(in: buffer.area)
        while let read = screen.list.pageToRead {
            let page = try await CacheListEntry.page(
                of: inspector, after: read.after, limit: screen.list.pageSize)
            screen.list.apply(page: read.page, entries: page.entries, next: page.next, rule: rule, now: now)
            screen.list.move(by: screen.list.pageSize * 2, height: height)
            mostHeld = max(mostHeld, screen.list.heldCount)
        }
        screen.render(in: buffer.area, buffer: &buffer)
        guard screen.list.reachedEnd, mostHeld <= screen.list.pageSize * screen.list.maxPages else {
            fatalError("the walk did not reach the end within the window (\(mostHeld) rows held)")
        }
        return mostHeld
    }
}
