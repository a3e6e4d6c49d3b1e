import Foundation
import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("Douglas–Peucker: rules, errors and equivalence with the recursive algorithm")
struct DouglasPeuckerTests {
    @Test("empty, one-vertex and two-vertex lines come back unchanged")
    func shortLines() throws {
        #expect(try DouglasPeucker.keptIndices(x: [], y: [], tolerance: 1) == [])
        #expect(try DouglasPeucker.keptIndices(x: [3], y: [4], tolerance: 1) == [0])
        #expect(try DouglasPeucker.keptIndices(x: [0, 5], y: [0, 5], tolerance: 100) == [0, 1])
        let two = [try Coordinate(latitude: 1, longitude: 2), try Coordinate(latitude: 1, longitude: 2)]
        #expect(try DouglasPeucker.simplify(two, toleranceMeters: 10).keptIndices == [0, 1])
        #expect(try [Coordinate]().simplified(toleranceMeters: 5).isEmpty)
    }

    @Test("the first and last vertices are always kept and indices ascend")
    func endpointsKept() throws {
        var rng = SeededRandom(seed: 1)
        for _ in 0..<50 {
            let (x, y) = SimplifyTestData.randomWalk(&rng, count: Int(rng.uniform(3, 400)))
            let kept = try DouglasPeucker.keptIndices(x: x, y: y, tolerance: rng.uniform(0, 50))
            #expect(kept.first == 0 && kept.last == x.count - 1)
            #expect(zip(kept, kept.dropFirst()).allSatisfy { $0 < $1 })
        }
    }

    @Test("a section is dropped when its maximum distance equals the tolerance, kept just above")
    func droppedAtTolerance() throws {
        // (1, 1) is exactly 1 from the segment (0, 0)–(2, 0).
        #expect(try DouglasPeucker.keptIndices(x: [0, 1, 2], y: [0, 1, 0], tolerance: 1) == [0, 2])
        #expect(try DouglasPeucker.keptIndices(x: [0, 1, 2], y: [0, 1, 0], tolerance: 0.999_999) == [0, 1, 2])
        // Tolerance 0 removes exactly collinear vertices only.
        #expect(try DouglasPeucker.keptIndices(x: [0, 1, 2, 3], y: [0, 1, 2, 2], tolerance: 0) == [0, 2, 3])
    }

    @Test("distance is measured to the closed segment, not to the infinite line")
    func closedSegment() throws {
        // (-3, 0.1) is 0.1 from the line y = 0 but about 3 from the segment (0,0)–(10,0).
        #expect(try DouglasPeucker.keptIndices(x: [0, -3, 10], y: [0, 0.1, 0], tolerance: 1) == [0, 1, 2])
        // Beyond the far end likewise.
        #expect(try DouglasPeucker.keptIndices(x: [0, 14, 10], y: [0, 0.1, 0], tolerance: 1) == [0, 1, 2])
    }

    @Test("among equally distant vertices the first is split on (GEOS's tie rule)")
    func firstStrictMaximum() throws {
        // (1, 1) and (2, 1) are both 1 from (0,0)–(3,0); splitting on the first keeps it.
        #expect(try DouglasPeucker.keptIndices(x: [0, 1, 2, 3], y: [0, 1, 1, 0], tolerance: 0.9) == [0, 1, 3])
    }

    @Test("the scalar and four-lane scans pick the first of tied vertices wherever they sit",
          arguments: [false, true])
    func tieRuleInEveryLane(blocks: Bool) {
        // Sections of every length up to 41 interior vertices (the four-lane scan takes
        // over from 8: blocks of four lanes, then a scalar tail), with ties at
        // pairs of positions: the scan must return the smaller position.
        for interior in 1...41 {
            let n = interior + 2
            for p in 1...interior {
                for q in p...interior where q == p || (q - p) % 3 == 1 {
                    let x = (0..<n).map { Double($0) }
                    var y = [Double](repeating: 0.5, count: n)
                    y[0] = 0
                    y[n - 1] = 0
                    y[p] = 7
                    y[q] = 7
                    let found = Self.farthest(x, y, 0, n - 1, blocks: blocks)
                    #expect(found.index == p, "interior \(interior), ties at \(p) and \(q): got \(found.index)")
                    #expect(found.distance == GEOSReference.pointToSegment(x[p], 7, 0, 0, x[n - 1], 0))
                    #expect(abs(found.distance - 7) < 1e-14)
                }
            }
        }
    }

    @Test("the four-lane scan finds the same vertex and distance as the scalar scan")
    func scansAgree() {
        var rng = SeededRandom(seed: 9)
        for _ in 0..<300 {
            let n = Int(rng.uniform(3, 200))
            let (x, y) = SimplifyTestData.randomWalk(&rng, count: n, duplicates: rng.uniform(0, 1) < 0.3)
            let first = Int(rng.uniform(0, Double(n - 2)))
            let last = Int(rng.uniform(Double(first + 2), Double(n)))
            let a = Self.farthest(x, y, first, last, blocks: false)
            let b = Self.farthest(x, y, first, last, blocks: true)
            #expect(a.index == b.index && a.distance.bitPattern == b.distance.bitPattern)
        }
    }

    @Test("the estimating scan equals the exact one on near ties, ends, nearly straight lines and extreme scales")
    func estimatingScanIsExact() {
        var rng = SeededRandom(seed: 21)
        var cases = 0
        for trial in 0..<5_000 {
            let n = Int(rng.uniform(10, 120))
            let length = rng.uniform(1, 1_000)
            var x = (0..<n).map { _ in rng.uniform(-0.2, 1.2) * length }, y = [Double](repeating: 0, count: n)
            x[0] = 0
            x[n - 1] = length
            let h = rng.uniform(0.5, 50)
            // Beyond an end, 2⁻¹⁵…2⁻¹⁴ of the length away: distances 2⁻²⁹ (relative) apart.
            let beyond = length * 0x1p-15 * rng.uniform(1, 2)
            for i in 1..<(n - 1) {
                switch trial % 5 {
                case 0:  // near ties: heights within a few units in the last place of h
                    y[i] = (rng.uniform(0, 1) < 0.5 ? 1 : -1) * (h + Double(Int(rng.uniform(-3, 4))) * h.ulp)
                    x[i] = rng.uniform(0, 1) * length
                case 1:  // vertices just before and after the ends, same heights
                    let nearB = rng.uniform(0, 1) < 0.5
                    let step = Double(Int(rng.uniform(-4, 5))) * length.ulp
                    x[i] = nearB ? length + step : step
                    y[i] = h
                case 2:  // nearly straight: the largest estimate falls under 2^-30 of len2
                    y[i] = rng.uniform(-1, 1) * length * 1e-12
                case 3:  // around an end, a few units of 2⁻²⁹ apart, where the estimate is
                    // not computed from p − a or p − b as GEOS's distance is
                    let e = beyond * (1 + Double(Int(rng.uniform(0, 6))) * 0x1p-29)
                    let angle = rng.uniform(-1.5, 1.5)
                    let nearB = rng.uniform(0, 1) < 0.5
                    x[i] = nearB ? length + e * cos(angle) : -e * cos(angle)
                    y[i] = e * sin(angle)
                default:  // random heights
                    y[i] = rng.uniform(-h, h)
                }
            }
            let scale = [1.0, 1e-150, 1e-20, 1e20, 1e149][(trial / 5) % 5]
            x = x.map { $0 * scale }
            y = y.map { $0 * scale }
            let first = Int(rng.uniform(0, 3)), last = n - 1 - Int(rng.uniform(0, 3))
            guard last - first >= 2 else { continue }
            let a = Self.farthest(x, y, first, last, blocks: false)
            let b = Self.farthest(x, y, first, last, blocks: true)
            #expect(a.index == b.index && a.distance.bitPattern == b.distance.bitPattern, "trial \(trial): \(a) vs \(b)")
            cases += 1
        }
        #expect(cases > 4_800)
    }

    @Test("a vertex whose projection falls on or next to an end gets GEOS's distance bit for bit")
    func distanceAtTheEnds() {
        // GEOS's pointToSegment, written out with its division r = dot / len2.
        func geos(_ px: Double, _ py: Double, _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double {
            let sx = bx - ax, sy = by - ay, len2 = sx * sx + sy * sy
            let r = ((px - ax) * sx + (py - ay) * sy) / len2
            if r <= 0 { return ((px - ax) * (px - ax) + (py - ay) * (py - ay)).squareRoot() }
            if r >= 1 { return ((px - bx) * (px - bx) + (py - by) * (py - by)).squareRoot() }
            let s = ((ay - py) * sx - (ax - px) * sy) / len2
            return Swift.abs(s) * len2.squareRoot()
        }
        var rng = SeededRandom(seed: 44)
        var cases = 0
        for trial in 0..<20_000 {
            // Segment lengths from subnormal-squared to near the input limit.
            let scale = [1.0, 1e-160, 1e-150, 1e-100, 1e100, 1e149][trial % 6]
            let ax = rng.uniform(-1, 1) * scale, ay = rng.uniform(-1, 1) * scale
            let bx = ax + rng.uniform(-1, 1) * scale, by = ay + rng.uniform(-1, 1) * scale
            guard ax != bx || ay != by else { continue }
            // The vertex's position along the segment: at, a few ulps around, or just
            // inside an end, or a tiny fraction of the length from a.
            let t: Double
            switch trial % 5 {
            case 0: t = 1 + Double(Int(rng.uniform(-40, 40))) * 0x1p-53
            case 1: t = Double(Int(rng.uniform(-40, 40))) * 0x1p-60
            case 2: t = 1 - rng.uniform(0, 1) * 0x1p-45
            case 3: t = rng.uniform(0, 1) * 0x1p-1040
            default: t = rng.uniform(-0.1, 1.1)
            }
            let off = rng.uniform(-1, 1) * [1.0, 1e-10, 0][trial % 3]
            let px = ax + t * (bx - ax) - off * (by - ay), py = ay + t * (by - ay) + off * (bx - ax)
            guard px.isFinite, py.isFinite else { continue }
            let x = [ax, px, bx], y = [ay, py, by]
            for blocks in [false, true] {
                let found = Self.farthest(x, y, 0, 2, blocks: blocks)
                // A segment whose len2 underflowed to 0 measures NaN, which never beats
                // GEOS's starting maximum of −1.
                let measured = geos(px, py, ax, ay, bx, by)
                let expected = measured.isNaN ? -1 : measured
                #expect(found.distance.bitPattern == expected.bitPattern, "trial \(trial): \(found.distance) vs \(expected)")
            }
            cases += 1
        }
        #expect(cases > 19_000)
    }

    static func farthest(_ x: [Double], _ y: [Double], _ first: Int, _ last: Int, blocks: Bool)
        -> (index: Int, distance: Double)
    {
        x.withUnsafeBufferPointer { xs in
            y.withUnsafeBufferPointer { ys in
                DouglasPeucker._farthestVertex(
                    x: xs.baseAddress!, y: ys.baseAddress!, first: first, last: last, blocks: blocks)
            }
        }
    }

    @Test("a closed line keeps its closing vertex; a zero-length section measures to its point")
    func closedLines() throws {
        let x: [Double] = [0, 1, 1, 0, 0], y: [Double] = [0, 0, 1, 1, 0]
        #expect(try DouglasPeucker.keptIndices(x: x, y: y, tolerance: 0.5) == [0, 1, 2, 3, 4])
        #expect(try DouglasPeucker.keptIndices(x: x, y: y, tolerance: 1.2) == [0, 2, 4])
        #expect(try DouglasPeucker.keptIndices(x: x, y: y, tolerance: 10) == [0, 4])
    }

    @Test("consecutive duplicate vertices are kept at most once")
    func duplicates() throws {
        let x: [Double] = [0, 0, 1, 1, 2, 2], y: [Double] = [0, 0, 1, 1, 0, 0]
        #expect(try DouglasPeucker.keptIndices(x: x, y: y, tolerance: 0.1) == [0, 2, 5])
        // Only the two ends of a line of identical points.
        #expect(try DouglasPeucker.keptIndices(x: [3, 3, 3, 3], y: [4, 4, 4, 4], tolerance: 0) == [0, 3])
        var rng = SeededRandom(seed: 2)
        for _ in 0..<40 {
            let (x, y) = SimplifyTestData.randomWalk(&rng, count: Int(rng.uniform(3, 300)), duplicates: true)
            for tolerance in [0.0, 0.5, 2] {
                let kept = try DouglasPeucker.keptIndices(x: x, y: y, tolerance: tolerance)
                for (a, b) in zip(kept, kept.dropFirst()) where b != x.count - 1 || a != 0 {
                    #expect(x[a] != x[b] || y[a] != y[b], "vertices \(a) and \(b) are the same point")
                }
            }
        }
    }

    @Test("the radial pre-pass keeps a vertex only beyond the tolerance from the last one kept")
    func radialPrePass() throws {
        // Vertices 0.4 apart along y = 0, then a corner at vertex 5. The pre-pass keeps
        // 0, 3 (1.2 from 0) and the last vertex; vertex 5, 0.8 from 3, is gone before
        // Douglas–Peucker runs, and 3 is within the tolerance of 0–6.
        let x: [Double] = [0, 0.4, 0.8, 1.2, 1.6, 2.0, 2.0], y: [Double] = [0, 0, 0, 0, 0, 0, 3]
        let on = DouglasPeucker.Options(radialPrePass: true)
        #expect(try DouglasPeucker.keptIndices(x: x, y: y, tolerance: 1, options: on) == [0, 6])
        // Off by default: Douglas–Peucker alone keeps the corner.
        #expect(try DouglasPeucker.keptIndices(x: x, y: y, tolerance: 1) == [0, 5, 6])
        #expect(DouglasPeucker.Options().radialPrePass == false)
    }

    @Test("bad input is an error that names what and where")
    func errors() {
        func message(_ body: () throws -> Void) -> String? {
            do { try body() } catch let error as GeoKernelError {
                return error.code == .invalidArgument ? error.message : "code \(error.code)"
            } catch { return "\(error)" }
            return nil
        }
        #expect(message { _ = try DouglasPeucker.keptIndices(x: [0, 1], y: [0], tolerance: 1) }?.contains("y has 1") == true)
        #expect(message { _ = try DouglasPeucker.keptIndices(x: [0, 1, 2, .nan], y: [0, 1, 2, 3], tolerance: 1) }?.contains("x[3]") == true)
        #expect(message { _ = try DouglasPeucker.keptIndices(x: [0, 1], y: [0, .infinity], tolerance: 1) }?.contains("y[1]") == true)
        #expect(message { _ = try DouglasPeucker.keptIndices(x: [0, 1e200], y: [0, 0], tolerance: 1) }?.contains("x[1]") == true)
        #expect(message { _ = try DouglasPeucker.keptIndices(x: [0, 1], y: [0, 0], tolerance: -1) }?.contains("tolerance -1") == true)
        #expect(message { _ = try DouglasPeucker.keptIndices(x: [0, 1], y: [0, 0], tolerance: .nan) }?.contains("tolerance") == true)
        let far = [
            try! Coordinate(latitude: 0, longitude: 0), try! Coordinate(latitude: 0, longitude: 60),
            try! Coordinate(latitude: 0, longitude: 150),
        ]
        #expect(message { _ = try DouglasPeucker.simplify(far, toleranceMeters: 10) }?.contains("split the line") == true)
        #expect(message { _ = try DouglasPeucker.simplify(far, toleranceMeters: -2) }?.contains("-2.0 m") == true)
        let around = [0.0, 90, 180, -90].map { try! Coordinate(latitude: 0, longitude: $0) }
        #expect(message { _ = try DouglasPeucker.simplify(around, toleranceMeters: 10) }?.contains("whole globe") == true)
    }

    @Test("matches the recursive algorithm on seeded random walks", arguments: [false, true])
    func equivalence(withDuplicates: Bool) throws {
        var rng = SeededRandom(seed: withDuplicates ? 31 : 30)
        for _ in 0..<150 {
            let n = Int(rng.uniform(3, 2_500))
            let (x, y) = SimplifyTestData.randomWalk(&rng, count: n, duplicates: withDuplicates)
            let tolerance = [0, rng.uniform(0, 1), rng.uniform(0, 5), rng.uniform(0, 40)][Int(rng.uniform(0, 4))]
            let kept = try DouglasPeucker.keptIndices(x: x, y: y, tolerance: tolerance)
            #expect(kept == SimplifyTestData.recursiveKept(x, y, tolerance: tolerance), "n \(n), tolerance \(tolerance)")
        }
    }

    @Test("kept sets are nested: a larger tolerance keeps a subset")
    func nested() throws {
        var rng = SeededRandom(seed: 5)
        let (x, y) = SimplifyTestData.randomWalk(&rng, count: 5_000)
        var previous = Set(0..<x.count)
        for tolerance in [0.0, 0.5, 1, 2, 5, 10, 50, 1e9] {
            let kept = Set(try DouglasPeucker.keptIndices(x: x, y: y, tolerance: tolerance))
            #expect(kept.isSubset(of: previous), "tolerance \(tolerance)")
            previous = kept
        }
        #expect(previous == [0, x.count - 1])
    }

    @Test("geographic simplification equals the planar kernel on the documented gnomonic plane")
    func geographicEquivalence() throws {
        var rng = SeededRandom(seed: 8)
        for _ in 0..<30 {
            // A random walk of 10-200 m steps somewhere on the globe (also near a pole
            // and across the antimeridian).
            let start = try Coordinate(latitude: rng.uniform(-89, 89), longitude: rng.uniform(-180, 180))
            var line = [start]
            var bearing = rng.uniform(0, 360)
            for _ in 0..<Int(rng.uniform(3, 600)) {
                bearing += rng.normal() * 30
                line.append(try line.last!.destination(bearingDegrees: bearing, distanceMeters: rng.uniform(10, 200)))
            }
            let tolerance = rng.uniform(0, 60)
            let result = try DouglasPeucker.simplify(line, toleranceMeters: tolerance)
            let projection = try GnomonicProjection(centeredOn: line)
            #expect(result.projection == projection)
            let plane = try line.map { (c) throws(GeoKernelError) in try projection.project(c) }
            let expected = SimplifyTestData.recursiveKept(plane.map(\.x), plane.map(\.y), tolerance: tolerance)
            #expect(result.keptIndices == expected)
            #expect(result.coordinates == expected.map { line[$0] })
            #expect(try line.simplified(toleranceMeters: tolerance) == result.coordinates)
            var copy = line
            try copy.simplify(toleranceMeters: tolerance)
            #expect(copy == result.coordinates)
        }
    }

    @Test("points on one great circle reduce to their ends, across the antimeridian and near a pole")
    func greatCircles() throws {
        let cases: [(Double, Double, Double)] = [(10, 175, 80), (-30, 170, 120), (80, 0, 10), (-85, 45, 200)]
        for (lat, lon, bearing) in cases {
            let start = try Coordinate(latitude: lat, longitude: lon)
            let line = try (0...400).map { (i) throws(GeoKernelError) in
                try start.destination(bearingDegrees: bearing, distanceMeters: Double(i) * 2_000)
            }
            let result = try DouglasPeucker.simplify(line, toleranceMeters: 0.01)
            #expect(result.keptIndices == [0, 400], "from \(start) at \(bearing)°: \(result.keptIndices.count) kept")
            // 800 km of line, so its ends are about 400 km from the centre: 1/cos²(400 km / R).
            #expect(result.maximumScaleFactor > 1.003 && result.maximumScaleFactor < 1.005)
        }
    }
}
