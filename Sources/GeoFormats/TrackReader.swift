import FoundationEssentials
import GeoKernel

/// The formats `TrackReader` understands.
///
/// Thread safety: a value; `Sendable`. C twin: none. \since 0.1
public enum TrackFormat: String, Sendable, CaseIterable {
    /// GPX 1.0 or 1.1 (`.gpx`).
    case gpx
    /// CSV with a header row (`.csv`, `.txt`).
    case csv
    /// GeoJSON (`.geojson`, `.json`).
    case geojson

    /// The format a file name's extension suggests (`.gpx`, `.csv`, `.geojson`/`.json`).
    /// The format a track's content shows: GPX when its first non-blank byte is `<`,
    /// GeoJSON when it is `{` or `[`, else CSV. Complexity: O(leading blanks).
    public init(sniffing bytes: [UInt8]) {
        let first = bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }
        switch first {
        case UInt8(ascii: "<"): self = .gpx
        case UInt8(ascii: "{"), UInt8(ascii: "["): self = .geojson
        default: self = .csv
        }
    }

    public init?(path: String) {
        let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch ext {
        case "gpx": self = .gpx
        case "csv", "txt": self = .csv
        case "geojson", "json": self = .geojson
        default: return nil
        }
    }
}

/// Fixes read from a track file, ready for batch use.
///
/// Thread safety: a value; `Sendable`. C twin: none. \since 0.1
public struct TrackReadResult: Sendable {
    /// The fixes in time order (a stable sort: equal times keep file order).
    public var fixes: [Fix]
    /// How many fixes were earlier than the fix before them in the file (0 for a clean
    /// file). They are sorted into place, and reported here.
    public var outOfOrderCount: Int
    /// Points without a time (GPX points lacking `<time>`, GeoJSON positions without
    /// times); they cannot be fixes and are left out.
    public var pointsWithoutTime: Int
}

/// One entry point for fixes from GPX, CSV or GeoJSON.
///
/// GPX: every `trkpt` of every track and segment (points without `<time>` are counted in
/// `pointsWithoutTime`); a file without track points gives its route points (`rtept`), or
/// else its waypoints (`wpt`), that have times. The file is streamed through GeoKernel's
/// XML tokenizer straight into fixes (see the `tracks.gpx` benchmark). CSV: see `CSVTrack`. GeoJSON: LineString or MultiLineString
/// features with a `coordTimes` or `times` property (an array of ISO 8601 strings or
/// epoch seconds, one per position, as togeojson writes them) and Point features with a
/// `time` or `timestamp` property; an `accuracy` property (metres) is used when present.
///
/// Thread safety: pure functions. Complexity: O(n) to read, O(n log n) to sort fixes out of
/// order. C twin: none (the C ABI takes arrays of fixes). \since 0.1
public enum TrackReader {
    /// Reads a track file; the format comes from the extension unless given.
    ///
    /// - Throws: `.io`, `.parse` (naming the line, element or JSON path), or
    ///   `.invalidArgument` when the format cannot be told from the name.
    public static func read(contentsOf path: String, format: TrackFormat? = nil) throws(GeoKernelError) -> TrackReadResult {
        guard let format = format ?? TrackFormat(path: path) else {
            throw .invalid("\(path): cannot tell the track format from the name; use .gpx, .csv or .geojson")
        }
        switch format {
        case .gpx:
            let r = try GPX.readTrackFixes(contentsOf: path)
            return try gpxTrack(r.fixes, r.trackPoints, r.withoutTime, r.document, source: path)
        case .csv:
            return ordered(try CSVTrack.read(contentsOf: path), withoutTime: 0)
        case .geojson:
            let (fixes, missing) = try fixes(from: try GeoJSON.read(contentsOf: path), source: path)
            return ordered(fixes, withoutTime: missing)
        }
    }

    /// Reads a track already in memory (standard input, a download), named `source` in
    /// errors: in `format`, else in the format its first non-blank byte tells
    /// (`TrackFormat(sniffing:)`). The bytes are read, never changed: text that is not
    /// UTF-8 is an error, not rewritten.
    ///
    /// - Throws: what `read(contentsOf:)` throws for the same content.
    /// - Complexity: O(bytes) plus the sort of out-of-order fixes. Thread safety: pure.
    /// - C twin: none (the C ABI takes fixes, not files).
    public static func read(bytes: [UInt8], format: TrackFormat? = nil, source: String) throws(GeoKernelError) -> TrackReadResult {
        switch format ?? TrackFormat(sniffing: bytes) {
        case .gpx:
            let r = try GPX.readTrackFixes(bytes: bytes, name: source)
            return try gpxTrack(r.fixes, r.trackPoints, r.withoutTime, r.document, source: source)
        case .csv:
            guard let text = String(validating: bytes, as: UTF8.self) else { throw GeoKernelError(.parse, "\(source): not UTF-8 text") }
            return ordered(try CSVTrack.decode(text, source: source), withoutTime: 0)
        case .geojson:
            let (fixes, missing) = try fixes(from: try GeoJSON.decode(Data(bytes), source: source), source: source)
            return ordered(fixes, withoutTime: missing)
        }
    }

    /// A GPX file's track points, or when it has none its route, else its waypoints, as a
    /// track (GPX files from planners).
    private static func gpxTrack(
        _ trackFixes: [Fix], _ trackPoints: Int, _ withoutTime: Int, _ document: GPXDocument, source: String
    ) throws(GeoKernelError) -> TrackReadResult {
        if trackPoints > 0 { return ordered(trackFixes, withoutTime: withoutTime) }
        let points = document.routes.flatMap(\.points)
        let (fixes, missing) = try fixes(from: points.isEmpty ? document.waypoints : points, source: source)
        return ordered(fixes, withoutTime: missing)
    }

    /// Fixes from GPX points that have a time; the others are counted.
    static func fixes(from points: [GPXPoint], source: String) throws(GeoKernelError) -> ([Fix], Int) {
        var out: [Fix] = []
        for p in points {
            guard let t = p.time else { continue }
            out.append(try Fix(coordinate: p.coordinate, timestamp: t, elevationMeters: p.elevationMeters))
        }
        return (out, points.count - out.count)
    }

    /// Sorts fixes by time (stable) and counts those that were out of order.
    public static func ordered(_ fixes: [Fix], withoutTime: Int = 0) -> TrackReadResult {
        var outOfOrder = 0
        for i in fixes.indices.dropFirst() where fixes[i].timestamp < fixes[i - 1].timestamp { outOfOrder += 1 }
        let sorted = outOfOrder == 0
            ? fixes
            : fixes.enumerated().sorted { ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset) }.map(\.element)
        return TrackReadResult(fixes: sorted, outOfOrderCount: outOfOrder, pointsWithoutTime: withoutTime)
    }

    /// Fixes from a GeoJSON document (see the type's documentation for the conventions).
    public static func fixes(from doc: GeoJSONObject, source: String = "GeoJSON") throws(GeoKernelError) -> (fixes: [Fix], withoutTime: Int) {
        var out: [Fix] = []
        var missing = 0
        func time(_ v: JSONValue?) -> Double? {
            switch v {
            case .string(let s)?: ISO8601Time.parse(s)
            case .number(let n)?: n
            default: nil
            }
        }
        for (i, f) in doc.features.enumerated() {
            let accuracy = f.properties["accuracy"]?.numberValue
            func add(_ p: GeoJSONPosition, _ t: Double?) throws(GeoKernelError) {
                guard let t else { missing += 1; return }
                do throws(GeoKernelError) {
                    if let e = UTCTime.rangeError(t) { throw e }
                    out.append(try Fix(coordinate: try p.coordinate(), timestamp: t,
                                       horizontalAccuracyMeters: accuracy, elevationMeters: p.altitude))
                } catch {
                    throw GeoKernelError(.parse, "\(source): features[\(i)]: \(error.message)")
                }
            }
            switch f.geometry {
            case .point(let p)?:
                try add(p, time(f.properties["time"] ?? f.properties["timestamp"]))
            case .lineString(let ps)?:
                let times = (f.properties["coordTimes"] ?? f.properties["times"])?.arrayValue ?? []
                for (k, p) in ps.enumerated() { try add(p, k < times.count ? time(times[k]) : nil) }
            case .multiLineString(let ls)?:
                let times = (f.properties["coordTimes"] ?? f.properties["times"])?.arrayValue ?? []
                for (j, l) in ls.enumerated() {
                    let row = j < times.count ? times[j].arrayValue ?? [] : []
                    for (k, p) in l.enumerated() { try add(p, k < row.count ? time(row[k]) : nil) }
                }
            default: continue
            }
        }
        return (out, missing)
    }
}
