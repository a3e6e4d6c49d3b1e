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
            out += properties.map { "\(JSONWriting.string($0.0)):\($0.1)" }.joined(separator: ",")
            out += "}}"
        }
        func position(_ c: Coordinate) -> String {
            "[\(JSONWriting.number(c.longitude)),\(JSONWriting.number(c.latitude))]"
        }
        let n = JSONWriting.number, s = JSONWriting.string, time = { (t: Double) in s(TimeText.iso8601(t)) }
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

/// JSON text for numbers and strings (RFC 8259), without Foundation.
enum JSONWriting {
    /// Shortest round-trip form; integral values without a fraction; non-finite as null.
    static func number(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }

    static func string(_ text: String) -> String {
        var out = "\""
        for u in text.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20:
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}

/// ISO 8601 text for times, without Foundation (the diary's GeoJSON and descriptions).
enum TimeText {
    /// `YYYY-MM-DDTHH:MM:SSZ` (UTC), with milliseconds when the time has a fraction.
    static func iso8601(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "invalid time" }
        let whole = seconds.rounded(.down)
        var days = Int(whole) / 86_400
        var rem = Int(whole) % 86_400
        if rem < 0 { rem += 86_400; days -= 1 }
        // H. Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        func pad(_ v: Int, _ w: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, w - s.count)) + s
        }
        var out = "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(rem / 3600, 2)):\(pad(rem / 60 % 60, 2)):\(pad(rem % 60, 2))"
        let millis = Int(((seconds - whole) * 1000).rounded())
        if millis > 0, millis < 1000 { out += "." + pad(millis, 3) }
        return out + "Z"
    }
}
