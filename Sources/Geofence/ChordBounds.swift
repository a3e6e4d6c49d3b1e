#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Conservative culls on unit vectors, so that the scalar haversine test runs only for the
// fences a fix is close to a threshold of.
//
// For unit vectors c and p the chord is |p − c| = 2 sin(θ/2), θ the central angle. Our
// chord c̃ (from libm sin/cos, three subtractions and a sum of squares) is within about
// 2e-15 of the true chord; the scalar haversine angle is within about 1e-14 (relative) of
// the true angle for θ < 2.5 rad. A chord below `inner` therefore means "the scalar test
// says d <= threshold", a chord above `outer` means "the scalar test says d > threshold",
// with margins (1e-9 rad ≈ 6 mm absolute, 1e-12 relative) far wider than those errors. In
// between, and for thresholds of 2.5 rad or more, the scalar test itself decides.

/// Chord bounds and the fixes' unit vectors; `package` so that tests can check them.
package enum ChordBounds {
    /// Absolute margin in chord units (radians on the unit sphere): 1e-9 ≈ 6.4 mm.
    static let absolute: Double = 1e-9
    /// Relative margin.
    static let relative: Double = 1e-12
    /// At and beyond this angle (radians) every decision goes to the scalar test.
    static let largestAngle: Double = 2.5

    /// Squared chord bounds for "scalar angle <= theta", using libm's sin: chord² below
    /// `inner2` is certainly yes, above `outer2` certainly no. A negative theta is never
    /// met (both bounds -1: every chord is "certainly no").
    ///
    /// - Complexity: O(1), one sin.
    static func exact(theta: Double) -> (inner2: Double, outer2: Double) {
        if theta < 0 { return (-1, -1) }
        if !(theta < largestAngle) { return (-1, .infinity) }
        return bounds(lower: 2 * sin(theta * 0.5), upper: 2 * sin(theta * 0.5))
    }

    /// The same bounds without libm, slightly wider: 2 sin(θ/2) lies in
    /// [θ − θ³/24, θ] for θ in [0, 2.5]. For the per-fix thresholds (exit), which depend on
    /// the fix's accuracy.
    ///
    /// - Complexity: O(1), a few multiplications.
    @inline(__always)
    static func cheap(theta: Double) -> (inner2: Double, outer2: Double) {
        if theta < 0 { return (-1, -1) }
        if !(theta < largestAngle) { return (-1, .infinity) }
        return bounds(lower: theta - theta * theta * theta * (1.0 / 24), upper: theta)
    }

    @inline(__always)
    private static func bounds(lower: Double, upper: Double) -> (inner2: Double, outer2: Double) {
        let lo = lower * (1 - relative) - absolute
        let hi = upper * (1 + relative) + absolute
        return (lo > 0 ? lo * lo : -1, hi * hi)
    }

    /// Squared chord between two unit vectors.
    @inline(__always)
    static func chord2(_ ax: Double, _ ay: Double, _ az: Double, _ bx: Double, _ by: Double, _ bz: Double) -> Double {
        let dx = ax - bx, dy = ay - by, dz = az - bz
        return dx * dx + dy * dy + dz * dz
    }
}

extension ChordBounds {
    /// The unit vector of (latitude, longitude) in degrees, without libm: sin φ, sin λ,
    /// cos φ = sin(π/2 − |φ|) and cos λ = sin(π/2 − |λ|) in one SIMD evaluation of the
    /// Taylor series of sine to x²¹ on [−π/2, π/2] (truncation below 1e-17), λ first
    /// folded into [−π/2, π/2]. Components are within about 1e-15 of libm's — six orders
    /// of magnitude inside the bounds' margin — at a fraction of the cost of four libm
    /// calls. Used for the fixes (the fence vectors come from libm via `UnitVector`).
    @inline(__always)
    package static func unitVector(latitude: Double, longitude: Double) -> UnitVectorComponents {
        let halfPi = Double.pi / 2
        let phi = latitude * (Double.pi / 180)
        let lambda = longitude * (Double.pi / 180)
        let folded = lambda > halfPi ? Double.pi - lambda : (lambda < -halfPi ? -Double.pi - lambda : lambda)
        let x = SIMD4<Double>(phi, folded, halfPi - abs(phi), halfPi - abs(lambda))
        let x2: SIMD4<Double> = x * x
        var p = SIMD4<Double>(repeating: 1 / 5.109094217170944e19)  // 1/21!
        p = p * x2 - 1 / 1.21645100408832e17  // 1/19!
        p = p * x2 + 1.0 / 355_687_428_096_000  // 1/17!
        p = p * x2 - 1.0 / 1_307_674_368_000  // 1/15!
        p = p * x2 + 1.0 / 6_227_020_800  // 1/13!
        p = p * x2 - 1.0 / 39_916_800  // 1/11!
        p = p * x2 + 1.0 / 362_880  // 1/9!
        p = p * x2 - 1.0 / 5_040  // 1/7!
        p = p * x2 + 1.0 / 120  // 1/5!
        p = p * x2 - 1.0 / 6  // 1/3!
        let x3: SIMD4<Double> = x2 * x
        let s: SIMD4<Double> = x + x3 * p
        return UnitVectorComponents(x: s[2] * s[3], y: s[2] * s[1], z: s[0])
    }
}

/// A unit vector's components (x towards 0°N 0°E, y towards 0°N 90°E, z north).
package struct UnitVectorComponents {
    /// Towards 0°N 0°E.
    package var x: Double
    /// Towards 0°N 90°E.
    package var y: Double
    /// Towards the north pole.
    package var z: Double
}
