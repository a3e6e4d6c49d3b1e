import FoundationEssentials
import GeoKernel
import Nearby
import Simulation
import Timeline

extension Demo {
    /// The Timeline facade on a simulated day: the diary (placemarks, moves), the tracking
    /// policy's states, and the diary as GeoJSON in the system temporary directory.
    func timelineTour() throws {
        section("Where did I stop: a simulated day")
        let day = SimulatedDay()
        // Places are named by the Nearby facade's reverse geocoder over the day's places.
        let gazetteer = SimulatedDay.places.values.filter { !$0.name.hasPrefix("street") }.map {
            NamedPlace(name: $0.name, admin1: "Zürich", admin2: "", countryCode: "CH", coordinate: $0.coordinate)
        }
        let naming = try GazetteerNaming(geocoder: try ReverseGeocoder(places: gazetteer), maxDistanceMeters: 150)
        // trackintel's sliding window (100 m, 5 min, gap 15 min), ignoring fixes worse than 160 m.
        let parameters = try StopDetector.Parameters(minimumAccuracyMeters: 160)
        let diary = StopDetector(parameters: parameters, naming: naming).detect(day.fixes, includeOpenStay: true)
        print("  \(day.fixes.count) fixes and \(day.motion.count) motion samples, 06:00–22:00 UTC (seed \(day.seed));")
        print("  \(parameters); \(diary.ignoredInaccurateFixes) outliers ignored, \(diary.repeatedFixes) repeats")
        DiaryText.print(diary, clockOnly: true)

        var policy = TrackingPolicy()
        let states = try policy.replay(day.inputs)
        print("  tracking policy (accuracy asked for): starts stopped (100 m)")
        var line = "   "
        for (k, s) in states.enumerated() {
            line += " \(DiaryText.clock(s.timestamp).prefix(5)) \(s.to) (\(DiaryText.distance(s.to.desiredAccuracyMeters)))"
            if k % 4 == 3 || k == states.count - 1 {
                print(line)
                line = "   "
            } else {
                line += ","
            }
        }

        let counts = StopDetector.Preset.allCases.map { p in
            let cleaning: TrackCleaning? = p == .timelyMoves ? .standard : nil
            return "\(p.rawValue) \(StopDetector(preset: p, cleaning: cleaning).detect(day.fixes, includeOpenStay: true).placemarks.count)"
        }
        print("  placemarks by preset: \(counts.joined(separator: ", ")) (trackintel keeps the outliers; "
            + "timelyMoves with its cleaning stage; timelyMovesSeed is the seed's 3 s rule)")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("geokernel-demo-diary.geojson").path
        try DiaryText.write(diary, tracking: states, to: path)
        print("  diary written as GeoJSON: \(path)")
    }
}
