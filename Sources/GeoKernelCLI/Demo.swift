import ArgumentParser
import GeoKernel

/// `geokernel demo`: a short tour of the kernel on built-in data.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A short tour of GeoKernel on built-in data.")

    @Option(help: "Write the example files of docs/examples (the sample town and its address index, five pins, a simulated day as GPX and CSV, fences, a gazetteer) into this directory instead of running the tour.")
    var writeExamples: String?

    func run() throws {
        if let directory = writeExamples {
            try ExampleFiles.write(into: directory)
            print("wrote \(ExampleFiles.names.map { "\(directory)/\($0)" }.joined(separator: ", "))")
            return
        }
        try distances()
        try geofence()
        try projection()
        try geofenceWalk()
        try routeTour()
        try roadTour()
        try timelineTour()
        try nearbyTour()
        // @demo: facade sections of the tour go above this line (in extensions, Demo+X.swift)
    }

    func section(_ title: String) {
        print("\n== \(title) " + String(repeating: "=", count: max(0, 60 - title.count)))
    }

    private func distances() throws {
        section("How far: sphere vs WGS84")
        let places: [(String, Double, Double)] = [
            ("Paris", 48.8566, 2.3522), ("New York", 40.7128, -74.0060),
            ("London", 51.5074, -0.1278), ("Sydney", -33.8688, 151.2093),
            ("Fiji (Suva)", -18.1416, 178.4419), ("Samoa (Apia)", -13.8333, -171.7667),
        ]
        for i in stride(from: 0, to: places.count, by: 2) {
            let (na, la, oa) = places[i], (nb, lb, ob) = places[i + 1]
            let a = try Coordinate(latitude: la, longitude: oa)
            let b = try Coordinate(latitude: lb, longitude: ob)
            let h = haversineDistance(a, b)
            let g = Geodesic.wgs84.inverse(from: a, to: b).distanceMeters
            print("\(na) → \(nb): haversine \(Format.meters(h)), WGS84 \(Format.meters(g)) "
                + "(sphere off by \(Format.fixed((h - g) / g * 100, 3)) %), bearing \(Format.bearing(a.initialBearing(to: b), 1))°")
        }
    }

    private func geofence() throws {
        section("Am I inside: a 1 km fence around Zürich HB")
        let hb = try Coordinate(latitude: 47.3779, longitude: 8.5403)
        let fence = try Circle(center: hb, radiusMeters: 1000)
        // A walk due east from the station, a point every 250 m.
        for step in 0...5 {
            let p = try hb.destination(bearingDegrees: 90, distanceMeters: Double(step) * 250)
            let d = haversineDistance(hb, p)
            print("  \(Format.fixed(d, 1)) m east: \(fence.contains(p) ? "inside" : "outside")")
        }
        // The same question for many points at once, with the SIMD kernels.
        var rng = SplitMix64(seed: 42)
        var lats: [Double] = [], lons: [Double] = []
        for _ in 0..<100_000 {
            lats.append(hb.latitude + rng.uniform(-0.05, 0.05))
            lons.append(hb.longitude + rng.uniform(-0.07, 0.07))
        }
        let simd = try fence.contains(latitudes: lats, longitudes: lons).filter { $0 }.count
        let unit = try UnitVectorBuffer(latitudes: lats, longitudes: lons).contains(in: fence).filter { $0 }.count
        var scalar = 0
        for i in lats.indices where fence.contains(latitude: lats[i], longitude: lons[i]) { scalar += 1 }
        print("  100 000 random points nearby: \(simd) inside (SIMD degrees), \(unit) (unit vectors), \(scalar) (scalar haversine)")
    }

    private func projection() throws {
        section("Projections (Web Mercator and UTM native, any other CRS through PROJ)")
        let t = try Transformer(source: "EPSG:4326", target: "EPSG:3857")
        let utm = try Transformer(source: "EPSG:4326", target: "EPSG:32632")
        let web = try t.transform(x: 8.5403, y: 47.3779)
        let u = try utm.transform(x: 8.5403, y: 47.3779)
        print("  Zürich HB (8.5403 E, 47.3779 N)")
        print("  EPSG:3857 Web Mercator: x \(Format.fixed(web.x, 2)) m, y \(Format.fixed(web.y, 2)) m")
        print("  EPSG:32632 UTM 32N:     E \(Format.fixed(u.x, 2)) m, N \(Format.fixed(u.y, 2)) m")
        let back = try t.transform(x: web.x, y: web.y, direction: .inverse)
        print("  and back from 3857:     \(Format.fixed(back.x, 9)) E, \(Format.fixed(back.y, 9)) N")
        do {
            _ = try Transformer(source: "EPSG:4326", target: "EPSG:99999")
        } catch {
            print("  an unknown CRS is a clear error: \(error)")
        }
    }
}
