#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import GeoKernel
import Nearby

extension Demo {
    /// Shared landmarks in Sydney (nearest first, hints, text and scope, ownership), a
    /// spatial index against the brute force, and reverse geocoding with the shared
    /// gazetteer (or a few built-in places when it is not found).
    func nearbyTour() throws {
        section("Nearby: shared landmarks, nearest first")
        let marks = LandmarkIndex()
        let me = try Coordinate(latitude: -33.8568, longitude: 151.2153)  // Sydney Opera House forecourt
        let notes: [(String, String, Double, Double)] = [
            ("alice", "Best flat white on the quay", -33.8587, 151.2120),
            ("bob", "Ferry to Manly leaves here", -33.8610, 151.2110),
            ("alice", "Sunset from the steps", -33.85681, 151.21533),
            ("chloe", "Harbour Bridge climb starts here", -33.8566, 151.2078),
            ("bob", "Manly beach: bring a towel", -33.7969, 151.2880),
            ("dan", "Blue Mountains lookout", -33.7320, 150.3120),
            ("chloe", "Melbourne laneway coffee", -37.8136, 144.9631),
        ]
        for (owner, note, lat, lon) in notes {
            try marks.add(at: try Coordinate(latitude: lat, longitude: lon), note: note, owner: owner)
        }
        try marks.add(at: try me.destination(bearingDegrees: 200, distanceMeters: 12.5), note: "Tickets for the 7 pm show", owner: "bob")
        for r in try marks.search(LandmarkSearch(position: me, user: "alice", radius: .hundredKilometers, limit: 5)) {
            print("  \(Format.padded(r.hint, 22)) \(r.landmark.owner): \(r.landmark.note)")
        }
        let coffee = try marks.search(LandmarkSearch(position: me, user: "alice", text: "COFFEE"))
        print("  \"COFFEE\" anywhere: " + coffee.map { "\($0.landmark.note) (\($0.hint))" }.joined(separator: "; "))
        let fuzzy = try marks.search(LandmarkSearch(position: me, user: "alice", limit: 3, accuracyMeters: 20))
        print("  with a 20 m fix: " + fuzzy.map { "\($0.landmark.note) (\($0.hint))" }.joined(separator: "; "))
        let mine = try marks.search(LandmarkSearch(position: me, user: "alice", scope: .mine))
        print("  alice's own: " + mine.map { "\($0.landmark.note) (\($0.hint))" }.joined(separator: "; "))
        do {
            try marks.editNote(id: 1, note: "Terrible coffee", by: "bob")
        } catch {
            print("  bob edits alice's note: \(error)")
        }

        section("Nearby: a spatial index, same answers as the brute force")
        var rng = SplitMix64(seed: 3)
        let points = (0..<200_000).map { _ in
            try! Coordinate(latitude: asin(rng.uniform(-1, 1)) * 180 / .pi, longitude: rng.uniform(-180, 180))
        }
        let index = try SpatialIndex(points)
        let fiji = try Coordinate(latitude: -17.5, longitude: 179.999)
        let hits = try index.nearest(to: fiji, k: 3)
        let same = hits == (try LinearScan(points).nearest(to: fiji, k: 3))
        print("  200 000 random points, 3 nearest to \(fiji) across the antimeridian: "
            + hits.map { "#\($0.id) \(Format.meters($0.distanceMeters))" }.joined(separator: ", ")
            + (same ? " (identical to the linear scan)" : " (DIFFERENT from the linear scan)"))
        print("  \(Format.fixed(Double(index.memoryBytes) / Double(points.count), 1)) bytes per point")

        section("Nearby: which place is this? (reverse geocoding)")
        let (geocoder, source) = try Self.demoGazetteer()
        print("  gazetteer: \(source), \(geocoder.count) places")
        for (what, lat, lon) in [("Zürich HB", 47.3779, 8.5403), ("a boat east of Fiji", -17.0, -179.8),
                                 ("the South Pole", -90.0, 0.0)] {
            if let m = geocoder.nearest(to: try Coordinate(latitude: lat, longitude: lon)) {
                print("  \(what): \(m.place), \(DistanceHint.text(meters: m.distanceMeters))")
            }
        }
    }

    /// The shared cities1000.csv when it is found (GEOKERNEL_SHARED_DATA, or
    /// ../shared/data from the working directory), else a few built-in places.
    static func demoGazetteer() throws -> (ReverseGeocoder, String) {
        let root = ProcessInfo.processInfo.environment["GEOKERNEL_SHARED_DATA"] ?? "../shared/data"
        let path = root + "/gazetteer/cities1000.csv"
        if FileManager.default.fileExists(atPath: path) { return (try ReverseGeocoder(contentsOf: path), path) }
        let text = """
            lat,lon,name,admin1,admin2,cc
            47.36667,8.55,Zurich,Zurich,Bezirk Zuerich,CH
            -18.14161,178.44149,Suva,Central,,FJ
            -16.41667,179.38333,Labasa,Northern,,FJ
            -77.846,166.676,McMurdo Station,,,AQ
            """
        return (try ReverseGeocoder(text: text), "built-in (4 places; \(path) not found)")
    }
}
