import Locking

/// A source of uniform random numbers in `0..<1`, injected wherever the server draws at random
/// (fault rates, jitter). Implementations must be safe to call from any thread.
public protocol UnitRandomSource: Sendable {
    /// The next number in `0..<1`.
    func nextUnit() -> Double
}

/// The system's random numbers. Stateless: thread-safe.
public struct SystemRandomSource: UnitRandomSource {
    /// Creates the source.
    public init() {}

    public func nextUnit() -> Double { Double.random(in: 0..<1) }
}

/// Deterministic numbers from a `SeededRandomGenerator` behind a lock: thread-safe, and one seed
/// always gives the same sequence (in the order the calls take the lock).
public final class SeededRandomSource: UnitRandomSource {
    private let generator: PThreadMutex<SeededRandomGenerator>

    /// Creates a source from a seed.
    public init(seed: UInt64) {
        generator = PThreadMutex(SeededRandomGenerator(seed: seed))
    }

    public func nextUnit() -> Double {
        generator.withLock { Double.random(in: 0..<1, using: &$0) }
    }
}
