#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GeoKernel

/// The outline of a set of lines for drawing (an isochrone's area): the lines are drawn
/// into a grid of square cells in a local equirectangular plane around `center` (metres),
/// every cell within one cell of a drawn one is filled, holes of fewer than
/// `smallHoleCells` cells are filled too, and the boundary of the filled cells is traced
/// through the midpoints of its cell sides (the marching-squares contour of the filled
/// cells), collinear points dropped.
///
/// The polygons cover every point of the lines (a line lies at least half a cell inside
/// the boundary) and reach at most about 2.5 cells beyond them. Rings are closed (first
/// point repeated); outer rings run counterclockwise and holes clockwise (RFC 7946).
///
/// Units: metres, degrees; the plane suits areas up to a few hundred kilometres across.
/// Thread safety: pure.
package enum ReachOutline {
    /// Holes with fewer cells than this are filled (gaps between the streets of a block).
    static let smallHoleCells = 24
    /// The most cells a grid may have; cells grow to stay under it.
    static let maxCells = 4_000_000

    /// Polygons (each an outer ring followed by its holes) around `lines`.
    ///
    /// - Parameters:
    ///   - lines: the lines (a single point is a line too).
    ///   - center: the plane's centre (the isochrone's origin).
    ///   - cellMeters: the cell's side, > 0; raised when the grid would exceed `maxCells`.
    /// - Returns: the polygons and the cell size used.
    /// - Complexity: O(line length / cell + cells).
    static func polygons(of lines: [[Coordinate]], center: Coordinate, cellMeters: Double) -> (
        polygons: [[[Coordinate]]], cellMeters: Double
    ) {
        let k = EarthModel.meanRadiusMeters * .pi / 180, kx = k * cos(center.latitude * .pi / 180)
        func plane(_ c: Coordinate) -> (x: Double, y: Double) {
            var dl = c.longitude - center.longitude
            if dl > 180 { dl -= 360 } else if dl < -180 { dl += 360 }
            return (dl * kx, (c.latitude - center.latitude) * k)
        }
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for line in lines {
            for c in line {
                let p = plane(c)
                x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
            }
        }
        guard x0 <= x1 else { return ([], cellMeters) }
        var s = cellMeters
        while ((x1 - x0) / s + 6) * ((y1 - y0) / s + 6) > Double(maxCells) { s *= 1.5 }
        let margin = 3
        let w = Int(((x1 - x0) / s).rounded(.down)) + 1 + 2 * margin
        let h = Int(((y1 - y0) / s).rounded(.down)) + 1 + 2 * margin
        let ox = x0 - Double(margin) * s, oy = y0 - Double(margin) * s
        var drawn = [Bool](repeating: false, count: w * h)
        func mark(_ p: (x: Double, y: Double)) {
            let i = Int((p.x - ox) / s), j = Int((p.y - oy) / s)
            drawn[j * w + i] = true
        }
        for line in lines {
            var last: (x: Double, y: Double)?
            for c in line {
                let p = plane(c)
                if let a = last {
                    let steps = Int((hypot(p.x - a.x, p.y - a.y) / (0.5 * s)).rounded(.up))
                    for t in 1..<max(1, steps) {
                        let f = Double(t) / Double(steps)
                        mark((a.x + f * (p.x - a.x), a.y + f * (p.y - a.y)))
                    }
                }
                mark(p)
                last = p
            }
        }
        var filled = [Bool](repeating: false, count: w * h)
        for j in 1..<(h - 1) {
            for i in 1..<(w - 1) where drawn[j * w + i] {
                for dj in -1...1 { for di in -1...1 { filled[(j + dj) * w + i + di] = true } }
            }
        }
        fillSmallHoles(&filled, w, h)
        let rings = trace(filled, w, h).map { ring in
            ring.map { p in
                Coordinate(
                    uncheckedLatitude: min(90, max(-90, center.latitude + (oy + p.y * s) / k)),
                    longitude: normalized(center.longitude + (ox + p.x * s) / kx))
            }
        }
        return (group(rings), s)
    }

    private static func normalized(_ lon: Double) -> Double {
        lon > 180 ? lon - 360 : (lon < -180 ? lon + 360 : lon)
    }

    /// Fills the empty regions (4-connected) that do not touch the grid's border and
    /// have fewer than `smallHoleCells` cells.
    private static func fillSmallHoles(_ filled: inout [Bool], _ w: Int, _ h: Int) {
        var seen = [Bool](repeating: false, count: w * h)
        var stack: [Int] = [], region: [Int] = []
        for start in 0..<(w * h) where !filled[start] && !seen[start] {
            seen[start] = true
            stack.append(start)
            region.removeAll(keepingCapacity: true)
            var border = false
            while let c = stack.popLast() {
                region.append(c)
                let i = c % w, j = c / w
                if i == 0 || j == 0 || i == w - 1 || j == h - 1 { border = true; continue }
                for n in [c - 1, c + 1, c - w, c + w] where !filled[n] && !seen[n] {
                    seen[n] = true
                    stack.append(n)
                }
            }
            if !border && region.count < smallHoleCells { for c in region { filled[c] = true } }
        }
    }

    /// The boundary rings of the filled cells, in cell units: each side between a filled
    /// and an empty cell, directed with the filled cell on its left, chained into rings
    /// (at a vertex where two filled cells touch only by a corner, the ring turns left
    /// and keeps them apart), each ring through the midpoints of its sides, closed.
    private static func trace(_ filled: [Bool], _ w: Int, _ h: Int) -> [[(x: Double, y: Double)]] {
        // Vertex (i, j) is i + j * (w + 1); a side leaving it in direction d (0 +x, 1 +y,
        // 2 −x, 3 −y) is bit d of `out[vertex]`.
        let vw = w + 1
        var out = [UInt8](repeating: 0, count: vw * (h + 1))
        let dx = [1, 0, -1, 0], dy = [0, 1, 0, -1]
        for j in 0..<h {
            for i in 0..<w where filled[j * w + i] {
                if j == 0 || !filled[(j - 1) * w + i] { out[j * vw + i] |= 1 }  // bottom, +x
                if i == w - 1 || !filled[j * w + i + 1] { out[j * vw + i + 1] |= 2 }  // right, +y
                if j == h - 1 || !filled[(j + 1) * w + i] { out[(j + 1) * vw + i + 1] |= 4 }  // top, −x
                if i == 0 || !filled[j * w + i - 1] { out[(j + 1) * vw + i] |= 8 }  // left, −y
            }
        }
        var rings: [[(x: Double, y: Double)]] = []
        for v0 in out.indices where out[v0] != 0 {
            while out[v0] != 0 {
                var d = out[v0].trailingZeroBitCount
                var v = v0
                var ring: [(x: Double, y: Double)] = []
                while true {
                    out[v] &= ~UInt8(1 << d)
                    let i = v % vw, j = v / vw
                    let mid = (x: Double(i) + 0.5 * Double(dx[d]), y: Double(j) + 0.5 * Double(dy[d]))
                    if ring.count >= 2 {
                        let a = ring[ring.count - 2], b = ring[ring.count - 1]
                        if (b.x - a.x) * (mid.y - b.y) - (b.y - a.y) * (mid.x - b.x) == 0 { ring.removeLast() }
                    }
                    ring.append(mid)
                    v = (j + dy[d]) * vw + i + dx[d]
                    let left = (d + 1) & 3, straight = d, right = (d + 3) & 3
                    if out[v] >> left & 1 != 0 { d = left } else if out[v] >> straight & 1 != 0 { d = straight } else if out[v] >> right & 1 != 0 {
                        d = right
                    } else {
                        break
                    }
                }
                // Close: drop collinear points at the seam.
                while ring.count >= 3 {
                    let a = ring[ring.count - 2], b = ring[ring.count - 1], c = ring[0]
                    if (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x) == 0 { ring.removeLast() } else { break }
                }
                while ring.count >= 3 {
                    let a = ring[ring.count - 1], b = ring[0], c = ring[1]
                    if (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x) == 0 { ring.removeFirst() } else { break }
                }
                guard ring.count >= 3 else { continue }
                ring.append(ring[0])
                rings.append(ring)
            }
        }
        return rings
    }

    /// Twice the signed area of a closed ring in longitude–latitude (positive when
    /// counterclockwise).
    package static func signedArea(_ ring: [Coordinate]) -> Double {
        var a = 0.0
        for i in 1..<ring.count {
            a += ring[i - 1].longitude * ring[i].latitude - ring[i].longitude * ring[i - 1].latitude
        }
        return a
    }

    /// Whether `p` lies inside the closed ring (even–odd rule).
    package static func contains(_ ring: [Coordinate], _ p: Coordinate) -> Bool {
        var inside = false
        for i in 1..<ring.count {
            let a = ring[i - 1], b = ring[i]
            if (a.latitude > p.latitude) != (b.latitude > p.latitude) {
                let x = a.longitude + (p.latitude - a.latitude) / (b.latitude - a.latitude) * (b.longitude - a.longitude)
                if p.longitude < x { inside.toggle() }
            }
        }
        return inside
    }

    /// Outer rings (counterclockwise) each followed by the holes (clockwise) that lie in
    /// it: a hole goes to the smallest outer ring containing its first point.
    private static func group(_ rings: [[Coordinate]]) -> [[[Coordinate]]] {
        let areas = rings.map(signedArea)
        let positive = rings.indices.filter { areas[$0] > 0 }
        let outers = stableOrder(positive.count) { areas[positive[$0]] > areas[positive[$1]] }.map { positive[$0] }
        var polygons = outers.map { [rings[$0]] }
        for h in rings.indices where areas[h] < 0 {
            var best: Int?
            for (k, o) in outers.enumerated() where contains(rings[o], rings[h][0]) {
                if best == nil || areas[o] < areas[outers[best!]] { best = k }
            }
            if let best { polygons[best].append(rings[h]) }
        }
        return polygons
    }
}
