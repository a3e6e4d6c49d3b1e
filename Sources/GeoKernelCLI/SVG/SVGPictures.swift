import FoundationEssentials
import GeoKernel
import Geofence
import Route
import Timeline

/// The pictures of `--svg`: what `timeline`, `route` and `fences` computed, drawn on an
/// `SVGMap`. Each returns the whole SVG document.
enum SVGPictures {
    /// Moves as lines; stays as circles whose area grows with their duration (at least
    /// 5 px across the radius, the longest 24 px), labelled with their name, times and
    /// duration. Circles are drawn after the lines, longest stay first.
    static func timeline(_ diary: Diary, title: String) -> String {
        var points: [Coordinate] = diary.placemarks.map(\.coordinate)
        var moves: [Move] = []
        for segment in diary.segments {
            if case .move(let m) = segment {
                moves.append(m)
                points += m.fixes.map(\.coordinate)
            }
        }
        var map = SVGMap(fitting: points)
        for m in moves { map.polyline(m.fixes.map(\.coordinate), color: SVGMap.moveColor, width: 2.5, cssClass: "move") }
        let longest = diary.placemarks.map(\.durationSeconds).max() ?? 1
        let stays = diary.placemarks.map { p in (p, max(5, 24 * (max(p.durationSeconds, 0) / max(longest, 1)).squareRoot())) }
        for (p, r) in stays {
            let name = DiaryText.place(p)
            let text = "\(name) \(DiaryText.clock(p.arrival).prefix(5))–\(DiaryText.clock(p.departure).prefix(5)) "
                + "(\(DiaryText.duration(p.durationSeconds)))"
            map.labelBeside(text, at: p.coordinate, offset: r + 4)
        }
        for (p, r) in stays.sorted(by: { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.index < $1.0.index }) {
            map.circle(p.coordinate, radius: r, fill: SVGMap.stayColor, cssClass: "stay", id: "stay-\(p.index)")
        }
        let subtitle = "\(diary.placemarks.count) stays (red circles, area ∝ time), \(moves.count) moves (blue lines); "
            + "Web Mercator, times UTC"
        return map.document(title: title, subtitle: subtitle)
    }

    /// Legs as lines, pins as red markers labelled A, B, C….
    static func route(_ plan: RoutePlan, title: String) -> String {
        var map = SVGMap(fitting: plan.pins.map(\.coordinate) + plan.legs.flatMap(\.geometry))
        for leg in plan.legs { map.polyline(leg.geometry, color: SVGMap.legColor, width: 3, cssClass: "leg") }
        for pin in plan.pins {
            map.circle(pin.coordinate, radius: 11, fill: SVGMap.pinColor, cssClass: "pin", id: "pin-\(pin.label)")
            let p = map.pixel(pin.coordinate)
            map.label(pin.label, x: p.x, y: p.y + 4.5, anchor: "middle", bold: true, color: "#ffffff", halo: false)
        }
        let subtitle = "\(plan.pins.count) pins, \(plan.legs.count) legs, "
            + "\(DiaryText.distance(plan.totalLengthMeters)), \(plan.totalTravelTime); Web Mercator"
        return map.document(title: title, subtitle: subtitle)
    }

    /// Fences as circles of their true radius, green when the trace entered them, grey
    /// otherwise, labelled with their id; the trace over them as a line (a dot when it is
    /// a single fix).
    static func fences(_ fences: [CircularFence], entered: Set<String>, track: [Coordinate], title: String) -> String {
        var map = SVGMap(fitting: track, circles: fences.map { ($0.center, $0.radiusMeters) })
        for (i, f) in fences.enumerated() {
            let inside = entered.contains(f.id)
            let r = f.radiusMeters * map.pixelsPerMeter(atLatitude: f.center.latitude)
            map.circle(
                f.center, radius: r, fill: inside ? SVGMap.insideFenceColor : SVGMap.outsideFenceColor, opacity: 0.35,
                stroke: inside ? SVGMap.insideFenceColor : "#757575", strokeWidth: 1.5,
                cssClass: inside ? "fence inside" : "fence outside", id: "fence-\(i)")
        }
        map.polyline(track, color: SVGMap.trackColor, width: 2.5, cssClass: "track")
        for f in fences {
            let r = f.radiusMeters * map.pixelsPerMeter(atLatitude: f.center.latitude)
            map.label(f.id, at: f.center, dx: 0, dy: r + 14, anchor: "middle", bold: true)
        }
        let subtitle = "\(fences.count) fences (green: entered, grey: not entered), trace of \(track.count) fixes (blue); "
            + "Web Mercator"
        return map.document(title: title, subtitle: subtitle)
    }

    /// Writes a picture atomically (a regular file only; `-`: the standard output).
    static func write(_ svg: String, to path: String) throws {
        try DataOutput.write(svg, to: path)
    }
}
