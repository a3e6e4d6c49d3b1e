import GeoFormats
import GeoKernel
import OpenStreetMap
import Route
import Testing
import _GeoKernelTestSupport

/// Isochrones through the router facade, on Monaco's car network.
@Suite("Isochrones: reached roads and their outline")
struct RoadIsochroneTests {
    static let monaco: RoadRouter? = {
        guard let (network, _) = try? RoadNetworkBuilder.build(osmFile: SharedData.path("osm/monaco.osm.pbf"), profile: .car)
        else { return nil }
        return try? RoadRouter(graph: try RoadGraph(network))
    }()
    static let casino = try! Coordinate(latitude: 43.7393, longitude: 7.4276)

    /// Inside the polygons: inside an outer ring and none of its holes.
    static func covered(_ p: Coordinate, by polygons: [[[Coordinate]]]) -> Bool {
        polygons.contains { poly in
            ReachOutline.contains(poly[0], p) && !poly.dropFirst().contains { ReachOutline.contains($0, p) }
        }
    }

    @Test("the outline covers every reached road, and every point of it lies within three cells of one")
    func outlineCoversParts() throws {
        let router = try #require(Self.monaco)
        for limit in [RoadIsochrone.Limit.seconds(90), .seconds(240), .meters(1_500)] {
            let area = try router.isochrone(from: Self.casino, within: limit)
            #expect(!area.parts.isEmpty && !area.outline.isEmpty)
            var samples: [Coordinate] = []
            for i in area.parts.indices {
                let line = area.geometry(ofPart: i)
                for c in line { #expect(Self.covered(c, by: area.outline), "\(limit): part \(i) vertex \(c) outside") }
                for k in 1..<line.count {  // densified every half cell
                    let n = Int((haversineDistance(line[k - 1], line[k]) / (0.5 * area.cellMeters)).rounded(.up))
                    for t in 0..<max(1, n) {
                        let f = Double(t) / Double(max(1, n))
                        samples.append(Coordinate(
                            uncheckedLatitude: line[k - 1].latitude + f * (line[k].latitude - line[k - 1].latitude),
                            longitude: line[k - 1].longitude + f * (line[k].longitude - line[k - 1].longitude)))
                    }
                }
                samples.append(line.last!)
            }
            for polygon in area.outline {
                #expect(ReachOutline.signedArea(polygon[0]) > 0, "outer rings run counterclockwise")
                for hole in polygon.dropFirst() { #expect(ReachOutline.signedArea(hole) < 0, "holes run clockwise") }
                for ring in polygon {
                    #expect(ring.count >= 4 && ring.first == ring.last)
                    for c in ring {
                        let nearest = samples.reduce(Double.infinity) { min($0, haversineDistance($1, c)) }
                        #expect(nearest <= 3 * area.cellMeters, "\(limit): outline point \(nearest) m from the roads")
                    }
                }
            }
        }
    }

    @Test("a longer limit reaches at least every road a shorter one reaches, and as far")
    func nested() throws {
        let router = try #require(Self.monaco)
        func reached(_ seconds: Double) throws -> [String: Double] {
            var out: [String: Double] = [:]
            for p in try router.isochrone(from: Self.casino, within: .seconds(seconds)).parts {
                out["\(p.edge) \(p.forward)", default: 0] += p.lengthMeters
            }
            return out
        }
        let short = try reached(60), long = try reached(180)
        #expect(long.count > short.count)
        for (key, length) in short { #expect((long[key] ?? 0) >= length - 1e-6, "\(key)") }
        // Seconds follow the fastest metric and metres the shortest, whatever the router's.
        let shortest = try RoadRouter(graph: router.graph, metric: .shortest)
        #expect(
            try shortest.isochrone(from: Self.casino, within: .seconds(120)).parts
                == router.isochrone(from: Self.casino, within: .seconds(120)).parts)
    }

    @Test("the GeoJSON holds the origin, the outline and one LineString per part")
    func geoJSON() throws {
        let router = try #require(Self.monaco)
        let area = try router.isochrone(from: Self.casino, within: .seconds(120), cellMeters: 40)
        #expect(area.cellMeters == 40)
        let features = try GeoJSON.decode(area.geoJSON()).features
        #expect(features.count == 2 + area.parts.count)
        #expect(features[0].geometry == .point(GeoJSONPosition(area.origin.point)))
        #expect(features[1].geometry == .multiPolygon(area.outline.map { $0.map { $0.map { GeoJSONPosition($0) } } }))
        #expect(features[1].properties["limit"] == .number(120) && features[1].properties["metric"] == .string("fastest"))
        for (i, f) in features.dropFirst(2).enumerated() {
            #expect(f.geometry == .lineString(area.geometry(ofPart: i).map { GeoJSONPosition($0) }))
            #expect(f.properties["endCost"] == .number(area.parts[i].endCost))
        }
        #expect(try GeoJSON.decode(area.geoJSON(parts: false)).features.count == 2)
    }

    @Test("bad cells, bad limits and points far from the roads are refused")
    func errors() throws {
        let router = try #require(Self.monaco)
        for cell in [0.5, .nan, .infinity] {
            let e = #expect(throws: GeoKernelError.self) { try router.isochrone(from: Self.casino, within: .seconds(60), cellMeters: cell) }
            #expect(e?.code == .invalidArgument)
        }
        for limit in [RoadIsochrone.Limit.seconds(-1), .meters(.nan)] {
            let e = #expect(throws: GeoKernelError.self) { try router.isochrone(from: Self.casino, within: limit) }
            #expect(e?.code == .invalidArgument)
        }
        let sea = try Coordinate(latitude: 43.70, longitude: 7.45)
        let e = #expect(throws: GeoKernelError.self) { try router.isochrone(from: sea, within: .seconds(60)) }
        #expect(e?.code == .notFound)
    }
}
