#if canImport(Glibc)
import Glibc
#endif
import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("Polygon containment")
struct PolygonContainmentTests {
    func c(_ lat: Double, _ lon: Double) -> Coordinate { Coordinate(uncheckedLatitude: lat, longitude: lon) }

    @Test("a square with a hole: inside, outside, in the hole, and every vertex and edge point on the boundary")
    func squareWithHole() throws {
        let outer = [c(0, 0), c(0, 10), c(10, 10), c(10, 0), c(0, 0)]
        let hole = [c(4, 4), c(6, 4), c(6, 6), c(4, 6), c(4, 4)]
        let p = try PreparedPolygon(Polygon(outer: outer, holes: [hole]))
        #expect(p.location(of: c(2, 2)) == .inside)
        #expect(p.location(of: c(5, 5)) == .outside)
        #expect(p.location(of: c(11, 5)) == .outside)
        #expect(p.location(of: c(-1e-300, 5)) == .outside)
        #expect(p.location(of: c(1e-300, 5)) == .inside)
        for v in outer + hole { #expect(p.location(of: v) == .boundary, "\(v)") }
        for q in [c(0, 5), c(10, 3), c(7, 0), c(7, 10), c(4, 5), c(6, 4.5), c(5, 4), c(5, 6)] {
            #expect(p.location(of: q) == .boundary, "\(q)")
            #expect(p.contains(q))
        }
        #expect(p.location(of: c(5, 4).nudged(lon: -1)) == .inside)
        #expect(p.location(of: c(5, 4).nudged(lon: 1)) == .outside)
    }

    @Test("an unclosed ring means the same polygon as the closed one")
    func unclosedRing() throws {
        let ring = [c(0, 0), c(0, 10), c(10, 10), c(10, 0)]
        let open = try PreparedPolygon(Polygon(outer: ring)), closed = try PreparedPolygon(Polygon(outer: ring + [ring[0]]))
        var rng = SeededRandom(seed: 1)
        for _ in 0..<2_000 {
            let q = c(rng.uniform(-1, 11), rng.uniform(-1, 11))
            #expect(open.location(of: q) == closed.location(of: q))
        }
        #expect(open.location(of: c(5, 0)) == .boundary)
    }

    @Test("on seeded star polygons with holes, the grid's answer equals the edge-by-edge scan for random points and points within 1e-9 degrees of edges and vertices")
    func gridEqualsScan() throws {
        var rng = SeededRandom(seed: 2_401)
        var boundary = 0, checked = 0
        for (k, n) in [3, 5, 8, 9, 20, 50, 255, 256, 1_000, 4_000].enumerated() {
            let lat = rng.uniform(-70, 70), lon = rng.uniform(-170, 170), size = [1e-4, 0.01, 1, 5][k % 4]
            let polygon = try PolygonTestData.starWithHole(&rng, n: n, lat: lat, lon: lon, size: size)
            let prepared = try PreparedPolygon(polygon)
            for q in PolygonTestData.probes(&rng, polygon, count: 3_000) {
                let grid = prepared.location(of: q), scan = prepared.locationByScan(of: q)
                #expect(grid == scan, "n \(n), \(q): grid \(grid), scan \(scan)")
                if scan == .boundary { boundary += 1 }
                checked += 1
            }
        }
        #expect(boundary > 1_000, "the probes should hit the boundary exactly: \(boundary) of \(checked)")
    }

    @Test("in every cell an edge comes near, the walk towards -x and the walk towards +x both equal the edge-by-edge scan, and both directions are in use")
    func bothWalksEqualScan() throws {
        var rng = SeededRandom(seed: 2_402)
        var walked = 0, left = 0, cells = 0
        for (k, n) in [5, 9, 20, 50, 256, 1_000].enumerated() {
            let lat = rng.uniform(-70, 70), lon = rng.uniform(-170, 170), size = [1e-4, 0.01, 1][k % 3]
            let polygon = try PolygonTestData.starWithHole(&rng, n: n, lat: lat, lon: lon, size: size)
            let prepared = try PreparedPolygon(polygon)
            left += prepared.cellsWalkingLeft
            for q in PolygonTestData.probes(&rng, polygon, count: 3_000) {
                guard let both = prepared.locationsByBothWalks(of: q) else { continue }
                let scan = prepared.locationByScan(of: q)
                #expect(both.right == scan && both.left == scan, "n \(n), \(q): right \(both.right), left \(both.left), scan \(scan)")
                walked += 1
            }
            cells += 1
        }
        #expect(walked > 5_000, "most probes should fall in cells with edges: \(walked)")
        #expect(left > 100, "some mixed cells should walk towards -x: \(left) in \(cells) polygons")
    }

    @Test("away from the boundary, decisions equal a plain floating-point crossing count")
    func offBoundaryEqualsFloatingPoint() throws {
        var rng = SeededRandom(seed: 77)
        for n in [4, 30, 600] {
            let polygon = try PolygonTestData.starWithHole(&rng, n: n, lat: 45, lon: 7, size: 0.05)
            let prepared = try PreparedPolygon(polygon)
            let rings = polygon.rings
            var compared = 0
            for _ in 0..<5_000 {
                let q = c(rng.uniform(44.9, 45.1), rng.uniform(6.9, 7.1))
                var odd = false, clear = true
                for ring in rings {
                    for k in ring.indices {
                        let a = ring[k], b = ring[(k + 1) % ring.count]
                        guard (a.latitude > q.latitude) != (b.latitude > q.latitude) else { continue }
                        let x = a.longitude + (q.latitude - a.latitude) * (b.longitude - a.longitude) / (b.latitude - a.latitude)
                        if abs(x - q.longitude) < 1e-9 { clear = false }
                        if x > q.longitude { odd.toggle() }
                    }
                }
                guard clear else { continue }
                compared += 1
                #expect(prepared.contains(q) == odd, "\(q)")
            }
            #expect(compared > 4_900)
        }
    }

    @Test("the orientation sign is exact: points on a line through two vertices are on it, one ulp off is not")
    func exactOrientation() throws {
        var rng = SeededRandom(seed: 5)
        for _ in 0..<2_000 {
            let ax = rng.uniform(-180, 180), ay = rng.uniform(-90, 90)
            // Points a + k·(d, d) with d a power of two are exactly on the diagonal line.
            let d = 0.0625, k = Double(Int(rng.uniform(1, 100)))
            let bx = ax + 128 * d, by = ay + 128 * d
            let px = ax + k * d, py = ay + k * d
            guard bx - ax == 128 * d, by - ay == 128 * d, px - ax == k * d, py - ay == k * d else { continue }
            #expect(planarOrientation(ax, ay, bx, by, px, py) == 0)
            #expect(planarOrientation(ax, ay, bx, by, px, py.nextUp) == 1)
            #expect(planarOrientation(ax, ay, bx, by, px, py.nextDown) == -1)
            #expect(planarOrientation(ax, ay, bx, by, px.nextUp, py) == -1)
        }
        // The filter's and the exact path's signs agree wherever the filter decides.
        for _ in 0..<20_000 {
            let v = (0..<6).map { _ in rng.uniform(-1, 1) * 100 }
            let fast = planarOrientation(v[0], v[1], v[2], v[3], v[4], v[5])
            #expect(fast == exactPlanarOrientation(v[0], v[1], v[2], v[3], v[4], v[5]))
        }
    }

    @Test("a ring crossing the antimeridian with a jump, the same area cut at 180 degrees into a MultiPolygon, and the shifted copy agree on every point")
    func antimeridian() throws {
        let jumped = try PreparedPolygon(Polygon(outer: [c(-10, 170), c(-10, -170), c(10, -170), c(10, 170)]))
        let cut = try PreparedPolygon([
            Polygon(outer: [c(-10, 170), c(-10, 180), c(10, 180), c(10, 170)]),
            Polygon(outer: [c(-10, -180), c(-10, -170), c(10, -170), c(10, -180)]),
        ])
        #expect(jumped.contains(c(0, 175)) && jumped.contains(c(0, -175)) && jumped.contains(c(0, 180)))
        #expect(!jumped.contains(c(0, 0)) && !jumped.contains(c(0, 165)) && !jumped.contains(c(0, -165)))
        var rng = SeededRandom(seed: 180)
        for _ in 0..<5_000 {
            let q = c(rng.uniform(-12, 12), rng.uniform(-180, 180))
            let a = jumped.location(of: q), b = cut.location(of: q)
            if abs(q.longitude) != 180 { #expect((a == .outside) == (b == .outside), "\(q)") }
        }
        #expect(jumped.location(of: c(10, 180)) == .boundary)
        #expect(jumped.capRadiusMeters < 2_000_000 && abs(jumped.capCenter.longitude) == 180)
    }

    @Test("a ring drawn from -180 to 180 degrees (Antarctica) is closed through the pole it goes around")
    func poleWinding() throws {
        var ring: [Coordinate] = [c(-90, -180)]
        for lon in stride(from: -180.0, through: 180, by: 30) { ring.append(c(-60, lon)) }
        ring.append(c(-90, 180))
        let south = try PreparedPolygon(Polygon(outer: ring))
        #expect(south.contains(c(-80, 0)) && south.contains(c(-89.9, 123)) && south.contains(c(-90, 0)))
        #expect(!south.contains(c(-50, 0)) && !south.contains(c(60, 10)))
        // A band around the pole without vertices on it.
        let band = try PreparedPolygon(Polygon(outer: stride(from: 0.0, to: 360, by: 45).map { c(70, $0 - 180) }))
        #expect(band.contains(c(80, 12)) && !band.contains(c(60, 12)))
    }

    @Test("bad rings are refused with a message naming the ring")
    func refusesBadRings() throws {
        #expect(throws: GeoKernelError.self) { try Polygon(rings: []) }
        let e = #expect(throws: GeoKernelError.self) { try Polygon(outer: [c(0, 0), c(0, 1), c(0, 0)]) }
        #expect(e?.message.contains("outer ring") == true)
        let h = #expect(throws: GeoKernelError.self) { try Polygon(outer: [c(0, 0), c(0, 1), c(1, 1)], holes: [[c(0, 0), c(0, 0), c(0, 0), c(0, 0)]]) }
        #expect(h?.message.contains("hole 1") == true)
        let bad = #expect(throws: GeoKernelError.self) { try Polygon(degrees: [[(0, 0), (91, 0), (1, 1)]]) }
        #expect(bad?.message.contains("position 1") == true)
        // Twice around the Earth.
        let twice = stride(from: 0.0, to: 720, by: 90).map { c(10 + $0 / 100, $0 - 180) }
        let w = #expect(throws: GeoKernelError.self) { try PreparedPolygon(Polygon(outer: twice)) }
        #expect(w?.message.contains("winds") == true, "\(String(describing: w))")
        #expect(throws: GeoKernelError.self) { try PreparedPolygon([]) }
    }

    @Test("the batch answers as the point-by-point test, and refuses a bad point or a short mask without writing")
    func batch() throws {
        var rng = SeededRandom(seed: 9)
        let polygon = try PolygonTestData.starWithHole(&rng, n: 300, lat: 10, lon: 20, size: 2)
        let prepared = try PreparedPolygon(polygon)
        let lat = (0..<10_000).map { _ in rng.uniform(7, 13) }, lon = (0..<10_000).map { _ in rng.uniform(17, 23) }
        let mask = try prepared.contains(latitudes: lat, longitudes: lon)
        for i in lat.indices { #expect(mask[i] == prepared.contains(c(lat[i], lon[i]))) }
        #expect(mask.contains(true) && mask.contains(false))
        let e = #expect(throws: GeoKernelError.self) { try prepared.contains(latitudes: [0, 95], longitudes: [0, 0]) }
        #expect(e?.message.contains("point 1") == true, "\(String(describing: e))")
        #expect(throws: GeoKernelError.self) { try prepared.contains(latitudes: [0], longitudes: []) }
    }
}

extension Coordinate {
    /// This coordinate moved by `lon` ulps of longitude.
    func nudged(lon steps: Int) -> Coordinate {
        var x = longitude
        for _ in 0..<abs(steps) { x = steps > 0 ? x.nextUp : x.nextDown }
        return Coordinate(uncheckedLatitude: latitude, longitude: x)
    }
}

@Suite("Polygon grid memory")
struct PolygonGridMemoryTests {
    @Test("a star of 20 000 spikes through its centre keeps the prepared size linear in its vertices, and still answers as the scan")
    func spikyStarStaysLinear() throws {
        var ring: [Coordinate] = []
        let n = 20_000
        for k in 0..<n {
            let a = 2 * Double.pi * Double(k) / Double(n)
            let r = k % 2 == 0 ? 10.0 : 0.001
            ring.append(Coordinate(uncheckedLatitude: r * sin(a), longitude: r * cos(a)))
        }
        let prepared = try PreparedPolygon(Polygon(outer: ring))
        #expect(prepared.byteCount <= 16 * 4 * n + 200 * n, "\(prepared.byteCount) bytes for \(n) vertices")
        var rng = SeededRandom(seed: 3)
        for _ in 0..<3_000 {
            let q = Coordinate(uncheckedLatitude: rng.uniform(-10, 10), longitude: rng.uniform(-10, 10))
            #expect(prepared.location(of: q) == prepared.locationByScan(of: q))
        }
    }
}
