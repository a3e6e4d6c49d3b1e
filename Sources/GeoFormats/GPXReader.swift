import GeoKernel
import GeoText

/// The reader behind `GPX.decode`, `GPX.read` and `TrackReader`: pulls tokens from
/// GeoKernel's XML tokenizer (the one the OSM reader uses: UTF-8 validated, internal
/// entities expanded within a budget, no Foundation `XMLParser`), keeps only what GPX
/// readers need and stops at the first problem with an error naming the line and byte
/// offset.
///
/// Two sinks: `.document` builds a `GPXDocument`; `.trackFixes` turns every timestamped
/// `trkpt` straight into a `Fix` (no intermediate `GPXPoint`s, no nested arrays), which is
/// what a million-point track needs. Routes and waypoints are collected in both modes.
struct GPXReader<Source: ByteSource> {
    enum Sink { case document, trackFixes }

    let t: XMLTokenizer<Source>
    let sink: Sink
    var document = GPXDocument(version: "")
    private var open = XMLElementStack()
    private var sawRoot = false
    private var closedRoot = false

    /// `.trackFixes`: the timestamped track points, in file order.
    var fixes: [Fix] = []
    /// `.trackFixes`: track points without `<time>`.
    var trackPointsWithoutTime = 0
    /// Track points seen, in either mode.
    var trackPointCount = 0

    private enum Container { case none, track, route }
    private enum PointKind { case none, track, route, waypoint }
    private var container = Container.none
    private var track: GPXTrack?
    private var route: GPXRoute?
    private var segment: [GPXPoint]?
    private var inSegment = false

    // The point being read (kind == .none outside a point).
    private var kind = PointKind.none
    private var latitude = 0.0
    private var longitude = 0.0
    private var time: Double?
    private var elevation: Double?
    private var name: String?

    private var text = ""
    private var capturing = false

    init(_ source: Source, name: String, sink: Sink = .document, expectedPoints: Int = 0) {
        t = XMLTokenizer(source, compressed: false, options: XMLOptions(
            reportsText: true, allowsInternalSubset: true, sourceName: name))
        self.sink = sink
        if sink == .trackFixes { fixes.reserveCapacity(expectedPoints) }
    }

    /// Reads the whole document.
    mutating func read() throws(GeoKernelError) {
        while true {
            switch try t.next() {
            case .endOfInput:
                guard sawRoot else { throw t.error("no <gpx> root element") }
                guard closedRoot else { throw t.error("the file ends before </gpx> (truncated GPX)") }
                return
            case .start(let selfClosing):
                if open.depth == 0 && closedRoot { throw t.error("a second root element after </gpx>") }
                try start()
                if selfClosing { try end() } else { try open.push(t) }
            case .end:
                try open.pop(t)
                try end()
            case .text:
                if capturing {
                    text += try t.textString()
                } else if open.depth == 0, try t.decodedText().contains(where: { !XMLTokenizer<Source>.isSpace($0) }) {
                    throw t.error(sawRoot ? "text after </gpx>" : "text before the root element: not a GPX file")
                }
            }
        }
    }

    private func isName(_ literal: StaticString) -> Bool { t.matches(t.name, literal) }

    private mutating func start() throws(GeoKernelError) {
        if isName("trkpt") {
            try startPoint("trkpt", .track)
        } else if isName("ele") || isName("time") || isName("name") {
            capturing = true
            text = ""
        } else if isName("trkseg") {
            inSegment = true
            if sink == .document { segment = [] }
        } else if isName("trk") {
            container = .track
            track = GPXTrack(segments: [])
        } else if isName("rtept") {
            try startPoint("rtept", .route)
        } else if isName("wpt") {
            try startPoint("wpt", .waypoint)
        } else if isName("rte") {
            container = .route
            route = GPXRoute(points: [])
        } else if isName("gpx") {
            guard !sawRoot else { throw t.error("<gpx> inside <gpx>") }
            sawRoot = true
            document.version = try t.attribute("version").map { (a) throws(GeoKernelError) in try t.string(a) } ?? ""
        } else if !sawRoot {
            throw t.error("root element <\(t.text(t.name))> is not <gpx>: not a GPX file")
        }
    }

    private mutating func startPoint(_ tag: String, _ k: PointKind) throws(GeoKernelError) {
        guard sawRoot else { throw t.error("<\(tag)> outside <gpx>: not a GPX file") }
        guard let latAttribute = t.attribute("lat"), let lonAttribute = t.attribute("lon") else {
            throw t.error("<\(tag)> needs lat and lon attributes")
        }
        let latText = try t.string(latAttribute), lonText = try t.string(lonAttribute)
        guard let lat = DecimalText.parse(latText), let lon = DecimalText.parse(lonText) else {
            throw t.error("<\(tag)> lat \"\(latText)\" lon \"\(lonText)\" are not numbers")
        }
        do {
            // The validation of Coordinate(latitude:longitude:), with its message; longitudes
            // outside [-180, 180] are errors, never wrapped.
            _ = try CoordinateText.checked(latitude: lat, longitude: lon)
        } catch {
            throw t.error("<\(tag)> \(error.message)")
        }
        kind = k
        latitude = lat
        longitude = lon
        time = nil
        elevation = nil
        name = nil
    }

    private func parseTime() -> Double? {
        text.utf8.withContiguousStorageIfAvailable { ISO8601Time.parse($0) } ?? ISO8601Time.parse(text)
    }

    private mutating func end() throws(GeoKernelError) {
        if isName("trkpt") {
            guard kind == .track else { return }
            kind = .none
            guard inSegment else { throw t.error("<trkpt> outside <trkseg>") }
            trackPointCount += 1
            if sink == .trackFixes {
                guard let time else { trackPointsWithoutTime += 1; return }
                do {
                    fixes.append(try Fix(
                        coordinate: try Coordinate(latitude: latitude, longitude: longitude),
                        timestamp: time, elevationMeters: elevation))
                } catch {
                    throw t.error("<trkpt> \(error.message)")
                }
            } else {
                segment!.append(try currentPoint())
            }
        } else if isName("ele") {
            capturing = false
            guard kind != .none else { return }
            guard let e = DecimalText.parse(text), e.isFinite else { throw t.error("<ele> \"\(text)\" is not a number") }
            elevation = e
        } else if isName("time") {
            capturing = false
            guard kind != .none else { return }
            guard let v = parseTime() else { throw t.error("<time> \"\(text)\" is not an ISO 8601 time") }
            time = v
        } else if isName("name") {
            capturing = false
            let n = GPXText.trimmed(text)
            if kind != .none {
                self.name = n
            } else if container == .track, track != nil, !inSegment {
                track!.name = n
            } else if container == .route, route != nil {
                route!.name = n
            }
        } else if isName("rtept") {
            guard kind == .route else { return }
            kind = .none
            guard route != nil else { throw t.error("<rtept> outside <rte>") }
            route!.points.append(try currentPoint())
        } else if isName("wpt") {
            guard kind == .waypoint else { return }
            kind = .none
            document.waypoints.append(try currentPoint())
        } else if isName("trkseg") {
            if let s = segment { track?.segments.append(s) }
            segment = nil
            inSegment = false
        } else if isName("trk") {
            if let tr = track { document.tracks.append(tr) }
            track = nil
            container = .none
        } else if isName("gpx") {
            if open.depth == 0 { closedRoot = true }
        } else if isName("rte") {
            if let r = route { document.routes.append(r) }
            route = nil
            container = .none
        }
    }

    private func currentPoint() throws(GeoKernelError) -> GPXPoint {
        GPXPoint(
            coordinate: try Coordinate(latitude: latitude, longitude: longitude),
            time: time, elevationMeters: elevation, name: name)
    }
}

/// Whitespace trimming of GPX text without Foundation (XML whitespace: space, tab, CR, LF).
enum GPXText {
    static func trimmed(_ s: String) -> String {
        let u = Array(s.utf8)
        let blank = { (b: UInt8) in b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        guard let first = u.firstIndex(where: { !blank($0) }), let last = u.lastIndex(where: { !blank($0) }) else {
            return ""
        }
        return String(decoding: u[first...last], as: UTF8.self)
    }
}
