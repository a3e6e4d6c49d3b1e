extension RoadGraph {
    /// The costs of the best routes from one snap to several, each at most `limit`: one
    /// Dijkstra over the turn graph from `start`, stopped at the limit, read at every
    /// target. Costs are those of `cost(from:to:metric:)` (the same seeds, turn costs and
    /// restrictions, the direct way along a shared edge); a target farther than the limit
    /// (or unreachable) gets nil. What a map matcher's transitions need: many short routes
    /// from one place, where a hierarchy's query per pair costs more than one small search.
    ///
    /// - Parameters:
    ///   - start: where the routes start.
    ///   - targets: where they end.
    ///   - metric: what the costs count (metres for `.shortest`, seconds for `.fastest`).
    ///   - limit: the largest cost of interest, in the metric's unit (0 or more, finite).
    ///   - workspace: this thread's workspace for the graph.
    /// - Returns: one cost per target, in order; nil beyond the limit.
    /// - Throws: `.invalidArgument` for a bad limit or a snap of another graph; `.misuse`
    ///   for a workspace of another graph.
    /// - Complexity: O((states within the limit + their turns) · log + targets · turns
    ///   into their edges).
    /// - Thread safety: concurrent calls allowed with one workspace each. C twin: none yet.
    public func costs(
        from start: RoadSnap, to targets: [RoadSnap], metric: RoadMetric, limit: Double, workspace: Workspace
    ) throws(GeoKernelError) -> [Double?] {
        try measures(from: start, leaving: nil, to: targets.map { ($0, nil) }, metric: metric, limit: limit, workspace: workspace)
            .map { $0?.cost }
    }

    /// `costs(from:to:metric:limit:workspace:)` with directions, and each route's
    /// free-flow time: a route that leaves `start` travelling along its edge forward
    /// (`leaving == true`, from the edge's first vertex towards its last), backward
    /// (`false`) or either (nil), and arrives at each target likewise. No route turns back
    /// in the middle of an edge. `seconds` is the route's time at the graph's speeds, turn
    /// costs included, whatever the metric (what a map matcher weighs the time between
    /// two fixes against).
    ///
    /// - Complexity: as `costs`, plus each reached target's route length in turns.
    package func measures(
        from start: RoadSnap, leaving: Bool?, to targets: [(snap: RoadSnap, arriving: Bool?)], metric: RoadMetric,
        limit: Double, workspace ws: Workspace
    ) throws(GeoKernelError) -> [(cost: Double, seconds: Double)?] {
        let from = Self.arc(start, leaving)
        let bound = try search(from: start, only: from, metric: metric, limit: limit, workspace: ws)
        let g = storage, t = g.turns
        var out: [(cost: Double, seconds: Double)?] = []
        out.reserveCapacity(targets.count)
        for (target, arriving) in targets {
            try check(target)
            guard let best = reached(start, from, target, Self.arc(target, arriving), metric, bound, ws) else {
                out.append(nil)
                continue
            }
            var ms: UInt64
            if let via = best.via {  // back along the parents, as `route` draws the path
                ms = g.weightInto(target, t.stateArc[Int(t.turnTo[Int(via)])], .fastest) + UInt64(t.turnCost[Int(via)])
                var x = Int(t.turnFrom[Int(via)])
                var p = ws.forward.parent(x)
                while p & phantomBit == 0 {
                    ms += UInt64(g.arcTime[Int(t.stateArc[x])]) + UInt64(t.turnCost[Int(p)])
                    x = Int(t.turnFrom[Int(p)])
                    p = ws.forward.parent(x)
                }
                ms += g.weightOut(start, t.stateArc[x], .fastest)
            } else {
                ms = g.weightInto(target, best.arc, .fastest) - g.weightInto(start, best.arc, .fastest)
            }
            out.append((Double(best.cost) * metric.unitsPerWeight, Double(ms) * 0.001))
        }
        return out
    }

    /// The arc of a snap's edge in a direction (nil: either).
    static func arc(_ s: RoadSnap, _ forward: Bool?) -> UInt32? { forward.map { UInt32(2 * s.edge) + ($0 ? 0 : 1) } }

    /// The best route from `start` to `target` if it costs at most `limit` (nil
    /// otherwise), found by Dijkstra stopped at the limit: the route `costs` measured.
    /// Its cost equals `route(from:to:metric:)`'s; between routes of equal cost either
    /// may be returned, and it is the one `measures` timed.
    ///
    /// - Throws: as `costs(from:to:metric:limit:workspace:)`.
    /// - Complexity: as `costs` for one target, plus the path's length.
    /// - Thread safety: concurrent calls allowed with one workspace each. C twin: none.
    public func route(
        from start: RoadSnap, to target: RoadSnap, metric: RoadMetric, within limit: Double, workspace: Workspace
    ) throws(GeoKernelError) -> RoadPath? {
        try route(from: start, leaving: nil, to: target, arriving: nil, metric: metric, within: limit, workspace: workspace)
    }

    /// `route(from:to:metric:within:workspace:)` with directions, as
    /// `measures(from:leaving:to:metric:limit:workspace:)`.
    package func route(
        from start: RoadSnap, leaving: Bool?, to target: RoadSnap, arriving: Bool?, metric: RoadMetric, within limit: Double,
        workspace: Workspace
    ) throws(GeoKernelError) -> RoadPath? {
        try check(target)
        let from = Self.arc(start, leaving)
        let bound = try search(from: start, only: from, metric: metric, limit: limit, workspace: workspace)
        guard let best = reached(start, from, target, Self.arc(target, arriving), metric, bound, workspace) else { return nil }
        let g = storage
        guard let via = best.via else { return g.path(metric, start, target, direct: best.arc, cost: best.cost) }
        var turnList: [UInt32] = []
        var x = Int(g.turns.turnFrom[Int(via)])
        var p = workspace.forward.parent(x)
        while p & phantomBit == 0 {
            turnList.append(p)
            x = Int(g.turns.turnFrom[Int(p)])
            p = workspace.forward.parent(x)
        }
        turnList.reverse()
        turnList.append(via)
        return g.path(metric, start, target, state: workspace.seedsF[Int(p & ~phantomBit)].node, turns: turnList, cost: best.cost)
    }

    /// Labels every state within `limit` of `start` in `workspace.forward`; returns the
    /// limit in whole internal units.
    private func search(
        from start: RoadSnap, only: UInt32?, metric: RoadMetric, limit: Double, workspace ws: Workspace
    ) throws(GeoKernelError) -> UInt64 {
        try ws.check(self)
        try check(start)
        guard limit.isFinite, limit >= 0 else {
            throw .invalid("the limit \(limit) must be 0 or more and finite")
        }
        let bound = UInt64(min((limit / metric.unitsPerWeight).rounded(.down), 1e15))
        storage.seeds(start, metric, backward: false, into: &ws.seedsF, only: only)
        storage.boundedDijkstra(metric, ws, limit: bound) { _, _ in }
        return bound
    }

    /// The best way to `t` after `search`: its cost, and either the turn entering `t`'s
    /// arc (`via`) or, for the direct way along a shared edge, that arc.
    private func reached(
        _ s: RoadSnap, _ from: UInt32?, _ t: RoadSnap, _ to: UInt32?, _ m: RoadMetric, _ bound: UInt64, _ ws: Workspace
    ) -> (cost: UInt64, via: UInt32?, arc: UInt32)? {
        let g = storage
        var best: (cost: UInt64, via: UInt32?, arc: UInt32)?
        if from == nil || to == nil || from == to, let d = g.direct(s, t, m, only: from ?? to), d.cost <= bound {
            best = (d.cost, nil, d.arc)
        }
        g.seeds(t, m, backward: true, into: &ws.seedsB, only: to)
        for seed in ws.seedsB where ws.forward.reached(Int(seed.node)) {
            let c = ws.forward.dist(Int(seed.node)) + seed.cost
            if c <= bound, c < best?.cost ?? .max { best = (c, seed.via, 0) }
        }
        return best
    }
}
