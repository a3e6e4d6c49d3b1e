import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("Road graph: reach within a limit (isochrones)")
struct RoadGraphReachTests {
    /// The cheapest cost of the parts of `parts` covering `s` (its edge, its offset within
    /// `slack` metres), interpolated along the part; nil when none covers it.
    static func coveringCost(_ parts: [RoadReach], _ s: RoadSnap, slack: Double) -> Double? {
        var best: Double?
        for p in parts where p.edge == s.edge {
            let lo = min(p.startOffsetMeters, p.endOffsetMeters) - slack, hi = max(p.startOffsetMeters, p.endOffsetMeters) + slack
            guard s.offsetMeters >= lo, s.offsetMeters <= hi else { continue }
            let f = p.lengthMeters > 0 ? min(1, abs(s.offsetMeters - p.startOffsetMeters) / p.lengthMeters) : 0
            let c = p.startCost + f * (p.endCost - p.startCost)
            best = min(best ?? c, c)
        }
        return best
    }

    @Test("the hierarchy's reach equals Dijkstra's on seeded grids, both metrics")
    func hierarchyEqualsDijkstra() throws {
        var rng = SeededRandom(seed: 31)
        for seed in UInt64(1)...3 {
            let graph = try RoadGraph(RoadNetwork.grid(
                rows: 20, cols: 24, seed: seed, oneWayFraction: 0.3, destinationOnlyFraction: 0.1))
            let ws = RoadGraph.Workspace(for: graph)
            for _ in 0..<12 {
                let origin = RoadTestData.randomSnap(graph, &rng)
                for metric in RoadMetric.allCases {
                    let limit = metric == .fastest ? rng.uniform(5, 240) : rng.uniform(50, 2_500)
                    let ch = try graph.reach(
                        from: origin, within: limit, metric: metric, algorithm: .contractionHierarchy, workspace: ws)
                    #expect(ws.forward.pendingIsClear)
                    let dijkstra = try graph.reach(from: origin, within: limit, metric: metric, algorithm: .dijkstra, workspace: ws)
                    #expect(ch == dijkstra, "seed \(seed) \(metric) limit \(limit)")
                    #expect(ch.contains { $0.startsAtOrigin })
                    for p in ch {
                        #expect(p.startCost >= 0 && p.startCost <= p.endCost + 1e-9 && p.endCost <= limit + 1e-9)
                        let length = graph.edgeLengthMeters(p.edge)
                        #expect(p.startOffsetMeters >= 0 && p.startOffsetMeters <= length)
                        #expect(p.endOffsetMeters >= 0 && p.endOffsetMeters <= length)
                        #expect(p.forward == (p.endOffsetMeters >= p.startOffsetMeters))
                        #expect(p.reachesEnd == (p.forward ? p.endOffsetMeters >= length : p.endOffsetMeters <= 0))
                    }
                }
            }
        }
    }

    @Test("a point is reached exactly when the cost of the best route to it is within the limit")
    func reachAgreesWithRouteCosts() throws {
        var rng = SeededRandom(seed: 8)
        for seed in UInt64(4)...5 {
            let graph = try RoadGraph(RoadNetwork.grid(
                rows: 16, cols: 16, seed: seed, oneWayFraction: 0.25, destinationOnlyFraction: 0.1))
            let ws = RoadGraph.Workspace(for: graph)
            var inside = 0, outside = 0
            for _ in 0..<8 {
                let origin = RoadTestData.randomSnap(graph, &rng)
                for metric in RoadMetric.allCases {
                    let limit = metric == .fastest ? rng.uniform(20, 150) : rng.uniform(200, 1_500)
                    let parts = try graph.reach(from: origin, within: limit, metric: metric, workspace: ws)
                    // Rounding: partial costs are whole milliseconds or centimetres.
                    let unit = metric.unitsPerWeight
                    for _ in 0..<60 {
                        let target = RoadTestData.randomSnap(graph, &rng)
                        let cost = try? graph.cost(from: origin, to: target, metric: metric, workspace: ws)
                        let covering = Self.coveringCost(parts, target, slack: 1e-6)
                        if let cost, cost <= limit - 3 * unit {
                            inside += 1
                            let c = try #require(covering, "\(metric) cost \(cost) within \(limit) but not reached")
                            #expect(abs(c - cost) <= 3 * unit + 1e-9, "\(metric) part says \(c), route \(cost)")
                        } else if cost == nil || cost! > limit + 3 * unit {
                            outside += 1
                            #expect(covering == nil, "\(metric) cost \(String(describing: cost)) beyond \(limit) but reached")
                        }
                    }
                }
            }
            #expect(inside > 100 && outside > 100)
        }
    }

    @Test("a limit of zero reaches the origin only; a huge one every road the origin reaches")
    func limitExtremes() throws {
        let graph = try RoadGraph(RoadNetwork.grid(rows: 12, cols: 12, seed: 3, oneWayFraction: 0.2))
        let ws = RoadGraph.Workspace(for: graph)
        var rng = SeededRandom(seed: 3)
        let origin = RoadTestData.randomSnap(graph, &rng)
        let none = try graph.reach(from: origin, within: 0, workspace: ws)
        #expect(!none.isEmpty && none.allSatisfy { $0.startsAtOrigin && $0.lengthMeters == 0 && $0.endCost == 0 })
        let all = try graph.reach(from: origin, within: 1e9, metric: .shortest, workspace: ws)
        for e in 0..<graph.edgeCount {
            let length = graph.edgeLengthMeters(e)
            let a = RoadSnap(
                input: graph.nodeCoordinate(graph.edgeEndpoints(e).from), point: graph.nodeCoordinate(graph.edgeEndpoints(e).from),
                edge: e, segment: 0, offsetMeters: length / 2, distanceMeters: 0)
            let reachable = (try? graph.cost(from: origin, to: a, metric: .shortest, workspace: ws)) != nil
            #expect(reachable == (Self.coveringCost(all, a, slack: 0) != nil), "edge \(e)")
            if reachable {
                let covered = all.filter { $0.edge == e }.reduce(0) { $0 + $1.lengthMeters }
                #expect(covered >= length - 1e-6, "edge \(e) covered \(covered) of \(length) m")
            }
        }
    }

    @Test("bad limits and missing hierarchies are refused")
    func errors() throws {
        let network = RoadNetwork.grid(rows: 5, cols: 5, seed: 2)
        let graph = try RoadGraph(network)
        let ws = RoadGraph.Workspace(for: graph)
        let origin = try graph.snap(graph.nodeCoordinate(6), maxDistanceMeters: 10)
        for limit in [-1.0, .nan, .infinity] {
            let e = #expect(throws: GeoKernelError.self) { try graph.reach(from: origin, within: limit, workspace: ws) }
            #expect(e?.code == .invalidArgument)
        }
        let plain = try RoadGraph(network, options: .init(contractedMetrics: []))
        let e = #expect(throws: GeoKernelError.self) {
            try plain.reach(from: origin, within: 60, algorithm: .contractionHierarchy, workspace: RoadGraph.Workspace(for: plain))
        }
        #expect(e?.code == .misuse)
        #expect(try !plain.reach(from: origin, within: 60, algorithm: .dijkstra, workspace: RoadGraph.Workspace(for: plain)).isEmpty)
    }

    @Test("an edge's geometry between two offsets runs from point to point through the vertices between")
    func edgeGeometryBetweenOffsets() throws {
        let graph = try RoadGraph(RoadNetwork.grid(rows: 6, cols: 6, seed: 4))
        var rng = SeededRandom(seed: 12)
        for e in 0..<graph.edgeCount {
            let whole = graph.edgeGeometry(e), length = graph.edgeLengthMeters(e)
            #expect(graph.edgeGeometry(e, from: 0, to: length) == whole)
            #expect(graph.edgeGeometry(e, from: length, to: 0) == whole.reversed())
            let a = rng.uniform(0, length), b = rng.uniform(0, length)
            let part = graph.edgeGeometry(e, from: a, to: b)
            var sum = 0.0
            for i in 1..<part.count { sum += haversineDistance(part[i - 1], part[i]) }
            #expect(abs(sum - abs(b - a)) <= 1e-3 * max(1, abs(b - a)), "edge \(e): \(sum) for \(abs(b - a)) m")
        }
    }
}
