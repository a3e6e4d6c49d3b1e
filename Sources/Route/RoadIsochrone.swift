#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GeoKernel
import GeoText

/// Everything reachable from a point within a travel time (an isochrone) or a distance
/// along the roads (an isodistance): the reached parts of the roads, and an outline
/// polygon around them for drawing.
///
/// ```swift
/// let router = try RoadRouter(graph: graph)
/// let area = try router.isochrone(from: station, within: .seconds(600))
/// print(area.parts.count, area.reachedLengthMeters, area.outline.count)
/// let geojson = area.geoJSON()
/// ```
///
/// Units: metres, seconds, degrees; lengths on the sphere of mean radius 6 371 008.8 m.
/// Thread safety: an immutable value; `Sendable`. C twin: `gk_isochrone`
/// (`gk_router_isochrone`).
/// \since 0.6
public struct RoadIsochrone: Sendable {
    /// What bounds the search.
    public enum Limit: Sendable, Hashable {
        /// Travel time in seconds (the `.fastest` metric, turn costs included).
        case seconds(Double)
        /// Distance along the roads in metres (the `.shortest` metric).
        case meters(Double)

        /// The metric the limit counts.
        public var metric: RoadMetric {
            switch self {
            case .seconds: .fastest
            case .meters: .shortest
            }
        }

        /// The limit in the metric's unit.
        public var value: Double {
            switch self {
            case .seconds(let v), .meters(let v): v
            }
        }
    }

    /// Where travel starts: the point as given and snapped onto a road a route can leave.
    public let origin: RoadSnap
    /// The limit.
    public let limit: Limit
    /// The reached parts of the roads (`RoadGraph.reach`), by edge and direction.
    public let parts: [RoadReach]
    /// Polygons around the parts, for drawing: each an outer ring (counterclockwise)
    /// followed by its holes (clockwise), rings closed. See `cellMeters`.
    public let outline: [[[Coordinate]]]
    /// The side of the grid cells the outline was traced on, metres: the outline lies
    /// between half a cell and about 2.5 cells from the reached roads.
    public let cellMeters: Double
    /// The graph the parts belong to.
    public let graph: RoadGraph

    /// The total length of the reached parts in metres (a road reached in both
    /// directions counts twice). O(parts).
    public var reachedLengthMeters: Double { parts.reduce(0) { $0 + $1.lengthMeters } }

    /// The geometry of part `i`, in the direction of travel. O(vertices of its edge).
    public func geometry(ofPart i: Int) -> [Coordinate] {
        let p = parts[i]
        return graph.edgeGeometry(p.edge, from: p.startOffsetMeters, to: p.endOffsetMeters)
    }

    /// The isochrone as GeoJSON (RFC 7946): a FeatureCollection of the origin (Point,
    /// `kind` "origin", `snappedDistanceMeters`), the outline (MultiPolygon, `kind`
    /// "outline", `metric` "fastest" or "shortest", `limit` in seconds or metres,
    /// `cellMeters`), and, with `parts`, one LineString per part (`kind` "part", `edge`,
    /// `forward`, `startCost`, `endCost`, `reachesEnd`, `name` when the road has one).
    /// Positions are [longitude, latitude], every digit of the Double.
    ///
    /// - Complexity: O(parts' vertices + outline). Thread safety: pure.
    ///   C twin: `gk_isochrone_geojson`.
    public func geoJSON(parts withParts: Bool = true) -> String {
        var w = JSONWriter(.compact)
        w.beginFeatureCollection()
        w.feature(geometry: "Point") { w in
            w.position(longitude: origin.point.longitude, latitude: origin.point.latitude)
        } properties: { w in
            w.member("kind", "origin")
            w.member("snappedDistanceMeters", origin.distanceMeters)
        }
        w.feature(geometry: "MultiPolygon") { w in
            w.beginArray()
            for polygon in outline {
                w.beginArray()
                for ring in polygon {
                    w.beginArray()
                    for c in ring { w.position(longitude: c.longitude, latitude: c.latitude) }
                    w.endArray()
                }
                w.endArray()
            }
            w.endArray()
        } properties: { w in
            w.member("kind", "outline")
            w.member("metric", limit.metric == .fastest ? "fastest" : "shortest")
            w.member("limit", limit.value)
            w.member("cellMeters", cellMeters)
        }
        if withParts {
            for (i, p) in parts.enumerated() {
                w.feature(geometry: "LineString") { w in
                    w.beginArray()
                    for c in geometry(ofPart: i) { w.position(longitude: c.longitude, latitude: c.latitude) }
                    w.endArray()
                } properties: { w in
                    w.member("kind", "part")
                    w.member("edge", p.edge)
                    w.member("forward", p.forward)
                    w.member("startCost", p.startCost)
                    w.member("endCost", p.endCost)
                    w.member("reachesEnd", p.reachesEnd)
                    let name = graph.edgeName(p.edge)
                    if !name.isEmpty { w.member("name", name) }
                }
            }
        }
        w.endFeatureCollection()
        return w.text
    }
}

extension RoadRouter {
    /// The default outline cell: 1/150 of the reached area's larger side, at least 30 m.
    static func outlineCell(_ parts: [RoadReach], _ graph: RoadGraph) -> Double {
        var lat0 = 90.0, lat1 = -90.0, lon0 = 180.0, lon1 = -180.0
        for p in parts {
            for c in [graph.edgeVertex(p.edge, 0), graph.edgeVertex(p.edge, graph.edgeVertexCount(p.edge) - 1)] {
                lat0 = min(lat0, c.latitude); lat1 = max(lat1, c.latitude)
                lon0 = min(lon0, c.longitude); lon1 = max(lon1, c.longitude)
            }
        }
        guard lat0 <= lat1 else { return 30 }
        let k = EarthModel.meanRadiusMeters * .pi / 180
        let side = max((lat1 - lat0) * k, (lon1 - lon0) * k * cos((lat0 + lat1) / 2 * .pi / 180))
        return max(30, side / 150)
    }

    /// Everything reachable from `origin` within `limit`: snaps the point onto a road a
    /// route can leave (`snap(_:role:)` with `.start`), finds the reached parts of the
    /// roads (`RoadGraph.reach`, by Dijkstra stopped at the limit, which measured faster
    /// than the hierarchy's sweep) and traces their outline. No hierarchy is needed.
    ///
    /// - Parameters:
    ///   - origin: where travel starts.
    ///   - limit: seconds of travel (`.fastest`) or metres along the roads (`.shortest`),
    ///     0 or more and finite; independent of the router's own metric.
    ///   - cellMeters: the outline's cell (≥ 1 m); default 1/150 of the reached area's
    ///     larger side, at least 30 m; raised when the grid would exceed 4 million cells.
    ///   - workspace: a workspace to reuse (one per thread); default one from the pool.
    /// - Throws: `.notFound` when the point is too far from a road (as `snap`);
    ///   `.invalidArgument` for a bad limit or cell.
    /// - Complexity: O(reached states · turns + reached vertices + outline cells).
    /// - Thread safety: concurrent calls allowed. C twin: `gk_router_isochrone`.
    public func isochrone(
        from origin: Coordinate, within limit: RoadIsochrone.Limit, cellMeters: Double? = nil,
        workspace: RoadGraph.Workspace? = nil
    ) throws(GeoKernelError) -> RoadIsochrone {
        if let cellMeters, !(cellMeters >= 1 && cellMeters.isFinite) {
            throw .invalid("the outline cell \(cellMeters) m must be at least 1 m and finite")
        }
        let start = try snap(origin, role: .start)
        let m = limit.metric
        let parts = try pool.with(workspace) { ws throws(GeoKernelError) in
            try graph.reach(from: start, within: limit.value, metric: m, algorithm: .dijkstra, workspace: ws)
        }
        var lines: [[Coordinate]] = []
        lines.reserveCapacity(parts.count)
        for p in parts { lines.append(graph.edgeGeometry(p.edge, from: p.startOffsetMeters, to: p.endOffsetMeters)) }
        let (polygons, cell) = ReachOutline.polygons(
            of: lines, center: start.point, cellMeters: cellMeters ?? Self.outlineCell(parts, graph))
        return RoadIsochrone(origin: start, limit: limit, parts: parts, outline: polygons, cellMeters: cell, graph: graph)
    }
}
