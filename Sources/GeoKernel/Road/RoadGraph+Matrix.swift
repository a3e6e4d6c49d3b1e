/// Route costs from every source to every target.
///
/// Units: metres (`.shortest`) or seconds (`.fastest`). Thread safety: a value; `Sendable`.
/// C twin: `gk_router_matrix` (fills a caller-owned row-major `double` buffer,
/// `INFINITY` when unreachable).
/// \since 0.2
public struct RoadMatrix: Sendable, Hashable {
    /// The metric of the costs.
    public let metric: RoadMetric
    public let sourceCount: Int
    public let targetCount: Int
    /// Row-major costs (`source * targetCount + target`); `.infinity` when unreachable.
    public let costs: [Double]

    /// The cost from a source to a target; nil when unreachable. Precondition: indices in range.
    public subscript(source: Int, target: Int) -> Double? {
        let c = costs[source * targetCount + target]
        return c.isFinite ? c : nil
    }
}

extension RoadGraph {
    /// The cost of the best route from each source to each target, equal to what `cost`
    /// (and `route`) give one pair at a time.
    ///
    /// Uses bucket-based many-to-many search in the hierarchy (S. Knopp, P. Sanders, D.
    /// Schultes, F. Schulz, D. Wagner, "Computing Many-to-Many Shortest Paths Using
    /// Highway Hierarchies", ALENEX 2007): one backward upward search per target leaves
    /// its distances in buckets at the nodes it settles; one forward upward search per
    /// source scans them. Without a hierarchy for `metric`, it runs bidirectional
    /// Dijkstra per pair.
    ///
    /// - Throws: `.invalidArgument` for a snap that does not belong to this graph;
    ///   `.misuse` for a workspace of another graph.
    /// - Complexity: O((S + T) · search space + bucket entries scanned).
    ///   Memory: O(T · search space).
    /// - Thread safety: concurrent calls allowed with one workspace each.
    ///   C twin: `gk_router_matrix`.
    public func matrix(
        from sources: [RoadSnap], to targets: [RoadSnap], metric: RoadMetric = .fastest, workspace: Workspace
    ) throws(GeoKernelError) -> RoadMatrix {
        try workspace.check(self)
        for s in sources { try check(s) }
        for t in targets { try check(t) }
        let g = storage, ws = workspace, cols = targets.count
        var weights = [UInt64](repeating: .max, count: sources.count * cols)
        if let ch = g.hierarchy(metric) {
            ws.resetBuckets()
            for (j, t) in targets.enumerated() {
                g.seeds(t, metric, backward: true, into: &ws.seedsB)
                let seeds = ws.seedsB
                ws.withLabels { _, b in
                    ch.upwardSearch(&b, seeds, up: ch.downFirst, ch.downArc, down: ch.upFirst, ch.upArc) { u, d in
                        if ws.bucketStamp[u] != ws.bucketStampValue {
                            ws.bucketStamp[u] = ws.bucketStampValue
                            ws.bucketHead[u] = noParent
                        }
                        ws.bucketEntries.append(RoadGraph.BucketEntry(target: UInt32(j), next: ws.bucketHead[u], cost: d))
                        ws.bucketHead[u] = UInt32(ws.bucketEntries.count - 1)
                    }
                }
            }
            for (i, s) in sources.enumerated() {
                g.seeds(s, metric, backward: false, into: &ws.seedsF)
                let seeds = ws.seedsF, row = i * cols
                ws.withLabels { f, _ in
                    ws.bucketEntries.withUnsafeBufferPointer { entries in
                        ch.upwardSearch(&f, seeds, up: ch.upFirst, ch.upArc, down: ch.downFirst, ch.downArc) { u, d in
                            guard ws.bucketStamp[u] == ws.bucketStampValue else { return }
                            var k = ws.bucketHead[u]
                            while k != noParent {
                                let e = entries[Int(k)]
                                let c = d + e.cost
                                if c < weights[row + Int(e.target)] { weights[row + Int(e.target)] = c }
                                k = e.next
                            }
                        }
                    }
                }
                for (j, t) in targets.enumerated() where t.edge == s.edge {
                    if let direct = g.direct(s, t, metric), direct.cost <= weights[row + j] { weights[row + j] = direct.cost }
                }
            }
        } else {
            for (i, s) in sources.enumerated() {
                for (j, t) in targets.enumerated() {
                    weights[i * cols + j] =
                        (try? weight(from: s, to: t, metric: metric, algorithm: .dijkstra, workspace: ws)) ?? .max
                }
            }
        }
        return RoadMatrix(
            metric: metric, sourceCount: sources.count, targetCount: cols,
            costs: weights.map { $0 == .max ? .infinity : Double($0) * metric.unitsPerWeight })
    }

    /// The matrix with a workspace made for this call. C twin: `gk_router_matrix`.
    public func matrix(
        from sources: [RoadSnap], to targets: [RoadSnap], metric: RoadMetric = .fastest
    ) throws(GeoKernelError) -> RoadMatrix {
        try matrix(from: sources, to: targets, metric: metric, workspace: Workspace(for: self))
    }
}

extension ContractionHierarchy {
    /// A complete upward search (no stopping criterion) with stall-on-demand from `seeds`;
    /// calls `visit(rank, distance)` for every settled node that is not stalled.
    @inline(__always)
    func upwardSearch(
        _ s: inout SearchLabels, _ seeds: RoadGraph.SeedList, up upFirst: Column<UInt32>, _ upArc: Column<UInt64>,
        down downFirst: Column<UInt32>, _ downArc: Column<UInt64>, visit: (Int, UInt64) -> Void
    ) {
        s.reset()
        for (i, seed) in seeds.enumerated() { s.improve(Int(rank[Int(seed.node)]), seed.cost, parent: phantomBit | UInt32(i)) }
        outer: while !s.heap.isEmpty {
            let top = s.heap.pop()
            let u = Int(top.value)
            guard top.key == s.dist(u) else { continue }
            for i in Int(downFirst[u])..<Int(downFirst[u + 1]) {
                let x = Int(downArc[i] >> 32)
                if s.reached(x) && s.dist(x) + (downArc[i] & 0xFFFF_FFFF) < top.key { continue outer }
            }
            visit(u, top.key)
            for i in Int(upFirst[u])..<Int(upFirst[u + 1]) {
                s.improve(Int(upArc[i] >> 32), top.key + (upArc[i] & 0xFFFF_FFFF), parent: UInt32(i))
            }
        }
    }
}
