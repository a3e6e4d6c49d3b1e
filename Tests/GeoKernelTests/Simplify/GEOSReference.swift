import Foundation

/// GEOS's Douglas–Peucker, written here from its definition (geos::simplify::
/// DouglasPeuckerLineSimplifier with geos::algorithm::Distance::pointToSegment):
/// recursive, distances unsquared, the first strict maximum, a section dropped when its
/// maximum is ≤ the tolerance. The reference the planar kernel must equal exactly.
enum GEOSReference {
    static func pointToSegment(_ px: Double, _ py: Double, _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double {
        if ax == bx && ay == by { return sqrt((px - ax) * (px - ax) + (py - ay) * (py - ay)) }
        let r = ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) * (bx - ax) + (by - ay) * (by - ay))
        if r <= 0 { return sqrt((px - ax) * (px - ax) + (py - ay) * (py - ay)) }
        if r >= 1 { return sqrt((px - bx) * (px - bx) + (py - by) * (py - by)) }
        let s = ((ay - py) * (bx - ax) - (ax - px) * (by - ay)) / ((bx - ax) * (bx - ax) + (by - ay) * (by - ay))
        return fabs(s) * sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay))
    }

    static func keptIndices(x: [Double], y: [Double], tolerance: Double) -> [Int] {
        guard !x.isEmpty else { return [] }
        var use = [Bool](repeating: true, count: x.count)
        func section(_ i: Int, _ j: Int) {
            if i + 1 >= j { return }
            var maxDistance = -1.0
            var maxIndex = i
            for k in (i + 1)..<j {
                let d = pointToSegment(x[k], y[k], x[i], y[i], x[j], y[j])
                if d > maxDistance {
                    maxDistance = d
                    maxIndex = k
                }
            }
            if maxDistance <= tolerance {
                for k in (i + 1)..<j { use[k] = false }
            } else {
                section(i, maxIndex)
                section(maxIndex, j)
            }
        }
        section(0, x.count - 1)
        return use.indices.filter { use[$0] }
    }
}
