import Foundation
import GeoKernel

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The SAX delegate behind `GPX.decode`: keeps only what GPX readers need and stops at
/// the first invalid point with an error naming the line.
final class GPXReader: NSObject, XMLParserDelegate {
    let source: String
    var document = GPXDocument(version: "")
    var error: GeoKernelError?
    var sawRoot = false
    var closedRoot = false

    private enum Container { case none, track, route }
    private var container = Container.none
    private var track: GPXTrack?
    private var route: GPXRoute?
    private var segment: [GPXPoint]?
    private var point: GPXPoint?
    private var pointTag = ""
    private var text = ""
    private var capturing = false

    init(source: String) { self.source = source }

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
        case "gpx":
            sawRoot = true
            document.version = attributes["version"] ?? ""
        case "trk": container = .track; track = GPXTrack(segments: [])
        case "trkseg": segment = []
        case "rte": container = .route; route = GPXRoute(points: [])
        case "trkpt", "rtept", "wpt":
            guard sawRoot else { return fail(parser, "<\(name)> outside <gpx>: not a GPX file") }
            guard let latText = attributes["lat"], let lonText = attributes["lon"] else {
                return fail(parser, "<\(name)> needs lat and lon attributes")
            }
            guard let lat = Double(latText), let lon = Double(lonText) else {
                return fail(parser, "<\(name)> lat \"\(latText)\" lon \"\(lonText)\" are not numbers")
            }
            do {
                point = GPXPoint(coordinate: try Coordinate(latitude: lat, longitude: lon))
                pointTag = name
            } catch {
                fail(parser, "<\(name)> \(error.message)")
            }
        case "ele", "time", "name":
            capturing = true
            text = ""
        default:
            if !sawRoot { fail(parser, "root element <\(name)> is not <gpx>: not a GPX file") }
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard capturing else { return }
        if text.isEmpty { text = string } else { text += string }
    }

    /// `text` as a number; trimming (slow) only when the plain conversion fails.
    private func number() -> Double? {
        Double(text) ?? Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private func time() -> Double? {
        text.utf8.withContiguousStorageIfAvailable { ISO8601Time.parse($0) } ?? ISO8601Time.parse(text)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch name {
        case "ele":
            capturing = false
            guard point != nil else { return }
            guard let e = number(), e.isFinite else {
                return fail(parser, "<ele> \"\(text)\" is not a number")
            }
            point!.elevationMeters = e
        case "time":
            capturing = false
            guard point != nil else { return }
            guard let t = time() else {
                return fail(parser, "<time> \"\(text)\" is not an ISO 8601 time")
            }
            point!.time = t
        case "name":
            capturing = false
            let n = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if point != nil {
                point!.name = n
            } else if container == .track, track != nil, segment == nil {
                track!.name = n
            } else if container == .route, route != nil {
                route!.name = n
            }
        case "trkpt", "rtept", "wpt":
            guard let p = point, name == pointTag else { return }
            point = nil
            switch name {
            case "trkpt":
                guard segment != nil else { return fail(parser, "<trkpt> outside <trkseg>") }
                segment!.append(p)
            case "rtept":
                guard route != nil else { return fail(parser, "<rtept> outside <rte>") }
                route!.points.append(p)
            default: document.waypoints.append(p)
            }
        case "trkseg":
            if let s = segment { track?.segments.append(s) }
            segment = nil
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
}
