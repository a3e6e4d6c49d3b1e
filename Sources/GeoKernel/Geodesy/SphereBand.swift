#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// "Decide exactly after a cheap cull" on the sphere: for a threshold angle θ, a band in
/// the haversine quantity h = sin²(θ/2) outside which a cheaply computed h settles the
/// question "is the central angle at most θ?" the way the exact scalar test would, and
/// inside which the caller runs that scalar test. The one home of this logic and its
/// margins for every kernel that works this way:
///
/// - the degree-input point-in-circle kernel (`CircleBounds`): h from SIMD sines, exact
///   test `Circle.contains(latitude:longitude:)` (haversine);
/// - the geofence monitor: the squared chord between unit vectors, chord² = 4h
///   (`chordSquared`, `insideChordSquared`, `outsideChordSquared`), exact test the scalar
///   haversine distance;
/// - the stop detector: product-only bounds of h (`haversineBounds`) and libm's h, exact
///   test trackintel's spherical law of cosines;
/// - the spatial index's candidate cull (`SphereMetric.chordSquaredBound(meters:)`).
///
/// Semantics: h < `inside` means "certainly within θ" (the exact test says ≤), h >
/// `outside` means "certainly beyond" (it says >); in between the exact test decides.
/// Decisions are therefore those of the exact test, bit for bit, provided the cheap h
/// is within the margin of the h the exact test implies.
///
/// Error analysis (one margin policy for every caller): the band is
/// [h⁻(1 − 1e-9) − 1e-14, h⁺(1 + 1e-9) + 1e-14], h± bounds of sin²(θ/2). The errors it
/// must cover, all in h:
/// - SIMD h from degrees: about 1e-15 relative (8-ulp bound), and the scalar haversine's
///   own rounding of the threshold, a few ulps: the relative 1e-9 is 10⁶ times that.
///   Subnormal products (h below 1e-200) fall under the absolute 1e-14.
/// - chord² between unit vectors: the components are within about 6e-16 of exact, so
///   the chord c is within about 4e-15 (absolute) and h = c²/4 within c·2e-15. The
///   margin 1e-9·h + 1e-14 is at least 1 500 times c·2e-15 for every c in [0, 2] (the
///   ratio is smallest at h = 1e-5). The scalar haversine's angle, relative 1e-14, maps
///   to at most 2e-14 relative in h.
/// - trackintel's law of cosines: a = (1 − cos θ)/2 from a cosine rounded to about
///   1e-16, so off by up to ~3e-16 absolute: 30 times under 1e-14.
/// - product-only bounds of h (`haversineBounds`): rounded to a few ulps, relative.
/// Near the antipode the relative 1e-9 dominates (h ≈ 1), far beyond the
/// ill-conditioning of asin there; at θ ≥ π the band is centred on h = 1 (no point is
/// certainly beyond), so points near the antipode go to the exact test.
///
/// Cost of the margin: the band is ±(5e-10·d + 1e-14·R²/d) wide in distance d, about
/// 8 mm at 100 m, 8 cm at 10 m: the exact test runs only for points that close to the
/// threshold. Earth model: the unit sphere (angles in radians; callers divide metres by
/// their radius).
///
/// Thread safety: a value; `Sendable`.
package struct SphereBand: Sendable, Equatable {
    /// h below this: certainly within the angle. Never negative (0: never certain).
    package let inside: Double
    /// h above this: certainly beyond the angle. −1 for a negative angle (every point
    /// is beyond); +∞ for a NaN angle (the exact test decides everything).
    package let outside: Double

    /// Relative margin of the band in h.
    package static let relativeMargin: Double = 1e-9
    /// Absolute margin of the band in h.
    package static let absoluteMargin: Double = 1e-14

    /// The band for "central angle ≤ `theta`" (radians), h⁺ = h⁻ = sin²(θ/2) by libm.
    ///
    /// - Complexity: O(1), one sin.
    package init(angle theta: Double) {
        if !(theta >= 0) {
            self.init(unchecked: theta)
        } else if theta >= .pi {
            self.init(lower: 1, upper: 1)
        } else {
            let s = sin(theta * 0.5)
            self.init(lower: s, upper: s)
        }
    }

    /// The same band without libm, slightly wider: sin(θ/2) lies in [θ/2 − θ³/48, θ/2]
    /// (the Taylor series of sine is alternating). For thresholds that change at every
    /// call (the geofence's exit threshold depends on each fix's accuracy).
    ///
    /// - Complexity: O(1), a few multiplications.
    @inlinable
    package init(cheapAngle theta: Double) {
        if !(theta >= 0) {
            self.init(unchecked: theta)
        } else if theta >= .pi {
            self.init(lower: 1, upper: 1)
        } else {
            let half = theta * 0.5
            self.init(lower: half - half * half * half * (1.0 / 6), upper: half)
        }
    }

    /// The band from bounds `lower` ≤ sin(θ/2) ≤ `upper` (both ≥ 0).
    @usableFromInline
    init(lower: Double, upper: Double) {
        inside = Swift.max(0, lower * lower * (1 - Self.relativeMargin) - Self.absoluteMargin)
        outside = upper * upper * (1 + Self.relativeMargin) + Self.absoluteMargin
    }

    /// Negative angle: nothing within; NaN: nothing certain.
    @usableFromInline
    init(unchecked theta: Double) {
        inside = 0
        outside = theta < 0 ? -1 : .infinity
    }

    /// `inside` for squared chords between unit vectors (chord² = 4h; exact).
    @inlinable
    package var insideChordSquared: Double { 4 * inside }
    /// `outside` for squared chords between unit vectors (−4 for a negative angle).
    @inlinable
    package var outsideChordSquared: Double { 4 * outside }

    /// The squared chord between two unit vectors, (dx² + dy²) + dz²: one of the cheap
    /// quantities (compare with `insideChordSquared` and `outsideChordSquared`).
    ///
    /// - Complexity: O(1), three multiplications.
    @inlinable
    package static func chordSquared(
        _ ax: Double, _ ay: Double, _ az: Double, _ bx: Double, _ by: Double, _ bz: Double
    ) -> Double {
        let dx = ax - bx, dy = ay - by, dz = az - bz
        return dx * dx + dy * dy + dz * dz
    }

    /// Bounds of h = sin²(Δφ/2) + cos φ₀ cos φ sin²(Δλ/2) made of products only (no
    /// trigonometry): the other cheap quantity. Inputs in radians; `cosPhi0` = cos φ₀;
    /// Δλ is wrapped into [−π, π] here (h is 2π-periodic in Δλ). Uses sin²y ≤ y²,
    /// sin²y ≥ y²(1 − y²/3) and |cos φ − cos φ₀| ≤ |Δφ|. The upper bound alone first
    /// (`haversineUpperBound`): most points of a stop detector are settled by it.
    ///
    /// - Complexity: O(1), about fifteen flops.
    @inlinable
    package static func haversineBounds(
        deltaPhi dPhi: Double, deltaLambda: Double, cosPhi0: Double
    ) -> (low: Double, high: Double) {
        (haversineLowerBound(deltaPhi: dPhi, deltaLambda: deltaLambda, cosPhi0: cosPhi0),
         haversineUpperBound(deltaPhi: dPhi, deltaLambda: deltaLambda, cosPhi0: cosPhi0))
    }

    /// The upper bound of `haversineBounds`: Δφ²/4 + cos φ₀ (cos φ₀ + |Δφ|) Δλ²/4.
    @inlinable
    package static func haversineUpperBound(deltaPhi dPhi: Double, deltaLambda: Double, cosPhi0: Double) -> Double {
        let dLambda = wrapped(deltaLambda)
        let p1 = dPhi * dPhi * 0.25, p2 = dLambda * dLambda * 0.25
        return p1 + cosPhi0 * (cosPhi0 + Swift.abs(dPhi)) * p2
    }

    /// The lower bound of `haversineBounds`:
    /// Δφ²/4 (1 − Δφ²/12) + cos φ₀ max(0, cos φ₀ − |Δφ|) Δλ²/4 (1 − Δλ²/12).
    @inlinable
    package static func haversineLowerBound(deltaPhi dPhi: Double, deltaLambda: Double, cosPhi0: Double) -> Double {
        let dLambda = wrapped(deltaLambda)
        let p1 = dPhi * dPhi * 0.25, p2 = dLambda * dLambda * 0.25
        return p1 * (1 - dPhi * dPhi / 12)
            + cosPhi0 * Swift.max(0, cosPhi0 - Swift.abs(dPhi)) * p2 * (1 - dLambda * dLambda / 12)
    }

    /// Δλ wrapped into [−π, π] (for |Δλ| ≤ 3π).
    @inlinable
    package static func wrapped(_ dLambda: Double) -> Double {
        if dLambda > .pi { return dLambda - 2 * .pi }
        if dLambda < -.pi { return dLambda + 2 * .pi }
        return dLambda
    }
}
