#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A flat uniform grid over the geometry's bounding box (degrees) for snapping: each
/// cell lists (CSR) the segments that pass through it, a segment being named by the
/// global index of its first vertex in `RoadGraphStorage.geom`.
///
/// A segment is registered in every cell it touches (found by walking it in steps of at
/// most one cell), so the nearest point of a segment always lies in a cell that lists it.
/// Cells hold about two segments on average.
///
/// Thread safety: immutable; `Sendable`.
package struct SnapGrid: Sendable {
    package let rows: Int, cols: Int
    /// South-west corner and cell size, degrees.
    package let lat0: Double, lon0: Double, cellLat: Double, cellLon: Double
    /// Per cell + 1 (row-major): first entry in `cellSeg`.
    package let cellFirst: [UInt32]
    package let cellSeg: [UInt32]

    package init(
        rows: Int, cols: Int, lat0: Double, lon0: Double, cellLat: Double, cellLon: Double,
        cellFirst: [UInt32], cellSeg: [UInt32]
    ) {
        self.rows = rows; self.cols = cols; self.lat0 = lat0; self.lon0 = lon0
        self.cellLat = cellLat; self.cellLon = cellLon; self.cellFirst = cellFirst; self.cellSeg = cellSeg
    }

    /// Builds the grid for edges with vertex ranges `geomFirst[e]..<geomFirst[e + 1]`.
    init(geomFirst: [UInt32], geom: [Int32]) {
        let vertexCount = geom.count / 2
        var latMin = Int32.max, latMax = Int32.min, lonMin = Int32.max, lonMax = Int32.min
        for v in 0..<vertexCount {
            latMin = min(latMin, geom[2 * v]); latMax = max(latMax, geom[2 * v])
            lonMin = min(lonMin, geom[2 * v + 1]); lonMax = max(lonMax, geom[2 * v + 1])
        }
        let segments = max(1, vertexCount - (geomFirst.count - 1))
        guard vertexCount > 0 else {
            self.init(rows: 1, cols: 1, lat0: 0, lon0: 0, cellLat: 1, cellLon: 1, cellFirst: [0, 0], cellSeg: [])
            return
        }
        let k = EarthModel.meanRadiusMeters * .pi / 180
        let midLat = (Double(latMin) + Double(latMax)) * 0.5e-7
        let h = Double(latMax - latMin) * 1e-7 * k
        let w = Double(lonMax - lonMin) * 1e-7 * k * max(0.01, cos(midLat * .pi / 180))
        let cell = max(10, ((max(h, 10) * max(w, 10)) / (Double(segments) * 0.5)).squareRoot())
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
            rows: rows, cols: cols, lat0: lat0, lon0: lon0, cellLat: cellLat, cellLon: cellLon, cellFirst: first,
            cellSeg: pairs.map { UInt32(truncatingIfNeeded: $0) })
    }

    /// The cell row (or column) of a latitude (or longitude), clamped into the grid.
    @inline(__always)
    static func index(_ x: Double, _ origin: Double, _ size: Double, _ count: Int) -> Int {
        let f = ((x - origin) / size).rounded(.down)
        if !(f >= 0) { return 0 }
        return f >= Double(count - 1) ? count - 1 : Int(f)
    }
}
