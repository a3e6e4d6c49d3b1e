import Foundation
import GeoKernel
import Testing
import _GeoKernelTestSupport

/// Published simplification fixtures and real lines from ../shared/data/lines.
@Suite("Douglas–Peucker on published fixtures and real lines")
struct DouglasPeuckerFixtureTests {
    // MARK: simplify-js

    @Test("simplify-js: 100 points become the expected 33 at tolerance 5 (planar, radial pre-pass)")
    func simplifyJS() throws {
        let fixture = try #require(try SimplifyTestData.json("lines/simplify-js/test_points_tol5.json") as? [String: Any])
        let points = try #require(fixture["points"] as? [[Double]])
        let expected = try #require(fixture["expected"] as? [[Double]])
        #expect(points.count == 100 && expected.count == 33)
        let kept = try DouglasPeucker.keptIndices(
            x: points.map { $0[0] }, y: points.map { $0[1] }, tolerance: 5,
            options: .init(radialPrePass: true))
        #expect(kept.map { points[$0] } == expected)
    }

    // MARK: Turf

    /// Turf's simplify() as its test suite calls it, with our planar kernel inside:
    /// tolerance (degrees, default 0.01) and highQuality from the input's properties;
    /// cleanCoords first (drops consecutive duplicates and vertices exactly on the segment
    /// joining their neighbours; a ring whose start lies on its closing segment is
    /// rotated); the radial pre-pass unless highQuality; polygon rings retried with the
    /// tolerance lowered by 1 % until they keep at least three distinct positions (the
    /// lowered tolerance carries over to the polygon's later rings, as in Turf), then
    /// closed; coordinates finally truncated to 6 decimals (turf-truncate).
    struct TurfSimplify {
        var tolerance: Double
        var highQuality: Bool

        func line(_ positions: [[Double]]) throws -> [[Double]] {
            try simplify(clean(positions), tolerance: tolerance)
        }

        func polygon(_ rings: [[[Double]]]) throws -> [[[Double]]] {
            var tolerance = self.tolerance
            return try rings.map { ring in
                let cleaned = cleanRing(ring)
                var simple = try simplify(cleaned, tolerance: tolerance)
                func valid(_ r: [[Double]]) -> Bool { r.count >= 3 && !(r.count == 3 && r[2] == r[0]) }
                while !valid(simple) {
                    tolerance -= tolerance * 0.01
                    simple = try simplify(cleaned, tolerance: tolerance)
                }
                if simple.last! != simple.first! { simple.append(simple[0]) }
                return simple
            }
        }

        func simplify(_ p: [[Double]], tolerance: Double) throws -> [[Double]] {
            guard p.count > 2 else { return p }
            let kept = try DouglasPeucker.keptIndices(
                x: p.map { $0[0] }, y: p.map { $0[1] }, tolerance: tolerance,
                options: .init(radialPrePass: !highQuality))
            return kept.map { p[$0] }
        }

        /// turf-clean-coords' cleanLine: b is dropped while it lies on a–c.
        func clean(_ line: [[Double]]) -> [[Double]] {
            guard line.count > 2 else { return line }
            var out = [line[0]]
            var a = 0, b = 1, c = 2
            while c < line.count {
                if onSegment(line[b], line[a], line[c]) {
                    b = c
                } else {
                    out.append(line[b])
                    a = b
                    b += 1
                }
                c += 1
            }
            out.append(line[b])
            return out
        }

        func cleanRing(_ ring: [[Double]]) -> [[Double]] {
            var cleaned = clean(ring)
            if cleaned.count > 3, onSegment(cleaned[0], cleaned[1], cleaned[cleaned.count - 2]) {
                cleaned.removeFirst()
                cleaned.removeLast()
                cleaned.append(cleaned[0])
            }
            return cleaned
        }

        /// Exactly on the closed segment a–b (cross product 0, within its extent).
        func onSegment(_ p: [Double], _ a: [Double], _ b: [Double]) -> Bool {
            let dxc = p[0] - a[0], dyc = p[1] - a[1], dxl = b[0] - a[0], dyl = b[1] - a[1]
            guard dxc * dyl - dyc * dxl == 0 else { return false }
            if dxl == 0 && dyl == 0 { return p[0] == a[0] && p[1] == a[1] }
            if abs(dxl) >= abs(dyl) { return dxl > 0 ? a[0] <= p[0] && p[0] <= b[0] : b[0] <= p[0] && p[0] <= a[0] }
            return dyl > 0 ? a[1] <= p[1] && p[1] <= b[1] : b[1] <= p[1] && p[1] <= a[1]
        }
    }

    /// The geometries of a GeoJSON object (Feature, FeatureCollection, geometry).
    static func geometries(_ object: [String: Any]) -> [[String: Any]] {
        switch object["type"] as? String {
        case "FeatureCollection":
            return (object["features"] as? [[String: Any]] ?? []).compactMap { $0["geometry"] as? [String: Any] }
        case "Feature": return [object["geometry"] as? [String: Any] ?? [:]]
        default: return [object]
        }
    }

    /// A geometry's coordinates after Turf's simplify, truncated like turf-truncate
    /// (JavaScript's Math.round(x · 1e6) / 1e6).
    static func simplified(_ geometry: [String: Any], _ turf: TurfSimplify) throws -> Any {
        let coordinates = geometry["coordinates"]
        switch geometry["type"] as? String {
        case "LineString": return truncate(try turf.line(coordinates as! [[Double]]))
        case "MultiLineString": return try (coordinates as! [[[Double]]]).map { truncate(try turf.line($0)) }
        case "Polygon": return try turf.polygon(coordinates as! [[[Double]]]).map(truncate)
        case "MultiPolygon": return try (coordinates as! [[[[Double]]]]).map { try turf.polygon($0).map(truncate) }
        case "GeometryCollection":
            return try (geometry["geometries"] as! [[String: Any]]).map { try simplified($0, turf) }
        case "Point": return truncate([coordinates as! [Double]])[0]
        case "MultiPoint": return truncate(coordinates as! [[Double]])
        default: return coordinates ?? []
        }
    }

    static func truncate(_ line: [[Double]]) -> [[Double]] {
        line.map { $0.map { (($0 * 1e6) + 0.5).rounded(.down) / 1e6 } }
    }

    static func expectedCoordinates(_ geometry: [String: Any]) -> Any {
        if geometry["type"] as? String == "GeometryCollection" {
            return (geometry["geometries"] as! [[String: Any]]).map(expectedCoordinates)
        }
        return geometry["coordinates"] ?? []
    }

    static let turfFixtures = [
        "argentina", "featurecollection", "fiji-hiQ", "geometrycollection", "issue-#1144", "linestring",
        "multilinestring", "poly-issue#555-5", "polygon", "simple-polygon",
    ]

    @Test("Turf's simplify fixtures: tolerance in degrees, Turf's pre-processing", arguments: turfFixtures)
    func turf(name: String) throws {
        let input = try #require(try SimplifyTestData.json("lines/turf/simplify/in/\(name).geojson") as? [String: Any])
        let output = try #require(try SimplifyTestData.json("lines/turf/simplify/out/\(name).geojson") as? [String: Any])
        let properties = input["properties"] as? [String: Any] ?? [:]
        let turf = TurfSimplify(
            tolerance: (properties["tolerance"] as? Double).flatMap { $0 == 0 ? nil : $0 } ?? 0.01,
            highQuality: properties["highQuality"] as? Bool ?? false)
        let got = try Self.geometries(input).map { try Self.simplified($0, turf) }
        let want = Self.geometries(output).map(Self.expectedCoordinates)
        // Compare through JSON so nested arrays of numbers compare by value.
        let encode = { (v: Any) in try JSONSerialization.data(withJSONObject: v, options: [.sortedKeys]) }
        #expect(try encode(got) == encode(want), "\(name) differs from Turf's output")
    }

    // MARK: Real lines

    static let tolerances: [Double] = [1, 5, 10, 25, 100, 1000]

    @Test("real lines: no removed vertex farther than the tolerance, ends kept, fewer points as it grows",
          arguments: SimplifyTestData.realLineFiles)
    func realLine(file: String) throws {
        let line = try SimplifyTestData.realLine(file)
        #expect(line.count > 60, "\(file) has \(line.count) vertices")
        var previous = Set(line.indices)
        var counts: [Int] = []
        for tolerance in Self.tolerances {
            let result = try DouglasPeucker.simplify(line, toleranceMeters: tolerance)
            let kept = result.keptIndices
            #expect(kept.first == 0 && kept.last == line.count - 1, "\(file) at \(tolerance) m: ends")
            // Every removed vertex lies within the tolerance of the simplified segment it
            // was removed from, measured on the sphere, independently of the kernel.
            var worst = 0.0
            for (a, b) in zip(kept, kept.dropFirst()) where b - a > 1 {
                for i in (a + 1)..<b {
                    worst = max(worst, SimplifyTestData.distanceToArc(line[i], line[a], line[b]))
                }
            }
            #expect(worst <= tolerance * (1 + 1e-9), "\(file) at \(tolerance) m: a removed vertex is \(worst) m away")
            // The kept set shrinks (nested) as the tolerance grows.
            #expect(Set(kept).isSubset(of: previous), "\(file) at \(tolerance) m: not nested")
            previous = Set(kept)
            counts.append(kept.count)
        }
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 >= $1 }, "\(file): \(counts)")
        #expect(counts.last! < counts.first!, "\(file): \(counts)")
    }

    @Test("the continental route: 28 458 vertices, scale factor of its gnomonic plane reported")
    func continentalRoute() throws {
        let line = try SimplifyTestData.realLine("lines/turf/line-slice-along_route1.geojson")
        #expect(line.count == 28_458)
        let result = try DouglasPeucker.simplify(line, toleranceMeters: 10)
        // San Francisco to Washington: about 1 950 km from the centre at the far ends.
        #expect(result.maximumScaleFactor > 1.05 && result.maximumScaleFactor < 1.15)
        let projection = try #require(result.projection)
        #expect(abs(projection.center.longitude + 99) < 6 && abs(projection.center.latitude - 38) < 3)
        #expect(result.keptIndices.count < line.count / 4)
    }
}
