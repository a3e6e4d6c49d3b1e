/// The part of one road arc reachable within a cost limit: the edge, the direction of
/// travel, where along the edge the part starts and ends and what it costs to get there.
///
/// Offsets are metres from the edge's first vertex (as `RoadSnap.offsetMeters`), so a
/// part travelled backwards has `startOffsetMeters > endOffsetMeters`. A part starts at
/// the edge's end it is entered from, or at the origin for the origin's own edge; it ends
/// where the limit runs out, or at the other end (`reachesEnd`).
///
/// Units: metres; costs in the metric's unit (metres or seconds). Thread safety: a value;
/// `Sendable`. C twin: `gk_isochrone_segment`.
/// \since 0.4
public struct RoadReach: Sendable, Hashable {
    /// The edge (`RoadGraph.edgeGeometry`).
    public var edge: Int
    /// Travelled from the edge's first vertex towards its last.
    public var forward: Bool
    /// Metres along the edge where the reached part begins.
    public var startOffsetMeters: Double
    /// Metres along the edge where it ends.
    public var endOffsetMeters: Double
    /// The cost of the best route from the origin to the part's start.
    public var startCost: Double
    /// The cost to its end (at most the limit).
    public var endCost: Double
    /// The part runs to the end of the edge: the limit does not cut it.
    public var reachesEnd: Bool
    /// The part starts at the origin (on the origin's edge), not at an end of the edge.
    public var startsAtOrigin: Bool

    /// Length of the part in metres.
    public var lengthMeters: Double { abs(endOffsetMeters - startOffsetMeters) }
}

extension RoadGraph {
    /// Every part of the network reachable from `origin` at a cost of at most `limit`
    /// (seconds for `.fastest`, metres for `.shortest`): the isochrone (or isodistance) as
    /// road parts, each a `RoadReach`, with turn costs and restrictions as routes have them.
    /// A point of a road is within the limit when `cost(from: origin, to:)` a snap there is
    /// (up to the graph's integer rounding, a millisecond or a centimetre): the parts
    /// are where such routes go.
    ///
    /// With `.dijkstra` (the default), Dijkstra over the turn graph stopped at the limit;
    /// with `.contractionHierarchy`, a one-to-all sweep over the metric's hierarchy
    /// restricted to the nodes within the limit (`ContractionHierarchy.reach`). Both give
    /// the same parts (tests check it). Dijkstra is the default because it measured faster:
    /// the sweep visits the reached nodes in rank order, scattered in memory, and relaxes
    /// every downward shortcut of each (2× slower than Dijkstra for 30 minutes and for
    /// 2 hours on a made-up country of 10⁶ junctions; `make bench-scale`).
    ///
    /// - Parameters:
    ///   - origin: where travel starts, snapped with the `.start` role.
    ///   - limit: the most a route may cost, in the metric's unit; 0 or more, finite.
    ///   - metric: what the limit counts.
    ///   - algorithm: Dijkstra (default) or the hierarchy's sweep.
    ///   - workspace: this thread's workspace for the graph.
    /// - Returns: the parts, ordered by edge then direction (forward first), at most two
    ///   per direction of an edge (the origin's edge may be reached from the origin and
    ///   around from its end).
    /// - Throws: `.invalidArgument` for a negative or non-finite limit or a snap of
    ///   another graph; `.misuse` for a workspace of another graph, or
    ///   `.contractionHierarchy` when the metric was not contracted.
    /// - Complexity: O(reached states · turns per state + log); the first hierarchy sweep
    ///   also builds the hierarchy's downward lists (O(arcs), kept).
    /// - Thread safety: concurrent calls allowed with one workspace each.
    ///   C twin: `gk_router_isochrone`.
    public func reach(
        from origin: RoadSnap, within limit: Double, metric: RoadMetric = .fastest,
        algorithm: RoutingAlgorithm = .dijkstra, workspace: Workspace
    ) throws(GeoKernelError) -> [RoadReach] {
        let ws = workspace
        try ws.check(self)
        try check(origin)
        guard limit.isFinite, limit >= 0 else {
            throw .invalid("the limit \(limit) must be 0 or more and finite")
        }
        let g = storage, t = g.turns
        let ch = g.hierarchy(metric)
        if algorithm == .contractionHierarchy && ch == nil {
            throw GeoKernelError(.misuse, "the \(metric) metric has no contraction hierarchy (built without it)")
        }
        // Whole internal units (a cost within the limit stays within it once rounded).
        let bound = UInt64(min((limit / metric.unitsPerWeight).rounded(.down), 1e15))
        g.seeds(origin, metric, backward: false, into: &ws.seedsF)
        var states: [(state: UInt32, cost: UInt64)] = []
        if algorithm == .contractionHierarchy, let ch {
            ch.reach(ws, limit: bound) { r, d in states.append((ch.order[r], d)) }
        } else {
            g.boundedDijkstra(metric, ws, limit: bound) { x, d in states.append((UInt32(x), d)) }
        }
        // Each arc entered within the limit: the cheapest turn into one of its states.
        ws.resetBuckets()
        var entries: [(arc: UInt32, cost: UInt64)] = []
        for (y, d) in states {
            for i in Int(t.turnFirst[Int(y)])..<Int(t.turnFirst[Int(y) + 1]) {
                let c = d + (metric == .fastest ? UInt64(t.turnCost[i]) : 0)
                guard c <= bound else { continue }
                let a = t.stateArc[Int(t.turnTo[i])], key = Int(t.primary(a)!)
                if ws.bucketStamp[key] != ws.bucketStampValue {
                    ws.bucketStamp[key] = ws.bucketStampValue
                    ws.bucketHead[key] = UInt32(entries.count)
                    entries.append((a, c))
                } else if c < entries[Int(ws.bucketHead[key])].cost {
                    entries[Int(ws.bucketHead[key])].cost = c
                }
            }
        }
        var parts: [RoadReach] = []
        let unit = metric.unitsPerWeight, T = Double(bound)
        for (a, c) in entries {
            let e = Int(a >> 1), length = g.edgeLength[e], w = Double(g.weight(a, metric))
            var along = w > 0 ? length * min(1, (T - Double(c)) / w) : length
            var end = along >= length
            if a >> 1 == UInt32(origin.edge) {  // beyond the origin, the part from the origin is cheaper
                let o = g.offset(origin, along: a)
                if along > o { along = o; end = false }
            }
            guard along > 0 || length == 0 else { continue }
            let start = a & 1 == 0 ? 0 : length
            parts.append(RoadReach(
                edge: e, forward: a & 1 == 0, startOffsetMeters: start,
                endOffsetMeters: a & 1 == 0 ? along : length - along, startCost: Double(c) * unit,
                endCost: min(T, Double(c) + (length > 0 ? w * along / length : 0)) * unit, reachesEnd: end,
                startsAtOrigin: false))
        }
        for d in UInt32(0)...1 {  // from the origin along each allowed direction of its edge
            let a = UInt32(2 * origin.edge) + d
            guard g.allowed(a) else { continue }
            let length = g.edgeLength[origin.edge], w = Double(g.weight(a, metric)), o = g.offset(origin, along: a)
            let rest = length - o
            let along = w > 0 ? min(rest, length * T / w) : rest
            let out = Double(g.weightOut(origin, a, metric))
            parts.append(RoadReach(
                edge: origin.edge, forward: d == 0, startOffsetMeters: origin.offsetMeters,
                endOffsetMeters: along >= rest ? (d == 0 ? length : 0)
                    : min(length, max(0, d == 0 ? origin.offsetMeters + along : origin.offsetMeters - along)), startCost: 0,
                endCost: min(T, along >= rest ? out : w * along / length) * unit, reachesEnd: along >= rest,
                startsAtOrigin: true))
        }
        // Compared through a constant: a closure reading the `var` would check exclusive
        // access at run time on every comparison.
        let found = parts
        func key(_ p: Int) -> (Int, Int, Int) { (found[p].edge, found[p].forward ? 0 : 1, found[p].startsAtOrigin ? 1 : 0) }
        return stableOrder(found.count) { key($0) < key($1) }.map { found[$0] }
    }

    /// The part of edge `edge`'s geometry between two offsets (metres from its first
    /// vertex, clamped to the edge), in the order given: the interpolated point at each
    /// offset and the vertices between them (linear in latitude and longitude within a
    /// segment, which is exact enough for the short segments of road geometry).
    ///
    /// - Complexity: O(vertices of the edge). C twin: `gk_isochrone_segment`.
    public func edgeGeometry(_ edge: Int, from start: Double, to end: Double) -> [Coordinate] {
        let g = storage
        let lo = Int(g.geomFirst[edge]), hi = Int(g.geomFirst[edge + 1]) - 1
        let offsets = g.vertexOffsets(edge: edge)
        func offset(_ v: Int) -> Double { offsets[v - lo] }
        func vertexIndex(atOrBefore x: Double) -> Int {  // last vertex with offset ≤ x, below hi
            var a = lo, b = hi
            while b - a > 1 {
                let m = (a + b) / 2
                if offset(m) <= x { a = m } else { b = m }
            }
            return a
        }
        func point(_ x: Double) -> Coordinate {
            guard hi > lo else { return g.coordinate(vertex: lo) }
            let v = vertexIndex(atOrBefore: x)
            let d0 = offset(v), d1 = offset(v + 1)
            let f = d1 > d0 ? min(1, max(0, (x - d0) / (d1 - d0))) : 0
            let p = g.coordinate(vertex: v), q = g.coordinate(vertex: v + 1)
            return Coordinate(
                uncheckedLatitude: p.latitude + f * (q.latitude - p.latitude),
                longitude: p.longitude + f * (q.longitude - p.longitude))
        }
        let length = g.edgeLength[edge]
        let a = min(max(start, 0), length), b = min(max(end, 0), length)
        var out = [point(a)]
        let (x0, x1) = (min(a, b), max(a, b))
        var inner: [Coordinate] = []
        for v in (lo + 1)..<max(lo + 1, hi) where offset(v) > x0 && offset(v) < x1 {
            inner.append(g.coordinate(vertex: v))
        }
        out += a <= b ? inner : inner.reversed()
        out.append(point(b))
        return out
    }
}

extension RoadGraphStorage {
    /// Dijkstra over the turn graph from `ws.seedsF`, labelling only states within
    /// `limit`; calls `visit(state, cost)` once per state within it, in increasing cost.
    ///
    /// - Complexity: O((reached states + their turns) · log).
    package func boundedDijkstra(_ m: RoadMetric, _ ws: RoadGraph.Workspace, limit: UInt64, _ visit: (Int, UInt64) -> Void) {
        let seeds = ws.seedsF, t = turns
        ws.withLabels { f, _ in
            f.reset()
            for (i, s) in seeds.enumerated() where s.cost <= limit { f.improve(Int(s.node), s.cost, parent: phantomBit | UInt32(i)) }
            while !f.heap.isEmpty {
                let top = f.heap.pop()
                let x = Int(top.value)
                guard top.key == f.dist(x) else { continue }
                visit(x, top.key)
                for i in Int(t.turnFirst[x])..<Int(t.turnFirst[x + 1]) {
                    let d = top.key + turnWeight(i, m)
                    if d <= limit { f.improve(Int(t.turnTo[i]), d, parent: UInt32(i)) }
                }
            }
        }
    }
}
