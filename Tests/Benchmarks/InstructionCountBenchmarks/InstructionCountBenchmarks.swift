import Dispatch
import Foundation
import Locking

/// Read paths run a fixed number of times, for `valgrind --tool=callgrind`, whose instruction
/// counts repeat exactly where the wall clock swings: run a case with two iteration counts and
/// the difference of the two totals, divided by the difference of the counts, is one read's
/// instructions (the setup, the same in both runs, cancels out). See docs/benchmarks.md.
///
///     InstructionCountBenchmarks <case> <iterations>
@main
enum InstructionCountBenchmarks {
    /// Each case: its name, what it reads, and the function that runs it `iterations` times and
    /// returns a checksum of what it read (printed, so no read is optimized away).
    static let cases: [(name: String, about: String, run: @Sendable (Int) async throws -> Int)] = [
        ("memory-hit", "(a): CacheRepository.answer(_:policy: .localFirst), one key in an InMemoryDataSource", MemoryHits.answer),
        ("memory-hit-rotating", "(d): CacheRepository.get(_:operation: .cacheSync), 1,000 keys in turn", MemoryHits.rotating),
        ("page-from-disk", "CharacterRepository.page(1 or 2, .localFirst), memory holding one page", PagesFromDisk.pages),
        (
            "page-from-disk-same-port",
            "the same, read as the embedded server's: each character's own URL checked",
            { try await PagesFromDisk.pages(iterations: $0, rebase: .samePort) }
        ),
        (
            "page-from-disk-moved", "the same, cached by an earlier run on another port: every URL moved",
            { try await PagesFromDisk.pages(iterations: $0, rebase: .otherPort) }
        ),
        ("page-of-20", "SQLiteDataSource.entries(for:), 20 characters in one statement (binary codec)", DiskReads.pageOf20),
        ("disk-hit-json", "SQLiteDataSource.get of a ShowCharacter stored as JSON (JSONPayloadCodec)", DiskReads.jsonHit),
        ("raw-read-json", "the same SELECT back to back in one read transaction, cached statement, JSONDecoder", DiskReads.rawJSON),
        ("disk-hit-small", "SQLiteDataSource.get of a two-field Codable value stored as JSON", DiskReads.smallHit),
        ("raw-read-small", "the same SELECT back to back in one read transaction, for the two-field value", DiskReads.rawSmall),
    ]

    /// Synchronous: the reads run in a detached task while the main thread waits (valgrind 3.19
    /// stops with an internal error when a thread starts while the main thread sits in
    /// `dispatch_main`, as an `async` main's does).
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count == 2, let chosen = cases.first(where: { $0.name == arguments.first }),
            let iterations = Int(arguments.last ?? ""), iterations >= 0
        else {
            print("usage: InstructionCountBenchmarks <case> <iterations>; the cases:")
            for item in cases { print("  \(item.name): \(item.about)") }
            exit(2)
        }
        let outcome = PThreadMutex<Result<Int, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        // Detached: `main` runs on the main actor, which the semaphore below keeps waiting.
        Task.detached {
            let result: Result<Int, any Error>
            do { result = .success(try await chosen.run(iterations)) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        switch outcome.withLock({ $0 }) {
        case .success(let checksum): print("\(chosen.name) × \(iterations): checksum \(checksum)")
        case .failure(let error): print("\(chosen.name): \(error)"); exit(1)
        case nil: exit(1)
        }
    }
}
