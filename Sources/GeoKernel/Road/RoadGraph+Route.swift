extension RoadGraph {
    /// The best route from one snap to another.
    ///
    /// The start may leave its edge towards either end the edge allows (costing the rest
    /// of the edge, or the part behind), and the target be reached likewise; when both lie
    /// on one edge, the direct way along it (if its direction allows) competes with going
    /// around. Every turn is priced and restricted as the graph's turn model says (turns
    /// are costs in `.fastest` only). Destination-only arcs are used only at the start and
    /// at the end of a route, never passed through. Ties prefer the direct way.
    ///
    /// - Parameters:
    ///   - start: where the route starts (from `snap`).
    ///   - target: where it ends.
    ///   - metric: what to minimise.
    ///   - algorithm: the hierarchy (default) or bidirectional Dijkstra; both give equal costs.
    ///   - workspace: this thread's workspace for the graph.
    /// - Returns: the path with its cost, length, duration, geometry and pieces.
    /// - Throws: `.notFound` when the target cannot be reached; `.invalidArgument` for a
    ///   snap that does not belong to this graph; `.misuse` for a workspace of another
    ///   graph or `.contractionHierarchy` when the metric was not contracted.
    /// - Complexity: hierarchy: O(search spaces + path length); Dijkstra: O(n log n).
    /// - Thread safety: concurrent calls allowed with one workspace each.
    ///   C twin: `gk_route_create_road` + `gk_route_add_pin`.
    public func route(
        from start: RoadSnap, to target: RoadSnap, metric: RoadMetric = .fastest,
        algorithm: RoutingAlgorithm = .contractionHierarchy, workspace: Workspace
    ) throws(GeoKernelError) -> RoadPath {
        let g = storage
        switch try solve(start, target, metric, algorithm, workspace) {
        case .direct(let arc, let cost):
            return g.path(metric, start, target, direct: arc, cost: cost)
        case .core(let cost, let meet):
            var turns: [UInt32] = []
            let seeds: (UInt32, UInt32)
            if algorithm == .contractionHierarchy, let ch = g.hierarchy(metric) {
                seeds = ch.pathArcs(meet: meet, workspace, into: &turns)
            } else {
                seeds = g.dijkstraTurns(meet: meet, workspace, into: &turns)
            }
            turns.append(workspace.seedsB[Int(seeds.1)].via)
            return g.path(metric, start, target, state: workspace.seedsF[Int(seeds.0)].node, turns: turns, cost: cost)
        }
    }

    /// The best route, with a workspace made for this call (O(n) allocation; reuse a
    /// `Workspace` for repeated queries). C twin: `gk_route_create_road` + `gk_route_add_pin`.
    public func route(
        from start: RoadSnap, to target: RoadSnap, metric: RoadMetric = .fastest,
        algorithm: RoutingAlgorithm = .contractionHierarchy
    ) throws(GeoKernelError) -> RoadPath {
        try route(from: start, to: target, metric: metric, algorithm: algorithm, workspace: Workspace(for: self))
    }

    /// The cost of the best route (metres for `.shortest`, seconds for `.fastest`),
    /// without building the path: what `route` would return as `cost`.
    ///
    /// - Throws: as `route`. Complexity: as `route` without the path.
    ///   C twin: none (`gk_router_matrix` gives costs).
    public func cost(
        from start: RoadSnap, to target: RoadSnap, metric: RoadMetric = .fastest,
        algorithm: RoutingAlgorithm = .contractionHierarchy, workspace: Workspace
    ) throws(GeoKernelError) -> Double {
        Double(try weight(from: start, to: target, metric: metric, algorithm: algorithm, workspace: workspace))
            * metric.unitsPerWeight
    }

    /// The best route's integer weight (centimetres or milliseconds); `order` overrides
    /// the hierarchy's query order (tests compare both).
    package func weight(
        from start: RoadSnap, to target: RoadSnap, metric: RoadMetric, algorithm: RoutingAlgorithm, workspace: Workspace,
        order: ContractionHierarchy.QueryOrder? = nil
    ) throws(GeoKernelError) -> UInt64 {
        switch try solve(start, target, metric, algorithm, workspace, order) {
        case .direct(_, let cost), .core(let cost, _): cost
        }
    }

    /// The reference cost by one-directional Dijkstra over the turn states; nil
    /// when unreachable. For tests.
    package func referenceWeight(from start: RoadSnap, to target: RoadSnap, metric: RoadMetric) -> UInt64? {
        storage.referenceCost(start, target, metric)
    }

    enum Solution {
        case direct(arc: UInt32, cost: UInt64)
        case core(cost: UInt64, meet: UInt32)
    }

    private func solve(
        _ s: RoadSnap, _ t: RoadSnap, _ m: RoadMetric, _ algorithm: RoutingAlgorithm, _ ws: Workspace,
        _ order: ContractionHierarchy.QueryOrder? = nil
    ) throws(GeoKernelError) -> Solution {
        try ws.check(self)
        try check(s)
        try check(t)
        let g = storage
        let ch = g.hierarchy(m)
        if algorithm == .contractionHierarchy && ch == nil {
            throw GeoKernelError(.misuse, "the \(m) metric has no contraction hierarchy (built without it)")
        }
        g.seeds(s, m, backward: false, into: &ws.seedsF)
        g.seeds(t, m, backward: true, into: &ws.seedsB)
        let direct = g.direct(s, t, m)
        let core = algorithm == .contractionHierarchy ? ch!.search(ws, order: order) : g.bidirectionalDijkstra(m, ws)
        if let d = direct, d.cost <= core?.cost ?? .max { return .direct(arc: d.arc, cost: d.cost) }
        guard let core else {
            throw GeoKernelError(.notFound, "no route from \(s.point) to \(t.point) (\(m))")
        }
        return .core(cost: core.cost, meet: core.meet)
    }

    /// Refuses a snap that does not fit this graph.
    func check(_ s: RoadSnap) throws(GeoKernelError) {
        guard s.edge >= 0, s.edge < edgeCount else {
            throw .invalid("snap on edge \(s.edge), but the graph has \(edgeCount) edges")
        }
        let vertices = Int(storage.geomFirst[s.edge + 1] - storage.geomFirst[s.edge])
        guard s.segment >= 0, s.segment < vertices - 1 else {
            throw .invalid("snap on segment \(s.segment) of edge \(s.edge), which has \(vertices - 1) segments")
        }
        guard s.offsetMeters >= 0, s.offsetMeters <= storage.edgeLength[s.edge] else {
            throw .invalid("snap offset \(s.offsetMeters) m is outside edge \(s.edge) (\(storage.edgeLength[s.edge]) m)")
        }
    }
}
