import EntityWrites
import Benchmark
import Foundation
import PersistentCache
import RepositoryCore

/// The executable's entry: registers `benchmarks` with package-benchmark's runner.
@main enum BenchmarkRunner: BenchmarkRunnerHooks {
    static func registerBenchmarks() { benchmarks() }
}

// The disk tier measured on a real WAL file: each iteration reads a different character, cycling
// through all 826. The headline pair is "through the repository (cacheOnly)" against the raw read.
let benchmarks: @Sendable () -> Void = {
    let reads = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .throughput], scalingFactor: .kilo,
        maxDuration: .seconds(3), maxIterations: 1_000)
    let pages = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .throughput], maxDuration: .seconds(3), maxIterations: 20_000
    )
    let writes = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5), maxIterations: 200)

    Benchmark(
        "Disk hit through the repository (cacheOnly), one decoded ShowCharacter (binary form)",
        configuration: reads,
        closure: { benchmark, fixture in
            let ids = fixture.characters.map(\.id)
            for iteration in benchmark.scaledIterations {
                blackHole(
                    try await fixture.repository.answer(.id(ids[iteration % ids.count]), policy: .cacheOnly))
            }
        }, setup: { try await DiskFixture() }, teardown: { DiskFixture.removeAll() })

    Benchmark(
        "Disk hit: SQLiteDataSource.get, one decoded ShowCharacter (binary form)", configuration: reads,
        closure: { benchmark, fixture in
            let ids = fixture.characters.map(\.id)
            for iteration in benchmark.scaledIterations {
                blackHole(try await fixture.binary.get(.id(ids[iteration % ids.count])))
            }
        }, setup: { try await DiskFixture() }, teardown: { DiskFixture.removeAll() })

    Benchmark(
        "Disk hit: SQLiteDataSource.get, one decoded ShowCharacter (JSON)", configuration: reads,
        closure: { benchmark, fixture in
            let ids = fixture.characters.map(\.id)
            for iteration in benchmark.scaledIterations {
                blackHole(try await fixture.json.get(.id(ids[iteration % ids.count])))
            }
        }, setup: { try await DiskFixture() }, teardown: { DiskFixture.removeAll() })

    Benchmark(
        "Raw row read: cached statement in one read transaction, blob only", configuration: reads,
        closure: { benchmark, fixture in
            let keys = fixture.characters.map { Query.id($0.id).cacheKey }
            for iteration in benchmark.scaledIterations {
                blackHole(
                    try fixture.rawPayload(namespace: "character.binary", key: keys[iteration % keys.count]))
            }
        }, setup: { try await DiskFixture() }, teardown: { DiskFixture.removeAll() })

    Benchmark(
        "Page of 20 from disk: entries(for:), one statement (binary codec)", configuration: pages,
        closure: { benchmark, fixture in
            let pageCount = fixture.characters.count / 20
            for iteration in benchmark.scaledIterations {
                let first = (iteration % pageCount) * 20
                let queries = fixture.characters[first..<(first + 20)].map { Query.id($0.id) }
                blackHole(try await fixture.binary.entries(for: queries))
            }
        }, setup: { try await DiskFixture() }, teardown: { DiskFixture.removeAll() })

    Benchmark(
        "Bulk write: all 826 characters in one transaction (binary codec)", configuration: writes,
        closure: { benchmark, fixture in
            let entries = fixture.entries
            for _ in benchmark.scaledIterations {
                try await fixture.binary.put(contentsOf: entries)
            }
        }, setup: { try await DiskFixture() }, teardown: { DiskFixture.removeAll() })

    // One write of one character: a plain put against the same edit kept in the write store (the
    // write book records it, its transition is committed in one transaction: an edit made
    // offline). Each iteration writes the next character; the store is emptied between runs.
    let oneWrite = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .throughput], maxDuration: .seconds(3), maxIterations: 5_000)

    Benchmark(
        "(w1) One disk put of a character (binary codec)", configuration: oneWrite,
        closure: { benchmark, fixture in
            let entries = fixture.entries
            for iteration in benchmark.scaledIterations {
                let (query, entry) = entries[iteration % entries.count]
                blackHole(try await fixture.binary.put(entry, for: query))
            }
        }, setup: { try await DiskFixture() }, teardown: { DiskFixture.removeAll() })

    Benchmark(
        "(w2) The same edit kept in the write store (WriteBook.edit, SQLiteWriteStore.commit), one transaction",
        configuration: oneWrite,
        closure: { benchmark, fixture in
            let store = SQLiteWriteStore(database: fixture.database, scope: "benchmark|writes")
            let edits = fixture.characters.map { character -> (entity: String, saw: Fields, mine: Fields) in
                let saw: Fields = ["name": .string(character.name), "status": .string(character.status.rawValue)]
                return ("/api/character/\(character.id)", saw, saw.merging(["name": .string(character.name + " II")]) { _, new in new })
            }
            var book = WriteBook()
            let now = Date()
            benchmark.startMeasurement()
            for iteration in benchmark.scaledIterations {
                let edit = edits[iteration % edits.count]
                let (_, transition) = book.edit(entity: edit.entity, saw: edit.saw, tag: "\"t\"", mine: edit.mine, now: now)
                try await store.commit(transition, nextSequence: book.nextSequenceNumber)
            }
            benchmark.stopMeasurement()
            var clearing = WriteTransition()
            clearing.removed = book.writes.map(\.sequence)
            try await store.commit(clearing, nextSequence: book.nextSequenceNumber)
        }, setup: { try await DiskFixture() }, teardown: { DiskFixture.removeAll() })
}
