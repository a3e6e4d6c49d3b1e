#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the degree-input point-in-circle kernel precomputes for one circle: the band in
/// h = sin²(d / 2R) where the scalar test must decide (`SphereBand`, which documents its
/// margins), and cheap culls in degrees.
///
/// Every threshold is ≥ 0, as the top-bit comparisons of `SIMDMath` require. The culls
/// are conservative: a point they call outside has a scalar distance above the radius,
/// a point in an inscribed box a scalar distance below it, with margins far larger than
/// the rounding of either computation (see the constants).
struct CircleBounds {
    /// h < hLo: inside; h > hHi: outside; in between the scalar test decides
    /// (`SphereBand(angle:)` of the radius).
    let hLo: Double
    let hHi: Double
    /// |Δlat| > latWindow or wrapped |Δlon| > lonWindow (degrees): certainly outside.
    let latWindow: Double
    let lonWindow: Double
    /// Two inscribed boxes forming a cross, half-widths in degrees: |Δlat| < lat and
    /// wrapped |Δlon| < lon means certainly inside. 0 when a box does not apply.
    let box1: (lat: Double, lon: Double)
    let box2: (lat: Double, lon: Double)

    /// Margins of the outside culls (radians): absolute, covering the ill-conditioned
    /// scalar value near the antipode (error up to about 1e-7 rad), and relative.
    static let cullAbsolute: Double = 1e-6
    static let cullRelative: Double = 1e-9
    /// How much smaller than the radius the farthest point of a box must be (relative),
    /// and how much the half-widths shrink in absolute terms (radians; 2 000 times the
    /// absolute rounding of the scalar's Δλ·k).
    static let boxRelative: Double = 1e-6
    static let boxAbsolute: Double = 1e-12

    init(_ circle: Circle) {
        let theta = circle.radiusMeters / EarthModel.meanRadiusMeters
        let phi1 = circle.center.latitude * degreesToRadians

        // Radii are ≥ 0, so both bounds are ≥ 0 (h = 1 at the antipode).
        let band = SphereBand(angle: theta)
        hLo = band.inside
        hHi = band.outside

        // Any point within theta has |Δφ| ≤ theta and, when the circle contains no pole,
        // |Δλ| ≤ asin(sin theta / cos φ1) (the meridians tangent to the circle).
        let outer = theta * (1 + Self.cullRelative) + Self.cullAbsolute
        latWindow = outer * radiansToDegrees
        if outer < halfPiHi - abs(phi1) - Self.cullAbsolute {
            let w = asin(Swift.min(1, sin(outer) / cos(phi1)))
            lonWindow = (w * (1 + Self.cullRelative) + Self.cullAbsolute) * radiansToDegrees
        } else {
            lonWindow = .infinity
        }

        // Two boxes with corners near the circle at ±31.7° from the meridian and from the
        // parallel: their union covers about 79 % of a small circle (one square, 64 %).
        let inner = theta * (1 - Self.boxRelative)
        box1 = Self.inscribedBox(latHalfWidth: 0.85 * inner, inner: inner, phi1: phi1)
        box2 = Self.inscribedBox(latHalfWidth: 0.52 * inner, inner: inner, phi1: phi1)
    }

    /// The box |Δφ| < a, |Δλ| < b (returned in degrees) with the largest b such that
    /// sin²(a/2) + cos φ1 · max cos φ2 · sin²(b/2) ≤ sin²(inner/2): an upper bound of h
    /// over the box, then shrunk by `boxAbsolute`. (0, 0) when the circle is too large
    /// (inner ≥ π/2), too small (below about 1e-12 rad, 6 µm), or the box would reach a pole.
    static func inscribedBox(latHalfWidth a: Double, inner: Double, phi1: Double) -> (lat: Double, lon: Double) {
        guard inner > 1e-100, inner < halfPiHi, abs(phi1) + a < halfPiHi else { return (0, 0) }
        let cosMax = (phi1 - a <= 0 && phi1 + a >= 0) ? 1 : Swift.max(cos(phi1 - a), cos(phi1 + a))
        let sa = sin(a * 0.5)
        let si = sin(inner * 0.5)
        let limit = si * si
        let scale = cos(phi1) * cosMax
        let room = (limit - sa * sa) / scale
        guard room > 0 else { return (0, 0) }
        var b = 2 * asin(Swift.min(1, room.squareRoot()))
        // Guard against rounding: shrink until the bound holds with room to spare.
        func bound(_ b: Double) -> Double {
            let sb = sin(b * 0.5)
            return sa * sa + scale * (sb * sb)
        }
        var tries = 0
        while bound(b) > limit * (1 - 1e-9) {
            tries += 1
            if tries > 100 { return (0, 0) }
            b *= 0.999
        }
        // Absolute shrink: across the antimeridian the scalar's Δλ·k is near ±2π and is
        // rounded in absolute terms (up to 4.4e-16 rad), which no relative margin covers
        // for circles of a few millimetres.
        let latHalf = a - Self.boxAbsolute
        let lonHalf = b - Self.boxAbsolute
        guard latHalf > 0, lonHalf > 0 else { return (0, 0) }
        return (latHalf * radiansToDegrees * (1 - 1e-12), lonHalf * radiansToDegrees * (1 - 1e-12))
    }
}
