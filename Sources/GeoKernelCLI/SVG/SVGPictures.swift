#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import GeoFormats
import GeoKernel
import Geofence
import Matching
import Route
import Timeline

/// The pictures of `--svg`: what `timeline`, `route` and `fences` computed, drawn on an
/// `SVGMap`, over the road network of the view when the command has one (`--osm`,
/// `--graph`). Labels are placed clear of each other, of the scale bar, north arrow and
/// legend (`SVGLabels`); those that find no room are left out and the subtitle says how
/// many. Each returns the whole SVG document.
enum SVGPictures {
    /// Fixes further apart in time than this are a gap in the record: the move is drawn
    /// dashed across it (as is the way from a stay to a move whose first fixes were cleaned
    /// away).
    static let gapSeconds = 120.0

    /// Moves as lines (dashed across gaps in the record); stays as circles whose area grows
    /// with their duration (at least 5 px across the radius, the longest 24 px; the open
    /// stay the track ends in with a dashed outline), labelled with their name, times in
    /// `zone` and duration, the longest stays first. Circles are drawn after the lines,
    /// longest stay first.
    static func timeline(
        _ diary: Diary, title: String, zone: TimeZoneRules = .utc, roads: RoadGraph? = nil, legs: [[TripLeg]]? = nil
    ) -> String {
        var points: [Coordinate] = diary.placemarks.map(\.coordinate)
        for case .move(let m) in diary.segments { points += m.fixes.map(\.coordinate) }
        var map = SVGMap(fitting: points)
        if let roads { map.roads(roads) }
        var moves = 0, gaps = 0
        var modesDrawn: Set<TravelMode> = []
        let byIndex = Dictionary(diary.placemarks.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
        for case .move(let m) in diary.segments {
            // The move from the stay it leaves to the stay it reaches, fix by fix; with
            // legs, each step in the colour of the mode of the leg it enters.
            let moveLegs = legs.map { moves < $0.count ? $0[moves] : [] }
            moves += 1
            func color(ofFix k: Int) -> String {
                guard let moveLegs, !moveLegs.isEmpty else { return SVGMap.moveColor }
                let mode = (moveLegs.first { $0.fixes.contains(k) } ?? moveLegs[moveLegs.count - 1]).mode
                modesDrawn.insert(mode)
                return SVGMap.modeColor(mode)
            }
            var track: [(Coordinate, Double, String)] = []
            if let from = m.fromPlacemark.flatMap({ byIndex[$0] }) { track.append((from.coordinate, from.departure, color(ofFix: 0))) }
            track += m.fixes.enumerated().map { k, f in (f.coordinate, f.timestamp, color(ofFix: k)) }
            if let to = m.toPlacemark.flatMap({ byIndex[$0] }) {
                track.append((to.coordinate, to.arrival, color(ofFix: max(0, m.fixes.count - 1))))
            }
            var run: [Coordinate] = track.first.map { [$0.0] } ?? []
            var runColor = track.first?.2 ?? SVGMap.moveColor
            for (a, b) in zip(track, track.dropFirst()) {
                if b.1 - a.1 > gapSeconds {
                    map.polyline(run, color: runColor, width: 2.5, cssClass: "move")
                    map.polyline([a.0, b.0], color: legs == nil ? SVGMap.moveColor : "#555555", width: 2, cssClass: "move gap", dashed: true)
                    gaps += 1
                    run = [b.0]
                } else if b.2 != runColor {
                    map.polyline(run, color: runColor, width: 2.5, cssClass: "move")
                    run = [a.0, b.0]
                } else {
                    run.append(b.0)
                }
                runColor = b.2
            }
            if run.count > 1 { map.polyline(run, color: runColor, width: 2.5, cssClass: "move") }
        }
        let longest = diary.placemarks.map(\.durationSeconds).max() ?? 1
        let stays = diary.placemarks.map { p in (p, max(5, 24 * (max(p.durationSeconds, 0) / max(longest, 1)).squareRoot())) }
        let byImportance = stays.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.index < $1.0.index }
        for (p, r) in byImportance {
            map.circle(p.coordinate, radius: r, fill: SVGMap.stayColor, opacity: p.isOpen ? 0.6 : 1,
                       stroke: p.isOpen ? SVGMap.stayColor : "#ffffff", strokeWidth: 1.5, dashed: p.isOpen,
                       cssClass: "stay", id: "stay-\(p.index)")
            let c = map.pixel(p.coordinate)
            map.labels.avoid(SVGLabels.Box(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
        }
        let moveEntries = legs == nil
            ? [(SVGMap.moveColor, "move", false)]
            : TravelMode.allCases.filter(modesDrawn.contains).map { (SVGMap.modeColor($0), "move: \($0)", false) }
        map.legend(moveEntries + [
            (legs == nil ? SVGMap.moveColor : "#555555", "gap in the record", true),
            (SVGMap.stayColor, "stay (circle area ∝ time)", false),
        ].filter { gaps > 0 || !$0.1.hasPrefix("gap") })
        for (p, r) in byImportance {
            let c = map.pixel(p.coordinate)
            let from = DiaryText.clock(p.arrival, zone: zone).prefix(5), duration = DiaryText.duration(p.durationSeconds)
            let text = p.isOpen
                ? "\(DiaryText.place(p)) from \(from) (\(duration), open)"
                : "\(DiaryText.place(p)) \(from)–\(DiaryText.clock(p.departure, zone: zone).prefix(5)) (\(duration))"
            map.labels.place(text, x: c.x, y: c.y, clearance: r + 4)
        }
        let subtitle = "\(diary.placemarks.count) stays, \(moves) moves\(gaps > 0 ? ", \(gaps) gaps" : ""); "
            + "times \(zone == .utc ? "UTC" : zone.name)" + droppedNote(map)
        return map.document(title: title, subtitle: subtitle)
    }

    /// Legs as lines, each in its own colour with a legend (its pins, length and time);
    /// pins as markers A, B, C… on the route (where they were snapped onto the roads), with
    /// a thin line to where they were placed when that is more than a few pixels away.
    static func route(_ plan: RoutePlan, title: String, roads: RoadGraph? = nil) -> String {
        var map = SVGMap(fitting: plan.pins.map(\.coordinate) + plan.legs.flatMap(\.geometry))
        if let roads { map.roads(roads) }
        for (i, leg) in plan.legs.enumerated() {
            map.polyline(leg.geometry, color: legColor(i), width: 4, cssClass: "leg leg-\(i)")
        }
        let onRoute = plan.pins.map { pin in pin.snap?.point ?? pin.coordinate }
        for (pin, at) in zip(plan.pins, onRoute) {
            let placed = map.pixel(pin.coordinate), marker = map.pixel(at)
            if hypot(placed.x - marker.x, placed.y - marker.y) > 3 {
                map.line(from: marker, to: placed, color: "#555555", cssClass: "pin-leader")
                map.dot(pin.coordinate, radius: 2.5, color: "#555555", cssClass: "pin-placed")
            }
            map.circle(at, radius: 11, fill: SVGMap.pinColor, cssClass: "pin", id: "pin-\(pin.label)")
            map.label(pin.label, x: marker.x, y: marker.y + 4.5, anchor: "middle", bold: true, color: "#ffffff", halo: false)
            map.labels.avoid(SVGLabels.Box(x: marker.x - 12, y: marker.y - 12, width: 24, height: 24))
        }
        let times = plan.legs.map(\.travelTime)
        map.legend(plan.legs.enumerated().map { i, leg in
            (legColor(i), "\(leg.from.label) → \(leg.to.label)  \(DiaryText.distance(leg.lengthMeters)), \(times[i])", false)
        })
        let subtitle = "\(plan.pins.count) pins, \(plan.legs.count) legs, "
            + "\(DiaryText.distance(plan.totalLengthMeters)), \(plan.totalTravelTime)"
        return map.document(title: title, subtitle: subtitle)
    }

    /// An isochrone: its outline as a translucent area, the reached parts of the roads as
    /// lines over it, the origin as a marker (on the road, with a leader line to where it
    /// was placed when that is a few pixels away).
    static func isochrone(_ area: RoadIsochrone, title: String, subtitle: String, roads: RoadGraph? = nil) -> String {
        var lines: [[Coordinate]] = []
        for i in area.parts.indices { lines.append(area.geometry(ofPart: i)) }
        var map = SVGMap(fitting: [area.origin.input, area.origin.point] + area.outline.flatMap { $0.first ?? [] })
        if let roads { map.roads(roads) }
        map.polygons(area.outline, fill: isochroneColor, opacity: 0.22, stroke: isochroneColor, cssClass: "outline")
        for line in lines { map.polyline(line, color: isochroneColor, width: 1.5, cssClass: "reached") }
        let marker = map.pixel(area.origin.point), placed = map.pixel(area.origin.input)
        if hypot(placed.x - marker.x, placed.y - marker.y) > 3 {
            map.line(from: marker, to: placed, color: "#555555", cssClass: "origin-leader")
            map.dot(area.origin.input, radius: 2.5, color: "#555555", cssClass: "origin-placed")
        }
        map.circle(area.origin.point, radius: 8, fill: SVGMap.pinColor, cssClass: "origin", id: "origin")
        map.labels.avoid(SVGLabels.Box(x: marker.x - 9, y: marker.y - 9, width: 18, height: 18))
        map.legend([(isochroneColor, "reached roads and their outline", false)])
        return map.document(title: title, subtitle: subtitle + droppedNote(map))
    }

    static let isochroneColor = "#6a3d9a"

    /// A matched trace: each piece's route in its own colour over the roads, the fixes as
    /// grey dots, the unmatched ones in red.
    static func match(_ m: RoadMatch, title: String, subtitle: String, roads: RoadGraph? = nil) -> String {
        var map = SVGMap(fitting: m.fixes.map(\.coordinate) + m.pieces.flatMap(\.geometry))
        if let roads { map.roads(roads) }
        for (k, piece) in m.pieces.enumerated() {
            map.polyline(piece.geometry, color: legColor(k), width: 4, cssClass: "piece")
        }
        for f in m.fixes where f.snap != nil { map.dot(f.coordinate, radius: 2, color: "#555555", cssClass: "fix") }
        for f in m.fixes where f.snap == nil { map.dot(f.coordinate, radius: 2.5, color: unmatchedColor, cssClass: "unmatched") }
        var legend = m.pieces.indices.prefix(8).map { k in
            (legColor(k), "piece \(k + 1): \(DiaryText.distance(m.pieces[k].lengthMeters))", false)
        }
        legend.append(("#555555", "fixes, \(m.matchedCount) matched", false))
        if m.matchedCount < m.fixes.count { legend.append((unmatchedColor, "unmatched, \(m.fixes.count - m.matchedCount)", false)) }
        map.legend(legend)
        return map.document(title: title, subtitle: subtitle + droppedNote(map))
    }

    static let unmatchedColor = "#d62728"

    /// Fences as circles of their true radius and polygons of their true shape (holes
    /// open), green when the trace entered them, grey otherwise, labelled with their id; the
    /// trace over them as a line (a dot when it is a single fix).
    static func fences(
        _ fences: [CircularFence], polygons: [PolygonFence] = [], entered: Set<String>, track: [Coordinate], title: String,
        roads: RoadGraph? = nil
    ) -> String {
        let vertices = polygons.flatMap { $0.polygons.flatMap { $0.rings.joined() } }
        var map = SVGMap(fitting: track + vertices, circles: fences.map { ($0.center, $0.radiusMeters) })
        if let roads { map.roads(roads) }
        for f in polygons {
            let inside = entered.contains(f.id)
            map.polygons(
                f.polygons.map(\.rings), fill: inside ? SVGMap.insideFenceColor : SVGMap.outsideFenceColor, opacity: 0.35,
                stroke: inside ? SVGMap.insideFenceColor : "#757575", cssClass: inside ? "fence inside" : "fence outside")
        }
        for (i, f) in fences.enumerated() {
            let inside = entered.contains(f.id)
            let r = f.radiusMeters * map.pixelsPerMeter(atLatitude: f.center.latitude)
            map.circle(
                f.center, radius: r, fill: inside ? SVGMap.insideFenceColor : SVGMap.outsideFenceColor, opacity: 0.35,
                stroke: inside ? SVGMap.insideFenceColor : "#757575", strokeWidth: 1.5,
                cssClass: inside ? "fence inside" : "fence outside", id: "fence-\(i)")
        }
        map.polyline(track, color: SVGMap.trackColor, width: 2.5, cssClass: "track")
        map.legend([
            (SVGMap.insideFenceColor, "fence entered", false), (SVGMap.outsideFenceColor, "fence not entered", false),
            (SVGMap.trackColor, "trace, \(track.count) fixes", false),
        ])
        for f in fences {
            let c = map.pixel(f.center)
            let r = f.radiusMeters * map.pixelsPerMeter(atLatitude: f.center.latitude)
            map.labels.place(f.id, x: c.x, y: c.y, clearance: min(r, 60) + 4, bold: true)
        }
        for f in polygons {
            let c = map.pixel(f.shape.capCenter)
            map.labels.place(f.id, x: c.x, y: c.y, clearance: 4, bold: true)
        }
        let count = fences.count + polygons.count
        let subtitle = "\(count) fence\(count == 1 ? "" : "s"), \(entered.count) entered" + droppedNote(map)
        return map.document(title: title, subtitle: subtitle)
    }

    /// The colour of leg `i`: a qualitative palette, repeated after eight legs.
    static func legColor(_ i: Int) -> String {
        let palette = ["#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22"]
        return palette[i % palette.count]
    }

    /// "; 12 labels left out (no room)" when labels did not fit, else nothing.
    static func droppedNote(_ map: SVGMap) -> String {
        map.labels.dropped == 0 ? "" : "; \(map.labels.dropped) label\(map.labels.dropped == 1 ? "" : "s") left out (no room)"
    }

    /// Writes a picture atomically (a regular file only; `-`: the standard output).
    static func write(_ svg: String, to path: String) throws {
        try DataOutput.write(svg, to: path)
    }
}
