import GeoKernel
import OpenStreetMap
import Route
import Testing
import _GeoKernelTestSupport

/// Routing on the real OpenStreetMap extracts of `../shared/data/osm` (Monaco, Andorra):
/// contraction hierarchies against bidirectional Dijkstra on 10 000 seeded random pairs
/// per extract, profile and metric; both file formats build the same network.
@Suite struct RealExtractRoutingTests {
    static let extracts = ["monaco", "andorra"]
    static let profiles: [RoutingProfile] = [.car, .bicycle, .foot]

    static func graph(_ extract: String, _ profile: RoutingProfile) throws -> RoadGraph {
        let (network, _) = try RoadNetworkBuilder.build(osmFile: SharedData.path("osm/\(extract).osm.pbf"), profile: profile)
        return try RoadGraph(network)
    }

    /// Random points on the network: a random edge's random vertex, moved up to 20 m,
    /// snapped as a route's pins are: even indices as starts, odd ones as ends.
    static func randomSnaps(_ g: RoadGraph, count: Int, seed: UInt64) throws -> [RoadSnap] {
        var rng = SeededRandom(seed: seed)
        var out: [RoadSnap] = []
        while out.count < count {
            let line = g.edgeGeometry(Int(rng.next() % UInt64(g.edgeCount)))
            let v = line[Int(rng.next() % UInt64(line.count))]
            let p = try v.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: rng.uniform(0, 20))
            out.append(try g.snap(p, maxDistanceMeters: 500, role: out.count % 2 == 0 ? .start : .end))
        }
        return out
    }

    @Test("contraction hierarchies, in both query orders, cost exactly what Dijkstra costs on 10 000 random pairs per extract, profile and metric",
          arguments: extracts)
    func hierarchyEqualsDijkstra(extract: String) throws {
        for profile in Self.profiles {
            let g = try Self.graph(extract, profile)
            for m in RoadMetric.allCases { #expect(g.storage.hierarchy(m)?.queryOrder == .rankSweep, "\(extract) \(profile.name) \(m)") }
            let ws = RoadGraph.Workspace(for: g)
            let snaps = try Self.randomSnaps(g, count: 2 * 10_000, seed: 0x9E37 &+ UInt64(extract.count))
            var compared = 0, unreachable = 0
            for metric in [RoadMetric.shortest, .fastest] {
                for i in stride(from: 0, to: snaps.count, by: 2) {
                    let a = snaps[i], b = snaps[i + 1]
                    let ch: Double?, dj: Double?
                    do { ch = try g.cost(from: a, to: b, metric: metric, algorithm: .contractionHierarchy, workspace: ws) } catch {
                        #expect(error.code == .notFound)
                        ch = nil
                    }
                    do { dj = try g.cost(from: a, to: b, metric: metric, algorithm: .dijkstra, workspace: ws) } catch {
                        #expect(error.code == .notFound)
                        dj = nil
                    }
                    #expect(ch == dj, "\(extract) \(profile.name) \(metric) pair \(i / 2): CH \(String(describing: ch)) vs Dijkstra \(String(describing: dj))")
                    // The other query order of the hierarchy (these graphs sweep by rank).
                    let other = try? g.weight(
                        from: a, to: b, metric: metric, algorithm: .contractionHierarchy, workspace: ws, order: .dijkstraOrder)
                    #expect(other.map { Double($0) * metric.unitsPerWeight } == ch, "\(extract) \(profile.name) \(metric) pair \(i / 2): Dijkstra-order CH")
                    compared += 1
                    if ch == nil { unreachable += 1 }
                }
            }
            #expect(compared == 20_000)  // 10 000 pairs, both metrics
            // Pins snapped by role are connected through the main network, except into or
            // out of destination-only zones that lead nowhere else.
            #expect(unreachable < compared / 100, "\(extract) \(profile.name): \(unreachable) unreachable pairs")
        }
    }

    @Test("a full route's pieces and geometry add up to its cost, length and duration", arguments: extracts)
    func pathsAreConsistent(extract: String) throws {
        let g = try Self.graph(extract, .car)
        let ws = RoadGraph.Workspace(for: g)
        let snaps = try Self.randomSnaps(g, count: 400, seed: 77)
        for i in stride(from: 0, to: snaps.count, by: 2) {
            guard let p = try? g.route(from: snaps[i], to: snaps[i + 1], metric: .shortest, workspace: ws) else { continue }
            // A shortest route's length is its cost: both sum the pieces' centimetre weights.
            #expect(p.cost == p.lengthMeters)
            #expect(abs(p.pieces.reduce(0) { $0 + $1.lengthMeters } - p.lengthMeters) < 1e-6 * max(1, p.lengthMeters))
            var along = 0.0
            for (u, v) in zip(p.geometry, p.geometry.dropFirst()) { along += haversineDistance(u, v) }
            // Each piece's length is its edge's (or part's) length rounded to the centimetre.
            #expect(
                abs(along - p.lengthMeters) < 0.05 + 1e-6 * p.lengthMeters + 0.005 * Double(p.pieces.count),
                "geometry \(along) m vs \(p.lengthMeters) m")
            #expect(p.geometry.first == snaps[i].point && p.geometry.last == snaps[i + 1].point)
            for (x, y) in zip(p.pieces, p.pieces.dropFirst()) {
                #expect(x.geometryRange.upperBound - 1 == y.geometryRange.lowerBound, "pieces are contiguous")
            }
        }
    }

    @Test("the PBF and XML files of an extract build the same network", arguments: extracts)
    func formatsAgree(extract: String) throws {
        let (pbf, r1) = try RoadNetworkBuilder.build(osmFile: SharedData.path("osm/\(extract).osm.pbf"), profile: .car)
        let (xml, r2) = try RoadNetworkBuilder.build(osmFile: SharedData.path("osm/\(extract).osm.gz"), profile: .car)
        #expect(r1 == r2)
        #expect(pbf.nodes.count == xml.nodes.count && pbf.edges.count == xml.edges.count)
        #expect(pbf == xml)
    }

    @Test("the car graphs have the size other engines report for these extracts")
    func carGraphSizes() throws {
        // Before compression other engines count about 3 000 / 17 000 car nodes
        // (PLATFORM-NOTES); compressed to junctions, far fewer remain. The report says
        // what the strongly connected component step dropped.
        let (network, report) = try RoadNetworkBuilder.build(osmFile: SharedData.path("osm/andorra.osm.pbf"), profile: .car)
        #expect(report.nodesRead == 69_385 && report.waysRead == 2_722 && report.relationsRead == 74)
        #expect(report.restrictionsApplied == 0)
        let g = try RoadGraph(network)
        #expect(g.nodeCount > 1_000 && g.nodeCount < 17_000)
        #expect(g.report.droppedNodes < g.nodeCount / 10)
    }

    @Test("a file read twice keeps only the nodes the roads use and builds the network one pass builds",
          arguments: extracts)
    func twoPassesKeepOnlyRoadNodes(extract: String) throws {
        let path = SharedData.path("osm/\(extract).osm.pbf")
        let (twoPasses, report) = try RoadNetworkBuilder.build(osmFile: path, profile: .car)
        var builder = RoadNetworkBuilder(profile: .car)
        try OSMFile.read(path) { builder.add($0) }
        let (onePass, everyNode) = try builder.build()
        #expect(twoPasses == onePass)
        #expect(everyNode.nodesKept == everyNode.nodesRead && report.nodesRead == everyNode.nodesRead)
        #expect(report.nodesKept > 0 && report.nodesKept < report.nodesRead / 2, "\(report.nodesKept) of \(report.nodesRead)")
        var rest = report
        rest.nodesKept = everyNode.nodesKept
        #expect(rest == everyNode)
    }

    @Test("routes through several pins on Monaco read as real directions")
    func monacoDirections() throws {
        let router = try RoadRouter(graph: try Self.graph("monaco", .car), metric: .fastest)
        var plan = try RoutePlan(configuration: .init(maxPins: 3), router: router)
        try plan.addPin(latitude: 43.73945, longitude: 7.42790)  // Casino de Monte-Carlo
        try plan.addPin(latitude: 43.72760, longitude: 7.41550)  // Stade Louis II
        let leg = plan.legs[0]
        #expect(leg.geometrySource == .road && leg.timeSource == .road)
        #expect(leg.lengthMeters > 1_500 && leg.lengthMeters < 4_000, "\(leg.lengthMeters) m")
        #expect(plan.directions[0] == "Driving directions from A to B")
        #expect(leg.steps.first?.maneuver == .depart && leg.steps.last?.maneuver == .arrive)
        #expect(leg.name.hasPrefix("via "))
        // Steps tile the geometry: each starts where the previous one ended.
        for (s, t) in zip(leg.steps, leg.steps.dropFirst()) { #expect(s.endVertexIndex == t.vertexIndex) }
        let stepMeters = leg.steps.reduce(0) { $0 + $1.distanceMeters }
        #expect(abs(stepMeters - leg.lengthMeters) < 0.01)
        #expect(abs(leg.steps.reduce(0) { $0 + $1.durationSeconds } - leg.travelTime.seconds) < 0.01)
        // No step per node: far fewer steps than pieces.
        #expect(leg.steps.count < 40)
    }

    /// The fastest car legs between 1 000 seeded random pairs of an extract (those found).
    static func randomLegs(_ extract: String, seed: UInt64) throws -> (RoadGraph, [RoadRoute]) {
        let g = try Self.graph(extract, .car)
        let router = try RoadRouter(graph: g, metric: .fastest)
        let snaps = try Self.randomSnaps(g, count: 2_000, seed: seed &+ UInt64(extract.count))
        let legs = stride(from: 0, to: snaps.count, by: 2).compactMap { try? router.leg(from: snaps[$0], to: snaps[$0 + 1]) }
        return (g, legs)
    }

    @Test("on 1 000 random fastest car routes per extract, every U-turn is made where the road ends", arguments: extracts)
    func uTurnsOnlyAtDeadEnds(extract: String) throws {
        let (g, legs) = try Self.randomLegs(extract, seed: 0x5EED)
        let routes = legs.count
        var uTurns = 0
        for (i, leg) in legs.enumerated() {
            let pieces = leg.path.pieces
            // Turning back (along the same edge, or onto the same road: "Make a U-turn")
            // happens only where no other road leads on.
            for step in leg.steps where step.modifier == .uTurn {
                uTurns += 1
                guard let k = pieces.firstIndex(where: { $0.geometryRange.lowerBound == step.vertexIndex }), k > 0 else {
                    Issue.record("\(extract) route \(i): a U-turn step at no junction")
                    continue
                }
                let x = pieces[k - 1], y = pieces[k]
                let node = x.forward ? g.edgeEndpoints(x.edge).to : g.edgeEndpoints(x.edge).from
                let others = g.edges(at: node).filter { $0.canLeave && $0.edge != x.edge && $0.edge != y.edge }
                #expect(others.isEmpty, "\(extract) route \(i): \(step.instruction) at node \(node) \(g.nodeCoordinate(node)), which has \(others.count) other ways on: \(x) \(y) \(g.edgeName(x.edge))|\(g.edgeRef(x.edge)) \(g.edgeName(y.edge))|\(g.edgeRef(y.edge)) \(others.map { g.edgeName($0.edge) + "|" + g.edgeRef($0.edge) })")
            }
        }
        #expect(routes > 950, "\(extract): \(routes) of 1 000 routes found")
        #expect(uTurns < routes / 20, "\(extract): \(uTurns) U-turns at dead ends in \(routes) routes")
    }

    @Test("on 1 000 random car routes per extract, no step under 20 m is anything but a real turn, and most steps name their road", arguments: extracts)
    func stepsWorthReading(extract: String) throws {
        let (_, legs) = try Self.randomLegs(extract, seed: 0x57E9)
        var steps = 0, named = 0
        for (i, leg) in legs.enumerated() {
            for s in leg.steps where s.maneuver != .arrive {
                steps += 1
                if !s.roadLabel.isEmpty || !s.destination.isEmpty { named += 1 }
                if s.distanceMeters < RoadDirections.minimumStepMeters && s.maneuver != .depart {
                    #expect(RoadDirections.isRealTurn(s), "\(extract) route \(i): \(s.instruction) (\(s.distanceMeters) m)")
                }
            }
        }
        // Before the step rules (GeoKernel 0.4) 73 % of Andorra's steps named a road.
        #expect(Double(named) / Double(steps) >= 0.73, "\(extract): \(named) of \(steps) steps name a road, ref or destination")
    }

    @Test("a roundabout's one-way exit into a street that cannot come back is kept and counted (Monaco)")
    func oneWayExitCounts() throws {
        let g = try Self.graph("monaco", .car)
        // Way 166558486 leaves the roundabout (way 92627441) one-way; before 0.5 it lay
        // outside the largest strongly connected component and was dropped.
        #expect((0..<g.edgeCount).contains { g.edgeWayID($0) == 166_558_486 })
        let router = try RoadRouter(graph: g, metric: .fastest)
        let leg = try router.route(through: [try Coordinate(latitude: 43.728677, longitude: 7.41016),
                                             try Coordinate(latitude: 43.739213, longitude: 7.4277)])[0]
        let roundabouts = leg.steps.filter { $0.maneuver == .roundabout }
        #expect(roundabouts.count == 3 && roundabouts[1].exitNumber == 2, "\(leg.steps.map(\.instruction))")
    }
}
