import Foundation
import GeoKernel

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The SAX delegate behind `GPX.decode` and `TrackReader`: keeps only what GPX readers
/// need and stops at the first invalid point with an error naming the line.
///
/// Two sinks: `.document` builds a `GPXDocument`; `.trackFixes` turns every timestamped
/// `trkpt` straight into a `Fix` (no intermediate `GPXPoint`s, no nested arrays), which is
/// what a million-point track needs. Routes and waypoints are collected in both modes.
///
/// Speed notes (measured on a 1M-point file, see `tracks.gpx` in the benchmarks): the
/// per-point state lives in plain stored properties marked `@exclusivity(unchecked)`
/// (this object is only touched by its parser's thread, and the dynamic exclusivity
/// checks cost more than the rest of the delegate); numbers go through `DecimalText`.
final class GPXReader: NSObject, XMLParserDelegate {
    enum Sink { case document, trackFixes }

    let source: String
    let sink: Sink
    var document = GPXDocument(version: "")
    var error: GeoKernelError?
    var sawRoot = false
    var closedRoot = false

    /// `.trackFixes`: the timestamped track points, in file order.
    @exclusivity(unchecked) var fixes: [Fix] = []
    /// `.trackFixes`: track points without `<time>`.
    @exclusivity(unchecked) var trackPointsWithoutTime = 0
    /// Track points seen, in either mode.
    @exclusivity(unchecked) var trackPointCount = 0

    private enum Container { case none, track, route }
    private enum PointKind { case none, track, route, waypoint }
    private var container = Container.none
    private var track: GPXTrack?
    private var route: GPXRoute?
    private var segment: [GPXPoint]?
    @exclusivity(unchecked) private var inSegment = false

    // The point being read (kind == .none outside a point).
    @exclusivity(unchecked) private var kind = PointKind.none
    @exclusivity(unchecked) private var latitude = 0.0
    @exclusivity(unchecked) private var longitude = 0.0
    @exclusivity(unchecked) private var time: Double?
    @exclusivity(unchecked) private var elevation: Double?
    @exclusivity(unchecked) private var name: String?

    @exclusivity(unchecked) private var text = ""
    @exclusivity(unchecked) private var capturing = false

    init(source: String, sink: Sink = .document, expectedPoints: Int = 0) {
        self.source = source
        self.sink = sink
        if sink == .trackFixes { fixes.reserveCapacity(expectedPoints) }
    }

    private func fail(_ parser: XMLParser, _ message: String) {
        guard error == nil else { return }
        error = GeoKernelError(.parse, "\(source):\(parser.lineNumber): \(message)")
        parser.abortParsing()
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        switch name {
        case "trkpt": startPoint(parser, name, .track, attributes)
        case "ele", "time", "name":
            capturing = true
            text = ""
        case "trkseg":
            inSegment = true
            if sink == .document { segment = [] }
        case "trk": container = .track; track = GPXTrack(segments: [])
        case "rtept": startPoint(parser, name, .route, attributes)
        case "wpt": startPoint(parser, name, .waypoint, attributes)
        case "rte": container = .route; route = GPXRoute(points: [])
        case "gpx":
            sawRoot = true
            document.version = attributes["version"] ?? ""
        default:
            if !sawRoot { fail(parser, "root element <\(name)> is not <gpx>: not a GPX file") }
        }
    }

    private func startPoint(_ parser: XMLParser, _ tag: String, _ k: PointKind, _ attributes: [String: String]) {
        guard sawRoot else { return fail(parser, "<\(tag)> outside <gpx>: not a GPX file") }
        guard let latText = attributes["lat"], let lonText = attributes["lon"] else {
            return fail(parser, "<\(tag)> needs lat and lon attributes")
        }
        guard let lat = DecimalText.parse(latText), let lon = DecimalText.parse(lonText) else {
            return fail(parser, "<\(tag)> lat \"\(latText)\" lon \"\(lonText)\" are not numbers")
        }
        guard lat.isFinite, lon.isFinite, lat >= -90, lat <= 90 else {
            // The same validation as Coordinate(latitude:longitude:), with its message.
            do { _ = try Coordinate(latitude: lat, longitude: lon) } catch { fail(parser, "<\(tag)> \(error.message)") }
            return
        }
        kind = k
        latitude = lat
        longitude = lon
        time = nil
        elevation = nil
        name = nil
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard capturing else { return }
        if text.isEmpty { text = string } else { text += string }
    }

    private func parseTime() -> Double? {
        text.utf8.withContiguousStorageIfAvailable { ISO8601Time.parse($0) } ?? ISO8601Time.parse(text)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch name {
        case "trkpt":
            guard kind == .track else { return }
            kind = .none
            guard inSegment else { return fail(parser, "<trkpt> outside <trkseg>") }
            trackPointCount += 1
            if sink == .trackFixes {
                guard let t = time else { trackPointsWithoutTime += 1; return }
                // Latitude, longitude, time and elevation were validated when read.
                do {
                    fixes.append(try Fix(
                        coordinate: Coordinate(uncheckedLatitude: latitude, longitude: longitude),
                        timestamp: t, elevationMeters: elevation))
                } catch {
                    fail(parser, "<trkpt> \(error.message)")
                }
            } else {
                segment!.append(currentPoint())
            }
        case "ele":
            capturing = false
            guard kind != .none else { return }
            guard let e = DecimalText.parse(text), e.isFinite else {
                return fail(parser, "<ele> \"\(text)\" is not a number")
            }
            elevation = e
        case "time":
            capturing = false
            guard kind != .none else { return }
            guard let t = parseTime() else {
                return fail(parser, "<time> \"\(text)\" is not an ISO 8601 time")
            }
            time = t
        case "name":
            capturing = false
            let n = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if kind != .none {
                self.name = n
            } else if container == .track, track != nil, !inSegment {
                track!.name = n
            } else if container == .route, route != nil {
                route!.name = n
            }
        case "rtept":
            guard kind == .route else { return }
            kind = .none
            guard route != nil else { return fail(parser, "<rtept> outside <rte>") }
            route!.points.append(currentPoint())
        case "wpt":
            guard kind == .waypoint else { return }
            kind = .none
            document.waypoints.append(currentPoint())
        case "trkseg":
            if let s = segment { track?.segments.append(s) }
            segment = nil
            inSegment = false
        case "trk":
            if let t = track { document.tracks.append(t) }
            track = nil
            container = .none
        case "gpx":
            closedRoot = true
        case "rte":
            if let r = route { document.routes.append(r) }
            route = nil
            container = .none
        default: break
        }
    }

    private func currentPoint() -> GPXPoint {
        GPXPoint(
            coordinate: Coordinate(uncheckedLatitude: latitude, longitude: longitude),
            time: time, elevationMeters: elevation, name: name)
    }
}

/// Decimal numbers as GPX and CSV files write them ("47.376609", "-8.5", " 432 "), read
/// without going through `strtod` when that gives the same double.
///
/// Fast path (W. D. Clinger, "How to read floating point numbers accurately", 1990): when
/// the digits form an integer m ≤ 2^53 and there are k ≤ 22 digits after the point, both
/// m and 10^k are exact doubles and the one division m / 10^k is correctly rounded, so
/// the result equals the correctly rounded value `Double(String)` returns. Anything else
/// (exponents, more digits, "nan") goes to `Double(_:)`.
///
/// Thread safety: pure functions. Complexity: O(length). C twin: none.
enum DecimalText {
    private static let powersOfTen: [Double] = (0...22).map { k in
        var p = 1.0
        for _ in 0..<k { p *= 10 }  // exact: every 10^k, k ≤ 22, is a double
        return p
    }

    /// The value of `text` (ASCII blanks around it allowed), or nil when it is not a number.
    static func parse(_ text: String) -> Double? {
        if let v = text.utf8.withContiguousStorageIfAvailable({ fast($0) }), let v { return v }
        return Double(text) ?? Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// As `parse`, on a substring.
    static func parse(_ text: Substring) -> Double? {
        if let v = text.utf8.withContiguousStorageIfAvailable({ fast($0) }), let v { return v }
        return Double(text) ?? Double(String(text).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The fast path; nil means "not decided here", not "not a number".
    static func fast(_ b: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        var n = b.count
        @inline(__always) func blank(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }
        while i < n, blank(b[i]) { i += 1 }
        while n > i, blank(b[n - 1]) { n -= 1 }
        guard i < n else { return nil }
        var negative = false
        if b[i] == 45 { negative = true; i += 1 } else if b[i] == 43 { i += 1 }
        var mantissa: UInt64 = 0
        var digits = 0, fractionDigits = 0
        var point = false
        while i < n {
            let c = b[i]
            if c >= 48, c <= 57 {
                mantissa = mantissa &* 10 &+ UInt64(c - 48)
                if mantissa > 1 << 53 { return nil }
                digits += 1
                if point { fractionDigits += 1 }
            } else if c == 46, !point {
                point = true
            } else {
                return nil
            }
            i += 1
        }
        guard digits > 0, fractionDigits <= 22 else { return nil }
        let v = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -v : v
    }
}
