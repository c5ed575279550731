import Foundation
/// A small, fast, seedable random number generator (xoshiro256**, seeded through SplitMix64).
///
/// Swift's `SystemRandomNumberGenerator` cannot be seeded; every random choice in training
/// (initial weights, shuffles, splits, augmentation) draws from one of these so that the
/// same seed gives the same model.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    public init(seed: UInt64) {
        var splitMix = seed
        func next() -> UInt64 {
            splitMix &+= 0x9E37_79B9_7F4A_7C15
            var z = splitMix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        state = (next(), next(), next(), next())
    }

    /// An independent stream for a named purpose, so adding draws in one place
    /// does not change the numbers drawn in another.
    public func derived(_ stream: UInt64) -> SeededGenerator {
        var copy = self
        return SeededGenerator(seed: copy.next() ^ (stream &* 0xD134_2543_DE82_EF95))
    }

    public mutating func next() -> UInt64 {
        let result = rotate(state.1 &* 5, 7) &* 9
        let t = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= t
        state.3 = rotate(state.3, 45)
        return result
    }

    /// Uniform in [0, 1).
    public mutating func nextFloat() -> Float {
        Float(next() >> 40) * (1.0 / Float(1 << 24))
    }

    /// Uniform in [low, high).
    public mutating func uniform(_ low: Float, _ high: Float) -> Float {
        low + (high - low) * nextFloat()
    }

    /// Standard normal (Box–Muller).
    public mutating func normal() -> Float {
        let u1 = max(nextFloat(), 1e-7)
        let u2 = nextFloat()
        return (-2 * logf(u1)).squareRoot() * cosf(2 * .pi * u2)
    }

    private func rotate(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }
}

extension SeededGenerator {
    /// Uniform in [low, high).
    public mutating func between(_ low: Double, _ high: Double) -> Double { low + (high - low) * Double(nextFloat()) }
    /// True with the given probability.
    public mutating func chance(_ probability: Double) -> Bool { Double(nextFloat()) < probability }
    /// +1 or −1, evenly.
    public mutating func sign() -> Double { chance(0.5) ? 1 : -1 }
    /// Standard normal, as a Double.
    public mutating func gaussian() -> Double { Double(normal()) }
    /// Uniform in 0..<bound.
    public mutating func below(_ bound: Int) -> Int { min(bound - 1, Int(Float(bound) * nextFloat())) }
}
