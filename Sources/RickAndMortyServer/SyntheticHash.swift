/// Mixes a seed, a purpose and an id into independent random values (SplitMix64's finalizer), so
/// every record of a synthetic dataset is drawn from its own stream. Pure: thread-safe.
enum SyntheticHash {
    /// What a stream of values is for; each gives unrelated values for the same seed and id.
    enum Stream: UInt64 {
        case characterTraits = 1
        case appearances = 2
    }

    /// One value for (`seed`, `stream`, `id`).
    static func value(seed: UInt64, stream: Stream, id: Int) -> UInt64 {
        mix(seed ^ mix(UInt64(truncatingIfNeeded: id) &* 0x9E37_79B9_7F4A_7C15 &+ stream.rawValue))
    }

    /// A generator of values for (`seed`, `stream`, `id`).
    static func generator(seed: UInt64, stream: Stream, id: Int) -> SeededRandomGenerator {
        SeededRandomGenerator(seed: value(seed: seed, stream: stream, id: id))
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var mixed = value
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
