#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Internal: one polygon of a `PreparedPolygon` (outer ring and holes), in "unwrapped"
/// degrees (x = longitude, possibly shifted by 360° so that a ring crossing the antimeridian
/// is continuous; y = latitude), with a uniform grid over its bounding box that answers
/// "inside, outside or on the boundary" without walking every edge.
///
/// Layout: the rings' vertices one after the other, each ring closed (its first vertex
/// repeated), so edge `e` runs from vertex e to e + 1 for every e in `edges`. The grid has
/// `nx` × `ny` cells; each lists (sorted) the edges that come within `pad` of its box, and
/// a cell with none is wholly inside or outside (`state`), decided once at build time.
///
/// Location of (x, y), exact: in a pure cell, the cell's state. In a mixed cell, a ray from
/// the point along the cell's row, towards +x or −x (whichever passes fewer listed edges
/// before a pure cell, chosen per cell at build time): the parity of the edges it crosses, up
/// to the first pure cell on its way, whose state completes the answer (an edge that crosses
/// the row's line beyond that cell would have to pass through it, so none is missed), or to
/// the end of the row (outside beyond). Crossings use the half-open rule in y and the exact
/// orientation sign, so a point is on the boundary exactly when it lies on an edge; under
/// that rule the line through the point crosses the rings an even number of times, so the
/// two directions agree.
///
/// Complexity: build O(v + cells + edge-cell incidences); a location O(1) in a pure cell,
/// else O(edges in the cells walked). Memory: 16 bytes per vertex, 5 per cell, 4 per
/// edge-cell incidence. Thread safety: immutable after its initialiser (a class, so that
/// queries borrow it instead of copying its arrays).
final class PolygonPart: @unchecked Sendable {
    /// Cell states: pure (no edge listed) outside or inside; mixed, located by a ray
    /// towards +x (`mixed`) or −x (`mixedLeft`). Every mixed state is ≥ `mixed`.
    static let outside: UInt8 = 0, inside: UInt8 = 1, mixed: UInt8 = 2, mixedLeft: UInt8 = 3

    // Written only by the initialiser; unchecked, since nothing writes them while queries
    // run (dynamic exclusivity checks on every read cost a quarter of a geofence fix).
    @exclusivity(unchecked) private(set) var xs: [Double] = []
    @exclusivity(unchecked) private(set) var ys: [Double] = []
    /// First vertex of each edge.
    @exclusivity(unchecked) private(set) var edges: [UInt32] = []
    @exclusivity(unchecked) private(set) var minX = 0.0
    @exclusivity(unchecked) private(set) var maxX = 0.0
    @exclusivity(unchecked) private(set) var minY = 0.0
    @exclusivity(unchecked) private(set) var maxY = 0.0
    @exclusivity(unchecked) private(set) var nx = 1
    @exclusivity(unchecked) private(set) var ny = 1
    /// Cells per degree along x and y.
    @exclusivity(unchecked) private(set) var scaleX = 0.0
    @exclusivity(unchecked) private(set) var scaleY = 0.0
    @exclusivity(unchecked) private(set) var cellStart: [UInt32] = []
    @exclusivity(unchecked) private(set) var cellEdges: [UInt32] = []
    @exclusivity(unchecked) private(set) var state: [UInt8] = []

    var vertexCount: Int { xs.count }
    var edgeCount: Int { edges.count }
    var byteCount: Int { 16 * xs.count + 4 * edges.count + 4 * cellStart.count + 4 * cellEdges.count + state.count }

    /// Builds the part of `polygon` (validated rings).
    init(_ polygon: Polygon) throws(GeoKernelError) {
        var outerMid = 0.0
        for (r, ring) in polygon.rings.enumerated() {
            var (rx, ry) = try Self.unwrap(ring, name: r == 0 ? "the outer ring" : "hole \(r)")
            let lo = rx.min()!, hi = rx.max()!
            if r == 0 {
                outerMid = (lo + hi) / 2
            } else {
                let k = ((outerMid - (lo + hi) / 2) / 360).rounded()
                if k != 0 { for i in rx.indices { rx[i] += 360 * k } }
            }
            for i in 0..<(rx.count - 1) where rx[i] != rx[i + 1] || ry[i] != ry[i + 1] {
                edges.append(UInt32(xs.count + i))
            }
            xs.append(contentsOf: rx)
            ys.append(contentsOf: ry)
        }
        minX = xs.min()!; maxX = xs.max()!
        minY = ys.min()!; maxY = ys.max()!
        buildGrid()
    }

    /// A ring as a closed list of unwrapped positions (see `Polygon` for the rules).
    @_optimize(size)
    private static func unwrap(_ ring: [Coordinate], name: String) throws(GeoKernelError) -> ([Double], [Double]) {
        var n = ring.count
        if n > 1, ring[0] == ring[n - 1] { n -= 1 }
        @inline(__always) func jump(_ d: Double) -> Int { d > 180 ? -1 : (d < -180 ? 1 : 0) }
        var shifts = [Int](repeating: 0, count: n)
        for k in 1..<n { shifts[k] = shifts[k - 1] + jump(ring[k].longitude - ring[k - 1].longitude) }
        let winding = shifts[n - 1] + jump(ring[0].longitude - ring[n - 1].longitude)
        guard abs(winding) <= 1 else { throw .invalid("\(name) winds \(abs(winding)) times around the Earth") }
        // Shift the ring so that its lowest x lies in [−180, 180).
        let base = -shifts.min()!
        var xs = [Double](), ys = [Double]()
        xs.reserveCapacity(n + 4); ys.reserveCapacity(n + 4)
        for k in 0..<n {
            xs.append(ring[k].longitude + 360 * Double(shifts[k] + base))
            ys.append(ring[k].latitude)
        }
        if winding != 0 {
            // Close through the pole on the side of the mean latitude.
            let pole: Double = ys.reduce(0, +) / Double(n) < 0 ? -90 : 90
            let end = ring[0].longitude + 360 * Double(winding + base)
            xs.append(contentsOf: [end, end, xs[0]])
            ys.append(contentsOf: [ys[0], pole, pole])
        } else if xs.max()! - xs.min()! >= 360 {
            throw .invalid("\(name) spans 360° of longitude or more without winding around a pole")
        }
        xs.append(xs[0]); ys.append(ys[0])
        return (xs, ys)
    }

    // MARK: Grid

    /// Sizes the grid, lists each edge in the cells it comes near, and classifies the empty
    /// cells right to left along each row.
    ///
    /// Memory stays linear in the vertices: when the edges would cross too many cells (long
    /// edges through a fine grid, e.g. a star of many spikes), the grid is made coarser
    /// until at most about 48 cell listings per edge remain (a 1 × 1 grid lists each edge once).
    private func buildGrid() {
        let e = edges.count
        var target = e <= 8 ? 1 : min(e < 256 ? 4 * e : 16 * e, 1 << 22)
        let midLatitude = (minY + maxY) / 2 * (Double.pi / 180)
        let width = max((maxX - minX) * max(cos(midLatitude), 0.01), 1e-12)
        let height = max(maxY - minY, 1e-12)
        while true {
            nx = max(1, min(target, Int((Double(target) * width / height).squareRoot().rounded())))
            ny = max(1, min(target, Int((Double(target) / Double(nx)).rounded(.up))))
            scaleX = maxX > minX ? Double(nx) / (maxX - minX) : 0
            scaleY = maxY > minY ? Double(ny) / (maxY - minY) : 0
            guard target > 1 else { break }
            // A segment meets at most rows + columns − 1 cells of the rows and columns it
            // spans; the pads add at most two columns per row.
            var estimate = 0
            for edge in edges {
                let i = Int(edge)
                let rows = abs(rowOf(ys[i]) - rowOf(ys[i + 1])) + 1, cols = abs(colOf(xs[i]) - colOf(xs[i + 1])) + 1
                estimate += 3 * (rows + 1) + cols
            }
            if estimate <= 48 * e + 65_536 { break }
            target /= 4
        }
        let cellWidth = maxX > minX ? (maxX - minX) / Double(nx) : 1
        let cellHeight = maxY > minY ? (maxY - minY) / Double(ny) : 1
        // Covers the rounding of a point's cell and of an edge's x along a row, with room.
        let magnitude = 4 * Double.ulpOfOne * (abs(minX) + abs(maxX) + abs(minY) + abs(maxY) + 1)
        let padX = 1e-9 * cellWidth + magnitude, padY = 1e-9 * cellHeight + magnitude

        var counts = [UInt32](repeating: 0, count: nx * ny + 1)
        forEachIncidence(padX, padY, cellHeight) { cell, _ in counts[cell] += 1 }
        cellStart = [UInt32](repeating: 0, count: nx * ny + 1)
        var running: UInt32 = 0
        for c in 0..<(nx * ny) {
            cellStart[c] = running
            running += counts[c]
        }
        cellStart[nx * ny] = running
        cellEdges = [UInt32](repeating: 0, count: Int(running))
        var fill = cellStart
        forEachIncidence(padX, padY, cellHeight) { cell, edge in
            cellEdges[Int(fill[cell])] = edge
            fill[cell] += 1
        }
        state = [UInt8](repeating: Self.mixed, count: nx * ny)
        for row in 0..<ny {
            let y = minY + (Double(row) + 0.5) * cellHeight
            for col in stride(from: nx - 1, through: 0, by: -1) where cellStart[row * nx + col] == cellStart[row * nx + col + 1] {
                let x = minX + (Double(col) + 0.5) * cellWidth
                state[row * nx + col] = walk(x, y, row: row, from: col) == .inside ? Self.inside : Self.outside
            }
            chooseDirections(row: row)
        }
    }

    /// Marks the mixed cells of a row whose walk towards −x passes fewer listed edges (and
    /// cells) before a pure cell or the row's end than the walk towards +x.
    private func chooseDirections(row: Int) {
        @inline(__always) func cost(_ col: Int) -> Int {
            Int(cellStart[row * nx + col + 1] - cellStart[row * nx + col]) + 1
        }
        var towardsRight = [Int](repeating: 0, count: nx)
        for col in stride(from: nx - 1, through: 0, by: -1) where state[row * nx + col] == Self.mixed {
            towardsRight[col] = cost(col) + (col + 1 < nx && state[row * nx + col + 1] == Self.mixed ? towardsRight[col + 1] : 0)
        }
        var towardsLeft = 0
        for col in 0..<nx {
            guard state[row * nx + col] >= Self.mixed else {
                towardsLeft = 0
                continue
            }
            towardsLeft += cost(col)
            if towardsLeft < towardsRight[col] { state[row * nx + col] = Self.mixedLeft }
        }
    }

    /// Calls `body(cell, edge)` for every cell whose box, grown by the pads, the edge may
    /// touch; for each edge, row by row and within a row by increasing column, edges in
    /// increasing order (so each cell's list comes out sorted).
    private func forEachIncidence(_ padX: Double, _ padY: Double, _ cellHeight: Double, _ body: (Int, UInt32) -> Void) {
        for edge in edges {
            let i = Int(edge)
            let ax = xs[i], ay = ys[i], bx = xs[i + 1], by = ys[i + 1]
            let y0 = min(ay, by) - padY, y1 = max(ay, by) + padY
            let r0 = rowOf(y0), r1 = rowOf(y1)
            for row in r0...r1 {
                // The edge's x over the row's band (grown by padY), clipped to the edge.
                let lo = max(y0, minY + Double(row) * cellHeight - padY)
                let hi = min(y1, minY + Double(row + 1) * cellHeight + padY)
                var xa: Double, xb: Double
                if ay == by {
                    xa = min(ax, bx); xb = max(ax, bx)
                } else {
                    let slope = (bx - ax) / (by - ay)
                    let u = ax + (min(max(lo, min(ay, by)), max(ay, by)) - ay) * slope
                    let v = ax + (min(max(hi, min(ay, by)), max(ay, by)) - ay) * slope
                    xa = min(u, v); xb = max(u, v)
                    let slack = 1e-9 * abs(bx - ax) + 4 * Double.ulpOfOne * (abs(ax) + abs(bx))
                    xa -= slack; xb += slack
                }
                let c0 = colOf(xa - padX), c1 = colOf(xb + padX)
                for col in c0...c1 { body(row * nx + col, edge) }
            }
        }
    }

    @inline(__always)
    func colOf(_ x: Double) -> Int {
        let c = (x - minX) * scaleX
        return c < 1 ? 0 : (c >= Double(nx - 1) ? nx - 1 : Int(c))
    }

    @inline(__always)
    func rowOf(_ y: Double) -> Int {
        let r = (y - minY) * scaleY
        return r < 1 ? 0 : (r >= Double(ny - 1) ? ny - 1 : Int(r))
    }

    // MARK: Location

    /// Where (x, y) lies: inside, outside or on the boundary; exact.
    @inline(__always)
    func locate(_ x: Double, _ y: Double) -> PreparedPolygon.Location {
        guard x >= minX, x <= maxX, y >= minY, y <= maxY else { return .outside }
        let row = rowOf(y), col = colOf(x)
        let s = state[row * nx + col]
        if s < Self.mixed { return s == Self.inside ? .inside : .outside }
        return s == Self.mixed ? walk(x, y, row: row, from: col) : walkLeft(x, y, row: row, from: col)
    }

    /// Mixed cells located by a walk towards −x.
    var cellsWalkingLeft: Int { state.reduce(0) { $0 + ($1 == Self.mixedLeft ? 1 : 0) } }

    /// The location by both walks of a mixed cell (towards +x and −x), whichever the cell
    /// uses; nil in a pure cell or outside the box. For the tests.
    func locationsByBothWalks(_ x: Double, _ y: Double) -> (right: PreparedPolygon.Location, left: PreparedPolygon.Location)? {
        guard x >= minX, x <= maxX, y >= minY, y <= maxY else { return nil }
        let row = rowOf(y), col = colOf(x)
        guard state[row * nx + col] >= Self.mixed else { return nil }
        return (walk(x, y, row: row, from: col), walkLeft(x, y, row: row, from: col))
    }

    /// The ray walk of a mixed cell towards +x (see the type).
    private func walk(_ x: Double, _ y: Double, row: Int, from col: Int) -> PreparedPolygon.Location {
        rayWalk(x, y, row: row, from: col, leftwards: false)
    }

    /// The ray walk of a mixed cell towards −x.
    private func walkLeft(_ x: Double, _ y: Double, row: Int, from col: Int) -> PreparedPolygon.Location {
        rayWalk(x, y, row: row, from: col, leftwards: true)
    }

    /// The ray walk from (x, y) in column `col` of `row`, towards −x when `leftwards`, else
    /// +x: the parity of the edges the ray crosses up to the first pure cell past `col`
    /// (or the row's end), and that cell's state. A cell's list is sorted, so an edge also
    /// listed in the cell the walk came from is skipped (counted once).
    @inline(__always)
    private func rayWalk(_ x: Double, _ y: Double, row: Int, from col: Int, leftwards: Bool) -> PreparedPolygon.Location {
        var odd = false
        var previous = 0..<0
        var k = col
        while leftwards ? k >= 0 : k < nx {
            let cell = row * nx + k
            let s = state[cell]
            if s < Self.mixed, k != col || cellStart[cell] == cellStart[cell + 1] {
                return (s == Self.inside) != odd ? .inside : .outside
            }
            let range = Int(cellStart[cell])..<Int(cellStart[cell + 1])
            var p = previous.lowerBound
            for j in range {
                let edge = cellEdges[j]
                if !previous.isEmpty {
                    while p < previous.upperBound, cellEdges[p] < edge { p += 1 }
                    if p < previous.upperBound, cellEdges[p] == edge { continue }
                }
                switch rayStep(Int(edge), x, y) {
                case .boundary: return .boundary
                case .crosses: if !leftwards { odd.toggle() }
                case .misses: if leftwards, straddles(Int(edge), y) { odd.toggle() }
                }
            }
            previous = range
            k += leftwards ? -1 : 1
        }
        return odd ? .inside : .outside
    }

    /// Whether edge i straddles the horizontal line at y (half-open: one end above y, the
    /// other at or below): the edges a ray along the line, either way, may cross.
    @inline(__always)
    func straddles(_ i: Int, _ y: Double) -> Bool { (ys[i] > y) != (ys[i + 1] > y) }

    /// Where (x, y) lies by testing every edge (the brute-force reference of the tests).
    func locateByScan(_ x: Double, _ y: Double) -> PreparedPolygon.Location {
        var odd = false
        for edge in edges {
            switch rayStep(Int(edge), x, y) {
            case .boundary: return .boundary
            case .crosses: odd.toggle()
            case .misses: break
            }
        }
        return odd ? .inside : .outside
    }

    /// What edge i does to the ray from (x, y) towards +x.
    enum RayStep { case misses, crosses, boundary }

    /// Edge i against the ray from (x, y) towards +x, exactly: it crosses the ray when it
    /// straddles the ray's line (half-open in y: one end above, the other at or below) to the
    /// right of the point (the orientation sign); the point is on the boundary when it lies on
    /// the edge (orientation 0 while straddling, on a horizontal edge, or at its top vertex).
    @inline(__always)
    func rayStep(_ i: Int, _ x: Double, _ y: Double) -> RayStep {
        let ax = xs[i], ay = ys[i], bx = xs[i + 1], by = ys[i + 1]
        if (ay > y) != (by > y) {
            if x > max(ax, bx) { return .misses }
            if x < min(ax, bx) { return .crosses }
            let o = planarOrientation(ax, ay, bx, by, x, y)
            if o == 0 { return .boundary }
            return (o > 0) == (by > ay) ? .crosses : .misses
        } else if max(ay, by) == y {
            if ay == by {
                if x >= min(ax, bx), x <= max(ax, bx) { return .boundary }
            } else if x == (ay > by ? ax : bx) {
                return .boundary
            }
        }
        return .misses
    }
}
