import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("Distance from a point to a polygon's boundary")
struct PolygonDistanceTests {
    /// The haversine distance (metres) from `q` to the edge a–b straight in degrees, by
    /// sampling 4 000 points of it and a ternary search around the best.
    static func bruteEdgeDistance(_ q: Coordinate, _ a: Coordinate, _ b: Coordinate) -> Double {
        var bx = b.longitude
        if bx - a.longitude > 180 { bx -= 360 } else if bx - a.longitude < -180 { bx += 360 }
        func d(_ t: Double) -> Double {
            haversineDistance(
                Coordinate(uncheckedLatitude: a.latitude + t * (b.latitude - a.latitude), longitude: a.longitude + t * (bx - a.longitude)),
                q)
        }
        let n = 4_000
        var best = 0
        for k in 0...n where d(Double(k) / Double(n)) < d(Double(best) / Double(n)) { best = k }
        var lo = Double(max(0, best - 1)) / Double(n), hi = Double(min(n, best + 1)) / Double(n)
        for _ in 0..<200 {
            let m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3
            if d(m1) < d(m2) { hi = m2 } else { lo = m1 }
        }
        return min(d(lo), d(0), d(1))
    }

    @Test("distances to the boundary equal a dense search along every edge within 1 micrometre, inside and outside, from metres to hundreds of kilometres")
    func equalsBruteForce() throws {
        var rng = SeededRandom(seed: 31)
        var worst = 0.0
        for (n, size) in [(5, 0.001), (12, 0.05), (40, 2.0), (9, 20.0)] {
            let polygon = try PolygonTestData.starWithHole(&rng, n: n, lat: rng.uniform(-60, 60), lon: rng.uniform(-179, 179), size: size)
            let prepared = try PreparedPolygon(polygon)
            let lats = polygon.rings[0].map(\.latitude), lons = polygon.rings[0].map(\.longitude)
            for _ in 0..<60 {
                let q = Coordinate(
                    uncheckedLatitude: rng.uniform(lats.min()! - size / 3, lats.max()! + size / 3),
                    longitude: rng.uniform(lons.min()! - size / 3, lons.max()! + size / 3))
                var brute = Double.infinity
                for ring in polygon.rings {
                    for k in ring.indices { brute = min(brute, Self.bruteEdgeDistance(q, ring[k], ring[(k + 1) % ring.count])) }
                }
                let got = prepared.boundaryDistanceMeters(from: q)
                worst = max(worst, abs(got - brute))
                #expect(abs(got - brute) <= 1e-6, "size \(size)°, \(q): \(got) vs \(brute)")
            }
        }
        print("polygon boundary distance: worst difference to the dense search \(worst) m")
    }

    @Test("a point on an edge or vertex is at distance zero, and a point across a parallel edge at its true distance")
    func onTheBoundary() throws {
        let ring = [(0.0, 0.0), (0.0, 1.0), (1.0, 1.0), (1.0, 0.0)].map { Coordinate(uncheckedLatitude: $0.0, longitude: $0.1) }
        let p = try PreparedPolygon(Polygon(outer: ring))
        #expect(p.boundaryDistanceMeters(from: Coordinate(uncheckedLatitude: 0, longitude: 0.5)) < 1e-9)
        #expect(p.boundaryDistanceMeters(from: Coordinate(uncheckedLatitude: 1, longitude: 1)) < 1e-9)
        // Straight south of the southern edge (the equator): the meridian distance.
        let below = p.boundaryDistanceMeters(from: Coordinate(uncheckedLatitude: -0.01, longitude: 0.5))
        #expect(abs(below - 0.01 * .pi / 180 * EarthModel.meanRadiusMeters) < 1e-6)
    }

    @Test("the bounded distance is exact when within its limit and above the limit otherwise")
    func boundedDistance() throws {
        var rng = SeededRandom(seed: 8)
        let polygon = try PolygonTestData.starWithHole(&rng, n: 500, lat: 48, lon: 2, size: 0.05)
        let prepared = try PreparedPolygon(polygon)
        for _ in 0..<2_000 {
            let q = Coordinate(uncheckedLatitude: rng.uniform(47.93, 48.07), longitude: rng.uniform(1.93, 2.07))
            let full = prepared.boundaryDistanceMeters(from: q)
            for limit in [5.0, 50, 500] {
                let bounded = prepared.boundaryDistanceMeters(from: q, upTo: limit)
                if full <= limit { #expect(bounded == full, "\(q) limit \(limit)") } else { #expect(bounded > limit) }
            }
        }
    }

    @Test("whether the boundary comes within a limit equals comparing the full distance with it, strictly or not, at points near and far")
    func withinEqualsDistance() throws {
        var rng = SeededRandom(seed: 19)
        for n in [6, 48, 700] {
            let polygon = try PolygonTestData.starWithHole(&rng, n: n, lat: rng.uniform(-60, 60), lon: rng.uniform(-179, 179), size: 0.01)
            let prepared = try PreparedPolygon(polygon)
            let ring = polygon.rings[0]
            for _ in 0..<1_500 {
                let base = ring[Int(rng.next() % UInt64(ring.count))]
                let q = Coordinate(uncheckedLatitude: base.latitude + rng.uniform(-0.003, 0.003), longitude: base.longitude + rng.uniform(-0.003, 0.003))
                let full = prepared.boundaryDistanceMeters(from: q)
                for limit in [0.5, 10, 50, 300, full, full.nextUp, full.nextDown] {
                    #expect(prepared.boundaryWithin(limit, of: q, strictly: false) == (full <= limit), "\(q) ≤ \(limit) (\(full))")
                    #expect(prepared.boundaryWithin(limit, of: q, strictly: true) == (full < limit), "\(q) < \(limit) (\(full))")
                    if prepared.location(of: q) == .outside {
                        #expect(prepared.boundaryWithin(limit, of: q, strictly: false, outside: true, unitVector: UnitVector(q)) == (full <= limit), "\(q) outside ≤ \(limit) (\(full))")
                    }
                }
            }
        }
    }

    @Test("the upper bound read from the grid cells around a point is never below the distance to the boundary, and next to an edge within 0.1 % of it")
    func upperBoundFromCells() throws {
        var rng = SeededRandom(seed: 23)
        var finite = 0, near = 0, tight = 0
        for (n, size) in [(6, 0.001), (48, 0.003), (700, 0.01), (40, 0.5)] {
            let polygon = try PolygonTestData.starWithHole(&rng, n: n, lat: rng.uniform(-60, 60), lon: rng.uniform(-179, 179), size: size)
            let prepared = try PreparedPolygon(polygon)
            let ring = polygon.rings[0]
            for _ in 0..<1_000 {
                let base = ring[Int(rng.next() % UInt64(ring.count))]
                let r = size / 10
                let q = Coordinate(uncheckedLatitude: base.latitude + rng.uniform(-r, r), longitude: base.longitude + rng.uniform(-r, r))
                let full = prepared.boundaryDistanceMeters(from: q)
                let bound = prepared.boundaryUpperBound(near: q, unitVector: UnitVector(q)) * EarthModel.meanRadiusMeters
                #expect(bound >= full, "size \(size)°, \(q): bound \(bound) m below the distance \(full) m")
                if bound.isFinite { finite += 1 }
                // Next to an edge the nearest edge is listed in the point's cell.
                if full < 1 {
                    near += 1
                    #expect(bound <= full * 1.001 + 1e-6, "size \(size)°, \(q): bound \(bound) m, distance \(full) m")
                    if bound <= full * 1.001 + 1e-6 { tight += 1 }
                }
            }
            // On an edge: zero distance, and a bound of at most the margins (1e-13 rad).
            let onEdge = Coordinate(
                uncheckedLatitude: (ring[0].latitude + ring[1].latitude) / 2, longitude: (ring[0].longitude + ring[1].longitude) / 2)
            #expect(prepared.boundaryUpperBound(near: onEdge, unitVector: UnitVector(onEdge)) * EarthModel.meanRadiusMeters < 1e-3)
        }
        #expect(finite > 3_000, "most points near the ring should see an edge in the cells around them: \(finite)")
        #expect(near > 100, "the probes should come within a metre of an edge: \(near)")
        print("boundary upper bound: \(finite) of 4 000 finite; \(tight) of the \(near) points within a metre of an edge within 0.1 %")
    }

    @Test("an ulp away from a vertex or an edge, here and across the antimeridian, whether the boundary is within the computed distance agrees with that distance (fuzz findings)")
    func withinAtTheBoundary() throws {
        var rng = SeededRandom(seed: 45)
        let star = try PolygonTestData.starWithHole(&rng, n: 40, lat: 45, lon: 5, size: 0.002)
        // Across the antimeridian the part's longitudes are shifted by 360° (a fuzz finding).
        let jump = try Polygon(outer: [(-10.0, 170.0), (-10, -170), (10, -170), (10, 170)].map {
            Coordinate(uncheckedLatitude: $0.0, longitude: $0.1)
        })
        var band: [Coordinate] = [Coordinate(uncheckedLatitude: -90, longitude: -180)]
        for lon in stride(from: -180.0, through: 180, by: 90) { band.append(Coordinate(uncheckedLatitude: -60, longitude: lon)) }
        band.append(Coordinate(uncheckedLatitude: -90, longitude: 180))
        let antarctica = try Polygon(outer: band)
        for polygon in [star, jump, antarctica] {
        let prepared = try PreparedPolygon(polygon)
        for ring in polygon.rings {
            for (k, a) in ring.enumerated() {
                let b = ring[(k + 1) % ring.count]
                let mid = Coordinate(uncheckedLatitude: (a.latitude + b.latitude) / 2, longitude: (a.longitude + b.longitude) / 2)
                for q in [a, mid, a.nudged(lon: 1), a.nudged(lon: -1), mid.nudged(lon: 1), mid.nudged(lon: -1)] {
                    let d = prepared.boundaryDistanceMeters(from: q)
                    #expect(prepared.boundaryWithin(d, of: q, strictly: false), "\(q): not within its distance \(d)")
                    #expect(!prepared.boundaryWithin(d, of: q, strictly: true), "\(q): strictly within its distance \(d)")
                    if prepared.location(of: q) == .outside {
                        #expect(prepared.boundaryWithin(d, of: q, strictly: false, outside: true, unitVector: UnitVector(q)))
                    }
                }
            }
        }
        }
    }
}
