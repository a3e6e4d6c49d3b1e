import GeoKernel
import Timeline

/// Small hand-made tracks: fixes on a meridian through (47°N, 8°E), placed by their
/// distance north of it on Timeline's sphere (R = 6 371 000 m).
enum Track {
    static let origin = Coordinate.valid(47, 8)
    static let metersPerDegree = StopDetector.earthRadiusMeters * .pi / 180

    /// A fix `north` metres north of the origin at time `t` (s).
    static func fix(_ t: Double, north: Double = 0, east: Double = 0, accuracy: Double? = nil) -> Fix {
        let lat = 47 + north / metersPerDegree
        let lon = 8 + east / (metersPerDegree * cos(47 * Double.pi / 180))
        return .valid(lat, lon, t, accuracy: accuracy)
    }

    /// `count` fixes every `every` seconds from `start`, all at `north` metres.
    static func still(from start: Double, count: Int, every: Double = 60, north: Double = 0) -> [Fix] {
        (0..<count).map { fix(start + Double($0) * every, north: north) }
    }

    /// Every event of a detector fed `fixes` one by one, then finished.
    static func stream(
        _ fixes: [Fix], _ detector: StopDetector, includeOpenStay: Bool = false
    ) throws -> (events: [TimelineEvent], diary: Diary) {
        var d = detector
        var events: [TimelineEvent] = []
        for f in fixes { events += try d.add(f) }
        events += d.finish(includeOpenStay: includeOpenStay)
        var diary = Diary()
        diary.record(events)
        diary.ignoredInaccurateFixes = d.ignoredInaccurateFixes
        diary.repeatedFixes = d.repeatedFixes
        return (events, diary)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Fix {
    /// A fixture fix whose values are known to be valid (a bad fixture stops the tests).
    static func valid(_ latitude: Double, _ longitude: Double, _ t: Double, accuracy: Double? = nil) -> Fix {
        do {
            return try Fix(
                coordinate: try Coordinate(latitude: latitude, longitude: longitude), timestamp: t,
                horizontalAccuracyMeters: accuracy)
        } catch {
            fatalError("bad fixture: \(error)")
        }
    }
}

extension Coordinate {
    /// A fixture coordinate known to be valid.
    static func valid(_ latitude: Double, _ longitude: Double) -> Coordinate {
        do { return try Coordinate(latitude: latitude, longitude: longitude) } catch { fatalError("bad fixture: \(error)") }
    }
}
