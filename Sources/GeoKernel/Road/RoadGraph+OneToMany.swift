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
    /// - Thread safety: concurrent calls allowed with one workspace each. C twin: none
    ///   (used by the matcher's `gk_match_*`).
    public func costs(
        from start: RoadSnap, to targets: [RoadSnap], metric: RoadMetric, limit: Double, workspace: Workspace
    ) throws(GeoKernelError) -> [Double?] {
        let bound = try search(from: start, metric: metric, limit: limit, workspace: workspace)
        var out: [Double?] = []
        out.reserveCapacity(targets.count)
        for t in targets {
            try check(t)
            let best = reached(start, t, metric, bound, workspace)
            out.append(best.map { Double($0.cost) * metric.unitsPerWeight })
        }
        return out
    }

    /// The best route from `start` to `target` if it costs at most `limit` (nil
    /// otherwise), found by Dijkstra stopped at the limit: the route `costs` measured.
    /// Its cost equals `route(from:to:metric:)`'s; between routes of equal cost either
    /// may be returned.
    ///
    /// - Throws: as `costs(from:to:metric:limit:workspace:)`.
    /// - Complexity: as `costs` for one target, plus the path's length.
    /// - Thread safety: concurrent calls allowed with one workspace each. C twin: none.
    public func route(
        from start: RoadSnap, to target: RoadSnap, metric: RoadMetric, within limit: Double, workspace: Workspace
    ) throws(GeoKernelError) -> RoadPath? {
        try check(target)
        let bound = try search(from: start, metric: metric, limit: limit, workspace: workspace)
        guard let best = reached(start, target, metric, bound, workspace) else { return nil }
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
        from start: RoadSnap, metric: RoadMetric, limit: Double, workspace ws: Workspace
    ) throws(GeoKernelError) -> UInt64 {
        try ws.check(self)
        try check(start)
        guard limit.isFinite, limit >= 0 else {
            throw .invalid("the limit \(limit) must be 0 or more and finite")
        }
        let bound = UInt64(min((limit / metric.unitsPerWeight).rounded(.down), 1e15))
        storage.seeds(start, metric, backward: false, into: &ws.seedsF)
        storage.boundedDijkstra(metric, ws, limit: bound) { _, _ in }
        return bound
    }

    /// The best way to `t` after `search`: its cost, and either the turn entering `t`'s
    /// arc (`via`) or, for the direct way along a shared edge, that arc.
    private func reached(
        _ s: RoadSnap, _ t: RoadSnap, _ m: RoadMetric, _ bound: UInt64, _ ws: Workspace
    ) -> (cost: UInt64, via: UInt32?, arc: UInt32)? {
        let g = storage
        var best: (cost: UInt64, via: UInt32?, arc: UInt32)?
        if let d = g.direct(s, t, m), d.cost <= bound { best = (d.cost, nil, d.arc) }
        g.seeds(t, m, backward: true, into: &ws.seedsB)
        for seed in ws.seedsB where ws.forward.reached(Int(seed.node)) {
            let c = ws.forward.dist(Int(seed.node)) + seed.cost
            if c <= bound, c < best?.cost ?? .max { best = (c, seed.via, 0) }
        }
        return best
    }
}
