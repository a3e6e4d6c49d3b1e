#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A flat uniform grid over the geometry's bounding box (degrees) for snapping: each
/// cell lists (CSR) the segments that pass through it, a segment being named by the
/// global index of its first vertex in a flat polyline array (`geom`: latitude and
/// longitude in 1e-7 degrees, polyline `e` being vertices `geomFirst[e]..<geomFirst[e + 1]`).
/// Used by the road graph (`RoadGraphStorage.geom`) and by `Nearby.AddressIndex` (streets,
/// and points stored as zero-length segments).
///
/// A segment is registered in every cell it touches (found by walking it in steps of at
/// most one cell), so the nearest point of a segment always lies in a cell that lists it.
/// There are about as many cells as segments over the bounding box (four per segment
/// before 0.7: most cells of a country are empty countryside, and snapping was hardly
/// faster; docs/scale.md has the figures).
///
/// Thread safety: immutable; `Sendable`.
package struct SnapGrid: Sendable {
    package let rows: Int, cols: Int
    /// South-west corner and cell size, degrees.
    package let lat0: Double, lon0: Double, cellLat: Double, cellLon: Double
    /// Per cell + 1 (row-major): first entry in `cellSeg`.
    package let cellFirst: Column<UInt32>
    package let cellSeg: Column<UInt32>

    package init(
        rows: Int, cols: Int, lat0: Double, lon0: Double, cellLat: Double, cellLon: Double,
        cellFirst: Column<UInt32>, cellSeg: Column<UInt32>
    ) {
        self.rows = rows; self.cols = cols; self.lat0 = lat0; self.lon0 = lon0
        self.cellLat = cellLat; self.cellLon = cellLon; self.cellFirst = cellFirst; self.cellSeg = cellSeg
    }

    /// A grid over arrays (copied once into columns).
    package init(
        rows: Int, cols: Int, lat0: Double, lon0: Double, cellLat: Double, cellLon: Double,
        cellFirst: [UInt32], cellSeg: [UInt32]
    ) {
        self.init(
            rows: rows, cols: cols, lat0: lat0, lon0: lon0, cellLat: cellLat, cellLon: cellLon,
            cellFirst: Column(cellFirst), cellSeg: Column(cellSeg))
    }

    /// Builds the grid for edges with vertex ranges `geomFirst[e]..<geomFirst[e + 1]`: about
    /// one cell per segment over the bounding box (at most 2^14 rows and columns, cells of
    /// at least 10 m).
    @_optimize(size)  // once per build, dominated by its sort: keep it small in the library
    package init(geomFirst: [UInt32], geom: [Int32]) {
        let vertexCount = geom.count / 2
        var latMin = Int32.max, latMax = Int32.min, lonMin = Int32.max, lonMax = Int32.min
        for v in 0..<vertexCount {
            latMin = min(latMin, geom[2 * v]); latMax = max(latMax, geom[2 * v])
            lonMin = min(lonMin, geom[2 * v + 1]); lonMax = max(lonMax, geom[2 * v + 1])
        }
        let segments = max(1, vertexCount - (geomFirst.count - 1))
        guard vertexCount > 0 else {
            self.init(rows: 1, cols: 1, lat0: 0, lon0: 0, cellLat: 1, cellLon: 1, cellFirst: Column([0, 0]), cellSeg: Column())
            return
        }
        let k = EarthModel.meanRadiusMeters * .pi / 180
        let midLat = (Double(latMin) + Double(latMax)) * 0.5e-7
        let h = Double(latMax - latMin) * 1e-7 * k
        let w = Double(lonMax - lonMin) * 1e-7 * k * max(0.01, cos(midLat * .pi / 180))
        let cell = max(10, ((max(h, 10) * max(w, 10)) / (Double(segments) * 1)).squareRoot())
        let rows = max(1, min(1 << 14, Int((h / cell).rounded(.up)))), cols = max(1, min(1 << 14, Int((w / cell).rounded(.up))))
        // A hair of margin so the maximum lands inside the last cell.
        let cellLat = max(1e-7, Double(latMax - latMin) * 1e-7 * (1 + 1e-9) / Double(rows))
        let cellLon = max(1e-7, Double(lonMax - lonMin) * 1e-7 * (1 + 1e-9) / Double(cols))
        let lat0 = Double(latMin) * 1e-7, lon0 = Double(lonMin) * 1e-7
        var pairs: [UInt64] = []  // cell << 32 | segment
        pairs.reserveCapacity(segments * 3)
        var cells: [Int] = []
        for e in 0..<(geomFirst.count - 1) {
            for v in Int(geomFirst[e])..<(Int(geomFirst[e + 1]) - 1) {
                let a = (Double(geom[2 * v]) * 1e-7, Double(geom[2 * v + 1]) * 1e-7)
                let b = (Double(geom[2 * v + 2]) * 1e-7, Double(geom[2 * v + 3]) * 1e-7)
                let steps = max(1, Int(max(abs(b.0 - a.0) / cellLat, abs(b.1 - a.1) / cellLon).rounded(.up)))
                cells.removeAll(keepingCapacity: true)
                for s in 0..<steps {
                    let t0 = Double(s) / Double(steps), t1 = Double(s + 1) / Double(steps)
                    let p0 = (a.0 + (b.0 - a.0) * t0, a.1 + (b.1 - a.1) * t0)
                    let p1 = (a.0 + (b.0 - a.0) * t1, a.1 + (b.1 - a.1) * t1)
                    let r0 = Self.index(min(p0.0, p1.0), lat0, cellLat, rows)
                    let r1 = Self.index(max(p0.0, p1.0), lat0, cellLat, rows)
                    let c0 = Self.index(min(p0.1, p1.1), lon0, cellLon, cols)
                    let c1 = Self.index(max(p0.1, p1.1), lon0, cellLon, cols)
                    for r in r0...r1 { for c in c0...c1 { cells.append(r * cols + c) } }
                }
                cells.sort()
                var last = -1
                for c in cells where c != last {
                    pairs.append(UInt64(c) << 32 | UInt64(v))
                    last = c
                }
            }
        }
        pairs.sort()
        var first = [UInt32](repeating: 0, count: rows * cols + 1)
        for p in pairs { first[Int(p >> 32) + 1] += 1 }
        for i in 0..<(rows * cols) { first[i + 1] += first[i] }
        self.init(
            rows: rows, cols: cols, lat0: lat0, lon0: lon0, cellLat: cellLat, cellLon: cellLon, cellFirst: Column(first),
            cellSeg: Column(pairs.map { UInt32(truncatingIfNeeded: $0) }))
    }

    /// The cell row (or column) of a latitude (or longitude), clamped into the grid.
    @inline(__always)
    static func index(_ x: Double, _ origin: Double, _ size: Double, _ count: Int) -> Int {
        let f = ((x - origin) / size).rounded(.down)
        if !(f >= 0) { return 0 }
        return f >= Double(count - 1) ? count - 1 : Int(f)
    }
}

extension SnapGrid {
    /// The nearest segment to `coordinate` among those `accept` keeps, searching the grid
    /// in rings of cells until no unvisited cell can hold anything nearer: its first vertex
    /// index, the parameter in [0, 1] of the nearest point, and the distance in metres
    /// (local equirectangular frame, `SnapFrame`); nil when none lies within
    /// `maxDistanceMeters`. Ties go to the lower segment.
    ///
    /// - Complexity: O(segments in the cells within the found distance).
    /// - Thread safety: pure.
    package func nearest(
        to coordinate: Coordinate, geom: [Int32], maxDistanceMeters: Double, accept: (UInt32) -> Bool
    ) -> (segment: UInt32, t: Double, distance: Double)? {
        geom.withUnsafeBufferPointer { nearest(to: coordinate, geom: $0, maxDistanceMeters: maxDistanceMeters, accept: accept) }
    }

    /// `nearest` over the vertices of a column (a mapped graph's).
    package func nearest(
        to coordinate: Coordinate, geom: Column<Int32>, maxDistanceMeters: Double, accept: (UInt32) -> Bool
    ) -> (segment: UInt32, t: Double, distance: Double)? {
        geom.withUnsafeBufferPointer { nearest(to: coordinate, geom: $0, maxDistanceMeters: maxDistanceMeters, accept: accept) }
    }

    private func nearest(
        to coordinate: Coordinate, geom: UnsafeBufferPointer<Int32>, maxDistanceMeters: Double, accept: (UInt32) -> Bool
    ) -> (segment: UInt32, t: Double, distance: Double)? {
        guard !geom.isEmpty else { return nil }
        let frame = SnapFrame(coordinate)
        var best = Double.infinity, bestSeg = UInt32.max, bestT = 0.0
        let ci = Self.index(coordinate.latitude, lat0, cellLat, rows)
        let cj = Self.index(coordinate.longitude, lon0, cellLon, cols)
        var r = 0
        while true {
            func scan(_ i: Int, _ j: Int) {
                let cell = i * cols + j
                for k in Int(cellFirst[cell])..<Int(cellFirst[cell + 1]) {
                    let v = cellSeg[k]
                    let (d, t) = frame.distance(geom, segment: Int(v))
                    if (d < best || (d == best && v < bestSeg)) && accept(v) { best = d; bestSeg = v; bestT = t }
                }
            }
            let j0 = max(0, cj - r), j1 = min(cols - 1, cj + r)
            for i in max(0, ci - r)...min(rows - 1, ci + r) {
                if i == ci - r || i == ci + r {
                    for j in j0...j1 { scan(i, j) }
                } else {
                    // Inner rows of the ring: only its two end columns.
                    if cj - r >= 0 { scan(i, cj - r) }
                    if r > 0 && cj + r < cols { scan(i, cj + r) }
                }
            }
            // The distance to the nearest cell outside the ring (infinite when none is left).
            var bound = Double.infinity
            if ci - r > 0 { bound = min(bound, (coordinate.latitude - (lat0 + Double(ci - r) * cellLat)) * frame.ky) }
            if ci + r < rows - 1 { bound = min(bound, (lat0 + Double(ci + r + 1) * cellLat - coordinate.latitude) * frame.ky) }
            if cj - r > 0 { bound = min(bound, (coordinate.longitude - (lon0 + Double(cj - r) * cellLon)) * frame.kx) }
            if cj + r < cols - 1 { bound = min(bound, (lon0 + Double(cj + r + 1) * cellLon - coordinate.longitude) * frame.kx) }
            if bound == .infinity || best < bound || bound > maxDistanceMeters { break }
            r += 1
        }
        return best <= maxDistanceMeters ? (bestSeg, bestT, best) : nil
    }

    /// The first inconsistency of a grid loaded from a file over polylines `geomFirst`
    /// (vertex ranges) of `vertices` vertices, or nil: bad geometry, broken cell offsets,
    /// an entry that is not the first vertex of a segment.
    package func problems<C: RandomAccessCollection<UInt32>>(geomFirst: C, vertices: Int) -> String? where C.Index == Int {
        guard [lat0, lon0, cellLat, cellLon].allSatisfy({ $0.isFinite }), cellLat > 0, cellLon > 0, rows > 0, cols > 0,
            rows <= 1 << 14, cols <= 1 << 14
        else { return "bad grid geometry" }
        if let p = csr(cellFirst, count: rows * cols, total: cellSeg.count, "grid cells") { return p }
        var isStart = [Bool](repeating: false, count: vertices)
        for e in 0..<max(0, geomFirst.count - 1) {
            guard geomFirst[e] <= geomFirst[e + 1], Int(geomFirst[e + 1]) <= vertices else { return "polyline \(e) has bad vertex offsets" }
            for v in Int(geomFirst[e])..<max(Int(geomFirst[e]), Int(geomFirst[e + 1]) - 1) { isStart[v] = true }
        }
        for v in cellSeg where Int(v) >= vertices || !isStart[Int(v)] { return "grid entry \(v) is not a segment" }
        return nil
    }
}

/// The local equirectangular frame of a query point: metres per degree of latitude and
/// of longitude (at the query's latitude).
package struct SnapFrame {
    package let lat: Double, lon: Double, kx: Double, ky: Double

    package init(_ c: Coordinate) {
        lat = c.latitude; lon = c.longitude
        ky = EarthModel.meanRadiusMeters * .pi / 180
        kx = ky * cos(c.latitude * .pi / 180)
    }

    /// Distance in metres to global segment `v` (vertices v, v + 1) and the parameter
    /// in [0, 1] of the nearest point.
    @inline(__always)
    package func distance(_ geom: [Int32], segment v: Int) -> (Double, Double) {
        geom.withUnsafeBufferPointer { distance($0, segment: v) }
    }

    /// `distance` to a segment of a column's vertices (a mapped graph's).
    @inline(__always)
    package func distance(_ geom: Column<Int32>, segment v: Int) -> (Double, Double) {
        geom.withUnsafeBufferPointer { distance($0, segment: v) }
    }

    /// `distance` over a buffer of vertices; `v + 1` must be a vertex of it (checked).
    @inline(__always)
    package func distance(_ geom: UnsafeBufferPointer<Int32>, segment v: Int) -> (Double, Double) {
        precondition(v >= 0 && 2 * v + 3 < geom.count, "segment out of range")
        let ay = (Double(geom[2 * v]) * 1e-7 - lat) * ky, ax = (Double(geom[2 * v + 1]) * 1e-7 - lon) * kx
        let by = (Double(geom[2 * v + 2]) * 1e-7 - lat) * ky, bx = (Double(geom[2 * v + 3]) * 1e-7 - lon) * kx
        let dx = bx - ax, dy = by - ay
        let len2 = dx * dx + dy * dy
        var t = len2 > 0 ? -(ax * dx + ay * dy) / len2 : 0
        t = t < 0 ? 0 : (t > 1 ? 1 : t)
        let qx = ax + t * dx, qy = ay + t * dy
        return ((qx * qx + qy * qy).squareRoot(), t)
    }
}
