import GeoKernel
import Testing
import _GeoKernelTestSupport

/// The turn model: costs by angle, U-turns only at dead ends, restrictions via a node and
/// via ways; the hierarchy exact against turn-aware Dijkstra and the reference.
@Suite("Road graph: turn costs and turn restrictions")
struct TurnRulesTests {
    typealias D = RoadTestData

    /// The arcs a path travels, in order.
    static func arcs(_ p: RoadPath) -> [RoadNetwork.Arc] { p.pieces.map { RoadNetwork.Arc(edge: $0.edge, forward: $0.forward) } }

    static func reversed(_ a: RoadNetwork.Arc) -> RoadNetwork.Arc { RoadNetwork.Arc(edge: a.edge, forward: !a.forward) }

    /// A snap at fraction `f` of edge `e`'s length (straight two-vertex streets).
    static func snap(_ g: RoadGraph, edge e: Int, at f: Double) throws -> RoadSnap {
        let line = g.edgeGeometry(e)
        let a = line[0], b = line[line.count - 1]
        let c = Coordinate(
            uncheckedLatitude: a.latitude + (b.latitude - a.latitude) * f, longitude: a.longitude + (b.longitude - a.longitude) * f)
        return try g.snap(c, maxDistanceMeters: 5)
    }

    /// The 3 × 3 lattice (node = row · 3 + col, row 0 south, col 0 west) with all twelve
    /// two-way streets, in this order: the six east-west ones (row by row), then the six
    /// north-south ones (column by column).
    static func lattice(skipping skipped: Set<Int> = []) -> RoadNetwork {
        let n = D.lattice(rows: 3, cols: 3)
        var edges: [RoadNetwork.Edge] = []
        var k = 0
        for r in 0..<3 { for c in 0..<2 { if !skipped.contains(k) { edges.append(D.street(n, 3 * r + c, 3 * r + c + 1)) }; k += 1 } }
        for c in 0..<3 { for r in 0..<2 { if !skipped.contains(k) { edges.append(D.street(n, 3 * r + c, 3 * r + c + 3)) }; k += 1 } }
        return RoadNetwork(nodes: n, edges: edges)
    }

    /// The edge between two nodes of a network.
    static func edge(_ net: RoadNetwork, _ u: Int, _ v: Int) -> Int {
        net.edges.firstIndex { ($0.from == u && $0.to == v) || ($0.from == v && $0.to == u) }!
    }

    static func arc(_ net: RoadNetwork, _ u: Int, _ v: Int) -> RoadNetwork.Arc {
        let e = edge(net, u, v)
        return RoadNetwork.Arc(edge: e, forward: net.edges[e].from == u)
    }

    @Test("turns cost nothing straight on, more to the right, most across the traffic, and mirror when traffic keeps left")
    func turnCurve() {
        let right = TurnCosts.driving
        var left = right
        left.drivingSide = .left
        #expect(right.turnSeconds(angle: 0) == 0 && right.turnSeconds(angle: 180) == right.sharpTurnSeconds)
        #expect(right.turnSeconds(angle: -180) == right.sharpTurnSeconds)
        var last = 0.0
        for a in stride(from: 0.0, through: 180, by: 5) {
            #expect(right.turnSeconds(angle: a) >= last)
            #expect(right.turnSeconds(angle: -a) >= right.turnSeconds(angle: a))
            #expect(left.turnSeconds(angle: a) == right.turnSeconds(angle: -a))
            last = right.turnSeconds(angle: a)
        }
        #expect(right.turnSeconds(angle: 90) > 1 && right.turnSeconds(angle: 90) < right.turnSeconds(angle: -90))
        #expect(right.turnSeconds(angle: 20) < 0.5)
        #expect(TurnCosts.free.turnSeconds(angle: 120) == 0)
    }

    @Test("a route's fastest cost includes exactly the turns it makes: a left and a right at junctions, none on a bend")
    func turnsArePriced() throws {
        var net = Self.lattice()
        let free = try RoadGraph(net)
        net.turnCosts = .driving
        let priced = try RoadGraph(net)
        // Along row 1 westwards from the middle of 3-4... simpler: from the middle of 0-1
        // to the middle of 4-7: east to 1, left (north) to 4, straight on to 7.
        let s = try Self.snap(priced, edge: Self.edge(net, 0, 1), at: 0.5)
        let t = try Self.snap(priced, edge: Self.edge(net, 4, 7), at: 0.5)
        let p0 = try free.route(from: s, to: t, metric: .fastest), p1 = try priced.route(from: s, to: t, metric: .fastest)
        #expect(Self.arcs(p0) == Self.arcs(p1))
        #expect(abs(p1.turnSeconds - TurnCosts.driving.turnSeconds(angle: -90)) < 0.002, "\(p1.turnSeconds)")
        #expect(abs(p1.cost - p0.cost - p1.turnSeconds) < 1e-9 && abs(p1.durationSeconds - p1.cost) < 1e-9)
        #expect(p1.pieces.reduce(0) { $0 + $1.turnSeconds } == p1.turnSeconds)
        // The shortest metric prices no turn.
        #expect(try priced.route(from: s, to: t, metric: .shortest).cost == (try free.route(from: s, to: t, metric: .shortest)).cost)
        // Node 1 without its northern street is a bend of two roads: 0-1-2 then... use 2 → 5.
        let bendNet = { () -> RoadNetwork in
            var b = Self.lattice(skipping: [1])  // no 1-2: node 2 is a bend between 2-5 and nothing west
            b.turnCosts = .driving
            return b
        }()
        let bend = try RoadGraph(bendNet)
        let a = try Self.snap(bend, edge: Self.edge(bendNet, 5, 8), at: 0.5)
        let z = try Self.snap(bend, edge: Self.edge(bendNet, 2, 5), at: 0.5)
        let straight = try bend.route(from: a, to: z, metric: .fastest)
        #expect(straight.turnSeconds == 0)
    }

    @Test("a car makes no U-turn at a junction: it goes around the block where a restriction forbids the left turn")
    func noUTurnAtJunctions() throws {
        var net = Self.lattice()
        // No left turn from 3 → 4 (eastbound) onto 4 → 7 (northbound).
        net.restrictions = [.init(arcs: [Self.arc(net, 3, 4), Self.arc(net, 4, 7)], kind: .no)]
        let walking = try RoadGraph(net)  // .free: U-turns anywhere
        net.turnCosts = .driving
        let driving = try RoadGraph(net)
        let s = try Self.snap(driving, edge: Self.edge(net, 3, 4), at: 0.9)
        let t = try Self.snap(driving, edge: Self.edge(net, 4, 7), at: 0.5)
        // Near 4: on east, back from 5 and right is shortest; without the U-turn, round by 6.
        let uTurn = try walking.route(from: s, to: t, metric: .shortest)
        let around = try driving.route(from: s, to: t, metric: .shortest)
        let uArcs = Self.arcs(uTurn), aArcs = Self.arcs(around)
        #expect(zip(uArcs, uArcs.dropFirst()).contains { $0.1 == Self.reversed($0.0) }, "\(uArcs)")
        #expect(!zip(aArcs, aArcs.dropFirst()).contains { $0.1 == Self.reversed($0.0) }, "\(aArcs)")
        #expect(around.lengthMeters > uTurn.lengthMeters + 50)
        for g in [walking, driving] {
            for algorithm in [RoutingAlgorithm.contractionHierarchy, .dijkstra] {
                #expect(try g.route(from: s, to: t, metric: .fastest, algorithm: algorithm).weight
                    == g.referenceWeight(from: s, to: t, metric: .fastest))
            }
        }
    }

    @Test("a U-turn is made where the road ends, and costs the U-turn penalty")
    func uTurnAtDeadEnd() throws {
        // 3 → 0 → 1 one-way; at 1 only straight on into the dead end 1 - 2; the target is
        // north of 1 on 1 - 4, so the car turns back at 2.
        let n = D.lattice(rows: 2, cols: 3)
        var net = RoadNetwork(nodes: n, edges: [
            D.street(n, 3, 0, backward: nil), D.street(n, 0, 1, backward: nil), D.street(n, 1, 2), D.street(n, 1, 4),
        ])
        net.restrictions = [.init(arcs: [.init(edge: 1, forward: true), .init(edge: 2, forward: true)], kind: .only)]
        net.turnCosts = .driving
        let g = try RoadGraph(net)
        let s = try Self.snap(g, edge: 0, at: 0.5), t = try Self.snap(g, edge: 3, at: 0.5)
        for m in RoadMetric.allCases {
            let p = try g.route(from: s, to: t, metric: m)
            #expect(Self.arcs(p) == [.init(edge: 0, forward: true), .init(edge: 1, forward: true), .init(edge: 2, forward: true),
                                     .init(edge: 2, forward: false), .init(edge: 3, forward: true)])
            #expect(p.weight == g.referenceWeight(from: s, to: t, metric: m))
            if m == .fastest {
                let uTurn = TurnCosts.driving.uTurnSeconds + TurnCosts.driving.sharpTurnSeconds
                #expect(p.pieces[3].turnSeconds == uTurn && p.turnSeconds >= uTurn)
            }
        }
        // Where 2 is not a dead end (a street on to 5), the car may not turn back there: it
        // goes on by 5 and 4 instead.
        net.edges.append(D.street(n, 2, 5))
        net.edges.append(D.street(n, 5, 4))
        let g2 = try RoadGraph(net)
        let p2 = try g2.route(from: s, to: t, metric: .shortest)
        let a2 = Self.arcs(p2)
        #expect(!zip(a2, a2.dropFirst()).contains { $0.1 == Self.reversed($0.0) }, "\(a2)")
        #expect(p2.weight == g2.referenceWeight(from: s, to: t, metric: .shortest))
    }

    @Test("restrictions via ways: no_* forbids the whole sequence only, only_* makes it mandatory once begun")
    func viaWays() throws {
        var net = Self.lattice()
        let from = Self.arc(net, 3, 4), via = Self.arc(net, 4, 5), to = Self.arc(net, 5, 8)
        let s0 = Self.edge(net, 3, 4), t0 = Self.edge(net, 5, 8)
        net.turnCosts = .driving
        let plain = try RoadGraph(net)
        let s = try Self.snap(plain, edge: s0, at: 0.5), t = try Self.snap(plain, edge: t0, at: 0.5)
        let direct = try plain.route(from: s, to: t, metric: .shortest)
        #expect(Self.arcs(direct) == [from, via, to])
        net.restrictions = [.init(arcs: [from, via, to], kind: .no)]
        let banned = try RoadGraph(net)
        #expect(banned.report.restrictionsApplied == 1 && banned.report.turnStates > plain.report.turnStates)
        let around = try banned.route(from: s, to: t, metric: .shortest)
        let a = Self.arcs(around)
        #expect(!a.indices.dropLast(2).contains { a[$0] == from && a[$0 + 1] == via && a[$0 + 2] == to }, "\(a)")
        #expect(around.lengthMeters > direct.lengthMeters + 50)
        // Coming onto the via way from elsewhere (1 → 4 → 5 → 8) is still allowed.
        let fromSouth = try Self.snap(banned, edge: Self.edge(net, 1, 4), at: 0.5)
        let viaWay = Self.arcs(try banned.route(from: fromSouth, to: t, metric: .shortest))
        #expect(viaWay.suffix(2) == [via, to], "\(viaWay)")
        // only_*: from 3 → 4 onto 4 → 5 the route must go on to 5 → 2 (south).
        net.restrictions = [.init(arcs: [from, via, Self.arc(net, 5, 2)], kind: .only)]
        let only = try RoadGraph(net)
        let forced = Self.arcs(try only.route(from: s, to: t, metric: .shortest))
        if let i = forced.firstIndex(of: via), i > 0, forced[i - 1] == from { #expect(forced[i + 1] == Self.arc(net, 5, 2)) }
        for g in [plain, banned, only] {
            for m in RoadMetric.allCases {
                #expect(try g.route(from: s, to: t, metric: m).weight == g.referenceWeight(from: s, to: t, metric: m))
                #expect(try g.route(from: s, to: t, metric: m, algorithm: .dijkstra).weight
                    == g.referenceWeight(from: s, to: t, metric: m))
            }
        }
    }

    @Test("restrictions that are not chains of allowed arcs are refused, naming the restriction")
    func badRestrictions() throws {
        var net = Self.lattice()
        net.restrictions = [.init(arcs: [Self.arc(net, 3, 4), Self.arc(net, 1, 2)], kind: .no, sourceID: 99)]
        let e = #expect(throws: GeoKernelError.self) { try RoadGraph(net) }
        #expect(e?.code == .invalidArgument && e?.message.contains("source 99") == true)
        net.restrictions = [.init(arcs: [Self.arc(net, 3, 4)], kind: .no)]
        #expect(throws: GeoKernelError.self) { try RoadGraph(net) }
        net.restrictions = [.init(arcs: [RoadNetwork.Arc(edge: 99, forward: true), Self.arc(net, 1, 2)], kind: .no)]
        #expect(throws: GeoKernelError.self) { try RoadGraph(net) }
        net.restrictions = []
        net.turnCosts.uTurnSeconds = .nan
        #expect(throws: GeoKernelError.self) { try RoadGraph(net) }
    }

    /// A grid with driving turn costs and seeded restrictions: via a node at about 6 % of
    /// the junctions and via a way at about 4 %, half of each `no`, half `only`.
    static func restrictedGrid(rows: Int, cols: Int, seed: UInt64) -> RoadNetwork {
        var net = RoadNetwork.grid(
            rows: rows, cols: cols, seed: seed, oneWayFraction: 0.2, destinationOnlyFraction: 0.05, missingFraction: 0.08)
        net.turnCosts = .driving
        var rng = SeededRandom(seed: seed &* 31)
        var arriving = [[RoadNetwork.Arc]](repeating: [], count: net.nodes.count), leaving = arriving
        for (e, edge) in net.edges.enumerated() {
            if edge.forward != nil { arriving[edge.to].append(.init(edge: e, forward: true)); leaving[edge.from].append(.init(edge: e, forward: true)) }
            if edge.backward != nil { arriving[edge.from].append(.init(edge: e, forward: false)); leaving[edge.to].append(.init(edge: e, forward: false)) }
        }
        func head(_ a: RoadNetwork.Arc) -> Int { a.forward ? net.edges[a.edge].to : net.edges[a.edge].from }
        for v in net.nodes.indices where !arriving[v].isEmpty && !leaving[v].isEmpty {
            let x = rng.uniform(0, 1)
            let a = arriving[v][Int(rng.next() % UInt64(arriving[v].count))]
            let b = leaving[v][Int(rng.next() % UInt64(leaving[v].count))]
            let kind: RoadNetwork.TurnRestriction.Kind = rng.next() & 1 == 0 ? .no : .only
            if x < 0.06 {
                net.restrictions.append(.init(arcs: [a, b], kind: kind))
            } else if x < 0.10, b != Self.reversed(a) {
                let w = head(b)
                guard !leaving[w].isEmpty else { continue }
                let c = leaving[w][Int(rng.next() % UInt64(leaving[w].count))]
                if c != Self.reversed(b) { net.restrictions.append(.init(arcs: [a, b, c], kind: kind)) }
            }
        }
        return net
    }

    /// The rules a path must obey: no `no` sequence driven whole, an `only` sequence
    /// followed once begun, U-turns only where nothing else leaves.
    static func checkRules(_ p: RoadPath, _ net: RoadNetwork, _ g: RoadGraph) {
        let a = arcs(p)
        for r in net.restrictions {
            let k = r.arcs.count
            for i in a.indices {
                switch r.kind {
                case .no:
                    if i + k <= a.count && Array(a[i..<(i + k)]) == r.arcs {
                        Issue.record("a forbidden sequence is driven: \(r.arcs) in \(a)")
                    }
                case .only:
                    let begun = k == 2 ? a[i] == r.arcs[0] : (i + 1 < a.count && a[i] == r.arcs[0] && a[i + 1] == r.arcs[1])
                    guard begun else { continue }
                    for j in 1..<k where i + j < a.count && a[i + j] != r.arcs[j] {
                        Issue.record("a mandatory sequence is left: \(r.arcs) in \(a)")
                    }
                }
            }
        }
        for (x, y) in zip(a, a.dropFirst()) where y == reversed(x) {
            let v = x.forward ? net.edges[x.edge].to : net.edges[x.edge].from
            let ways = net.edges.indices.filter { e in
                let edge = net.edges[e]
                return e != x.edge && ((edge.from == v && edge.forward != nil) || (edge.to == v && edge.backward != nil))
            }
            #expect(ways.isEmpty, "a U-turn at node \(v), which has other ways on")
        }
    }

    @Test("with turn costs and seeded restrictions, CH in both orders, bidirectional Dijkstra and the reference agree on 10 000 pairs per metric, and every path obeys the rules")
    func equivalenceWithTurns() throws {
        var rng = SeededRandom(seed: 77)
        var compared = 0, unreachable = 0
        for (k, size) in [(12, 15), (20, 20), (25, 22), (16, 30)].enumerated() {
            let net = Self.restrictedGrid(rows: size.0, cols: size.1, seed: UInt64(500 + k))
            // Edge indices in `net` equal the graph's: the grid keeps its every edge here
            // only when nothing is dropped, so the rules are checked on the graph's own copy.
            let g = try RoadGraph(net)
            try g.checkInvariants()
            #expect(g.report.restrictionsApplied > 10, "grid \(k): \(g.report)")
            let kept = g.report.droppedEdges == 0
            let ws = RoadGraph.Workspace(for: g)
            for i in 0..<1_250 {
                let s = try g.snap(RoadTestData.randomPoint(g, &rng), maxDistanceMeters: .infinity, role: .start)
                let t = try g.snap(RoadTestData.randomPoint(g, &rng), maxDistanceMeters: .infinity, role: .end)
                for metric in RoadMetric.allCases {
                    let reference = g.referenceWeight(from: s, to: t, metric: metric)
                    guard let reference else {
                        unreachable += 1
                        #expect(throws: GeoKernelError.self) { try g.route(from: s, to: t, metric: metric, workspace: ws) }
                        continue
                    }
                    for order in [ContractionHierarchy.QueryOrder.rankSweep, .dijkstraOrder] {
                        let c = try g.weight(from: s, to: t, metric: metric, algorithm: .contractionHierarchy, workspace: ws, order: order)
                        #expect(c == reference, "grid \(k) pair \(i) \(metric) \(order): CH \(c) reference \(reference)")
                    }
                    let dj = try g.weight(from: s, to: t, metric: metric, algorithm: .dijkstra, workspace: ws)
                    #expect(dj == reference, "grid \(k) pair \(i) \(metric): Dijkstra \(dj) reference \(reference)")
                    compared += 1
                    if i % 5 == 0 {
                        for algorithm in [RoutingAlgorithm.contractionHierarchy, .dijkstra] {
                            let path = try g.route(from: s, to: t, metric: metric, algorithm: algorithm, workspace: ws)
                            #expect(path.weight == reference)
                            let turns = metric == .fastest ? UInt64((path.turnSeconds * 1000).rounded()) : 0
                            #expect(path.pieces.reduce(UInt64(0)) { $0 + $1.weight } + turns == reference)
                            RoadTestData.checkPath(path, g, s, t)
                            if kept { Self.checkRules(path, net, g) }
                        }
                    }
                }
            }
            #expect(ws.forward.pendingIsClear && ws.backward.pendingIsClear)
        }
        #expect(compared + unreachable == 10_000)
        #expect(unreachable < 300, "\(unreachable) unreachable")
    }
}
