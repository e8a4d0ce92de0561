/// A bijection of `0..<count` onto itself, `x ↦ (multiplier · x + offset) mod count`, and its
/// inverse, both O(1): a synthetic dataset shuffles ids with it and finds them again without a
/// table. `count` is at most `Int32.max`, so every product fits in an `Int`. A plain value: thread-safe.
struct AffinePermutation: Sendable, Hashable {
    let count: Int
    private let multiplier: Int
    private let inverseMultiplier: Int
    private let offset: Int

    /// A permutation of `0..<count` drawn from `generator`.
    init(count: Int, using generator: inout some RandomNumberGenerator) {
        self.count = max(0, min(count, Int(Int32.max)))
        guard self.count > 1 else {
            (multiplier, inverseMultiplier, offset) = (1, 1, 0)
            return
        }
        var candidate = Int.random(in: 1..<self.count, using: &generator)
        while Self.greatestCommonDivisor(candidate, self.count) != 1 {
            candidate = candidate % (self.count - 1) + 1  // walks 1…count-1; 1 always qualifies
        }
        multiplier = candidate
        inverseMultiplier = Self.inverse(of: candidate, modulo: self.count)
        offset = Int.random(in: 0..<self.count, using: &generator)
    }

    /// The image of `x` (in `0..<count`).
    func callAsFunction(_ x: Int) -> Int {
        (multiplier * x % count + offset) % count
    }

    /// The `x` whose image is `y` (in `0..<count`).
    func inverse(_ y: Int) -> Int {
        inverseMultiplier * ((y - offset + count) % count) % count
    }

    private static func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    /// The `y` in `0..<modulus` with `value · y ≡ 1`, for `value` coprime with `modulus`.
    private static func inverse(of value: Int, modulo modulus: Int) -> Int {
        var (oldRemainder, remainder) = (value, modulus)
        var (oldCoefficient, coefficient) = (1, 0)
        while remainder != 0 {
            let quotient = oldRemainder / remainder
            (oldRemainder, remainder) = (remainder, oldRemainder - quotient * remainder)
            (oldCoefficient, coefficient) = (coefficient, oldCoefficient - quotient * coefficient)
        }
        return (oldCoefficient % modulus + modulus) % modulus
    }
}
