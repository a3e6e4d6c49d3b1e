import GeoKernel
import GeoText

extension Diary {
    /// The diary as an RFC 7946 GeoJSON FeatureCollection (compact text, UTF-8).
    ///
    /// - every placemark: a Point with properties `kind` "placemark", `index`, `name`
    ///   (when named), `arrival` and `departure` (ISO 8601, UTC), `durationSeconds`,
    ///   `fixes`, `open`;
    /// - every move: a LineString from the placemark it leaves, through its fixes, to the
    ///   placemark it reaches (null geometry when that is a single position), with `kind`
    ///   "move", `from` and `to` (placemark indices or null), `start`, `end`,
    ///   `durationSeconds`, `distanceMeters`, `fixes` (how many) and `coordTimes` (one time
    ///   per position, as togeojson writes them: the departure, the fixes' times, the arrival);
    /// - every tracking transition given: a feature without geometry, `kind` "tracking",
    ///   `from`, `to`, `rule`, `time`;
    /// - with `legs` (one array per move, `travelModes()`): each move also gets `mode` (the
    ///   mode of most of its distance), and each leg is a LineString of its fixes with
    ///   `kind` "leg", `move` (its index in `moves`), `mode`, `confidence`, `start`, `end`,
    ///   `distanceMeters`, `medianSpeed`, `topSpeed` (m/s), `stopsPerKm`, `turnsPerKm`,
    ///   `roadShare` (null without roads), `firstFix`, `lastFix`.
    ///
    /// Coordinates are [longitude, latitude] in degrees, numbers in their shortest
    /// round-trip form. - Complexity: O(fixes in moves). Thread safety: pure.
    /// C twin: none. \since 0.1
    public func geoJSON(tracking: [TrackingTransition] = [], legs: [[TripLeg]]? = nil) -> String {
        var w = JSONWriter(.compact)
        w.beginFeatureCollection()
        for p in placemarks {
            Self.feature(&w, kind: "placemark", geometry: "Point") { w in
                w.position(longitude: p.coordinate.longitude, latitude: p.coordinate.latitude)
            } properties: { w in
                w.member("index", p.index)
                if let name = p.name { w.member("name", name) }
                w.member("arrival", TimeText.iso8601(p.arrival))
                w.member("departure", TimeText.iso8601(p.departure))
                w.member("durationSeconds", p.durationSeconds)
                w.member("fixes", p.fixCount)
                w.member("open", p.isOpen)
            }
        }
        for (moveIndex, m) in moves.enumerated() {
            var line: [Coordinate] = [], times: [Double] = []
            if let k = m.fromPlacemark, k < placemarks.count {
                line.append(placemarks[k].coordinate)
                times.append(m.start)
            }
            line += m.fixes.map(\.coordinate)
            times += m.fixes.map(\.timestamp)
            if let k = m.toPlacemark, k < placemarks.count {
                line.append(placemarks[k].coordinate)
                times.append(m.end)
            }
            Self.feature(&w, kind: "move", geometry: line.count >= 2 ? "LineString" : nil) { w in
                w.beginArray()
                for c in line { w.position(longitude: c.longitude, latitude: c.latitude) }
                w.endArray()
            } properties: { w in
                w.member("from", m.fromPlacemark)
                w.member("to", m.toPlacemark)
                w.member("start", TimeText.iso8601(m.start))
                w.member("end", TimeText.iso8601(m.end))
                w.member("durationSeconds", m.durationSeconds)
                w.member("distanceMeters", (m.distanceMeters * 10).rounded() / 10)
                w.member("fixes", m.fixes.count)
                if let legs, moveIndex < legs.count { w.member("mode", TripLeg.mainMode(legs[moveIndex]).description) }
                w.key("coordTimes")
                w.beginArray()
                for t in times { w.string(TimeText.iso8601(t)) }
                w.endArray()
            }
        }
        for (moveIndex, legs) in (legs ?? []).enumerated() where moveIndex < moves.count {
            let fixes = moves[moveIndex].fixes
            for l in legs where l.fixes.upperBound < fixes.count {
                let line = fixes[l.fixes].map(\.coordinate)
                Self.feature(&w, kind: "leg", geometry: line.count >= 2 ? "LineString" : nil) { w in
                    w.beginArray()
                    for c in line { w.position(longitude: c.longitude, latitude: c.latitude) }
                    w.endArray()
                } properties: { w in
                    w.member("move", moveIndex)
                    w.member("mode", l.mode.description)
                    w.member("confidence", (l.confidence * 1000).rounded() / 1000)
                    w.member("start", TimeText.iso8601(l.start))
                    w.member("end", TimeText.iso8601(l.end))
                    w.member("distanceMeters", (l.distanceMeters * 10).rounded() / 10)
                    w.member("medianSpeed", (l.medianSpeed * 100).rounded() / 100)
                    w.member("topSpeed", (l.topSpeed * 100).rounded() / 100)
                    w.member("stopsPerKm", (l.stopsPerKilometer * 100).rounded() / 100)
                    w.member("turnsPerKm", (l.turnsPerKilometer * 100).rounded() / 100)
                    w.member("roadShare", l.roadShare.map { ($0 * 1000).rounded() / 1000 })
                    w.member("firstFix", l.fixes.lowerBound)
                    w.member("lastFix", l.fixes.upperBound)
                }
            }
        }
        for t in tracking { Self.trackingFeature(t, into: &w) }
        w.endFeatureCollection()
        return w.text
    }

    /// A feature without geometry for a tracking transition (`kind` "tracking", `from`,
    /// `to`, `rule`, `time`); also the survey record's.
    static func trackingFeature(_ t: TrackingTransition, into w: inout JSONWriter) {
        feature(&w, kind: "tracking", geometry: nil) { _ in } properties: { w in
            w.member("from", t.from.description)
            w.member("to", t.to.description)
            w.member("rule", t.rule.rawValue)
            w.member("time", TimeText.iso8601(t.timestamp))
        }
    }

    /// One GeoJSON feature whose properties start with `"kind":<kind>`.
    static func feature(
        _ w: inout JSONWriter, kind: String, geometry: String?, coordinates: (inout JSONWriter) -> Void,
        properties: (inout JSONWriter) -> Void
    ) {
        w.feature(geometry: geometry, coordinates: coordinates) { w in
            w.member("kind", kind)
            properties(&w)
        }
    }
}

/// ISO 8601 text for times, without Foundation (the diary's GeoJSON and descriptions).
enum TimeText {
    /// `YYYY-MM-DDTHH:MM:SSZ` (UTC), with milliseconds when the time has a fraction.
    static func iso8601(_ seconds: Double) -> String {
        UTCTime.iso8601(seconds, fractionDigits: seconds == seconds.rounded(.down) ? 0 : 3)
    }
}
