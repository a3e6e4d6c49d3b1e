import Foundation
import GeoFormats
import GeoKernel
import Testing
import _GeoKernelTestSupport

/// `geokernel simplify` on every line-like GeoJSON geometry (issue 13, point 6): polygons
/// and multipolygons ring by ring, multilinestrings part by part, the geometry type kept,
/// and a planar mode for projected coordinates.
@Suite("The command line: simplify polygons, multilinestrings and planar coordinates")
struct SimplifyCommandLineShapesTests {
    static func turf(_ name: String) -> String { SharedData.path("lines/turf/simplify/in/\(name).geojson") }

    let scratch: TemporaryDirectory
    init() throws { scratch = try TemporaryDirectory("simplify-shapes") }

    func temporaryFile(_ object: GeoJSONObject) throws -> String {
        let path = scratch.file("\(UUID().uuidString).geojson")
        try GeoJSON.encode(object).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func simplify(_ arguments: [String]) throws -> [GeoJSONFeature] {
        let r = try GeoKernelTool.run(["simplify"] + arguments)
        #expect(r.status == 0, "\(arguments): \(r.err)")
        return try (arguments.contains("--planar") ? GeoJSON.decodePlanar(Data(r.out.utf8)) : GeoJSON.decode(r.out)).features
    }

    /// The kernel's geodesic simplification of one line of positions.
    static func geodesic(_ line: [GeoJSONPosition], _ tolerance: Double) throws -> [GeoJSONPosition] {
        let kept = try DouglasPeucker.simplify(
            line.map { (p) throws(GeoKernelError) in try p.coordinate() }, toleranceMeters: tolerance
        ).keptIndices
        return kept.map { line[$0] }
    }

    /// The kernel's planar simplification of one line of positions.
    static func planar(_ line: [GeoJSONPosition], _ tolerance: Double) throws -> [GeoJSONPosition] {
        try DouglasPeucker.keptIndices(x: line.map(\.longitude), y: line.map(\.latitude), tolerance: tolerance)
            .map { line[$0] }
    }

    /// A ring is closed, has at least 4 positions and keeps input vertices in their order.
    static func checkRing(_ ring: [GeoJSONPosition], from input: [GeoJSONPosition], _ context: String) {
        #expect(ring.count >= 4, "\(context): \(ring.count) positions")
        #expect(ring.first == ring.last, "\(context): not closed")
        var j = input.startIndex
        for p in ring.dropFirst().dropLast() {
            guard let k = input[j...].firstIndex(of: p) else {
                Issue.record("\(context): \(p) is not an input vertex in order")
                return
            }
            j = k + 1
        }
    }

    @Test("Polygon rings are simplified one by one; LineString, Polygon with a hole and Point keep their types and ids")
    func featureCollectionOfPolygons() throws {
        let input = try GeoJSON.read(contentsOf: Self.turf("featurecollection")).features
        for tolerance in [50.0, 300] {
            let output = try Self.simplify([Self.turf("featurecollection"), "--tolerance", "\(tolerance)"])
            #expect(output.map { $0.geometry?.typeName } == input.map { $0.geometry?.typeName })
            #expect(output.map { $0.properties["id"] } == input.map { $0.properties["id"] })
            for (i, (a, b)) in zip(input, output).enumerated() {
                switch (a.geometry, b.geometry) {
                case (.lineString(let l)?, .lineString(let s)?):
                    #expect(s == (try Self.geodesic(l, tolerance)))
                case (.polygon(let rings)?, .polygon(let simple)?):
                    #expect(rings.count == simple.count)
                    for (r, s) in zip(rings, simple) {
                        Self.checkRing(s, from: r, "feature \(i + 1) at \(tolerance) m")
                        let plain = try Self.geodesic(r, tolerance)
                        if plain.count >= 4 { #expect(s == plain, "feature \(i + 1) at \(tolerance) m") }
                    }
                case (.point(let p)?, .point(let q)?):
                    #expect(p == q)
                default:
                    Issue.record("feature \(i + 1): \(String(describing: b.geometry))")
                }
            }
        }
    }

    @Test("a ring that would collapse keeps at least 4 positions, closed (tolerance lowered by 1 % steps for that ring)")
    func collapsingRings() throws {
        // 1 000 km is far more than these polygons' size: Douglas–Peucker alone keeps 2 or 3 positions.
        for name in ["simple-polygon", "featurecollection", "poly-issue#555-5"] {
            let input = try GeoJSON.read(contentsOf: Self.turf(name)).features
            let output = try Self.simplify([Self.turf(name), "--tolerance", "1e6"])
            for (a, b) in zip(input, output) {
                guard case .polygon(let rings)? = a.geometry else { continue }
                guard case .polygon(let simple)? = b.geometry else {
                    Issue.record("\(name): \(String(describing: b.geometry))")
                    continue
                }
                for (r, s) in zip(rings, simple) {
                    Self.checkRing(s, from: r, name)
                    #expect(s.count < r.count || r.count == 4, "\(name): \(s.count) of \(r.count) positions kept")
                }
            }
        }
    }

    @Test("MultiPolygon and MultiLineString in, the same types out, every part simplified")
    func multiGeometries() throws {
        let argentina = try GeoJSON.read(contentsOf: Self.turf("argentina")).features[0].geometry
        // Turf's polygon fixture (Turf's fiji fixture crosses the antimeridian, lon 180.002:
        // geodesic simplification refuses it, see below).
        let second = try GeoJSON.read(contentsOf: Self.turf("polygon")).features[0].geometry
        guard case .polygon(let a)? = argentina, case .polygon(let f)? = second else {
            Issue.record("the Turf fixtures are not polygons")
            return
        }
        let path = try temporaryFile(.feature(GeoJSONFeature(geometry: .multiPolygon([a, f]), properties: ["name": "two"])))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let out = try Self.simplify([path, "--tolerance", "2000"])
        #expect(out.count == 1 && out.first?.properties["name"] == "two")
        guard case .multiPolygon(let polygons)? = out.first?.geometry else {
            Issue.record("not a MultiPolygon: \(String(describing: out.first?.geometry))")
            return
        }
        #expect(polygons.count == 2)
        for (input, simple) in zip([a, f], polygons) {
            for (r, s) in zip(input, simple) {
                Self.checkRing(s, from: r, "multipolygon")
                #expect(s == (try Self.geodesic(r, 2000)))
                #expect(s.count < r.count)
            }
        }
        #expect(out.first?.properties["inputVertices"] == .number(Double(a[0].count + f[0].count)))

        let lines = try GeoJSON.read(contentsOf: Self.turf("multilinestring")).features[0]
        guard case .multiLineString(let parts)? = lines.geometry else { return }
        let simple = try Self.simplify([Self.turf("multilinestring"), "--tolerance", "100"])
        #expect(simple.count == 1)
        #expect(simple.first?.geometry == .multiLineString(try parts.map { try Self.geodesic($0, 100) }))
        // A GeometryCollection keeps its members' types too.
        let collection = try Self.simplify([Self.turf("geometrycollection"), "--tolerance", "100"])
        guard case .geometryCollection(let members)? = collection.first?.geometry else {
            Issue.record("not a GeometryCollection: \(String(describing: collection.first?.geometry))")
            return
        }
        #expect(members.map(\.typeName) == ["LineString", "Polygon", "Polygon", "Point"])
    }

    @Test("a longitude beyond 180 is refused by geodesic simplification, never wrapped, and kept by --planar")
    func antimeridianPositions() throws {
        let r = try GeoKernelTool.run(["simplify", Self.turf("fiji-hiQ"), "--tolerance", "100"])
        #expect(r.status != 0)
        #expect(r.err.contains("180.002"), "the error names the longitude: \(r.err)")
        #expect(r.out.isEmpty)
    }

    @Test("--planar: the planar kernel on the coordinates as they are, tolerance in their units (degrees or metres)")
    func planarMode() throws {
        // Turf's fiji fixture: tolerance 0.005 degrees, planar, no pre-pass.
        let fiji = try GeoJSON.read(contentsOf: Self.turf("fiji-hiQ")).features[0]
        guard case .polygon(let rings)? = fiji.geometry else { return }
        let out = try Self.simplify([Self.turf("fiji-hiQ"), "--planar", "--tolerance", "0.005"])
        #expect(out.first?.geometry == .polygon([try Self.planar(rings[0], 0.005)]))
        #expect(out.first?.properties["tolerance"] == .number(0.005) && out.first?.properties["planar"] == .bool(true))
        // Projected coordinates (Web Mercator metres) are refused as degrees but simplify in the plane.
        let t = try Transformer(source: "EPSG:4326", target: "EPSG:3857")
        let line = try GeoJSON.read(contentsOf: SharedData.path("lines/urschrei-rdp/route1.geojson")).features[0]
        guard case .lineString(let positions)? = line.geometry else { return }
        let projected = try positions.map { p in
            let q = try t.transform(x: p.longitude, y: p.latitude)
            return GeoJSONPosition(longitude: q.x, latitude: q.y)
        }
        let path = try temporaryFile(.geometry(.lineString(projected)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let geodesic = try GeoKernelTool.run(["simplify", path, "--tolerance", "10"])
        #expect(geodesic.status != 0 && geodesic.err.contains("--planar"), "\(geodesic.err)")
        let planar = try Self.simplify([path, "--planar", "--tolerance", "10"])
        #expect(planar.first?.geometry == .lineString(try Self.planar(projected, 10)))
        let help = try GeoKernelTool.run(["simplify", "--help"]).flattened
        #expect(help.text.contains("--planar") && help.text.contains("units of the coordinates") && help.text.contains("metres"),
                "\(help.text)")
    }

    @Test("a ring that is not closed or has fewer than 4 positions is a clear error")
    func invalidRings() throws {
        let open = GeoJSONGeometry.polygon([[
            GeoJSONPosition(longitude: 0, latitude: 0), GeoJSONPosition(longitude: 1, latitude: 0),
            GeoJSONPosition(longitude: 1, latitude: 1), GeoJSONPosition(longitude: 0, latitude: 1),
        ]])
        let path = try temporaryFile(.geometry(open))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try GeoKernelTool.run(["simplify", path, "--tolerance", "10"])
        #expect(r.status != 0 && r.err.contains("ring 1") && r.err.contains("not closed"), "\(r.err)")
    }
}
