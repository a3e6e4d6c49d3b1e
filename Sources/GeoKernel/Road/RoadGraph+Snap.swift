#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A position on the road graph: the nearest point of an edge to a coordinate.
///
/// Units: degrees, metres. Thread safety: a value; `Sendable`.
/// C twin: `gk_router_snap`.
/// \since 0.2
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

/// What a route must be able to do from a snapped point, so that a pin is snapped onto a
/// road from which the route can go on (and not onto a nearer street it could not leave
/// or enter).
///
/// Thread safety: a value; `Sendable`. C twin: `GK_SNAP_ANY`, `GK_SNAP_START`,
/// `GK_SNAP_END`, `GK_SNAP_VIA`.
/// \since 0.5
public enum SnapRole: UInt8, Sendable, Hashable, CaseIterable {
    /// Any edge of the graph (the nearest road, whatever a route can do there).
    case any = 0
    /// An edge from which a route can reach the main network (the largest strongly
    /// connected component of the turn graph): a route's first pin.
    case start = 1
    /// An edge a route from the main network can reach: a route's last pin.
    case end = 2
    /// Both: a pin in the middle of a route.
    case via = 3

    /// The role of pin `index` of `count` pins on one route: `.start` for the first,
    /// `.end` for the last, `.via` between, `.any` for a lone pin.
    public static func forPin(_ index: Int, of count: Int) -> SnapRole {
        count <= 1 ? .any : index == 0 ? .start : index == count - 1 ? .end : .via
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
    /// - Complexity: O(segments within the found distance); timing: `route.snap.*` in the
    ///   benchmark table.
    /// - Thread safety: pure; concurrent calls allowed. C twin: none.
    public func snap(_ coordinate: Coordinate, maxDistanceMeters: Double) throws(GeoKernelError) -> RoadSnap {
        try snap(coordinate, maxDistanceMeters: maxDistanceMeters, role: .any)
    }

    /// Snaps a coordinate onto the nearest point of an edge that suits `role`: an edge a
    /// route can leave towards the main network (`.start`), reach from it (`.end`), or
    /// both (`.via`). Otherwise as `snap(_:maxDistanceMeters:)`.
    ///
    /// - Throws: as `snap(_:maxDistanceMeters:)`; the `.notFound` message says which
    ///   role found no road.
    /// - Complexity: O(segments within the found distance). Thread safety: pure.
    ///   C twin: `gk_router_snap_point`.
    public func snap(_ coordinate: Coordinate, maxDistanceMeters: Double, role: SnapRole) throws(GeoKernelError) -> RoadSnap {
        guard maxDistanceMeters >= 0 else { throw .invalid("maximum snapping distance \(maxDistanceMeters) m must be ≥ 0") }
        let s = storage
        let need: UInt8 = role == .any ? 0 : role == .start ? 32 : role == .end ? 64 : 96
        let found = s.grid.nearest(to: coordinate, geom: s.geom, maxDistanceMeters: maxDistanceMeters) { v in
            need == 0 || s.edgeFlags[edge(ofVertex: Int(v))] & need == need
        }
        guard let found else {
            let what = ["", " that a route can start from", " that a route can end on", " that a route can pass"]
            throw GeoKernelError(.notFound, "no road\(what[Int(role.rawValue)]) within \(maxDistanceMeters) m of \(coordinate)")
        }
        return makeSnap(coordinate, segment: Int(found.segment), t: found.t, distance: found.distance)
    }

    /// The edge whose geometry holds global vertex `v` as a segment start. O(log edges).
    func edge(ofVertex v: Int) -> Int {
        let s = storage
        var lo = 0, hi = s.edgeCount  // the edge: last e with geomFirst[e] <= v
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if Int(s.geomFirst[mid]) <= v { lo = mid } else { hi = mid }
        }
        return lo
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
                let (d, t) = frame.distance(s.geom, segment: v)
                if d < best { best = d; bestSeg = v; bestT = t }
            }
        }
        return bestSeg < 0 ? nil : makeSnap(coordinate, segment: bestSeg, t: bestT, distance: best)
    }

    /// The snap on global segment `v` at parameter `t`.
    func makeSnap(_ c: Coordinate, segment v: Int, t: Double, distance: Double) -> RoadSnap {
        let s = storage
        let e = edge(ofVertex: v)
        let a = s.coordinate(vertex: v), b = s.coordinate(vertex: v + 1)
        let point = t == 0 ? a : t == 1 ? b : Coordinate(
            uncheckedLatitude: a.latitude + (b.latitude - a.latitude) * t,
            longitude: a.longitude + (b.longitude - a.longitude) * t)
        let offset = s.vertexOffset(v, edge: e) + haversineDistance(a, point)
        return RoadSnap(
            input: c, point: point, edge: e, segment: v - Int(s.geomFirst[e]),
            offsetMeters: min(offset, s.edgeLength[e]), distanceMeters: distance)
    }
}
