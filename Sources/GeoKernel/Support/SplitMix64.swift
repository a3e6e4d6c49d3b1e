/// A seeded pseudo-random generator (SplitMix64, S. Vigna 2015): the same seed gives the
/// same sequence on every machine. GeoKernel never uses global random state; tests,
/// benchmarks and generated demo data (simulated traces) draw from one of these.
///
/// Not for cryptography. Thread safety: a value; give each thread its own.
/// Complexity: O(1) per number. C twin: none.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in [lo, hi), from the top 53 bits.
    public mutating func uniform(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * (Double(next() >> 11) * 0x1p-53)
    }

    /// A standard normal variate (Box–Muller; one of the pair is discarded).
    public mutating func normal() -> Double {
        var u = uniform(0, 1)
        while u == 0 { u = uniform(0, 1) }
        let v = uniform(0, 1)
        return (-2 * _log(u)).squareRoot() * _cos(2 * .pi * v)
    }
}

#if canImport(Glibc)
import Glibc
@inline(__always) private func _log(_ x: Double) -> Double { Glibc.log(x) }
@inline(__always) private func _cos(_ x: Double) -> Double { Glibc.cos(x) }
#elseif canImport(Darwin)
import Darwin
@inline(__always) private func _log(_ x: Double) -> Double { Darwin.log(x) }
@inline(__always) private func _cos(_ x: Double) -> Double { Darwin.cos(x) }
#endif
