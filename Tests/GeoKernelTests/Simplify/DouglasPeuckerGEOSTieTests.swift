import GeoKernel
import Testing
import _GeoKernelTestSupport

/// Issue 13: on integer grids, distances tie after GEOS's rounding where squared
/// distances do not (and the other way round); the planar kernel must decide as GEOS.
@Suite("Douglas–Peucker decides ties exactly as GEOS")
struct DouglasPeuckerGEOSTieTests {
    /// Random lines on a small integer grid, where equal distances are common.
    static func gridLine(_ rng: inout SeededRandom, count: Int, size: Double) -> ([Double], [Double]) {
        var x: [Double] = [], y: [Double] = []
        for _ in 0..<count {
            x.append(rng.uniform(0, size).rounded(.down))
            y.append(rng.uniform(0, size).rounded(.down))
        }
        return (x, y)
    }

    @Test("200 random grid lines give GEOS's kept vertices, in every lane layout and tolerance")
    func randomGridLines() throws {
        var rng = SeededRandom(seed: 13)
        var checked = 0, squaredRuleDiffers = 0
        for line in 0..<200 {
            let n = 3 + Int(rng.uniform(0, 60))
            let (x, y) = Self.gridLine(&rng, count: n, size: 8)
            for tolerance in [0.0, 0.5, 1, 1.4142135623730951, 2, 2.23606797749979, 3] {
                let want = GEOSReference.keptIndices(x: x, y: y, tolerance: tolerance)
                let got = try DouglasPeucker.keptIndices(x: x, y: y, tolerance: tolerance)
                #expect(got == want, "line \(line), tolerance \(tolerance)")
                if Self.squaredRule(x: x, y: y, tolerance: tolerance) != want { squaredRuleDiffers += 1 }
                checked += 1
            }
        }
        #expect(checked == 1_400)
        // The data discriminates: the former rule (clamped foot, squared distances)
        // decides some of these lines differently from GEOS.
        #expect(squaredRuleDiffers > 0)
    }

    @Test("a vertex at exactly the tolerance by GEOS's rounding is dropped, one just above is kept")
    func toleranceBoundary() throws {
        // (1, 1) from (0,0)–(2,2)... off-segment foot: GEOS measures |s|·√len2; the
        // kernel must compare that value, not its square, with the tolerance.
        var rng = SeededRandom(seed: 5)
        for _ in 0..<2_000 {
            let (x, y) = Self.gridLine(&rng, count: 3, size: 16)
            let d = GEOSReference.pointToSegment(x[1], y[1], x[0], y[0], x[2], y[2])
            for tolerance in [d, d.nextDown, d.nextUp] where tolerance >= 0 {
                #expect(try DouglasPeucker.keptIndices(x: x, y: y, tolerance: tolerance)
                    == GEOSReference.keptIndices(x: x, y: y, tolerance: tolerance), "\(x) \(y) at \(tolerance)")
            }
        }
    }

    @Test("a farthest vertex found by estimate is kept or dropped as its measured distance says, at and next to the tolerance")
    func estimateSettlesTolerance() throws {
        // Sections of 8 or more interior vertices find their farthest vertex by estimate
        // and, away from the tolerance, decide by the estimate alone; at it, they measure.
        var rng = SeededRandom(seed: 21)
        var checked = 0
        for line in 0..<1_500 {
            let n = 10 + Int(rng.uniform(0, 40))
            let scale = [1e-3, 1, 1e4][line % 3]
            var x = [0.0], y = [0.0]
            for _ in 1..<n {
                x.append(x[x.count - 1] + rng.uniform(-1, 1) * scale)
                y.append(y[y.count - 1] + rng.uniform(-1, 1) * scale)
            }
            // The top section's largest distance by GEOS's arithmetic, and tolerances at,
            // one unit around, and a little around it.
            let d = (1..<(n - 1)).map { GEOSReference.pointToSegment(x[$0], y[$0], x[0], y[0], x[n - 1], y[n - 1]) }.max()!
            let around = [d, d.nextDown, d.nextUp, d.nextUp.nextUp, d * (1 - 0x1p-45), d * (1 + 0x1p-45),
                          d * (1 - 0x1p-31), d * (1 + 0x1p-31), d * (1 - 0x1p-29), d * (1 + 0x1p-29), d / 2]
            for tolerance in around {
                #expect(try DouglasPeucker.keptIndices(x: x, y: y, tolerance: tolerance)
                    == GEOSReference.keptIndices(x: x, y: y, tolerance: tolerance), "line \(line) at \(tolerance)")
                checked += 1
            }
        }
        #expect(checked == 16_500)
    }

    /// The kernel's former rule: squared distance to the clamped foot, first strict
    /// maximum of the squares, dropped when the square is ≤ tolerance².
    static func squaredRule(x: [Double], y: [Double], tolerance: Double) -> [Int] {
        var use = [Bool](repeating: true, count: x.count)
        func section(_ i: Int, _ j: Int) {
            if i + 1 >= j { return }
            let sx = x[j] - x[i], sy = y[j] - y[i]
            let len2 = sx * sx + sy * sy
            let inv = len2 >= Double.leastNormalMagnitude ? 1 / len2 : 0
            var best = -1.0, at = i
            for k in (i + 1)..<j {
                let dx = x[k] - x[i], dy = y[k] - y[i]
                let t = min(max((dx * sx + dy * sy) * inv, 0), 1)
                let ex = dx - t * sx, ey = dy - t * sy
                let d2 = ex * ex + ey * ey
                if d2 > best { best = d2; at = k }
            }
            if best <= tolerance * tolerance {
                for k in (i + 1)..<j { use[k] = false }
            } else {
                section(i, at)
                section(at, j)
            }
        }
        if x.count > 1 { section(0, x.count - 1) }
        return use.indices.filter { use[$0] }
    }
}
