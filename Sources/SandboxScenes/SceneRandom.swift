/// The scenes' only source of randomness: a seeded 64-bit PCG-style generator (same seed, same scene).
public struct SceneRandom: Sendable {
    private var state: UInt64

    /// A generator from `seed` (any value; the command line's `--seed`, default 1).
    public init(seed: UInt64) {
        state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 0x2545_F491_4F6C_DD1D
    }

    /// The next 32 random bits.
    public mutating func next() -> UInt32 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let x = UInt32(truncatingIfNeeded: ((state >> 18) ^ state) >> 27)
        let rot = UInt32(state >> 59)
        return (x >> rot) | (x << ((32 &- rot) & 31))
    }

    /// A whole number in 0..<`n` (n ≥ 1), like C's `rand() % n` in the seeds.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt32(max(1, n))) }

    /// A number in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(next()) / Double(UInt32.max)
    }
}
