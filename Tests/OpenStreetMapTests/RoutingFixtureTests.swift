import Foundation
import GeoKernel
import OpenStreetMap
import Route
import Testing
import _GeoKernelTestSupport

/// The routing rules on tiny hand-written OpenStreetMap files (Fixtures/routing/*.osm):
/// one-way streets, start and end on one edge, turn restrictions, barriers,
/// destination-only roads, roundabouts and forks. Lengths are checked against the
/// fixtures' own geometry (haversine, sphere of mean radius) within 1 m.
@Suite struct RoutingFixtureTests {
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/routing/\(name)").path
    }

    static func router(_ name: String, _ profile: RoutingProfile, metric: RoadMetric = .shortest) throws -> RoadRouter {
        let (network, _) = try RoadNetworkBuilder.build(osmFile: fixture(name), profile: profile)
        return try RoadRouter(graph: try RoadGraph(network), metric: metric, maxSnapDistanceMeters: 30)
    }

    static func at(_ lat: Double, _ lon: Double) throws -> Coordinate { try Coordinate(latitude: lat, longitude: lon) }

    static func route(_ r: RoadRouter, _ a: Coordinate, _ b: Coordinate) throws -> RoadRoute {
        try r.route(through: [a, b])[0]
    }

    // Block corners (oneway-block.osm): 1 (43.7300, 7.4200) NW, 2 (43.7300, 7.4210) NE,
    // 3 SE, 4 SW; Rue Nord 1 → 2 is one-way eastbound.
    static let west = (43.7300, 7.4202), east = (43.7300, 7.4208)

    @Test("on a one-way street a car goes straight to a point ahead on the same edge")
    func oneWayAhead() throws {
        let r = try Self.router("oneway-block.osm", .car)
        let route = try Self.route(r, try Self.at(Self.west.0, Self.west.1), try Self.at(Self.east.0, Self.east.1))
        let direct = haversineDistance(try Self.at(Self.west.0, Self.west.1), try Self.at(Self.east.0, Self.east.1))
        #expect(abs(route.lengthMeters - direct) < 1)
        #expect(route.steps.first?.instruction == "Head east on Rue Nord")
    }

    @Test("on a one-way street a car goes around the block to a point behind it on the same edge")
    func oneWayBehind() throws {
        let r = try Self.router("oneway-block.osm", .car)
        let a = try Self.at(Self.east.0, Self.east.1), b = try Self.at(Self.west.0, Self.west.1)
        let route = try Self.route(r, a, b)
        // East along Rue Nord to 2, south, west, north to 1, east to the target.
        let corner = { (lat: Double, lon: Double) in try Self.at(lat, lon) }
        let loop = haversineDistance(a, try corner(43.7300, 7.4210)) + haversineDistance(try corner(43.7300, 7.4210), try corner(43.7290, 7.4210))
            + haversineDistance(try corner(43.7290, 7.4210), try corner(43.7290, 7.4200))
            + haversineDistance(try corner(43.7290, 7.4200), try corner(43.7300, 7.4200))
            + haversineDistance(try corner(43.7300, 7.4200), b)
        #expect(abs(route.lengthMeters - loop) < 1, "\(route.lengthMeters) vs \(loop)")
        let said = route.steps.map(\.instruction)
        #expect(said.contains("Turn right onto Rue Est") && said.contains("Turn right onto Rue Sud"), "\(said)")
    }

    @Test("on foot the one-way street is walked both ways: the point behind is reached directly")
    func footIgnoresOneWay() throws {
        let r = try Self.router("oneway-block.osm", .foot)
        let a = try Self.at(Self.east.0, Self.east.1), b = try Self.at(Self.west.0, Self.west.1)
        #expect(abs(try Self.route(r, a, b).lengthMeters - haversineDistance(a, b)) < 1)
    }

    @Test("on a two-way street start and end on the same edge are joined directly in both directions")
    func sameEdgeBothWays() throws {
        let r = try Self.router("oneway-block.osm", .car)
        let a = try Self.at(43.7290, 7.4203), b = try Self.at(43.7290, 7.4207)
        for (p, q) in [(a, b), (b, a)] {
            let route = try Self.route(r, p, q)
            #expect(abs(route.lengthMeters - haversineDistance(p, q)) < 1)
            #expect(route.steps.count == 2, "\(route.steps.map(\.instruction))")
        }
    }

    // restriction-cross.osm: junction 5 (43.7300, 7.4200); arms west (way 20), south (21),
    // north (22), east (23), 100 m / 80 m long; ring road around the arm ends.
    static let armWest = (43.7300, 7.4195), armSouth = (43.7295, 7.4200), armNorth = (43.7305, 7.4200),
        armEast = (43.7300, 7.4205)

    @Test("a no_left_turn restriction sends the car around: never from the west arm straight into the north arm")
    func noLeftTurn() throws {
        let r = try Self.router("restriction-cross.osm", .car)
        let a = try Self.at(Self.armWest.0, Self.armWest.1), b = try Self.at(Self.armNorth.0, Self.armNorth.1)
        let direct = haversineDistance(a, try Self.at(43.73, 7.42)) + haversineDistance(try Self.at(43.73, 7.42), b)
        let route = try Self.route(r, a, b)
        #expect(route.lengthMeters > direct + 50, "\(route.lengthMeters) m: the forbidden left turn was taken")
        // The same turn on foot (restrictions do not apply) and the unrestricted east → north turn by car are direct.
        #expect(abs(try Self.route(try Self.router("restriction-cross.osm", .foot), a, b).lengthMeters - direct) < 1)
        let e = try Self.at(Self.armEast.0, Self.armEast.1)
        let fromEast = haversineDistance(e, try Self.at(43.73, 7.42)) + haversineDistance(try Self.at(43.73, 7.42), b)
        #expect(abs(try Self.route(r, e, b).lengthMeters - fromEast) < 1)
    }

    @Test("an only_straight_on restriction allows straight on and forbids the turns")
    func onlyStraightOn() throws {
        let r = try Self.router("restriction-cross.osm", .car)
        let s = try Self.at(Self.armSouth.0, Self.armSouth.1), n = try Self.at(Self.armNorth.0, Self.armNorth.1)
        let e = try Self.at(Self.armEast.0, Self.armEast.1)
        let centre = try Self.at(43.73, 7.42)
        #expect(abs(try Self.route(r, s, n).lengthMeters - (haversineDistance(s, centre) + haversineDistance(centre, n))) < 1)
        let right = try Self.route(r, s, e)
        #expect(right.lengthMeters > haversineDistance(s, centre) + haversineDistance(centre, e) + 50)
    }

    @Test("a pin exactly on a restricted junction may leave along, and arrive by, any road the junction allows")
    func pinOnRestrictedJunction() throws {
        let r = try Self.router("restriction-cross.osm", .car)
        let centre = try Self.at(43.73, 7.42), n = try Self.at(Self.armNorth.0, Self.armNorth.1)
        let s = try Self.at(Self.armSouth.0, Self.armSouth.1)
        #expect(abs(try Self.route(r, centre, n).lengthMeters - haversineDistance(centre, n)) < 1)
        #expect(abs(try Self.route(r, s, centre).lengthMeters - haversineDistance(s, centre)) < 1)
        let m = try r.matrix(from: [centre], to: [n])
        let direct = try Self.route(r, centre, n).path.cost
        #expect(m[0] == direct)
    }

    /// A way of `refs` node references (nodes 1–3 at 0.0005° steps east of (43.73, 7.42)).
    static func network(way refs: [Int], oneway: Bool = false) throws -> (RoadNetwork, RoadNetworkBuilder.Report) {
        var xml = "<osm version=\"0.6\">\n"
        for i in 1...3 { xml += "<node id=\"\(i)\" lat=\"43.73\" lon=\"\(7.42 + 0.0005 * Double(i))\"/>\n" }
        xml += "<way id=\"9\">" + refs.map { "<nd ref=\"\($0)\"/>" }.joined()
        xml += "<tag k=\"highway\" v=\"residential\"/>" + (oneway ? "<tag k=\"oneway\" v=\"yes\"/>" : "") + "</way></osm>"
        var builder = RoadNetworkBuilder(profile: .car)
        try OSMFile.read(bytes: Array(xml.utf8), format: .xml) { builder.add($0) }
        let (network, report) = try builder.build()
        return (network, report)
    }

    @Test("nodes out of order, listed twice or after their ways: reading the file twice builds what one pass builds")
    func twoPassesOnUnsortedFiles() throws {
        // Nodes in descending order, node 3 listed twice (the last position counts), node 7
        // on no road, a way before the nodes it uses, a barrier and a restriction via node 2.
        var xml = "<osm version=\"0.6\">\n"
        xml += "<way id=\"20\"><nd ref=\"4\"/><nd ref=\"2\"/><tag k=\"highway\" v=\"residential\"/></way>\n"
        for i in [7, 6, 5, 3, 2, 1, 4, 3] {
            let shift = i == 3 ? 0.0001 : 0
            xml += "<node id=\"\(i)\" lat=\"\(43.73 + 0.0004 * Double(i % 2) + shift)\" lon=\"\(7.42 + 0.0005 * Double(i))\">"
            xml += i == 5 ? "<tag k=\"barrier\" v=\"bollard\"/></node>\n" : "</node>\n"
        }
        xml += "<way id=\"21\"><nd ref=\"1\"/><nd ref=\"2\"/><nd ref=\"3\"/><nd ref=\"5\"/><nd ref=\"6\"/>"
        xml += "<tag k=\"highway\" v=\"residential\"/></way>\n"
        xml += "<relation id=\"30\"><member type=\"way\" ref=\"21\" role=\"from\"/><member type=\"node\" ref=\"2\" role=\"via\"/>"
        xml += "<member type=\"way\" ref=\"20\" role=\"to\"/><tag k=\"type\" v=\"restriction\"/>"
        xml += "<tag k=\"restriction\" v=\"no_left_turn\"/></relation>\n</osm>\n"
        let tmp = try TemporaryDirectory("gk-two-passes")
        let path = tmp.file("unsorted.osm")
        try Data(xml.utf8).write(to: URL(fileURLWithPath: path))
        let (twoPasses, report) = try RoadNetworkBuilder.build(osmFile: path, profile: .car)
        var builder = RoadNetworkBuilder(profile: .car)
        try OSMFile.read(path) { builder.add($0) }
        let (onePass, everyNode) = try builder.build()
        #expect(twoPasses == onePass)
        #expect(report.nodesRead == 8 && everyNode.nodesKept == 8)
        // Kept: 1, 2, 3 twice, 4, 5, 6; not 7.
        #expect(report.nodesKept == 7)
        #expect(report.blockingBarriers == 1 && report.restrictionsApplied + report.restrictionsSkipped == 1)
    }

    @Test("a way that goes back and forth over one piece 100 000 times builds one edge, not 100 000 parallel ones")
    func degenerateWaysCollapse() throws {
        let alternating = (0..<100_000).map { $0 % 2 == 0 ? 1 : 2 }
        let (twoWay, report) = try Self.network(way: alternating)
        #expect(twoWay.edges.count == 1 && twoWay.nodes.count == 2, "\(twoWay.edges.count) edges")
        #expect(report.repeatedPieces == 99_998, "\(report)")
        // One-way, the way itself drives the piece both ways: one edge per direction.
        let (oneWay, _) = try Self.network(way: alternating, oneway: true)
        #expect(oneWay.edges.count == 2)
        #expect(Set(oneWay.edges.map { [$0.from, $0.to] }).count == 2)
        // A node repeated in a row adds no zero-length piece; the road still runs 1 → 2 → 3.
        let (repeated, r2) = try Self.network(way: [1, 1, 1, 2, 2, 3, 3])
        #expect(repeated.edges.count == 1 && repeated.edges[0].geometry.count == 3 && r2.repeatedPieces == 4, "\(repeated.edges)")
        // The graph routes it like the plain way.
        let graph = try RoadGraph(twoWay)
        #expect(graph.nodeCount == 2 && graph.edgeCount == 1)
    }

    @Test("the builder reports the restrictions it applied and hands them to the kernel as arc pairs, topology unchanged")
    func restrictionReport() throws {
        let (network, report) = try RoadNetworkBuilder.build(osmFile: Self.fixture("restriction-cross.osm"), profile: .car)
        #expect(report.restrictionsApplied == 2 && report.restrictionsSkipped == 0)
        // One node at the junction; no_left_turn is one forbidden pair, only_straight_on
        // forbids the three other ways on from the south arm (west, east, back south).
        let atCentre = network.nodes.filter { abs($0.latitude - 43.73) < 1e-9 && abs($0.longitude - 7.42) < 1e-9 }
        #expect(atCentre.count == 1)
        #expect(network.restrictions.count == 4 && network.restrictions.allSatisfy { $0.kind == .no && $0.arcs.count == 2 })
        let ways = network.restrictions.map { r in r.arcs.map { network.edges[$0.edge].wayID } }
        #expect(Set(ways) == [[20, 22], [21, 20], [21, 23], [21, 21]], "\(ways)")
        let graph = try RoadGraph(network)
        #expect(graph.report.restrictionsApplied == 4 && graph.report.restrictionsSkipped == 0)
        let (footNetwork, footReport) = try RoadNetworkBuilder.build(osmFile: Self.fixture("restriction-cross.osm"), profile: .foot)
        #expect(footReport.restrictionsApplied == 0 && footNetwork.restrictions.isEmpty)
    }

    // restriction-via-way.osm: see the fixture's comment.
    @Test("a restriction via a way forbids the whole sequence only, and except= exempts the profiles it names")
    func restrictionViaWay() throws {
        let (network, report) = try RoadNetworkBuilder.build(osmFile: Self.fixture("restriction-via-way.osm"), profile: .car)
        #expect(report.restrictionsApplied == 2 && report.restrictionsSkipped == 0, "\(report)")
        #expect(network.restrictions.contains { $0.arcs.count == 3 && $0.kind == .no })
        let car = try Self.router("restriction-via-way.osm", .car)
        let onA = try Self.at(43.7300, 7.4205), onD = try Self.at(43.7310, 7.4215), onMilieu = try Self.at(43.7305, 7.4210)
        // Rue A → Rue Milieu → Rue D is forbidden: round by Rue B and Rue Est instead.
        let around = try Self.route(car, onA, onD)
        #expect(!around.roadNames.contains("Rue Milieu"), "\(around.roadNames)")
        // Rue A → Rue Milieu alone is allowed.
        #expect(try Self.route(car, onA, onMilieu).roadNames == ["Rue A", "Rue Milieu"])
        // only_straight_on from Rue B at 2 binds cars (no turn into Rue Milieu) but not bicycles.
        let onB = try Self.at(43.7300, 7.4215)
        #expect(!(try Self.route(car, onB, onMilieu).roadNames.prefix(2) == ["Rue B", "Rue Milieu"]))
        let bike = try Self.router("restriction-via-way.osm", .bicycle)
        #expect(try Self.route(bike, onB, onMilieu).roadNames == ["Rue B", "Rue Milieu"])
        let (_, bikeReport) = try RoadNetworkBuilder.build(osmFile: Self.fixture("restriction-via-way.osm"), profile: .bicycle)
        #expect(bikeReport.restrictionsApplied == 1, "relation 41 exempts bicycles: \(bikeReport)")
    }

    // dead-end.osm: see the fixture's comment.
    @Test("a car turns back only where the road ends, and the U-turn costs the profile's penalty")
    func uTurnAtDeadEnd() throws {
        let r = try Self.router("dead-end.osm", .car, metric: .fastest)
        let leg = try Self.route(r, try Self.at(43.7305, 7.4200), try Self.at(43.7305, 7.4210))
        #expect(leg.roadNames == ["Rue Haute", "Rue Basse", "Impasse des Lilas", "Impasse des Lilas", "Rue du Moulin"],
                "\(leg.roadNames)")
        #expect(leg.steps.contains { $0.modifier == .uTurn && $0.roadName == "Impasse des Lilas" }, "\(leg.steps.map(\.instruction))")
        let uTurn = TurnCosts.driving.uTurnSeconds + TurnCosts.driving.sharpTurnSeconds
        #expect(leg.path.pieces[3].turnSeconds == uTurn && leg.path.turnSeconds >= uTurn)
    }

    @Test("a route's time includes the turns it makes at a junction of four roads: 1.9 s right, 5.6 s left, none straight on")
    func turnCostsOnARealJunction() throws {
        var noAngles = RoutingProfile.car
        noAngles.turnCosts.sharpTurnSeconds = 0
        let priced = try Self.router("restriction-cross.osm", .car, metric: .fastest)
        let plain = try Self.router("restriction-cross.osm", noAngles, metric: .fastest)
        let south = try Self.at(Self.armSouth.0, Self.armSouth.1), east = try Self.at(Self.armEast.0, Self.armEast.1)
        let north = try Self.at(Self.armNorth.0, Self.armNorth.1), west = try Self.at(Self.armWest.0, Self.armWest.1)
        for (a, b, angle) in [(west, south, 90.0), (east, south, -90.0), (south, north, 0.0)] {
            let p = try Self.route(priced, a, b).path, q = try Self.route(plain, a, b).path
            #expect(p.pieces.map(\.edge) == q.pieces.map(\.edge))
            #expect(abs(p.durationSeconds - q.durationSeconds - TurnCosts.driving.turnSeconds(angle: angle)) < 0.01,
                    "\(angle)°: \(p.durationSeconds - q.durationSeconds) s")
        }
        #expect(TurnCosts.driving.turnSeconds(angle: 90) > 1.8 && TurnCosts.driving.turnSeconds(angle: -90) > 5.5)
    }

    // barrier-destination.osm: Rue Courte 41 → 42 (bollard) → 43 along 43.7300; Rue Longue
    // around by 44, 46, 47, 45; Impasse Privée 44 → 48 → 45 and Chemin du Parc 48 → 49 are
    // access=destination.
    @Test("a bollard stops cars but not walkers")
    func bollard() throws {
        let a = try Self.at(43.7300, 7.4202), b = try Self.at(43.7300, 7.4208)
        let walk = try Self.route(try Self.router("barrier-destination.osm", .foot), a, b)
        #expect(abs(walk.lengthMeters - haversineDistance(a, b)) < 1)
        let drive = try Self.route(try Self.router("barrier-destination.osm", .car), a, b)
        #expect(drive.lengthMeters > 400, "\(drive.lengthMeters) m: the car passed the bollard")
    }

    @Test("a destination-only road is used to reach a place on it, never to pass through")
    func destinationOnly() throws {
        let r = try Self.router("barrier-destination.osm", .car)
        // 41 → 43 by car: Rue Longue round the south (46, 47), not the shorter Impasse Privée.
        let a = try Self.at(43.7300, 7.4201), b = try Self.at(43.7300, 7.4209)
        let through = try Self.route(r, a, b)
        #expect(!through.roadNames.contains("Impasse Privée"))
        #expect(through.roadNames.contains("Rue Longue"))
        // Into Chemin du Parc (destination) from Rue Courte, and back out: allowed.
        let park = try Self.at(43.7287, 7.4205)
        let into = try Self.route(r, a, park)
        #expect(into.roadNames.last == "Chemin du Parc")
        #expect(into.roadNames.contains("Impasse Privée"))
        let out = try Self.route(r, park, b)
        #expect(out.roadNames.first == "Chemin du Parc")
    }

    @Test("a roundabout reads as one step with the exit number and the road taken")
    func roundabout() throws {
        let r = try Self.router("roundabout.osm", .car, metric: .fastest)
        // From Boulevard Albert 1er (south arm) to Avenue d'Ostende (north arm): 2nd exit.
        let route = try Self.route(r, try Self.at(43.7285, 7.4200), try Self.at(43.7315, 7.4200))
        let said = route.steps.map(\.instruction)
        #expect(said == [
            "Head north on Boulevard Albert 1er", "At the roundabout, take the 2nd exit onto Avenue d'Ostende",
            "Your destination is ahead",
        ], "\(said)")
        #expect(route.steps[1].maneuver == .roundabout && route.steps[1].exitNumber == 2)
        // East arm is the 1st exit, west the 3rd.
        let east = try Self.route(r, try Self.at(43.7285, 7.4200), try Self.at(43.7300, 7.4220))
        #expect(east.steps.contains { $0.maneuver == .roundabout && $0.exitNumber == 1 && $0.roadName == "Boulevard de Suisse" })
        let west = try Self.route(r, try Self.at(43.7285, 7.4200), try Self.at(43.7300, 7.4180))
        #expect(west.steps.contains { $0.maneuver == .roundabout && $0.exitNumber == 3 && $0.roadName == "Rue Grimaldi" })
    }

    @Test("a fork reads as keep left or keep right, and a side road as a turn")
    func fork() throws {
        let r = try Self.router("fork.osm", .car, metric: .fastest)
        let start = try Self.at(43.7401, 7.4200)
        // Midpoints of the two branches (300 m at 25° either side of north from 401).
        let left = try Self.route(r, start, try Self.at(43.74482, 7.41921))
        #expect(left.steps.map(\.instruction).contains("Keep left onto Boulevard des Moulins"), "\(left.steps.map(\.instruction))")
        #expect(left.steps[1].maneuver == .fork && left.steps[1].modifier == .slightLeft)
        let right = try Self.route(r, start, try Self.at(43.74482, 7.42079))
        #expect(right.steps.map(\.instruction).contains("Keep right onto Boulevard d'Italie"))
        let side = try Self.route(r, start, try Self.at(43.74135, 7.4222))
        #expect(side.steps[1].maneuver == .turn && side.steps[1].modifier == .right, "\(side.steps.map(\.instruction))")
        #expect(side.steps[1].instruction.hasPrefix("Turn right and head"))
    }

    // signs.osm: see the fixture's comment.
    @Test("steps say what a driver does: the motorway exit by number and destination, lanes, no 10 m name change, a bend onto a new name, a short real turn kept")
    func signsAndStepRules() throws {
        let r = try Self.router("signs.osm", .car, metric: .fastest)
        let leg = try Self.route(r, try Self.at(45.0005, 5.0), try Self.at(45.0095, 5.01695))
        let said = leg.steps.map(\.instruction)
        #expect(said.first == "Head north on A 7", "\(said)")
        let exit = try #require(leg.steps.first { $0.exitRef == "12" }, "\(said)")
        #expect(exit.instruction == "Take exit 12 towards A 43: Lyon, Grenoble" && exit.destination == "A 43: Lyon, Grenoble")
        #expect(exit.instruction(in: .german) == "Nehmen Sie die Ausfahrt 12 Richtung A 43: Lyon, Grenoble")
        // The motorway's lanes at the junction: the right one leads to the exit.
        #expect(exit.lanes == [.init(indications: ["through"], isValid: false),
                               .init(indications: ["through", "slight_right"], isValid: true)], "\(exit.lanes)")
        // Rue Courte (10 m, straight on) is not a maneuver, and Avenue de Lyon is said once.
        #expect(!said.contains { $0.contains("Rue Courte") }, "\(said)")
        #expect(said.filter { $0.contains("Avenue de Lyon") }.count == 1, "\(said)")
        #expect(said.contains("Bear left onto Boulevard Courbe"), "\(said)")
        let ruaA = try #require(leg.steps.first { $0.roadName == "Rue A" })
        #expect(ruaA.instruction == "Turn right onto Rue A" && ruaA.distanceMeters < 20)
        #expect(said.contains("Turn left onto Rue B"), "\(said)")
        for s in leg.steps.dropLast() where s.distanceMeters < RoadDirections.minimumStepMeters {
            #expect(RoadDirections.isRealTurn(s), "a short step that is no real turn: \(s.instruction)")
        }
    }

    @Test("an unnamed road is named by where it leads, in every language")
    func destinationNamesUnnamedRoad() throws {
        let step = RouteStep(
            maneuver: .turn, modifier: .right, heading: .east, distanceMeters: 300, vertexIndex: 0, endVertexIndex: 1,
            isOnRoad: true, destination: "Andorra la Vella")
        #expect(step.instruction == "Turn right towards Andorra la Vella")
        #expect(step.instruction(in: .german) == "Biegen Sie rechts ab Richtung Andorra la Vella")
        #expect(step.instruction(in: .french) == "Tournez à droite en direction de Andorra la Vella")
        #expect(step.instruction(in: .spanish) == "Gire a la derecha en dirección a Andorra la Vella")
        #expect(step.instruction(in: .italian) == "Svolta a destra in direzione Andorra la Vella")
        let named = RouteStep(
            maneuver: .turn, modifier: .right, heading: .east, roadName: "Rue Basse", distanceMeters: 300, vertexIndex: 0,
            endVertexIndex: 1, isOnRoad: true, destination: "Andorra la Vella")
        #expect(named.instruction == "Turn right onto Rue Basse", "a name wins over the destination")
    }

    @Test("the arrival names the side of the street the pin is on")
    func arrivalSide() throws {
        let r = try Self.router("oneway-block.osm", .car)
        let a = try Self.at(Self.west.0, Self.west.1)
        let north = try Self.route(r, a, try Self.at(43.73005, 7.4208))  // 5.5 m north of eastbound Rue Nord
        #expect(north.steps.last?.instruction == "Your destination is on the left")
        let south = try Self.route(r, a, try Self.at(43.72995, 7.4208))
        #expect(south.steps.last?.instruction == "Your destination is on the right")
    }

    @Test("a pin too far from any road is a clear error naming the point")
    func tooFar() throws {
        let r = try Self.router("oneway-block.osm", .car)
        #expect {
            _ = try r.route(through: [try Self.at(Self.west.0, Self.west.1), try Self.at(43.74, 7.44)])
        } throws: { e in
            (e as? GeoKernelError)?.code == .notFound && "\(e)".contains("point 2 of 2")
        }
    }
}

/// The wording rules of `RoadDirections` on their own.
@Suite struct DirectionsWordingTests {
    @Test("a road is the same for the traveller by name, or by ref when a name is missing")
    func sameRoad() {
        // Strings stand for the graph's string-table ids (equal ids, equal strings).
        var ids: [String: UInt32] = ["": 0]
        func road(_ name: String, _ ref: String, _ c: RoadClass = .primary) -> RoadDirections.Road {
            for s in [name, ref] where ids[s] == nil { ids[s] = UInt32(ids.count) }
            return .init(name: ids[name]!, hasName: !name.isEmpty, ref: ids[ref]!, hasRef: !ref.isEmpty, roadClass: c)
        }
        let named = road("carretera General 1", "CG-1")
        #expect(named.same(as: road("", "CG-1")))
        #expect(named.same(as: road("carretera General 1", "", .trunk)))
        #expect(!named.same(as: road("avinguda Rocafort", "CG-1")))
        #expect(!named.same(as: road("", "")))
        #expect(road("", "", .service).same(as: road("", "", .service)))
        #expect(!road("", "", .service).same(as: road("", "", .track)))
    }

    @Test("turning to stay on a road, keeping at a fork and roundabout exits read as sentences")
    func sentences() {
        func step(_ m: RouteStep.Maneuver, _ t: RouteStep.Turn?, exit: Int? = nil, name: String = "Rue Pasteur") -> String {
            RouteStep(maneuver: m, modifier: t, exitNumber: exit, heading: .north, roadName: name, distanceMeters: 10,
                      vertexIndex: 0, endVertexIndex: 1, isOnRoad: true).instruction
        }
        #expect(step(.continue, .right) == "Turn right to stay on Rue Pasteur")
        #expect(step(.continue, .straight) == "Continue straight on Rue Pasteur")
        #expect(step(.fork, .slightLeft) == "Keep left onto Rue Pasteur")
        #expect(step(.roundabout, nil, exit: 3) == "At the roundabout, take the 3rd exit onto Rue Pasteur")
        #expect(step(.roundabout, nil, exit: 11, name: "") == "At the roundabout, take the 11th exit and head north")
        #expect(step(.turn, .uTurn, name: "") == "Make a U-turn and head north")
        #expect(step(.newName, .straight) == "Continue onto Rue Pasteur")
    }

    @Test("headings in the local plane are within 0.5° of the spherical initial bearing over 20 m")
    func localPlaneBearings() throws {
        var rng = SeededRandom(seed: 11)
        for _ in 0..<5_000 {
            let a = try Coordinate(latitude: rng.uniform(-75, 75), longitude: rng.uniform(-180, 180))
            let b = try a.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: rng.uniform(1, 40))
            let plane = RoadDirections.LocalPlane(a)
            let (x, y) = plane.offset(a, b)
            var d = abs(RoadDirections.LocalPlane.bearing(x, y) - a.initialBearing(to: b))
            d = min(d, 360 - d)
            #expect(d < 0.5, "\(a) → \(b)")
        }
        #expect(RoadDirections.LocalPlane.bearing(0, 1) == 0 && RoadDirections.LocalPlane.bearing(1, 0) == 90)
        #expect(RoadDirections.LocalPlane.bearing(0, -1) == 180 && RoadDirections.LocalPlane.bearing(-1, 0) == 270)
    }
}
