#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A position on the road graph: the nearest point of an edge to a coordinate.
///
/// Units: degrees, metres. Thread safety: a value; `Sendable`.
/// C twin: `gk_router_snap`.
/// - Since: 0.2
public struct RoadSnap: Sendable, Hashable {
    /// The coordinate that was snapped.
    public let input: Coordinate
    /// The nearest point on the edge (on the segment, in degrees).
    public let point: Coordinate
    /// The edge, in `0..<graph.edgeCount`.
    public let edge: Int
    /// The segment of the edge geometry (from → to order): between vertices `segment` and
    /// `segment + 1`.
    public let segment: Int
    /// Distance in metres along the edge from its start (`from` node) to `point`, in
    /// [0, edgeLengthMeters(edge)] (haversine, sphere).
    public let offsetMeters: Double
    /// Distance in metres from `input` to `point` (local equirectangular projection).
    public let distanceMeters: Double

    package init(input: Coordinate, point: Coordinate, edge: Int, segment: Int, offsetMeters: Double, distanceMeters: Double) {
        self.input = input; self.point = point; self.edge = edge; self.segment = segment
        self.offsetMeters = offsetMeters; self.distanceMeters = distanceMeters
    }
}

extension RoadGraph {
    /// Snaps a coordinate onto the nearest point of any edge segment (the perpendicular
    /// foot on the segment, or its nearer end), searching the grid in rings of cells until
    /// no unvisited cell can hold anything nearer.
    ///
    /// Distances use a local equirectangular projection centred on `coordinate` (x scaled
    /// by the cosine of its latitude): their relative error against the sphere is below
    /// Δφ·tan φ + (d/R)², where Δφ is the latitude difference in radians: under 0.03 % for
    /// points within 1 km below 60° of latitude. Ties go to the lower segment. Every edge
    /// has at least one traversable direction (the builder drops the others).
    ///
    /// - Parameters:
    ///   - coordinate: the point to snap (degrees).
    ///   - maxDistanceMeters: the largest accepted distance in metres (≥ 0; may be infinite).
    /// - Throws: `.invalidArgument` when the limit is negative or NaN; `.notFound` ("no
    ///   road within 50 m of (lat, lon)") when no segment is that close.
    /// - Complexity: O(segments within the found distance), about 1 µs at street scale.
    /// - Thread safety: pure; concurrent calls allowed. C twin: none.
    public func snap(_ coordinate: Coordinate, maxDistanceMeters: Double) throws(GeoKernelError) -> RoadSnap {
        guard maxDistanceMeters >= 0 else { throw .invalid("maximum snapping distance \(maxDistanceMeters) m must be ≥ 0") }
        let frame = SnapFrame(coordinate)
        let s = storage, g = s.grid
        var best = Double.infinity, bestSeg = UInt32.max, bestT = 0.0
        if !s.geom.isEmpty {
            let ci = SnapGrid.index(coordinate.latitude, g.lat0, g.cellLat, g.rows)
            let cj = SnapGrid.index(coordinate.longitude, g.lon0, g.cellLon, g.cols)
            var r = 0
            while true {
                func scan(_ i: Int, _ j: Int) {
                    let cell = i * g.cols + j
                    for k in Int(g.cellFirst[cell])..<Int(g.cellFirst[cell + 1]) {
                        let v = g.cellSeg[k]
                        let (d, t) = frame.distance(s, segment: Int(v))
                        if d < best || (d == best && v < bestSeg) { best = d; bestSeg = v; bestT = t }
                    }
                }
                let j0 = max(0, cj - r), j1 = min(g.cols - 1, cj + r)
                for i in max(0, ci - r)...min(g.rows - 1, ci + r) {
                    if i == ci - r || i == ci + r {
                        for j in j0...j1 { scan(i, j) }
                    } else {
                        // Inner rows of the ring: only its two end columns.
                        if cj - r >= 0 { scan(i, cj - r) }
                        if r > 0 && cj + r < g.cols { scan(i, cj + r) }
                    }
                }
                var bound = Double.infinity
                if ci - r > 0 { bound = min(bound, (coordinate.latitude - (g.lat0 + Double(ci - r) * g.cellLat)) * frame.ky) }
                if ci + r < g.rows - 1 { bound = min(bound, (g.lat0 + Double(ci + r + 1) * g.cellLat - coordinate.latitude) * frame.ky) }
                if cj - r > 0 { bound = min(bound, (coordinate.longitude - (g.lon0 + Double(cj - r) * g.cellLon)) * frame.kx) }
                if cj + r < g.cols - 1 { bound = min(bound, (g.lon0 + Double(cj + r + 1) * g.cellLon - coordinate.longitude) * frame.kx) }
                if bound == .infinity || best < bound || bound > maxDistanceMeters { break }
                r += 1
            }
        }
        guard best <= maxDistanceMeters else {
            throw GeoKernelError(.notFound, "no road within \(maxDistanceMeters) m of \(coordinate)")
        }
        return makeSnap(coordinate, segment: Int(bestSeg), t: bestT, distance: best)
    }

    /// Snaps latitude and longitude given in degrees.
    ///
    /// - Throws: `.invalidArgument` for a latitude outside [-90, 90], a non-finite value
    ///   or a bad limit; `.notFound` as `snap(_:maxDistanceMeters:)`.
    /// - C twin: none.
    public func snap(latitude: Double, longitude: Double, maxDistanceMeters: Double) throws(GeoKernelError) -> RoadSnap {
        try snap(Coordinate(latitude: latitude, longitude: longitude), maxDistanceMeters: maxDistanceMeters)
    }

    /// The nearest segment by scanning every segment: the reference for tests.
    package func snapBruteForce(_ coordinate: Coordinate) -> RoadSnap? {
        let s = storage
        let frame = SnapFrame(coordinate)
        var best = Double.infinity, bestSeg = -1, bestT = 0.0
        for e in 0..<s.edgeCount {
            for v in Int(s.geomFirst[e])..<(Int(s.geomFirst[e + 1]) - 1) {
                let (d, t) = frame.distance(s, segment: v)
                if d < best { best = d; bestSeg = v; bestT = t }
            }
        }
        return bestSeg < 0 ? nil : makeSnap(coordinate, segment: bestSeg, t: bestT, distance: best)
    }

    /// The snap on global segment `v` at parameter `t`.
    private func makeSnap(_ c: Coordinate, segment v: Int, t: Double, distance: Double) -> RoadSnap {
        let s = storage
        var lo = 0, hi = s.edgeCount  // the edge: last e with geomFirst[e] <= v
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if Int(s.geomFirst[mid]) <= v { lo = mid } else { hi = mid }
        }
        let e = lo
        let a = s.coordinate(vertex: v), b = s.coordinate(vertex: v + 1)
        let point = t == 0 ? a : t == 1 ? b : Coordinate(
            uncheckedLatitude: a.latitude + (b.latitude - a.latitude) * t,
            longitude: a.longitude + (b.longitude - a.longitude) * t)
        var offset = haversineDistance(a, point)
        for u in Int(s.geomFirst[e])..<v { offset += haversineDistance(s.coordinate(vertex: u), s.coordinate(vertex: u + 1)) }
        return RoadSnap(
            input: c, point: point, edge: e, segment: v - Int(s.geomFirst[e]),
            offsetMeters: min(offset, s.edgeLength[e]), distanceMeters: distance)
    }
}

/// The local equirectangular frame of a query point: metres per degree of latitude and
/// of longitude (at the query's latitude).
struct SnapFrame {
    let lat: Double, lon: Double, kx: Double, ky: Double

    init(_ c: Coordinate) {
        lat = c.latitude; lon = c.longitude
        ky = EarthModel.meanRadiusMeters * .pi / 180
        kx = ky * cos(c.latitude * .pi / 180)
    }

    /// Distance in metres to global segment `v` (vertices v, v + 1) and the parameter
    /// in [0, 1] of the nearest point.
    @inline(__always)
    func distance(_ s: RoadGraphStorage, segment v: Int) -> (Double, Double) {
        let ay = (Double(s.geom[2 * v]) * 1e-7 - lat) * ky, ax = (Double(s.geom[2 * v + 1]) * 1e-7 - lon) * kx
        let by = (Double(s.geom[2 * v + 2]) * 1e-7 - lat) * ky, bx = (Double(s.geom[2 * v + 3]) * 1e-7 - lon) * kx
        let dx = bx - ax, dy = by - ay
        let len2 = dx * dx + dy * dy
        var t = len2 > 0 ? -(ax * dx + ay * dy) / len2 : 0
        t = t < 0 ? 0 : (t > 1 ? 1 : t)
        let qx = ax + t * dx, qy = ay + t * dy
        return ((qx * qx + qy * qy).squareRoot(), t)
    }
}
