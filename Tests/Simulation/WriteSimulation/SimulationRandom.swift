/// SplitMix64: a small, fast generator whose whole state is one number, so a schedule is its seed.
/// A value; one owner at a time.
public struct SimulationRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator started at `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (0 when `bound` is 0).
    public mutating func below(_ bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next() % UInt64(bound))
    }

    /// True `percent` times in a hundred.
    public mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }
}
