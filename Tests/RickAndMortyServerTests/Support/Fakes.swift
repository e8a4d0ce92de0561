import Locking
import RickAndMortyServer

/// A random source that returns scripted numbers in order, then repeats the last one; counts calls.
final class ScriptedRandomSource: UnitRandomSource {
    private let state: PThreadMutex<(values: [Double], calls: Int)>

    init(_ values: [Double]) {
        state = PThreadMutex((values, 0))
    }

    func nextUnit() -> Double {
        state.withLock { state in
            defer { state.calls += 1 }
            return state.values.isEmpty ? 0 : state.values[min(state.calls, state.values.count - 1)]
        }
    }

    var calls: Int { state.withLock { $0.calls } }
}

/// A sleeper that records what it was asked to wait and returns at once.
final class RecordingSleeper: Sendable {
    private let requested = PThreadMutex<[Duration]>([])

    var durations: [Duration] { requested.withLock { $0 } }

    func sleep(_ duration: Duration) async throws {
        requested.withLock { $0.append(duration) }
    }
}
