#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Angle arithmetic in degrees that keeps exact values exact: sin 30° is 1/2, cos 90° is 0,
// a longitude difference of 180° stays 180°. The ellipsoidal geodesic needs this to reach
// nanometres near the poles, on meridians and for antipodal points; every function is pure
// and O(1).

/// Degrees helpers of the native geodesic (package scope: tests and projections use them).
package enum ExactDegrees {
    /// sin and cos of `degrees`, reduced to a quarter turn before the radian conversion so
    /// that multiples of 90° give exact 0 and ±1, and `sin(-0) = -0`.
    @inline(__always)
    package static func sincos(_ degrees: Double) -> (sin: Double, cos: Double) {
        var r = abs(degrees) < 360 ? degrees : fmod(degrees, 360)  // fmod is the identity there
        let q = Int((r / 90).rounded(.toNearestOrEven))
        r -= 90 * Double(q)
        r *= degreesToRadians
        let s = sin(r), c = cos(r)
        var sx: Double, cx: Double
        switch q & 3 {
        case 0: sx = s; cx = c
        case 1: sx = c; cx = -s
        case 2: sx = -s; cx = -c
        default: sx = -c; cx = s
        }
        cx += 0
        if sx == 0 { sx = Double(signOf: degrees, magnitudeOf: 0) }
        return (sx, cx)
    }

    /// atan2 in degrees, in [-180, 180], exact for the axes and diagonals: the octant is
    /// chosen first so that atan2 works on |y| ≤ |x|.
    @inline(__always)
    package static func atan2(_ y: Double, _ x: Double) -> Double {
        var x = x, y = y, q = 0
        if abs(y) > abs(x) { swap(&x, &y); q = 2 }
        if x.sign == .minus { x = -x; q += 1 }
        var angle = libmAtan2(y, x) * radiansToDegrees
        switch q {
        case 1: angle = Double(signOf: y, magnitudeOf: 180) - angle
        case 2: angle = 90 - angle
        case 3: angle = -90 + angle
        default: break
        }
        return angle
    }

    /// `degrees` brought into [-180, 180] by an exact remainder; ±180 keeps the input's sign.
    @inline(__always)
    package static func normalized(_ degrees: Double) -> Double {
        let y = reduced(degrees)
        return abs(y) == 180 ? Double(signOf: degrees, magnitudeOf: 180) : y
    }

    /// Rounds angles below 1/16° to a multiple of 2⁻⁵⁷ degrees, so that tiny angles near 0
    /// behave as their exact neighbours (the geodesic's guard against underflowing
    /// differences; it changes an angle by at most 2⁻⁵⁷ degrees, about 0.8 nm on the Earth).
    @inline(__always)
    package static func rounded(_ degrees: Double) -> Double {
        let z = 1.0 / 16
        var y = abs(degrees)
        y = y < z ? z - (z - y) : y
        return Double(signOf: degrees, magnitudeOf: y)
    }

    /// remainder(degrees, 360), in [-180, 180]: the identity on that range (exact), so
    /// libm is called only for angles beyond it.
    @inline(__always)
    package static func reduced(_ degrees: Double) -> Double {
        abs(degrees) <= 180 ? degrees : remainder(degrees, 360)
    }

    /// u + v and the rounding error of that sum (Knuth's two-sum): `sum + error == u + v`
    /// exactly.
    @inline(__always)
    package static func twoSum(_ u: Double, _ v: Double) -> (sum: Double, error: Double) {
        let s = u + v
        var up = s - v
        var vpp = s - up
        up -= u
        vpp -= v
        return (s, s != 0 ? 0 - (up + vpp) : s)
    }

    /// The longitude difference `to − from` in [-180, 180] and the rounding error of that
    /// difference, computed so that the difference of two exact longitudes is exact.
    @inline(__always)
    package static func difference(_ from: Double, _ to: Double) -> (difference: Double, error: Double) {
        let first = twoSum(reduced(-from), reduced(to))
        var (d, e) = twoSum(reduced(first.sum), first.error)
        if d == 0 || abs(d) == 180 {
            d = Double(signOf: e == 0 ? to - from : -e, magnitudeOf: d)
        }
        return (d, e)
    }
}

@inline(__always)
private func libmAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
