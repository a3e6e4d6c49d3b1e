import FoundationEssentials
import GeoKernel
import Matching
import OpenStreetMap
import Route

extension Demo {
    /// Real road directions: on the town GeoKernel generates itself (named streets,
    /// one-way streets, a roundabout), then on the Monaco extract when ../shared is there.
    func roadTour() throws {
        section("How do I drive there: a generated town")
        let t0 = Date()
        var builder = RoadNetworkBuilder(profile: .car)
        try OSMFile.read(bytes: Array(SampleTown.osmXML.utf8), format: .xml) { builder.add($0) }
        let (network, report) = try builder.build()
        let graph = try RoadGraph(network)
        print("  \(report)")
        print("  graph: \(graph.summary) (built in \(Int(Date().timeIntervalSince(t0) * 1000)) ms)")
        let router = try RoadRouter(graph: graph, mode: .driving)
        var plan = try RoutePlan(configuration: .init(maxPins: 5), router: router)
        let stops: [(String, Double, Double)] = [
            ("the school on Rue des Écoles", 75, 8), ("Boulevard Central, north of the fountain", 300, 440),
            ("the vineyards on Chemin des Vignes", 755, 680),
        ]
        for (name, east, north) in stops {
            let p = SampleTown.position(east: east, north: north)
            let pin = try plan.addPin(latitude: p.latitude, longitude: p.longitude)
            print("  pin \(pin.label): \(name)")
        }
        printPlan(plan)

        section("Which roads did I take: a noisy drive matched onto the town")
        let drive = try ExampleFiles.driveFixes(on: graph)  // docs/examples/drive.csv
        let match = try RoadMatcher(graph: graph).match(drive)
        for line in MatchCommand.text(match, name: "drive A → C → E").split(separator: "\n") { print("  \(line)") }

        let monaco = sharedDataPath("osm/monaco.osm.pbf")
        guard FileManager.default.fileExists(atPath: monaco) else {
            print("\n  (../shared/data/osm/monaco.osm.pbf not found: the Monaco part of the tour is skipped)")
            return
        }
        section("How do I drive there: Monaco (OpenStreetMap extract)")
        let t1 = Date()
        let (mNetwork, mReport) = try RoadNetworkBuilder.build(osmFile: monaco, profile: .car)
        let mGraph = try RoadGraph(mNetwork)
        print("  \(mReport)")
        print("  graph: \(mGraph.summary) (read and built in \(Int(Date().timeIntervalSince(t1) * 1000)) ms)")
        var tour = try RoutePlan(configuration: .init(maxPins: 5), router: try RoadRouter(graph: mGraph))
        for (name, lat, lon) in [
            ("Casino de Monte-Carlo", 43.73945, 7.42790), ("Stade Louis II", 43.72760, 7.41550),
            ("Prince's Palace", 43.73130, 7.42010),
        ] {
            let pin = try tour.addPin(latitude: lat, longitude: lon)
            print("  pin \(pin.label): \(name)")
        }
        printPlan(tour)
    }

    private func printPlan(_ plan: RoutePlan) {
        for leg in plan.legs {
            print("  leg \(leg.from.label) → \(leg.to.label): \(Format.meters(leg.lengthMeters)), \(leg.travelTime) \(leg.name)")
        }
        print("  cumulative directions:")
        for line in plan.directions { print(line.contains("irections from ") ? "    \(line)" : "      \(line)") }
    }

    /// A file under ../shared/data beside the working directory or the executable's checkout.
    private func sharedDataPath(_ relative: String) -> String {
        if let env = ProcessInfo.processInfo.environment["GEOKERNEL_SHARED_DATA"] { return env + "/" + relative }
        return FileManager.default.currentDirectoryPath + "/../shared/data/" + relative
    }
}
