import Benchmark
import Foundation
import Locking
import RepositoryCore
import Synchronization

/// `Synchronization.Mutex` against `PThreadMutex` (the lock ThreadSanitizer can follow), side by
/// side: the memory tier's locked step of a hit (an LRU lookup that marks the entry recently
/// used, as `InMemoryDataSource` does under its lock), and an empty locked increment, each
/// uncontended and with four tasks on one lock.
func lockBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .throughput], scalingFactor: .kilo, maxDuration: .seconds(3))
    let contendedConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3), maxIterations: 500)
    let query = Query.id("1")

    /// An LRU of 1,000 entries, `query` among them: the memory tier's storage.
    func cache() -> LRUCache<Query, Entry<String>> {
        var cache = LRUCache<Query, Entry<String>>(countLimit: 1_000)
        let metadata = EntryMetadata(storedAt: Date())
        for id in 0..<1_000 {
            cache.setValue(
                Entry(value: "character \(id)", metadata: metadata, origin: .memory), forKey: .id(id))
        }
        return cache
    }

    Benchmark("(l1) LRU hit under Mutex", configuration: configuration) { benchmark in
        let lock = Mutex(cache())
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(lock.withLock { $0.value(forKey: query)?.value })
        }
    }

    Benchmark("(l2) LRU hit under PThreadMutex", configuration: configuration) { benchmark in
        let lock = PThreadMutex(cache())
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(lock.withLock { $0.value(forKey: query)?.value })
        }
    }

    Benchmark("(l3) locked increment under Mutex", configuration: configuration) { benchmark in
        let lock = Mutex(0)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { lock.withLock { $0 += 1 } }
        benchmark.stopMeasurement()
        blackHole(lock.withLock { $0 })
    }

    Benchmark("(l4) locked increment under PThreadMutex", configuration: configuration) { benchmark in
        let lock = PThreadMutex(0)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { lock.withLock { $0 += 1 } }
        benchmark.stopMeasurement()
        blackHole(lock.withLock { $0 })
    }

    Benchmark("(l5) 4 tasks × 10,000 increments of one Mutex", configuration: contendedConfiguration) {
        benchmark in
        let counter = MutexCounter()  // a Mutex is not copyable: tasks share it through an object
        benchmark.startMeasurement()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 { group.addTask { for _ in 0..<10_000 { counter.lock.withLock { $0 += 1 } } } }
        }
        benchmark.stopMeasurement()
        precondition(counter.lock.withLock { $0 } == 40_000)
    }

    Benchmark("(l6) 4 tasks × 10,000 increments of one PThreadMutex", configuration: contendedConfiguration) {
        benchmark in
        let lock = PThreadMutex(0)
        benchmark.startMeasurement()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 { group.addTask { for _ in 0..<10_000 { lock.withLock { $0 += 1 } } } }
        }
        benchmark.stopMeasurement()
        precondition(lock.withLock { $0 } == 40_000)
    }
}

/// A `Mutex` in an object, as the project's types hold theirs, so tasks can share it.
final class MutexCounter: Sendable {
    let lock = Mutex(0)
}
