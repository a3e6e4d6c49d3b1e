import GeoKernel

/// Road directions on a road graph: snaps coordinates onto the network, routes through
/// them with contraction hierarchies and describes each leg turn by turn.
///
/// ```swift
/// let (network, _) = try RoadNetworkBuilder.build(osmFile: "monaco.osm.pbf", profile: .car)  // module OpenStreetMap
/// let router = try RoadRouter(graph: RoadGraph(network), mode: .driving)
/// let trip = try router.route(through: [casino, stadium])
/// print(trip.legs[0].name, trip.legs[0].steps.map(\.instruction))
/// ```
///
/// Units: metres, seconds, degrees; lengths are haversine sums on the sphere of mean
/// radius 6 371 008.8 m. Costs follow `metric` (fastest: the graph's speeds; shortest:
/// metres).
///
/// Thread safety: `Sendable`; routes may be computed from many threads at once, each
/// call with its own workspace: pass one per thread, or let the call borrow one from the
/// router's pool (a few are kept, so repeated calls allocate nothing proportional to
/// the graph). C twin: `gk_router` (`gk_router_create`, `gk_router_snap`, `gk_router_matrix`; routes through `gk_route_create_road`).
/// \since 0.2
public final class RoadRouter: Sendable, Hashable {
    /// How the traveller moves: names the directions ("Driving directions from A to B").
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        case driving, cycling, walking

        /// "Driving", "Cycling", "Walking".
        public var title: String {
            switch self {
            case .driving: "Driving"
            case .cycling: "Cycling"
            case .walking: "Walking"
            }
        }
    }

    /// The road graph.
    public let graph: RoadGraph
    /// Fastest (default) or shortest routes.
    public let metric: RoadMetric
    /// How the traveller moves.
    public let mode: Mode
    /// Farthest a pin may be from a road, in metres (default 200 m).
    public let maxSnapDistanceMeters: Double
    /// Workspaces for calls made without one.
    let pool: WorkspacePool

    /// A router over `graph`.
    ///
    /// - Throws: `.invalidArgument` for a snap distance that is not positive and finite.
    /// - Complexity: O(1).
    public init(
        graph: RoadGraph, metric: RoadMetric = .fastest, mode: Mode = .driving, maxSnapDistanceMeters: Double = 200
    ) throws(GeoKernelError) {
        guard maxSnapDistanceMeters.isFinite, maxSnapDistanceMeters > 0 else {
            throw .invalid("the maximum snap distance \(maxSnapDistanceMeters) m must be positive and finite")
        }
        self.graph = graph
        self.metric = metric
        self.mode = mode
        self.maxSnapDistanceMeters = maxSnapDistanceMeters
        pool = WorkspacePool(graph: graph)
    }

    /// The places a snap may start or end a route from: the snap itself and, when the
    /// snap is an end of its edge (within 1 mm), that junction on every other edge there,
    /// so a pin at a junction may leave along (or arrive by) any road there, whichever
    /// edge the snap picked, without a turn from that edge.
    func candidates(_ s: RoadSnap) -> [RoadSnap] {
        var out = [s]
        let length = graph.edgeLengthMeters(s.edge), ends = graph.edgeEndpoints(s.edge)
        let node: Int? = s.offsetMeters <= 0.001 ? ends.from : (s.offsetMeters >= length - 0.001 ? ends.to : nil)
        guard let node else { return out }
        let at = graph.nodeCoordinate(node)
        for inc in graph.edges(at: node) where inc.edge != s.edge && graph.edgeLengthMeters(inc.edge) > 0 {
            let n = graph.edgeVertexCount(inc.edge)
            out.append(RoadSnap(
                input: s.input, point: at, edge: inc.edge, segment: inc.leavesForward ? 0 : max(0, n - 2),
                offsetMeters: inc.leavesForward ? 0 : graph.edgeLengthMeters(inc.edge), distanceMeters: s.distanceMeters))
        }
        return out
    }

    public static func == (a: RoadRouter, b: RoadRouter) -> Bool { a === b }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }

    /// The nearest point of a road that suits `role` (`SnapRole`: a road a route can
    /// leave, reach, or both), within `maxSnapDistanceMeters`.
    ///
    /// - Throws: `.notFound` saying how far the nearest such road is ("… is 340 m from
    ///   the nearest road a route can start from (the limit is 200 m)").
    /// - Complexity: O(segments near the point). C twin: `gk_router_snap_point`.
    public func snap(_ coordinate: Coordinate, role: SnapRole = .any) throws(GeoKernelError) -> RoadSnap {
        let s = try graph.snap(coordinate, maxDistanceMeters: .infinity, role: role)
        guard s.distanceMeters <= maxSnapDistanceMeters else {
            let what = ["road", "road a route can start from", "road a route can end on", "road a route can pass"]
            let distance = "\(Self.meters(s.distanceMeters)) from the nearest \(what[Int(role.rawValue)]) "
                + "(the limit is \(Self.meters(maxSnapDistanceMeters)))"
            if let extent = extentText(ifOutside: coordinate) {
                throw GeoKernelError(.notFound, "\(coordinate) is outside the road network's extent (\(extent)), \(distance)")
            }
            throw GeoKernelError(.notFound, "\(coordinate) is \(distance)")
        }
        return s
    }

    /// "latitude 43.72…43.75, longitude 7.40…7.44": the box of the graph's junctions, when
    /// `coordinate` lies outside it; nil inside. O(nodes), on the error path only.
    private func extentText(ifOutside coordinate: Coordinate) -> String? {
        guard graph.nodeCount > 0 else { return nil }
        var south = 90.0, north = -90.0, west = 180.0, east = -180.0
        for node in 0..<graph.nodeCount {
            let c = graph.nodeCoordinate(node)
            south = min(south, c.latitude)
            north = max(north, c.latitude)
            west = min(west, c.longitude)
            east = max(east, c.longitude)
        }
        guard coordinate.latitude < south || coordinate.latitude > north
            || coordinate.longitude < west || coordinate.longitude > east else { return nil }
        func d(_ x: Double) -> String { "\((x * 100).rounded() / 100)" }
        return "latitude \(d(south))…\(d(north)), longitude \(d(west))…\(d(east))"
    }

    /// "snapped 3 m onto Rue Basse": how far a snap moved its point and onto which road
    /// (its name, else its ref, else its class).
    public func describe(_ s: RoadSnap) -> String {
        let name = graph.edgeName(s.edge), ref = graph.edgeRef(s.edge)
        let kind = String(graph.edgeClass(s.edge).osmValue.map { $0 == "_" ? " " : $0 })
        let road = !name.isEmpty ? name : !ref.isEmpty ? ref : "an unnamed \(kind) road"
        return "snapped \(Self.meters(s.distanceMeters)) onto \(road)"
    }

    /// "3 m", "12.5 m", "1.2 km".
    static func meters(_ x: Double) -> String {
        if x >= 1_000 { return "\(Double(Int((x / 100).rounded())) / 10) km" }
        if x >= 10 { return "\(Int(x.rounded())) m" }
        return "\(Double(Int((x * 10).rounded())) / 10) m"
    }

    /// The route between two snapped points with its turn-by-turn steps. A snap onto a
    /// node is tried on every edge there; the cheapest route wins.
    ///
    /// - Parameters:
    ///   - from: where the leg starts, snapped with the `.start` role.
    ///   - to: where it ends, snapped with the `.end` role.
    ///   - destination: the pin as given (for the side of arrival); default the snapped
    ///     point.
    ///   - workspace: a search workspace to reuse (one per thread); default one from the
    ///     router's pool.
    /// - Throws: `.notFound` when the network does not connect them.
    /// - Complexity: a contraction-hierarchy query plus the path's length.
    public func leg(
        from: RoadSnap, to: RoadSnap, destination: Coordinate? = nil, workspace: RoadGraph.Workspace? = nil
    ) throws(GeoKernelError) -> RoadRoute {
        let (best, failure) = try pool.with(workspace) { ws throws(GeoKernelError) in
            var best: RoadPath?
            var failure: GeoKernelError?
            for a in candidates(from) {
                for b in candidates(to) {
                    do throws(GeoKernelError) {
                        let p = try graph.route(from: a, to: b, metric: metric, algorithm: .contractionHierarchy, workspace: ws)
                        if best == nil || p.cost < best!.cost { best = p }
                    } catch {
                        failure = failure ?? error
                    }
                }
            }
            return (best, failure)
        }
        guard let path = best else { throw failure ?? GeoKernelError(.notFound, "no route") }
        let steps = RoadDirections.steps(for: path, on: graph, destination: destination ?? to.point)
        return RoadRoute(from: from, to: to, path: path, steps: steps, name: RoadDirections.routeName(of: path, on: graph), graph: graph)
    }

    /// The routes between consecutive coordinates (A → B → C …), each snapped onto the
    /// network first by its role (`SnapRole.forPin`: the first onto a road a route can
    /// leave, the last onto one it can reach, the others both).
    ///
    /// - Throws: `.invalidArgument` for fewer than two points; `.notFound` naming the
    ///   point that is too far from a road, or the leg the network cannot connect.
    /// - Complexity: one snap per point and one query per leg. C twin: `gk_route_create_road` + `gk_route_add_pin`.
    public func route(
        through points: [Coordinate], workspace: RoadGraph.Workspace? = nil
    ) throws(GeoKernelError) -> [RoadRoute] {
        guard points.count >= 2 else { throw .invalid("a route needs at least 2 points, got \(points.count)") }
        var snaps: [RoadSnap] = []
        for (i, p) in points.enumerated() {
            do {
                snaps.append(try snap(p, role: SnapRole.forPin(i, of: points.count)))
            } catch {
                throw GeoKernelError(error.code, "point \(i + 1) of \(points.count): \(error.message)")
            }
        }
        return try pool.with(workspace) { ws throws(GeoKernelError) in
            var legs: [RoadRoute] = []
            for i in 1..<snaps.count {
                do throws(GeoKernelError) {
                    legs.append(try leg(from: snaps[i - 1], to: snaps[i], destination: points[i], workspace: ws))
                } catch {
                    throw GeoKernelError(error.code, "leg \(i) (point \(i) → \(i + 1)): \(error.message)")
                }
            }
            return legs
        }
    }

    /// Travel costs between every source and every target (the router's metric: seconds
    /// or metres), row-major (`source * targets.count + target`); nil where the network
    /// does not connect them. Sources snap as route starts, targets as route ends; each
    /// point is tried at every candidate place of its snap (junctions), as routes are, so a
    /// cell equals the cost of `route(through:)`.
    ///
    /// - Throws: `.notFound` naming a point too far from a road.
    /// - Complexity: bucket-based many-to-many contraction hierarchies: about one upward
    ///   search per candidate source and target. C twin: `gk_router_matrix`.
    public func matrix(
        from sources: [Coordinate], to targets: [Coordinate], workspace: RoadGraph.Workspace? = nil
    ) throws(GeoKernelError) -> [Double?] {
        var s: [[RoadSnap]] = [], t: [[RoadSnap]] = []
        for (i, p) in sources.enumerated() {
            do { s.append(candidates(try snap(p, role: .start))) } catch { throw GeoKernelError(error.code, "source \(i + 1): \(error.message)") }
        }
        for (i, p) in targets.enumerated() {
            do { t.append(candidates(try snap(p, role: .end))) } catch { throw GeoKernelError(error.code, "target \(i + 1): \(error.message)") }
        }
        let flatS = s.flatMap { $0 }, flatT = t.flatMap { $0 }
        let m = try pool.with(workspace) { ws throws(GeoKernelError) in
            try graph.matrix(from: flatS, to: flatT, metric: metric, workspace: ws)
        }
        var out = [Double?](repeating: nil, count: sources.count * targets.count)
        var row = 0
        for (i, cs) in s.enumerated() {
            for _ in cs {
                var col = 0
                for (j, ct) in t.enumerated() {
                    for _ in ct {
                        if let c = m[row, col], out[i * targets.count + j].map({ c < $0 }) ?? true {
                            out[i * targets.count + j] = c
                        }
                        col += 1
                    }
                }
                row += 1
            }
        }
        return out
    }
}

/// One leg of a road route: the path, its steps and its name.
///
/// Thread safety: an immutable value; `Sendable`. C twin: a leg of a road route plan (`gk_route_leg`, `gk_route_leg_geometry`, `gk_route_leg_name`, `gk_route_step*`).
/// \since 0.2
public struct RoadRoute: Sendable {
    /// Where the leg starts and ends on the network.
    public let from: RoadSnap, to: RoadSnap
    /// The path: geometry, length (m), duration (s), pieces.
    public let path: RoadPath
    /// The turn-by-turn steps, from the departure to the arrival.
    public let steps: [RouteStep]
    /// "via Boulevard du Larvotto and Avenue Princesse Grace" ("" when no road is named).
    public let name: String
    /// The graph the path runs on.
    let graph: RoadGraph

    /// The name of each traversed edge in order ("" for unnamed ones), one per
    /// `path.pieces` element. Complexity: O(pieces).
    public var roadNames: [String] { path.pieces.map { graph.edgeName($0.edge) } }

    /// Length in metres along the roads.
    public var lengthMeters: Double { path.lengthMeters }
    /// Travel time in seconds at the graph's speeds.
    public var durationSeconds: Double { path.durationSeconds }
    /// The polyline (degrees) from the snapped start to the snapped end.
    public var geometry: [Coordinate] { path.geometry }
}
