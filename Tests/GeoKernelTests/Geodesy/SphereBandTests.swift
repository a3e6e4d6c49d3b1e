import Foundation
import GeoKernel
import Testing
import _GeoKernelTestSupport

/// The one sphere-maths helper (`SphereBand`) and the one unit-vector conversion, checked
/// against the exact scalar decisions on seeded random data crowded at the thresholds.
@Suite("SphereBand and the unit-vector conversion")
struct SphereBandTests {
    /// A point at `meters` from `center` in a random direction (a sphere destination).
    static func point(from center: Coordinate, meters: Double, _ rng: inout SeededRandom) throws -> Coordinate {
        try center.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: meters)
    }

    /// Radii from a millimetre to beyond half the circumference, and distances crowded at
    /// each: within 1e-15 to 1e-3 relative of the radius, on both sides.
    static func nearThresholdCases(_ count: Int, seed: UInt64) throws -> [(Coordinate, Coordinate, Double)] {
        var rng = SeededRandom(seed: seed)
        var cases: [(Coordinate, Coordinate, Double)] = []
        for k in 0..<count {
            let center = try Coordinate(latitude: rng.uniform(-90, 90), longitude: rng.uniform(-180, 180))
            let radius = pow(10, rng.uniform(-3, 7.35))
            let offset = (k.isMultiple(of: 2) ? 1 : -1) * pow(10, rng.uniform(-15, -3))
            let p = try point(from: center, meters: Swift.min(radius * (1 + offset), 2.2e7), &rng)
            cases.append((center, p, radius))
        }
        return cases
    }

    @Test("the one-point unit vector is bit for bit the four-point conversion, within 1e-15 of libm")
    func oneConversion() throws {
        var rng = SeededRandom(seed: 11)
        var points: [(Double, Double)] = [
            (90, 0), (-90, 179.9), (0, -180), (0, 180), (0, 90), (0, -90), (0, -0.0), (-0.0, 0),
            (45, 179.999999), (-45, -179.999999), (89.9999999, -0.0000001),
        ]
        for _ in 0..<200_000 { points.append((rng.uniform(-90, 90), rng.uniform(-180, 180))) }
        var worst = 0.0
        for start in stride(from: 0, to: points.count - 3, by: 4) {
            let q = points[start..<start + 4]
            let four = UnitVector.fourAtOnce(
                latitudes: SIMD4(q.map(\.0)), longitudes: SIMD4(q.map(\.1)))
            for (k, (lat, lon)) in q.enumerated() {
                let one = UnitVector(latitude: lat, longitude: lon)
                #expect(one.x.bitPattern == four[k].x.bitPattern && one.y.bitPattern == four[k].y.bitPattern
                    && one.z.bitPattern == four[k].z.bitPattern, "(\(lat), \(lon)): \(one) vs \(four[k])")
                let c = try Coordinate(latitude: lat, longitude: lon)  // may normalise −180 and −0
                #expect(UnitVector(c) == UnitVector(latitude: c.latitude, longitude: c.longitude))
                let phi = lat * .pi / 180, lambda = lon * .pi / 180
                worst = max(
                    worst, abs(one.x - cos(phi) * cos(lambda)), abs(one.y - cos(phi) * sin(lambda)),
                    abs(one.z - sin(phi)))
            }
        }
        #expect(worst < 1e-15, "worst component difference from libm \(worst)")
    }

    @Test("chord² outside the band decides as the scalar haversine test, exact and cheap bounds, near every threshold")
    func chordDecisions() throws {
        var settled = 0
        for (center, p, radius) in try Self.nearThresholdCases(300_000, seed: 12) {
            let c = UnitVector(center), v = UnitVector(p)
            let c2 = SphereBand.chordSquared(c.x, c.y, c.z, v.x, v.y, v.z)
            let within = haversineDistance(center, p) <= radius
            let theta = radius / EarthModel.meanRadiusMeters
            for band in [SphereBand(angle: theta), SphereBand(cheapAngle: theta)] {
                #expect(band.inside >= 0 && band.inside <= band.outside)
                if c2 < band.insideChordSquared {
                    #expect(within, "\(center) → \(p), r = \(radius): certainly inside but the scalar says outside")
                    settled += 1
                }
                if c2 > band.outsideChordSquared {
                    #expect(!within, "\(center) → \(p), r = \(radius): certainly outside but the scalar says inside")
                    settled += 1
                }
            }
        }
        #expect(settled > 80_000, "the band settles most points (\(settled))")
    }

    @Test("product-only and libm h outside the band decide as trackintel's law of cosines, near every threshold")
    func haversineBoundsDecisions() throws {
        let k = Double.pi / 180
        let r = 6_371_000.0
        var settled = 0
        for (a, b, radius) in try Self.nearThresholdCases(300_000, seed: 13) {
            let p1 = a.latitude * k, l1 = a.longitude * k, p2 = b.latitude * k, l2 = b.longitude * k
            let lawOfCosines = r * acos(min(1, max(-1, cos(p1 - p2) - cos(p1) * cos(p2) * (1 - cos(l1 - l2)))))
            let outside = lawOfCosines >= radius
            let band = SphereBand(angle: radius / r)
            let bounds = SphereBand.haversineBounds(deltaPhi: p2 - p1, deltaLambda: l2 - l1, cosPhi0: cos(p1))
            let s1 = sin((p2 - p1) / 2), s2 = sin((l2 - l1) / 2)
            let h = s1 * s1 + cos(p1) * cos(p2) * (s2 * s2)
            #expect(bounds.low <= h * (1 + 1e-14) && h <= bounds.high * (1 + 1e-14), "h \(h) not in \(bounds)")
            for (low, high) in [(bounds.low, bounds.high), (h, h)] {
                if high < band.inside {
                    #expect(!outside, "\(a) → \(b), \(radius) m: certainly inside, trackintel says outside")
                    settled += 1
                }
                if low > band.outside {
                    #expect(outside, "\(a) → \(b), \(radius) m: certainly outside, trackintel says inside")
                    settled += 1
                }
            }
        }
        #expect(settled > 80_000, "the band settles most points (\(settled))")
    }

    @Test("negative, NaN and beyond-half-circumference angles: nothing within, nothing certain, band at h = 1")
    func edges() {
        #expect(SphereBand(angle: -1) == SphereBand(cheapAngle: -1))
        #expect(SphereBand(angle: -1).inside == 0 && SphereBand(angle: -1).outside == -1)
        #expect(SphereBand(angle: .nan).inside == 0 && SphereBand(angle: .nan).outside == .infinity)
        for theta in [Double.pi, 3.5, 1e9, .infinity] {
            let b = SphereBand(angle: theta)
            #expect(b == SphereBand(cheapAngle: theta))
            #expect(b.inside < 1 && b.inside > 0.99 && b.outside > 1 && b.outside < 1.01)
        }
        #expect(SphereBand(angle: 0).inside == 0 && SphereBand(angle: 0).outside == SphereBand.absoluteMargin)
    }
}
