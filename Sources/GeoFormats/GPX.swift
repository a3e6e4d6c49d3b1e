import FoundationEssentials
import GeoKernel
import GeoText

/// A GPX point: a track point (`trkpt`), route point (`rtept`) or waypoint (`wpt`).
///
/// Thread safety: a value; `Sendable`. C twin: none. \since 0.1
public struct GPXPoint: Sendable, Hashable {
    /// `lat` and `lon` (degrees, WGS84 as GPX defines them).
    public var coordinate: Coordinate
    /// Seconds since 1970-01-01T00:00:00Z from `<time>`, or nil.
    public var time: Double?
    /// Metres from `<ele>`, or nil.
    public var elevationMeters: Double?
    /// `<name>`, or nil.
    public var name: String?

    /// Creates a point.
    public init(coordinate: Coordinate, time: Double? = nil, elevationMeters: Double? = nil, name: String? = nil) {
        self.coordinate = coordinate; self.time = time; self.elevationMeters = elevationMeters; self.name = name
    }
}

/// A GPX track: a name and its segments of points, in file order.
///
/// Thread safety: a value; `Sendable`. \since 0.1
public struct GPXTrack: Sendable, Hashable {
    /// `<name>`, or nil.
    public var name: String?
    /// Each `<trkseg>`'s points, in file order.
    public var segments: [[GPXPoint]]
    /// Creates a track.
    public init(name: String? = nil, segments: [[GPXPoint]]) { self.name = name; self.segments = segments }
}

/// A GPX route: a name and its points.
///
/// Thread safety: a value; `Sendable`. \since 0.1
public struct GPXRoute: Sendable, Hashable {
    /// `<name>`, or nil.
    public var name: String?
    /// The `<rtept>`s, in file order.
    public var points: [GPXPoint]
    /// Creates a route.
    public init(name: String? = nil, points: [GPXPoint]) { self.name = name; self.points = points }
}

/// A GPX 1.0 or 1.1 document: tracks, routes and waypoints.
///
/// Thread safety: a value; `Sendable`. \since 0.1
public struct GPXDocument: Sendable, Hashable {
    /// The `version` attribute of `<gpx>` ("1.0" or "1.1").
    public var version: String
    /// The `<trk>`s, in file order.
    public var tracks: [GPXTrack]
    /// The `<rte>`s, in file order.
    public var routes: [GPXRoute]
    /// The `<wpt>`s, in file order.
    public var waypoints: [GPXPoint]

    /// Creates a document.
    public init(version: String = "1.1", tracks: [GPXTrack] = [], routes: [GPXRoute] = [], waypoints: [GPXPoint] = []) {
        self.version = version; self.tracks = tracks; self.routes = routes; self.waypoints = waypoints
    }

    /// Every track point of every track and segment, in file order.
    public var trackPoints: [GPXPoint] { tracks.flatMap { $0.segments.joined() } }
}

/// Reading and writing GPX 1.0 and 1.1 (topografix.com/GPX).
///
/// Reading goes through GeoKernel's byte-level XML tokenizer (the one the OpenStreetMap
/// reader uses; not Foundation's `XMLParser`): the input must be UTF-8 (invalid UTF-8
/// anywhere is an error naming its line and byte offset); internal DTD entities
/// (`<!DOCTYPE gpx [<!ENTITY x "Q">]>`) are expanded, `A&x;B` reads `AQB`, within a budget
/// of 1 MiB + 8 × the input read (beyond it the file is refused); external entities are
/// refused. Elements GeoKernel does not use (extensions, links, metadata) are skipped.
/// Coordinates are checked, not repaired: a latitude outside [-90, 90] or a longitude
/// outside [-180, 180] is an error. Errors name the line and byte offset:
/// `track.gpx:12: byte offset 345: <trkpt> latitude 95.1 is outside [-90, 90]`.
///
/// Thread safety: pure functions. Complexity: O(size of the file); memory O(one tag or
/// text run) beyond the result. C twin: none.
public enum GPX {
    /// Parses GPX text. - Throws: `.parse` naming the line and element of the first problem.
    public static func decode(_ data: Data, source: String = "GPX") throws(GeoKernelError) -> GPXDocument {
        var reader = GPXReader(MemoryByteSource([UInt8](data)), name: source)
        try reader.read()
        return reader.document
    }

    /// Reads a GPX file, streaming it from disk in chunks (the file is never held whole
    /// in memory). - Throws: `.io` when unreadable or not a regular file, `.parse` when
    /// malformed.
    public static func read(contentsOf path: String) throws(GeoKernelError) -> GPXDocument {
        var reader = GPXReader(try FileByteSource(path: path), name: path)
        try reader.read()
        return reader.document
    }

    /// The timestamped track points of a GPX file as fixes, in file order, without
    /// building a `GPXDocument` first (the fast path `TrackReader` takes); routes and
    /// waypoints come back in `document`, track points without `<time>` are counted.
    static func readTrackFixes(contentsOf path: String) throws(GeoKernelError)
        -> (fixes: [Fix], trackPoints: Int, withoutTime: Int, document: GPXDocument)
    {
        let source = try FileByteSource(path: path)
        // A trkpt with lat, lon and time takes at least ~60 bytes of GPX.
        let expected = Swift.min(source.file.size / 60, 50_000_000)
        var reader = GPXReader(source, name: path, sink: .trackFixes, expectedPoints: expected)
        try reader.read()
        return (reader.fixes, reader.trackPointCount, reader.trackPointsWithoutTime, reader.document)
    }

    /// As `readTrackFixes(contentsOf:)`, on bytes in memory named `name` in errors.
    static func readTrackFixes(bytes: [UInt8], name: String) throws(GeoKernelError)
        -> (fixes: [Fix], trackPoints: Int, withoutTime: Int, document: GPXDocument)
    {
        var reader = GPXReader(MemoryByteSource(bytes), name: name, sink: .trackFixes, expectedPoints: Swift.min(bytes.count / 60, 50_000_000))
        try reader.read()
        return (reader.fixes, reader.trackPointCount, reader.trackPointsWithoutTime, reader.document)
    }

    /// The document as GPX 1.1 text.
    public static func encode(_ doc: GPXDocument, creator: String = "GeoKernel") -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="\(escape(creator))" xmlns="http://www.topografix.com/GPX/1/1">

            """
        for w in doc.waypoints { point("wpt", w, indent: " ", into: &out) }
        for r in doc.routes {
            out += " <rte>\n"
            if let n = r.name { out += "  <name>\(escape(n))</name>\n" }
            for p in r.points { point("rtept", p, indent: "  ", into: &out) }
            out += " </rte>\n"
        }
        for t in doc.tracks {
            out += " <trk>\n"
            if let n = t.name { out += "  <name>\(escape(n))</name>\n" }
            for s in t.segments {
                out += "  <trkseg>\n"
                for p in s { point("trkpt", p, indent: "   ", into: &out) }
                out += "  </trkseg>\n"
            }
            out += " </trk>\n"
        }
        return out + "</gpx>\n"
    }

    private static func point(_ tag: String, _ p: GPXPoint, indent: String, into out: inout String) {
        out += "\(indent)<\(tag) lat=\"\(p.coordinate.latitude)\" lon=\"\(p.coordinate.longitude)\">"
        if let e = p.elevationMeters { out += "<ele>\(e)</ele>" }
        if let t = p.time { out += "<time>\(ISO8601Time.format(t, fractionDigits: t == t.rounded() ? 0 : 3))</time>" }
        if let n = p.name { out += "<name>\(escape(n))</name>" }
        out += "</\(tag)>\n"
    }

    static func escape(_ s: String) -> String { XMLLiteral.escape(s) }
}
