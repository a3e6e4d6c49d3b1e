#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PolygonPart {
    /// The smallest central angle (radians, unit sphere) from the point (x, y) (degrees, x
    /// in this part's unwrapped longitudes), of unit vector `p`, to an edge of the part, among
    /// the edges that could be within `limit` radians of it; +∞ when none is. Exact up to
    /// about 1e-15 rad when the answer is at most `limit` (see `edgeAngle`); a larger answer
    /// only says "beyond the limit".
    ///
    /// Complexity: O(edges in the grid cells of the box around the point that holds every
    /// point within `limit`), every edge when the limit is infinite or the box holds a pole.
    func boundaryAngle(_ x: Double, _ y: Double, _ p: UnitVector, limit: Double) -> Double {
        let degrees = 180 / Double.pi
        let phi = y / degrees
        var halfWidth = Double.infinity  // degrees of longitude
        let halfHeight = limit * degrees * (1 + 1e-9) + 1e-9
        if limit < .pi / 2, abs(phi) + limit < .pi / 2 {
            halfWidth = asin(min(1, sin(limit) / cos(phi))) * degrees * (1 + 1e-9) + 1e-9
        }
        var best = Double.infinity
        if halfWidth.isFinite, halfHeight < 180 {
            guard x + halfWidth >= minX, x - halfWidth <= maxX, y + halfHeight >= minY, y - halfHeight <= maxY else {
                return .infinity
            }
            forEachEdge(nearX: x - halfWidth, x + halfWidth, y - halfHeight, y + halfHeight) { i in
                best = min(best, edgeAngle(i, p, x, y))
            }
        } else {
            for e in edges { best = min(best, edgeAngle(Int(e), p, x, y)) }
        }
        return best
    }

    /// Whether some edge lies within `limit` radians of the point (x, y) (degrees, x in this
    /// part's unwrapped longitudes), of unit vector `p`: an edge whose `edgeAngle` · `scale`
    /// is at most `limitScaled` (below it when `strictly`). The same decision as comparing
    /// `boundaryAngle(…)` · `scale` with `limitScaled`, but it stops at the first such edge
    /// and skips edges whose bounding box is provably farther (a lower bound of the distance
    /// to a latitude/longitude box, with room for rounding).
    func hasEdge(
        within limit: Double, scale: Double, limitScaled: Double, strictly: Bool,
        _ x: Double, _ y: Double, _ p: UnitVector
    ) -> Bool {
        let degrees = 180 / Double.pi
        let phi = y / degrees
        let halfHeight = limit * degrees * (1 + 1e-9) + 1e-9
        guard limit < .pi / 2, abs(phi) + limit < .pi / 2 else {
            for e in edges where edgeWithin(Int(e), limitScaled, scale, strictly, p, x, y) { return true }
            return false
        }
        let halfWidth = asin(min(1, sin(limit) / cos(phi))) * degrees * (1 + 1e-9) + 1e-9
        let x0 = x - halfWidth, x1 = x + halfWidth, y0 = y - halfHeight, y1 = y + halfHeight
        guard x1 >= minX, x0 <= maxX, y1 >= minY, y0 <= maxY else { return false }
        let c0 = colOf(x0), c1 = colOf(x1), r0 = rowOf(y0), r1 = rowOf(y1)
        for row in r0...r1 {
            for col in c0...c1 {
                let cell = row * nx + col
                for j in Int(cellStart[cell])..<Int(cellStart[cell + 1]) {
                    let i = Int(cellEdges[j])
                    // The edge's box against the search box: disjoint boxes are out of reach.
                    let ax = xs[i], ay = ys[i], bx = xs[i + 1], by = ys[i + 1]
                    if min(ax, bx) > x1 || max(ax, bx) < x0 || min(ay, by) > y1 || max(ay, by) < y0 { continue }
                    if edgeWithin(i, limitScaled, scale, strictly, p, x, y) { return true }
                }
            }
        }
        return false
    }

    @inline(__always)
    private func edgeWithin(_ i: Int, _ limitScaled: Double, _ scale: Double, _ strictly: Bool, _ p: UnitVector, _ x: Double, _ y: Double) -> Bool {
        let d = edgeAngle(i, p, x, y) * scale
        return strictly ? d < limitScaled : d <= limitScaled
    }

    /// The central angle from `p` (at (x, y) degrees) to edge `i`, straight in
    /// longitude/latitude: the edge is cut into pieces of at most 1°, and on each the
    /// closest point is found by Newton's method on the dot product with `p` from a local
    /// equirectangular guess, the piece's ends also tried.
    func edgeAngle(_ i: Int, _ p: UnitVector, _ x: Double, _ y: Double) -> Double {
        let ax = xs[i], ay = ys[i], bx = xs[i + 1], by = ys[i + 1]
        let dx = bx - ax, dy = by - ay
        let radians = Double.pi / 180
        let pieces = max(1, min(720, Int((max(abs(dx), abs(dy))).rounded(.up))))
        let c = cos(y * radians)
        @inline(__always) func angle(_ t: Double) -> Double {
            let phi = (ay + t * dy) * radians, lambda = (ax + t * dx) * radians
            let q = UnitVector(x: cos(phi) * cos(lambda), y: cos(phi) * sin(lambda), z: sin(phi))
            let ex = p.x - q.x, ey = p.y - q.y, ez = p.z - q.z
            return 2 * asin(min(1, (ex * ex + ey * ey + ez * ez).squareRoot() / 2))
        }
        var best = min(angle(0), angle(1))
        let dPhi = dy * radians, dLambda = dx * radians
        for k in 0..<pieces {
            let t0 = Double(k) / Double(pieces), t1 = Double(k + 1) / Double(pieces)
            // Local guess: the closest point of the piece in the equirectangular plane at p.
            let ux = (ax + t0 * dx - x) * c, uy = ay + t0 * dy - y
            let vx = dx * (t1 - t0) * c, vy = dy * (t1 - t0)
            let vv = vx * vx + vy * vy
            var t = vv > 0 ? t0 + min(1, max(0, -(ux * vx + uy * vy) / vv)) * (t1 - t0) : t0
            for _ in 0..<4 {
                let phi = (ay + t * dy) * radians, lambda = (ax + t * dx) * radians
                let sp = sin(phi), cp = cos(phi), sl = sin(lambda), cl = cos(lambda)
                let u = cl * p.x + sl * p.y, v = -sl * p.x + cl * p.y
                let d1 = dPhi * (-sp * u + cp * p.z) + dLambda * cp * v
                let d2 = -dPhi * dPhi * (cp * u + sp * p.z) - 2 * dPhi * dLambda * sp * v - dLambda * dLambda * cp * u
                guard d2 < 0 else { break }
                let next = min(t1, max(t0, t - d1 / d2))
                if next == t { break }
                t = next
            }
            best = min(best, angle(t))
        }
        return best
    }

    /// Calls `body` with each edge listed in the grid cells overlapping the box (degrees);
    /// an edge may come more than once.
    private func forEachEdge(nearX x0: Double, _ x1: Double, _ y0: Double, _ y1: Double, _ body: (Int) -> Void) {
        let c0 = colOf(x0), c1 = colOf(x1), r0 = rowOf(y0), r1 = rowOf(y1)
        for row in r0...r1 {
            for col in c0...c1 {
                let cell = row * nx + col
                for j in Int(cellStart[cell])..<Int(cellStart[cell + 1]) { body(Int(cellEdges[j])) }
            }
        }
    }
}
