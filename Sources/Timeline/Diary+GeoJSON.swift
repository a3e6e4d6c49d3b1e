import GeoKernel

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
    ///   `from`, `to`, `rule`, `time`.
    ///
    /// Coordinates are [longitude, latitude] in degrees, numbers in their shortest
    /// round-trip form. - Complexity: O(fixes in moves). Thread safety: pure.
    /// C twin: none. \since 0.1
    public func geoJSON(tracking: [TrackingTransition] = []) -> String {
        var out = "{\"type\":\"FeatureCollection\",\"features\":["
        var first = true
        func feature(_ geometry: String, _ properties: [(String, String)]) {
            if !first { out += "," }
            first = false
            out += "{\"type\":\"Feature\",\"geometry\":\(geometry),\"properties\":{"
            out += properties.map { "\(JSONLiteral.string($0.0)):\($0.1)" }.joined(separator: ",")
            out += "}}"
        }
        func position(_ c: Coordinate) -> String {
            "[\(JSONLiteral.number(c.longitude)),\(JSONLiteral.number(c.latitude))]"
        }
        let n = JSONLiteral.number, s = JSONLiteral.string, time = { (t: Double) in s(TimeText.iso8601(t)) }
        for p in placemarks {
            var props: [(String, String)] = [("kind", s("placemark")), ("index", n(Double(p.index)))]
            if let name = p.name { props.append(("name", s(name))) }
            props += [
                ("arrival", time(p.arrival)), ("departure", time(p.departure)),
                ("durationSeconds", n(p.durationSeconds)), ("fixes", n(Double(p.fixCount))),
                ("open", p.isOpen ? "true" : "false"),
            ]
            feature("{\"type\":\"Point\",\"coordinates\":\(position(p.coordinate))}", props)
        }
        for m in moves {
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
            let geometry = line.count >= 2
                ? "{\"type\":\"LineString\",\"coordinates\":[\(line.map(position).joined(separator: ","))]}"
                : "null"
            feature(geometry, [
                ("kind", s("move")),
                ("from", m.fromPlacemark.map { n(Double($0)) } ?? "null"),
                ("to", m.toPlacemark.map { n(Double($0)) } ?? "null"),
                ("start", time(m.start)), ("end", time(m.end)), ("durationSeconds", n(m.durationSeconds)),
                ("distanceMeters", n((m.distanceMeters * 10).rounded() / 10)), ("fixes", n(Double(m.fixes.count))),
                ("coordTimes", "[" + times.map(time).joined(separator: ",") + "]"),
            ])
        }
        for t in tracking {
            feature("null", [
                ("kind", s("tracking")), ("from", s(t.from.description)), ("to", s(t.to.description)),
                ("rule", s(t.rule.rawValue)), ("time", time(t.timestamp)),
            ])
        }
        return out + "]}"
    }
}

/// ISO 8601 text for times, without Foundation (the diary's GeoJSON and descriptions).
enum TimeText {
    /// `YYYY-MM-DDTHH:MM:SSZ` (UTC), with milliseconds when the time has a fraction.
    static func iso8601(_ seconds: Double) -> String {
        UTCTime.iso8601(seconds, fractionDigits: seconds == seconds.rounded(.down) ? 0 : 3)
    }
}
