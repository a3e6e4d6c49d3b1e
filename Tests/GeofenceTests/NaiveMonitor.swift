import GeoKernel
import Geofence
import _GeoKernelTestSupport

/// The reference the monitor must agree with event for event: every fence, every fix,
/// the scalar haversine distance (circles) or the polygon's location and full boundary
/// distance (polygons), the rules of `GeofenceConfiguration` written out plainly. No
/// index, no bounds, no caps, no active set.
struct NaiveMonitor {
    struct Fence {
        var id: String
        var lat: Double
        var lon: Double
        var radius: Double
        var shape: PreparedPolygon? = nil
        var inside = false
        var run = 0
        var runStart = 0.0
        var enteredAt = 0.0
        var dwellReported = false
    }

    let rules: GeofenceConfiguration
    /// In the order added (removal deletes, re-adding appends).
    var fences: [Fence] = []
    var last: Double?

    init(_ rules: GeofenceConfiguration = GeofenceConfiguration()) { self.rules = rules }

    mutating func add(_ f: CircularFence) {
        precondition(!fences.contains { $0.id == f.id })
        fences.append(Fence(id: f.id, lat: f.center.latitude, lon: f.center.longitude, radius: f.radiusMeters))
    }

    mutating func add(_ f: PolygonFence) {
        precondition(!fences.contains { $0.id == f.id })
        fences.append(Fence(id: f.id, lat: 0, lon: 0, radius: 0, shape: f.shape))
    }

    mutating func remove(id: String) { fences.removeAll { $0.id == id } }

    mutating func update(_ fix: Fix) -> [GeofenceEvent] {
        precondition(last.map { fix.timestamp >= $0 } ?? true)
        last = fix.timestamp
        let t = fix.timestamp
        let a = fix.horizontalAccuracyMeters ?? rules.assumedAccuracyMeters
        if a > rules.maximumAccuracyMeters { return [] }
        var exits: [String] = [], enters: [String] = [], dwells: [String] = []
        for k in fences.indices {
            var f = fences[k]
            let outsideEvidence: Bool, insideEvidence: Bool
            if let shape = f.shape {
                let location = shape.location(of: fix.coordinate)
                let boundary = shape.boundaryDistanceMeters(from: fix.coordinate)
                outsideEvidence = location == .outside && boundary > a + rules.hysteresisMeters
                insideEvidence = rules.enterMarginMeters == 0
                    ? location != .outside : location == .inside && boundary >= rules.enterMarginMeters
            } else {
                let d = haversineCentralAngle(
                    latitude1: f.lat, longitude1: f.lon,
                    latitude2: fix.coordinate.latitude, longitude2: fix.coordinate.longitude) * EarthModel.meanRadiusMeters
                outsideEvidence = d > (f.radius + a) + rules.hysteresisMeters
                insideEvidence = d <= f.radius - rules.enterMarginMeters
            }
            if f.inside {
                if outsideEvidence {
                    if f.run == 0 { f.runStart = t }
                    f.run += 1
                    if f.run >= rules.exitConfirmationFixes, t - f.runStart >= rules.exitConfirmationSeconds {
                        exits.append(f.id)
                        f.inside = false
                        f.run = 0
                    }
                } else {
                    f.run = 0
                    if !f.dwellReported, t - f.enteredAt >= rules.dwellSeconds {
                        f.dwellReported = true
                        dwells.append(f.id)
                    }
                }
            } else if insideEvidence {
                if f.run == 0 { f.runStart = t }
                f.run += 1
                if f.run >= rules.enterConfirmationFixes, t - f.runStart >= rules.enterConfirmationSeconds {
                    enters.append(f.id)
                    f.inside = true
                    f.run = 0
                    f.enteredAt = t
                    f.dwellReported = false
                    if rules.dwellSeconds <= 0 {
                        f.dwellReported = true
                        dwells.append(f.id)
                    }
                }
            } else {
                f.run = 0
            }
            fences[k] = f
        }
        return exits.map { GeofenceEvent(kind: .exit, fenceID: $0, timestamp: t) }
            + enters.map { GeofenceEvent(kind: .enter, fenceID: $0, timestamp: t) }
            + dwells.map { GeofenceEvent(kind: .dwell, fenceID: $0, timestamp: t) }
    }

    var insideIDs: [String] { fences.filter(\.inside).map(\.id) }
}

/// Seeded test data: walks and fences.
enum Walks {
    /// A correlated random walk from `start`: `count` fixes one `interval` apart, steps of
    /// about `stepMeters`, heading drifting, Gaussian jitter of `jitterMeters`, accuracies
    /// drawn from `accuracies` (nil entries: no accuracy). Every `equalTimeEvery`-th fix
    /// repeats the previous timestamp.
    static func walk(
        from start: Coordinate, count: Int, stepMeters: Double, jitterMeters: Double,
        accuracies: [Double?], startTime: Double = 1_700_000_000, interval: Double = 1,
        equalTimeEvery: Int = 0, rng: inout SeededRandom
    ) -> [Fix] {
        var fixes: [Fix] = []
        var here = start
        var heading = rng.uniform(0, 360)
        var t = startTime
        for k in 0..<count {
            heading += 25 * rng.normal()
            here = try! here.destination(bearingDegrees: heading, distanceMeters: stepMeters * rng.uniform(0, 2))
            let jittered = try! here.destination(
                bearingDegrees: rng.uniform(0, 360), distanceMeters: abs(jitterMeters * rng.normal()))
            if !(equalTimeEvery > 0 && k % equalTimeEvery == 0) { t += interval * rng.uniform(0.5, 1.5) }
            let a = accuracies[Int(rng.next() % UInt64(accuracies.count))]
            fixes.append(try! Fix(coordinate: jittered, timestamp: t, horizontalAccuracyMeters: a))
        }
        return fixes
    }

    /// `count` fences with centres uniform within `spreadMeters` of `center` and radii
    /// uniform in `radii`.
    static func fences(
        around center: Coordinate, count: Int, spreadMeters: Double, radii: ClosedRange<Double>,
        prefix: String = "f", rng: inout SeededRandom
    ) -> [CircularFence] {
        (0..<count).map { k in
            let c = try! center.destination(
                bearingDegrees: rng.uniform(0, 360), distanceMeters: spreadMeters * rng.uniform(0, 1).squareRoot())
            return try! CircularFence(id: "\(prefix)\(k)", center: c, radiusMeters: rng.uniform(radii.lowerBound, radii.upperBound))
        }
    }
}
