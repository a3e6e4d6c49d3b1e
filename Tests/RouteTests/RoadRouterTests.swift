import Foundation
import GeoKernel
import OpenStreetMap
import Route
import Testing
import _GeoKernelTestSupport

/// The router facade and road route plans, on the generated sample town and on Monaco.
@Suite struct RoadRouterTests {
    static func town() throws -> RoadGraph {
        var builder = RoadNetworkBuilder(profile: .car)
        try OSMFile.read(bytes: Array(SampleTown.osmXML.utf8), format: .xml) { builder.add($0) }
        return try RoadGraph(try builder.build().network)
    }

    static func at(_ east: Double, _ north: Double) throws -> Coordinate {
        let p = SampleTown.position(east: east, north: north)
        return try Coordinate(latitude: p.latitude, longitude: p.longitude)
    }

    @Test("the sample town is one strongly connected network with its one-way streets, roundabout and bollard")
    func sampleTown() throws {
        var builder = RoadNetworkBuilder(profile: .car)
        try OSMFile.read(bytes: Array(SampleTown.osmXML.utf8), format: .xml) { builder.add($0) }
        let (network, report) = try builder.build()
        #expect(report.routableWays == 16 && report.blockingBarriers == 1)
        let g = try RoadGraph(network)
        #expect(g.report.droppedNodes == 0 && g.report.droppedEdges == 0)
        #expect((0..<g.edgeCount).contains { g.edgeIsRoundabout($0) })
    }

    @Test("a road route plan appends driving directions with a roundabout exit and times the legs by the roads")
    func roadPlan() throws {
        let router = try RoadRouter(graph: try Self.town())
        var plan = try RoutePlan(configuration: .init(maxPins: 3), router: router)
        try plan.addPin(try Self.at(75, 8))
        try plan.addPin(try Self.at(300, 440))
        #expect(plan.directions[0] == "Driving directions from A to B")
        #expect(plan.directions[1].hasPrefix("Estimated time: 0d 0h "))
        #expect(plan.directions.contains("At the roundabout, take the 2nd exit onto Boulevard Central (D 12) (190 m)"),
                "\(plan.directions)")
        let leg = plan.legs[0]
        #expect(leg.name == "via Rue des Écoles and Boulevard Central")
        #expect(leg.travelTime.seconds > 0 && leg.timeSource == .road)
        #expect(leg.geometry.count >= 4)
        // The GeoJSON carries the steps as objects on request.
        let json = plan.geoJSON(detailedSteps: true)
        #expect(json.contains(#""maneuver":"roundabout","modifier":null,"exit":2"#))
        #expect(json.contains(#""name":"via Rue des Écoles and Boulevard Central""#))
    }

    @Test("a pin too far from the roads is refused with a clear error and the plan is unchanged")
    func pinTooFar() throws {
        let router = try RoadRouter(graph: try Self.town(), maxSnapDistanceMeters: 50)
        var plan = try RoutePlan(router: router)
        try plan.addPin(try Self.at(75, 8))
        #expect {
            try plan.addPin(try Self.at(75, 75))  // the middle of a block, 75 m from every street
        } throws: { e in
            (e as? GeoKernelError)?.code == .notFound && "\(e)".contains("pin B was not added")
        }
        #expect(plan.pins.count == 1 && plan.legs.isEmpty)
    }

    @Test("a road leg with the caller's travel time checks it and shares it out over the steps")
    func suppliedTime() throws {
        let router = try RoadRouter(graph: try Self.town())
        var plan = try RoutePlan(router: router)
        try plan.addPin(try Self.at(75, 8))
        for bad in [Double.nan, .infinity, -5] {
            #expect(throws: GeoKernelError.self) { try plan.addPin(try Self.at(300, 440), travelTimeSeconds: bad) }
        }
        try plan.addPin(try Self.at(300, 440), travelTimeSeconds: 600)
        let leg = plan.legs[0]
        #expect(leg.timeSource == .supplied && leg.geometrySource == .road && leg.travelTime.seconds == 600)
        #expect(abs(leg.steps.reduce(0) { $0 + $1.durationSeconds } - 600) < 1e-6)
    }

    @Test("without a router a plan keeps its great-circle legs")
    func greatCircleStays() throws {
        var plan = try RoutePlan()
        try plan.addPin(try Self.at(0, 0))
        try plan.addPin(try Self.at(750, 750))
        #expect(plan.legs[0].geometrySource == .greatCircle && plan.directions[0] == "Directions from A to B")
    }

    @Test("a matrix cell costs what the route between the two points costs", arguments: [RoadMetric.fastest, .shortest])
    func matrixEqualsRoutes(metric: RoadMetric) throws {
        let (network, _) = try RoadNetworkBuilder.build(osmFile: SharedData.path("osm/monaco.osm.pbf"), profile: .car)
        let router = try RoadRouter(graph: try RoadGraph(network), metric: metric)
        var rng = SeededRandom(seed: 5)
        var points: [Coordinate] = []
        while points.count < 16 {
            let p = try Coordinate(latitude: rng.uniform(43.727, 43.748), longitude: rng.uniform(7.410, 7.437))
            if (try? router.snap(p, role: .via)) != nil { points.append(p) }
        }
        let m = try router.matrix(from: points, to: points)
        for i in points.indices {
            for j in points.indices {
                let leg = try? router.route(through: [points[i], points[j]])[0]
                let cost = leg.map(\.path.cost)
                #expect(m[i * points.count + j] == cost, "cell \(i), \(j)")
                // A shortest route's length is its cost, to the bit: both sum the same
                // centimetre weights.
                if metric == .shortest { #expect(leg.map(\.lengthMeters) == cost, "length of \(i), \(j)") }
            }
        }
    }

    @Test("a saved graph loads to the same routes, and a damaged file is refused")
    func saveLoad() throws {
        let g = try Self.town()
        let tmp = try TemporaryDirectory("gk-road-router")
        let path = tmp.file("town.gkroad")
        try g.save(to: path)
        let loaded = try RoadGraph(contentsOf: path)
        let a = try RoadRouter(graph: g).route(through: [try Self.at(75, 8), try Self.at(600, 680)])[0]
        let b = try RoadRouter(graph: loaded).route(through: [try Self.at(75, 8), try Self.at(600, 680)])[0]
        #expect(a.path == b.path && a.steps == b.steps)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[bytes.count / 2] ^= 0x40
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect { try RoadGraph(contentsOf: path) } throws: { ($0 as? GeoKernelError)?.code == .corrupt }
    }

    @Test("legs asked for without a workspace, from 4 threads at once, equal legs each computed with a workspace of their own")
    func borrowedWorkspaces() async throws {
        let graph = try Self.town()
        let router = try RoadRouter(graph: graph)
        var rng = SeededRandom(seed: 91)
        var drawn: [(RoadSnap, RoadSnap)] = []
        while drawn.count < 60 {
            let a = try router.snap(try Self.at(Double.random(in: 0...400, using: &rng), Double.random(in: 0...450, using: &rng)))
            let b = try router.snap(try Self.at(Double.random(in: 0...400, using: &rng), Double.random(in: 0...450, using: &rng)))
            drawn.append((a, b))
        }
        let pairs = drawn
        let want = try pairs.map { try router.leg(from: $0.0, to: $0.1, workspace: RoadGraph.Workspace(for: graph)) }
        let got = try await withThrowingTaskGroup(of: (Int, [RoadRoute]).self) { group in
            for t in 0..<4 {
                group.addTask {
                    (t, try (0..<3).flatMap { _ in try pairs.map { try router.leg(from: $0.0, to: $0.1) } })
                }
            }
            var out: [Int: [RoadRoute]] = [:]
            for try await (t, legs) in group { out[t] = legs }
            return out
        }
        #expect(got.count == 4)
        for (_, legs) in got {
            #expect(legs.count == 3 * pairs.count)
            for (i, leg) in legs.enumerated() {
                let w = want[i % pairs.count]
                #expect(leg.path == w.path && leg.steps == w.steps && leg.name == w.name)
            }
        }
    }
}
