import GeoKernel
import Geofence

extension Demo {
    /// A walk through a fence: enter, dwell and exit, and no flapping at the jittery edge.
    func geofenceWalk() throws {
        section("Geofence: a walk through a 150 m fence (Bern, Zytglogge)")
        let tower = try Coordinate(latitude: 46.94798, longitude: 7.44767)
        let start = try tower.destination(bearingDegrees: 270, distanceMeters: 500)
        // West to east through the tower at 1.4 m/s, a fix every 2 s with 10 m of jitter,
        // and 4 minutes standing at the tower.
        var rng = SplitMix64(seed: 1191)
        var fixes: [Fix] = []
        var t = 1_767_261_600.0  // 2026-01-01 10:00 UTC
        func fix(_ along: Double) throws {
            let here = try start.destination(bearingDegrees: 90, distanceMeters: along)
            let jittered = try here.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: 10 * abs(rng.normal()))
            fixes.append(try Fix(coordinate: jittered, timestamp: t, horizontalAccuracyMeters: 15))
            t += 2
        }
        for along in stride(from: 0.0, through: 1000, by: 2.8) {
            try fix(along)
            if along >= 500, along < 502.8 { for _ in 0..<120 { try fix(along) } }  // standing
        }
        let monitor = try GeofenceMonitor(configuration: GeofenceConfiguration(dwellSeconds: 120))
        try monitor.add(id: "Zytglogge", center: tower, radiusMeters: 150)
        for e in try monitor.update(with: fixes) {
            let s = Int(e.timestamp - fixes[0].timestamp)
            print("  +\(s / 60)m\(s % 60 < 10 ? "0" : "")\(s % 60)s  \(e.kind) \(e.fenceID)")
        }
        // The same fixes with the plain containment test: every jitter across the edge counts.
        let plain = try GeofenceMonitor(configuration: .raw)
        try plain.add(id: "Zytglogge", center: tower, radiusMeters: 150)
        let raw = try plain.update(with: fixes.map { try Fix(coordinate: $0.coordinate, timestamp: $0.timestamp) })
        print("  \(fixes.count) fixes; the plain containment test would have reported \(raw.count) enters and exits")
    }
}
