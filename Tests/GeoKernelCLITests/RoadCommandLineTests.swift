import Foundation
import Testing
import _GeoKernelTestSupport

/// `geokernel graph`, `geokernel route --osm/--graph` and the road part of `geokernel demo`,
/// run as the built tool.
@Suite("The command line: geokernel graph, route --osm and the road demo")
struct RoadCommandLineTests {
    static let monaco = SharedData.path("osm/monaco.osm.pbf")
    static let casino = "43.73945,7.42790", stadium = "43.72760,7.41550"

    @Test("route --osm prints driving directions between the pins")
    func routeText() throws {
        let r = try GeoKernelTool.run(["route", "--osm", Self.monaco, "--profile", "car", "--pin", Self.casino,
                                        "--pin", Self.stadium])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("Driving directions from A to B"))
        #expect(r.out.contains("Head ") && r.out.contains("Your destination is"))
        #expect(r.out.contains("A → B") && r.out.contains("via "))
    }

    @Test("graph saves a graph that route --graph reads back to the same directions")
    func graphThenRoute() throws {
        let tmp = try TemporaryDirectory("gk-road-cli")
        let out = tmp.file("monaco.gkroad")
        let g = try GeoKernelTool.run(["graph", "--osm", Self.monaco, "--profile", "car", "--out", out])
        #expect(g.status == 0, "\(g.err)")
        #expect(g.out.contains("13739 nodes (3020 kept), 1944 ways, 77 relations read") && g.out.contains("saved \(out)"))
        let fromGraph = try GeoKernelTool.run(["route", "--graph", out, "--pin", Self.casino, "--pin", Self.stadium])
        let fromOSM = try GeoKernelTool.run(["route", "--osm", Self.monaco, "--pin", Self.casino, "--pin", Self.stadium])
        #expect(fromGraph.status == 0 && fromGraph.out == fromOSM.out)
    }

    @Test("route --format geojson --steps gives each step's fields as properties")
    func routeGeoJSON() throws {
        let r = try GeoKernelTool.run(["route", "--osm", Self.monaco, "--profile", "foot", "--metric", "shortest",
                                        "--pin", Self.casino, "--pin", Self.stadium, "--format", "geojson", "--steps"])
        #expect(r.status == 0, "\(r.err)")
        let json = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        let features = json?["features"] as? [[String: Any]] ?? []
        let leg = features.first { ($0["properties"] as? [String: Any])?["kind"] as? String == "leg" }
        let steps = (leg?["properties"] as? [String: Any])?["steps"] as? [[String: Any]] ?? []
        #expect(steps.first?["maneuver"] as? String == "depart" && steps.last?["maneuver"] as? String == "arrive")
        #expect(steps.allSatisfy { $0["distanceMeters"] is Double || $0["distanceMeters"] is Int })
    }

    @Test("a pin far from any road, a missing file and a damaged graph are clear errors")
    func errors() throws {
        let far = try GeoKernelTool.run(["route", "--osm", Self.monaco, "--pin", Self.casino, "--pin", "43.70,7.50"])
        #expect(far.status != 0 && far.err.contains("from the nearest road"), "\(far.err)")
        // A pin beyond the extract says so, once.
        let paris = try GeoKernelTool.run(["route", "--osm", Self.monaco, "--pin", Self.casino, "--pin", "48.85,2.35"])
        #expect(paris.status != 0 && paris.err.contains("pin B was not added: (48.85, 2.35) is outside the road network's extent (latitude 43.7"), "\(paris.err)")
        #expect(paris.err.components(separatedBy: "was not added").count == 2 && paris.err.contains("km from the nearest road"), "\(paris.err)")
        let missing = try GeoKernelTool.run(["route", "--osm", "/nonexistent.osm.pbf", "--pin", Self.casino, "--pin", Self.stadium])
        #expect(missing.status != 0 && missing.err.contains("/nonexistent.osm.pbf"))
        let tmp = try TemporaryDirectory("gk-road-cli")
        let bad = tmp.file("bad.gkroad")
        try Data("not a graph".utf8).write(to: URL(fileURLWithPath: bad))
        let damaged = try GeoKernelTool.run(["route", "--graph", bad, "--pin", Self.casino, "--pin", Self.stadium])
        #expect(damaged.status != 0 && damaged.err.contains("damaged or foreign file"), "\(damaged.err)")
    }

    @Test("the demo shows driving directions on the generated town and on Monaco, and matches a drive through the town")
    func demo() throws {
        let r = try GeoKernelTool.run(["demo"], environment: ["GEOKERNEL_SHARED_DATA": SharedData.root])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("How do I drive there: a generated town"))
        #expect(r.out.contains("At the roundabout, take the 2nd exit onto Boulevard Central (D 12)"))
        #expect(r.out.contains("How do I drive there: Monaco"))
        #expect(r.out.contains("Which roads did I take: a noisy drive matched onto the town"))
        #expect(r.out.contains("drive A → C → E: 27 fixes, 27 matched, 1 piece"))
    }
}
