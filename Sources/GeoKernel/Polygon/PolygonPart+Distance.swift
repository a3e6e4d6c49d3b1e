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
        // A part 180° wide or more (a ring around a pole) may have edges near the point's
        // other copy, x ± 360°: then every edge is measured.
        if limit < .pi / 2, abs(phi) + limit < .pi / 2, maxX - minX < 180 {
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
    /// part's unwrapped longitudes): an edge whose `edgeAngle` · `scale`
    /// is at most `limitScaled` (below it when `strictly`). The same decision as comparing
    /// `boundaryAngle(…)` · `scale` with `limitScaled`, but it stops at the first such edge
    /// and skips edges whose bounding box is provably farther (a lower bound of the distance
    /// to a latitude/longitude box, with room for rounding).
    func hasEdge(
        within limit: Double, scale: Double, limitScaled: Double, strictly: Bool,
        _ x: Double, _ y: Double, pointOutside: Bool = false, cosSin: (Double, Double)? = nil, unitVector: UnitVector? = nil
    ) -> Bool {
        let degrees = 180 / Double.pi
        let phi = y / degrees
        let (cosP, sinP) = cosSin ?? (cos(phi), abs(sin(phi)))
        // The point's unit vector, as `boundaryAngle`'s callers make it (from the longitude
        // as given, not shifted by 360°, so that Newton's answers are the same bits); made
        // when an edge needs Newton's method unless the caller has it.
        var p: UnitVector? = unitVector
        let halfHeight = limit * degrees * (1 + 1e-9) + 1e-9
        guard limit < .pi / 2, abs(phi) + limit < .pi / 2, maxX - minX < 180 else {  // as in `boundaryAngle`
            for e in edges where edgeWithin(Int(e), limitScaled, scale, strictly, &p, x, y, cosP, sinP) { return true }
            return false
        }
        // asin(sin(limit) / cos φ) ≤ w (1 + w²/5) for w = limit / cos φ ≤ 1/2 (Matuschek's
        // longitude reach, bounded without asin: sin(limit) ≤ limit, asin x ≤ x (1 + x²/5)).
        let w = limit / cosP
        guard w <= 0.5 else {
            for e in edges where edgeWithin(Int(e), limitScaled, scale, strictly, &p, x, y, cosP, sinP) { return true }
            return false
        }
        let halfWidth = w * (1 + w * w / 5) * degrees * (1 + 1e-9) + 1e-9
        let x0 = x - halfWidth, x1 = x + halfWidth, y0 = y - halfHeight, y1 = y + halfHeight
        guard x1 >= minX, x0 <= maxX, y1 >= minY, y0 <= maxY else { return false }
        let c0 = colOf(x0), c1 = colOf(x1), r0 = rowOf(y0), r1 = rowOf(y1)
        @inline(__always) func cellHasEdge(_ cell: Int) -> Bool {
            for j in Int(cellStart[cell])..<Int(cellStart[cell + 1]) {
                let i = Int(cellEdges[j])
                // The edge's box against the search box: disjoint boxes are out of reach.
                let ax = xs[i], ay = ys[i], bx = xs[i + 1], by = ys[i + 1]
                if min(ax, bx) > x1 || max(ax, bx) < x0 || min(ay, by) > y1 || max(ay, by) < y0 { continue }
                if edgeWithin(i, limitScaled, scale, strictly, &p, x, y, cosP, sinP) { return true }
            }
            return false
        }
        // The point's cell and its neighbours, where a near edge usually is: a cell wholly
        // within reach that an edge crosses (or, for a point outside, that is wholly inside)
        // settles it without measuring an edge; else their edges.
        let pr = rowOf(y), pc = colOf(x)
        let nr = max(r0, pr - 1)...min(r1, pr + 1), nc = max(c0, pc - 1)...min(c1, pc + 1)
        if !nr.isEmpty, !nc.isEmpty {
            if cellSettles(limit, x, y, cosP, sinP, rows: pr...pr, columns: pc...pc, pointOutside: pointOutside)
                || cellSettles(limit, x, y, cosP, sinP, rows: nr, columns: nc, pointOutside: pointOutside)
            {
                return true
            }
            for row in nr { for col in nc where cellHasEdge(row * nx + col) { return true } }
        }
        // Then the rest of the box. The cells' listings repeat an edge in every cell it
        // crosses: when they would list more entries than there are edges, walking the edges
        // themselves is cheaper.
        let listed = (r1 - r0 + 1) * (c1 - c0 + 1) * cellEdges.count / max(1, nx * ny)
        if listed >= edges.count {
            for e in edges {
                let i = Int(e)
                let ax = xs[i], ay = ys[i], bx = xs[i + 1], by = ys[i + 1]
                if min(ax, bx) > x1 || max(ax, bx) < x0 || min(ay, by) > y1 || max(ay, by) < y0 { continue }
                if edgeWithin(i, limitScaled, scale, strictly, &p, x, y, cosP, sinP) { return true }
            }
            return false
        }
        for row in r0...r1 {
            for col in c0...c1 where !(nr.contains(row) && nc.contains(col)) {
                if cellHasEdge(row * nx + col) { return true }
            }
        }
        return false
    }

    /// Whether a cell of the box settles "an edge is within `limit` radians" at once: a cell
    /// that lies wholly within the limit of the point and that an edge crosses (a mixed
    /// cell: some edge comes within the cell's pad of it), or, for a point outside the part,
    /// that is wholly inside it (the straight line, in degrees, from the point to the cell
    /// crosses an edge). "Wholly within": the farthest corner of the cell grown by its pad,
    /// in the plane (Δλ·C, Δφ) of `edgeWithin` with its margin of 1e-4, for cells within
    /// 0.02 rad; then `edgeWithin`'s Newton test would say "within" of that edge too.
    private func cellSettles(
        _ limit: Double, _ x: Double, _ y: Double, _ cosP: Double, _ sinP: Double,
        rows: ClosedRange<Int>, columns: ClosedRange<Int>, pointOutside: Bool
    ) -> Bool {
        guard limit <= 0.02, scaleX > 0, scaleY > 0 else { return false }
        let radians = Double.pi / 180
        let width = 1 / scaleX, height = 1 / scaleY
        let padX = 1e-9 * width + 1e-12, padY = 1e-9 * height + 1e-12
        for row in rows {
            let ya = (minY + Double(row) * height - padY - y) * radians
            let yb = (minY + Double(row + 1) * height + padY - y) * radians
            let dy = max(abs(ya), abs(yb))
            guard dy <= 0.02 else { continue }
            let cMax = min(1, cosP + sinP * dy)
            for col in columns {
                let s = state[row * nx + col]
                guard s >= Self.mixed || (pointOutside && s == Self.inside) else { continue }
                let xa = (minX + Double(col) * width - padX - x) * radians
                let xb = (minX + Double(col + 1) * width + padX - x) * radians
                let dx = max(abs(xa), abs(xb))
                guard dx <= 0.02 else { continue }
                let far = ((dx * cMax) * (dx * cMax) + dy * dy).squareRoot()
                if far * (1 + 1e-4) + Self.angleSlack < limit { return true }
            }
        }
        return false
    }

    /// The absolute error allowed for `edgeAngle` beside its relative margins, radians: the
    /// unit vectors it compares are rounded to about 1e-16, so near an edge (a point an ulp
    /// off a vertex) it may answer 0 where the true distance is 1e-10 m. 1e-13 rad is 0.6 µm.
    static let angleSlack = 1e-13

    /// Whether edge i is within the limit, as `edgeAngle(i, …) · scale` compared with
    /// `limitScaled` decides; most edges are settled first without trigonometry.
    ///
    /// The settling bounds: for points q within 0.02 rad of p in latitude and in scaled
    /// longitude, the haversine formula gives
    /// (1 − m²/24)·√(Δφ² + c²Δλ²) ≤ angle(p, q) ≤ (1 + m²/20)·√(Δφ² + C²Δλ²),
    /// m = max(|Δφ|, |Δλ|) ≤ 0.02 rad, c and C the least and greatest cosine of the
    /// latitudes of p and the edge (so c² ≤ cos φp cos φq ≤ C²). The edge is straight in
    /// degrees, hence in the plane (Δλ·c, Δφ) and (Δλ·C, Δφ), where the distances to it are
    /// plain point–segment distances; with a margin of 1e-4 relative (five times the terms
    /// above), an edge is certainly beyond the limit when the lower distance exceeds it and
    /// certainly within when the upper one is below it (with `angleSlack` on both sides), and
    /// Newton's `edgeAngle` (accurate to about 1e-15 rad) would say the same. The rest goes to
    /// `edgeAngle`.
    @inline(__always)
    private func edgeWithin(
        _ i: Int, _ limitScaled: Double, _ scale: Double, _ strictly: Bool, _ p: inout UnitVector?, _ x: Double, _ y: Double,
        _ cosP: Double, _ sinP: Double
    ) -> Bool {
        if let bounds = planarBounds(i, x, y, cosP, sinP) {
            if bounds.lower * scale > limitScaled { return false }
            if bounds.upper * scale < limitScaled { return true }
        }
        if p == nil { p = UnitVector(latitude: y, longitude: x) }
        let d = edgeAngle(i, p!, x, y) * scale
        return strictly ? d < limitScaled : d <= limitScaled
    }

    /// The settling bounds of `edgeWithin` for edge i (radians, margins included): the
    /// central angle from (x, y) to the edge lies between them; nil when the edge reaches
    /// farther than 0.02 rad from the point (there the bounds do not hold).
    @inline(__always)
    private func planarBounds(
        _ i: Int, _ x: Double, _ y: Double, _ cosP: Double, _ sinP: Double
    ) -> (lower: Double, upper: Double)? {
        let radians = Double.pi / 180
        let ax = (xs[i] - x) * radians, ay = (ys[i] - y) * radians
        let bx = (xs[i + 1] - x) * radians, by = (ys[i + 1] - y) * radians
        let reach = max(abs(ax), abs(ay), abs(bx), abs(by))
        guard reach <= 0.02 else { return nil }
        // Cosine range over the latitudes within δ of p's (cos p.φ, |sin p.φ| given):
        // cos(φ + δ) = cos φ cos δ − sin φ sin δ lies in
        // [cos φ (1 − δ²/2) − |sin φ| δ, cos φ + |sin φ| δ].
        let delta = max(abs(ay), abs(by))
        let cMin = max(0, cosP * (1 - 0.5 * delta * delta) - sinP * delta)
        let cMax = min(1, cosP + sinP * delta)
        @inline(__always) func planar(_ c: Double) -> Double {
            let ux = ax * c, vx = (bx - ax) * c, vy = by - ay
            let vv = vx * vx + vy * vy
            let t = vv > 0 ? min(1, max(0, -(ux * vx + ay * vy) / vv)) : 0
            let dx = ux + t * vx, dy = ay + t * vy
            return (dx * dx + dy * dy).squareRoot()
        }
        return (planar(cMin) * (1 - 1e-4) - Self.angleSlack, planar(cMax) * (1 + 1e-4) + Self.angleSlack)
    }

    /// An upper bound (radians) of the central angle from (x, y) (degrees, x in this part's
    /// unwrapped longitudes; `cosP`, `sinP` the cosine and |sine| of its latitude) to the
    /// part's boundary, from the edges listed in the point's grid cell (clamped to the grid)
    /// and its eight neighbours; +∞ when none is listed there within 0.02 rad.
    /// - Complexity: O(edges listed in nine cells).
    func boundaryAngleUpperBound(_ x: Double, _ y: Double, cosP: Double, sinP: Double) -> Double {
        let pr = rowOf(y), pc = colOf(x)
        var best = Double.infinity
        for row in max(0, pr - 1)...min(ny - 1, pr + 1) {
            for col in max(0, pc - 1)...min(nx - 1, pc + 1) {
                let cell = row * nx + col
                for j in Int(cellStart[cell])..<Int(cellStart[cell + 1]) {
                    if let bounds = planarBounds(Int(cellEdges[j]), x, y, cosP, sinP) { best = min(best, bounds.upper) }
                }
            }
        }
        return best
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
