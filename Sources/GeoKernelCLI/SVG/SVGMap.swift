#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import GeoKernel
import GeoText
import Timeline

/// A small, self-contained SVG map for `--svg`: data projected with Web Mercator
/// (EPSG:3857, sphere of 6 378 137 m) and fitted to its bounds with a margin, on a white
/// page with a frame, a light graticule, a scale bar in metres and a north arrow. No
/// network, no external references (the only URL is the SVG namespace); text escaped with
/// `XMLLiteral`; numbers with fixed decimals, so the same input gives the same bytes.
///
/// Limits: longitudes that cross ±180° are not unwrapped (the map then spans the globe);
/// latitudes are clamped to ±85.0511° (Web Mercator's square).
///
/// Thread safety: a value; build one per picture. Complexity: O(points) per call.
struct SVGMap {
    static let width = 800.0, height = 600.0
    /// The frame (map area) and the padding between it and the data.
    static let frame = (x: 10.0, y: 46.0, width: 780.0, height: 544.0)
    static let padding = 36.0
    static let earthRadius = 6_378_137.0
    /// The smallest ground span (metres) a map shows: a single point or a tiny extent
    /// gets this much around it.
    static let minimumSpanMeters = 400.0

    // Colours, shared with the tests.
    static let moveColor = "#1f77b4"
    static let stayColor = "#d62728"
    static let legColor = "#1f77b4"
    static let pinColor = "#d62728"
    static let insideFenceColor = "#2ca02c"
    static let outsideFenceColor = "#9e9e9e"
    static let trackColor = "#1f77b4"

    /// The colour of a move travelled in `mode` (`timeline --modes --svg`).
    static func modeColor(_ mode: TravelMode) -> String {
        switch mode {
        case .walk: "#2ca02c"
        case .bicycle: "#17becf"
        case .car: "#1f77b4"
        case .bus: "#ff7f0e"
        case .train: "#9467bd"
        case .unknown: "#7f7f7f"
        }
    }

    /// Mercator metres of the fitted view's centre, and pixels per Mercator metre.
    let centerX: Double, centerY: Double, scale: Double
    /// What is drawn under the data (the road network), the data, and the labels.
    private(set) var background: [String] = []
    private(set) var body: [String] = []
    private(set) var overlay: [String] = []
    /// Pixel positions of the data drawn so far (vertices, circle centres): the legend goes
    /// to the corner that covers the fewest.
    private(set) var drawnPoints: [(x: Double, y: Double)] = []
    /// The labels, placed clear of each other, of the scale bar, north arrow and legend.
    var labels: SVGLabels

    /// Web Mercator metres of a coordinate (y grows northwards).
    static func mercator(_ c: Coordinate) -> (x: Double, y: Double) {
        let lat = min(max(c.latitude, -85.05112878), 85.05112878) * .pi / 180
        return (earthRadius * c.longitude * .pi / 180, earthRadius * log(tan(.pi / 4 + lat / 2)))
    }

    /// A view fitted to `points` and to circles of `circles` (centre, radius in metres).
    init(fitting points: [Coordinate], circles: [(center: Coordinate, radiusMeters: Double)] = []) {
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        func add(_ x: Double, _ y: Double) {
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        for p in points {
            let m = Self.mercator(p)
            add(m.x, m.y)
        }
        for c in circles {
            let m = Self.mercator(c.center)
            let r = c.radiusMeters / max(cos(c.center.latitude * .pi / 180), 1e-6)
            add(m.x - r, m.y - r)
            add(m.x + r, m.y + r)
        }
        if !minX.isFinite { (minX, maxX, minY, maxY) = (0, 0, 0, 0) }
        let cx = (minX + maxX) / 2, cy = (minY + maxY) / 2
        // Ground metres per Mercator metre at the centre's latitude.
        let latitude = 2 * atan(exp(cy / Self.earthRadius)) - .pi / 2
        let minimumSpan = Self.minimumSpanMeters / max(cos(latitude), 1e-6)
        let spanX = max(maxX - minX, minimumSpan), spanY = max(maxY - minY, minimumSpan)
        let f = Self.frame
        centerX = cx
        centerY = cy
        scale = min((f.width - 2 * Self.padding) / spanX, (f.height - 2 * Self.padding) / spanY)
        labels = SVGLabels(frame: SVGLabels.Box(x: f.x + 2, y: f.y + 2, width: f.width - 4, height: f.height - 4),
                           obstacles: [Self.northArrowBox])
        labels.avoid(scaleBarBox)
    }

    /// Pixel position of a coordinate.
    func pixel(_ c: Coordinate) -> (x: Double, y: Double) {
        let m = Self.mercator(c)
        let f = Self.frame
        return (f.x + f.width / 2 + (m.x - centerX) * scale, f.y + f.height / 2 - (m.y - centerY) * scale)
    }

    /// Pixels per ground metre at a latitude.
    func pixelsPerMeter(atLatitude latitude: Double) -> Double {
        scale / max(cos(min(max(latitude, -85.05112878), 85.05112878) * .pi / 180), 1e-6)
    }

    static func n(_ v: Double) -> String {
        let s = Format.fixed(v, 1)
        return s == "-0.0" ? "0.0" : s
    }

    static func escape(_ s: String) -> String { XMLLiteral.escape(s) }

    // MARK: Drawing

    mutating func polyline(_ coordinates: [Coordinate], color: String, width: Double, cssClass: String, dashed: Bool = false) {
        guard !coordinates.isEmpty else { return }
        if coordinates.count == 1 {
            dot(coordinates[0], radius: width * 1.5, color: color, cssClass: cssClass)
            return
        }
        let pixels = coordinates.map(pixel)
        drawnPoints += pixels
        let points = pixels.map { p in "\(Self.n(p.x)),\(Self.n(p.y))" }.joined(separator: " ")
        let dash = dashed ? " stroke-dasharray=\"\(Self.n(width * 2)),\(Self.n(width * 2))\"" : ""
        body.append("<polyline class=\"\(cssClass)\" points=\"\(points)\" fill=\"none\" stroke=\"\(color)\" "
            + "stroke-width=\"\(Self.n(width))\" stroke-linejoin=\"round\" stroke-linecap=\"round\"\(dash)/>")
    }

    /// Polygons (each an outer ring and its holes) as one filled path, holes left open
    /// (even–odd rule); `opacity` is the fill's.
    mutating func polygons(_ polygons: [[[Coordinate]]], fill: String, opacity: Double, stroke: String, cssClass: String) {
        var d: [String] = []
        for ring in polygons.joined() where ring.count >= 3 {
            let pixels = ring.map(pixel)
            drawnPoints += pixels
            d.append("M" + pixels.map { p in "\(Self.n(p.x)),\(Self.n(p.y))" }.joined(separator: " L") + " Z")
        }
        guard !d.isEmpty else { return }
        body.append("<path class=\"\(cssClass)\" d=\"\(d.joined(separator: " "))\" fill=\"\(fill)\" "
            + "fill-opacity=\"\(Format.fixed(opacity, 2))\" fill-rule=\"evenodd\" stroke=\"\(stroke)\" stroke-width=\"1.5\"/>")
    }

    /// A thin line between two pixel points (a pin's leader line to where it was placed).
    mutating func line(from a: (x: Double, y: Double), to b: (x: Double, y: Double), color: String, cssClass: String) {
        body.append("<line class=\"\(cssClass)\" x1=\"\(Self.n(a.x))\" y1=\"\(Self.n(a.y))\" x2=\"\(Self.n(b.x))\" "
            + "y2=\"\(Self.n(b.y))\" stroke=\"\(color)\" stroke-width=\"1\"/>")
    }

    /// A legend in the frame's top-left corner: a line of each colour (dashed when asked)
    /// and its text; the labels keep clear of it.
    mutating func legend(_ entries: [(color: String, text: String, dashed: Bool)]) {
        guard !entries.isEmpty else { return }
        let f = Self.frame, row = 16.0
        let width = 40 + (entries.map { SVGLabels.size(of: $0.text, fontSize: 11).width }.max() ?? 0)
        let height = Double(entries.count) * row + 8
        // The corner whose box covers the fewest drawn points: top left, bottom right, top
        // right (left of the north arrow), bottom left (above the scale bar).
        let corners = [
            (f.x + 8, f.y + 8), (f.x + f.width - 8 - width, f.y + f.height - 8 - height),
            (f.x + f.width - 40 - width, f.y + 8), (f.x + 8, scaleBarBox.y - 8 - height),
        ]
        let covered = corners.map { c in drawnPoints.filter { p in
            p.x >= c.0 - 4 && p.x <= c.0 + width + 4 && p.y >= c.1 - 4 && p.y <= c.1 + height + 4 }.count }
        let best = covered.indices.min { covered[$0] < covered[$1] } ?? 0
        let (x, y) = corners[best]
        let box = SVGLabels.Box(x: x, y: y, width: width, height: height)
        overlay.append("<g class=\"legend\"><rect x=\"\(Self.n(box.x))\" y=\"\(Self.n(box.y))\" width=\"\(Self.n(box.width))\" "
            + "height=\"\(Self.n(box.height))\" fill=\"#ffffff\" fill-opacity=\"0.9\" stroke=\"#bbbbbb\" stroke-width=\"1\"/>")
        for (i, e) in entries.enumerated() {
            let ly = y + 12 + Double(i) * row
            let dash = e.dashed ? " stroke-dasharray=\"4,4\"" : ""
            overlay.append("<line x1=\"\(Self.n(x + 6))\" y1=\"\(Self.n(ly))\" x2=\"\(Self.n(x + 30))\" y2=\"\(Self.n(ly))\" "
                + "stroke=\"\(e.color)\" stroke-width=\"3\"\(dash)/>")
            overlay.append("<text x=\"\(Self.n(x + 36))\" y=\"\(Self.n(ly + 4))\" font-size=\"11\" fill=\"#222222\">\(Self.escape(e.text))</text>")
        }
        overlay.append("</g>")
        labels.avoid(box)
    }

    /// The road network of the view under the data: roads styled by class (major roads wider
    /// and coloured, paths thin and dashed), the names of the major roads written along
    /// their longest piece in view. Roads wholly outside the view are skipped.
    mutating func roads(_ graph: RoadGraph) {
        let f = Self.frame
        let view = SVGLabels.Box(x: f.x, y: f.y, width: f.width, height: f.height)
        var pieces: [String: [(a: (x: Double, y: Double), b: (x: Double, y: Double))]] = [:]
        var sizes: [String: Double] = [:]
        var layers: [[String]] = Array(repeating: [], count: 4)
        for edge in 0..<graph.edgeCount {
            let points = graph.edgeGeometry(edge).map(pixel)
            var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
            for p in points { minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y) }
            guard SVGLabels.Box(x: minX, y: minY, width: maxX - minX, height: maxY - minY).overlaps(view) else { continue }
            let style = Self.roadStyle(graph.edgeClass(edge))
            let text = points.map { "\(Self.n($0.x)),\(Self.n($0.y))" }.joined(separator: " ")
            let dash = style.dashed ? " stroke-dasharray=\"3,3\"" : ""
            layers[style.layer].append("<polyline class=\"road\" points=\"\(text)\" fill=\"none\" stroke=\"\(style.color)\" "
                + "stroke-width=\"\(Self.n(style.width))\" stroke-linecap=\"round\" stroke-linejoin=\"round\"\(dash)/>")
            let name = graph.edgeName(edge)
            guard style.named, !name.isEmpty else { continue }
            pieces[name, default: []] += zip(points, points.dropFirst()).map { ($0, $1) }
            sizes[name] = max(sizes[name] ?? 0, style.width >= 4 ? 10 : 9)
        }
        background += layers.flatMap { $0 }
        // Each name along the longest straight run of its road in view, when that holds it.
        for (name, segments) in pieces.sorted(by: { $0.key < $1.key }) {
            let size = sizes[name] ?? 9
            guard let run = Self.longestStraightRun(segments),
                  run.length >= SVGLabels.size(of: name, fontSize: size).width + 8 else { continue }
            var a = run.a, b = run.b
            if b.x < a.x { swap(&a, &b) }  // text reads left to right
            let angle = atan2(b.y - a.y, b.x - a.x) * 180 / .pi
            let mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2
            background.append("<text class=\"road-name\" x=\"\(Self.n(mx))\" y=\"\(Self.n(my))\" dy=\"3\" text-anchor=\"middle\" "
                + "font-size=\"\(Self.n(size))\" fill=\"#6b6b6b\" stroke=\"#ffffff\" stroke-width=\"2.5\" paint-order=\"stroke\" "
                + "transform=\"rotate(\(Format.fixed(angle, 1)) \(Self.n(mx)) \(Self.n(my)))\">\(Self.escape(name))</text>")
        }
    }

    /// The longest chain of pixel segments that join end to start (within half a pixel,
    /// either way round) and turn by less than 10° at each joint: where a road's name fits.
    /// Complexity: O(segments²) per road.
    static func longestStraightRun(
        _ segments: [(a: (x: Double, y: Double), b: (x: Double, y: Double))]
    ) -> (a: (x: Double, y: Double), b: (x: Double, y: Double), length: Double)? {
        func length(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double { hypot(b.x - a.x, b.y - a.y) }
        func near(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double)) -> Bool { abs(p.x - q.x) < 0.5 && abs(p.y - q.y) < 0.5 }
        func straight(_ d1: (Double, Double), _ d2: (Double, Double)) -> Bool {
            let n1 = hypot(d1.0, d1.1), n2 = hypot(d2.0, d2.1)
            return n1 > 0 && n2 > 0 && (d1.0 * d2.0 + d1.1 * d2.1) / (n1 * n2) > 0.985  // cos 10°
        }
        var best: (a: (x: Double, y: Double), b: (x: Double, y: Double), length: Double)?
        for s in segments where length(s.a, s.b) > 0 {
            var end = s.b, total = length(s.a, s.b), used = 1
            let direction = (s.b.x - s.a.x, s.b.y - s.a.y)
            extend: while used < segments.count {
                for t in segments {
                    let (from, to) = near(t.a, end) ? (t.a, t.b) : near(t.b, end) ? (t.b, t.a) : (end, end)
                    guard !near(from, to), straight(direction, (to.x - from.x, to.y - from.y)) else { continue }
                    end = to
                    total += length(from, to)
                    used += 1
                    continue extend
                }
                break
            }
            if total > best?.length ?? 0 { best = (s.a, end, total) }
        }
        return best
    }

    /// How a road class is drawn: colour, width in pixels, drawing layer (higher on top),
    /// dashed (paths), and whether its name is written.
    static func roadStyle(_ c: RoadClass) -> (color: String, width: Double, layer: Int, dashed: Bool, named: Bool) {
        switch c {
        case .motorway, .trunk, .motorwayLink, .trunkLink: ("#e8a33d", 5, 3, false, true)
        case .primary, .primaryLink: ("#f2c572", 4.5, 3, false, true)
        case .secondary, .secondaryLink: ("#f5dc8f", 4, 2, false, true)
        case .tertiary, .tertiaryLink: ("#d9d9d9", 3.5, 2, false, true)
        case .unclassified, .residential, .livingStreet, .road: ("#dcdcdc", 3, 1, false, true)
        case .service, .track: ("#e6e6e6", 2, 1, false, false)
        case .cycleway, .path, .footway, .pedestrian, .steps, .bridleway: ("#c9c9c9", 1.2, 0, true, false)
        case .ferry: ("#9ec5e8", 1.5, 0, true, false)
        case .other: ("#e6e6e6", 1.5, 0, false, false)
        }
    }

    mutating func dot(_ c: Coordinate, radius: Double, color: String, cssClass: String) {
        let p = pixel(c)
        body.append("<circle class=\"\(cssClass)\" cx=\"\(Self.n(p.x))\" cy=\"\(Self.n(p.y))\" r=\"\(Self.n(radius))\" fill=\"\(color)\"/>")
    }

    /// A circle of `radius` pixels; `opacity` is the fill's.
    mutating func circle(
        _ c: Coordinate, radius: Double, fill: String, opacity: Double = 1, stroke: String = "#ffffff",
        strokeWidth: Double = 1.5, dashed: Bool = false, cssClass: String, id: String? = nil
    ) {
        let p = pixel(c)
        drawnPoints.append(p)
        let idText = id.map { " id=\"\(Self.escape($0))\"" } ?? ""
        let fillOpacity = opacity < 1 ? " fill-opacity=\"\(Format.fixed(opacity, 2))\"" : ""
        let dash = dashed ? " stroke-dasharray=\"3,2\"" : ""
        body.append("<circle class=\"\(cssClass)\"\(idText) cx=\"\(Self.n(p.x))\" cy=\"\(Self.n(p.y))\" r=\"\(Self.n(radius))\" "
            + "fill=\"\(fill)\"\(fillOpacity) stroke=\"\(stroke)\" stroke-width=\"\(Self.n(strokeWidth))\"\(dash)/>")
    }

    /// Text with a white halo, at a pixel position.
    mutating func label(
        _ text: String, x: Double, y: Double, anchor: String = "start", size: Double = 12, bold: Bool = false,
        color: String = "#222222", halo: Bool = true
    ) {
        let weight = bold ? " font-weight=\"bold\"" : ""
        let haloText = halo ? " stroke=\"#ffffff\" stroke-width=\"3\" stroke-linejoin=\"round\" paint-order=\"stroke\"" : ""
        body.append("<text x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" text-anchor=\"\(anchor)\" font-size=\"\(Self.n(size))\"\(weight) "
            + "fill=\"\(color)\"\(haloText)>\(Self.escape(text))</text>")
    }

    mutating func label(_ text: String, at c: Coordinate, dx: Double, dy: Double, anchor: String = "start", bold: Bool = false) {
        let p = pixel(c)
        label(text, x: p.x + dx, y: p.y + dy, anchor: anchor, bold: bold)
    }

    /// A label beside a point, `offset` pixels to its right, or to its left when it
    /// would run past the frame's right edge (width estimated at 0.6 em a character).
    mutating func labelBeside(_ text: String, at c: Coordinate, offset: Double) {
        let p = pixel(c), f = Self.frame
        let estimatedWidth = Double(text.count) * 12 * 0.6
        if p.x + offset + estimatedWidth > f.x + f.width - 4 {
            label(text, x: p.x - offset, y: p.y + 4, anchor: "end")
        } else {
            label(text, x: p.x + offset, y: p.y + 4)
        }
    }

    // MARK: The page

    /// "1, 2 or 5 × 10^k" at most `limit`.
    static func niceStep(atMost limit: Double) -> Double {
        guard limit > 0, limit.isFinite else { return 1 }
        let power = pow(10, floor(log10(limit)))
        for m in [5.0, 2, 1] where m * power <= limit { return m * power }
        return power
    }

    static func meters(_ m: Double) -> String {
        m >= 1000 ? "\(Int((m / 1000).rounded())) km" : "\(Int(m.rounded())) m"
    }

    /// Latitude or longitude of the graticule, with as many decimals as the step needs.
    static func degrees(_ v: Double, step: Double, positive: String, negative: String) -> String {
        let digits = max(0, Int(ceil(-log10(step) - 1e-9)))
        let text = Format.fixed(abs(v), digits)
        return "\(text)°" + (Double(text) == 0 ? "" : (v >= 0 ? positive : negative))
    }

    /// The whole document: `title` and `subtitle` above the frame, the graticule under the
    /// drawing, the scale bar and north arrow over it.
    func document(title: String, subtitle: String) -> String {
        let f = Self.frame
        var out: [String] = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(Self.width))\" height=\"\(Int(Self.height))\" "
                + "viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" font-family=\"DejaVu Sans, Verdana, sans-serif\">",
            "<title>\(Self.escape(title))</title>",
            "<rect x=\"0\" y=\"0\" width=\"\(Int(Self.width))\" height=\"\(Int(Self.height))\" fill=\"#ffffff\"/>",
        ]
        out += graticule()
        out.append("<rect x=\"\(Self.n(f.x))\" y=\"\(Self.n(f.y))\" width=\"\(Self.n(f.width))\" height=\"\(Self.n(f.height))\" "
            + "fill=\"none\" stroke=\"#888888\" stroke-width=\"1\"/>")
        if !background.isEmpty {
            // Roads under the data; white bands then hide what runs past the frame (no
            // clip path: the document refers to nothing, not even inside itself).
            out.append("<g class=\"roads\">")
            out += background
            out.append("</g>")
            let W = Self.width, H = Self.height
            for (x, y, w, h) in [(0, 0, W, f.y), (0, f.y + f.height, W, H - f.y - f.height), (0, 0, f.x, H),
                                 (f.x + f.width, 0, W - f.x - f.width, H)] {
                out.append("<rect x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" width=\"\(Self.n(w))\" height=\"\(Self.n(h))\" fill=\"#ffffff\"/>")
            }
            out.append("<rect x=\"\(Self.n(f.x))\" y=\"\(Self.n(f.y))\" width=\"\(Self.n(f.width))\" height=\"\(Self.n(f.height))\" "
                + "fill=\"none\" stroke=\"#888888\" stroke-width=\"1\"/>")
        }
        out += body
        out += labels.svg()
        out += overlay
        out += scaleBar()
        out += northArrow()
        out.append("<text x=\"\(Self.n(f.x))\" y=\"20\" font-size=\"16\" font-weight=\"bold\" fill=\"#222222\">\(Self.escape(title))</text>")
        out.append("<text x=\"\(Self.n(f.x))\" y=\"38\" font-size=\"12\" fill=\"#555555\">\(Self.escape(subtitle))</text>")
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }

    /// Coordinate of a pixel (the inverse projection).
    func coordinate(x: Double, y: Double) -> (latitude: Double, longitude: Double) {
        let f = Self.frame
        let mx = centerX + (x - f.x - f.width / 2) / scale
        let my = centerY - (y - f.y - f.height / 2) / scale
        return ((2 * atan(exp(my / Self.earthRadius)) - .pi / 2) * 180 / .pi, mx / Self.earthRadius * 180 / .pi)
    }

    private func graticule() -> [String] {
        let f = Self.frame
        let topLeft = coordinate(x: f.x, y: f.y), bottomRight = coordinate(x: f.x + f.width, y: f.y + f.height)
        let lonSpan = bottomRight.longitude - topLeft.longitude, latSpan = topLeft.latitude - bottomRight.latitude
        let step = Self.niceStep(atMost: max(lonSpan, latSpan) / 4)
        var out: [String] = []
        let style = "stroke=\"#e4e4e4\" stroke-width=\"1\""
        var lon = (topLeft.longitude / step).rounded(.up) * step
        while lon < bottomRight.longitude, out.count < 100 {
            let x = pixel(try! Coordinate(latitude: 0, longitude: min(max(lon, -180), 180))).x
            out.append("<line x1=\"\(Self.n(x))\" y1=\"\(Self.n(f.y))\" x2=\"\(Self.n(x))\" y2=\"\(Self.n(f.y + f.height))\" \(style)/>")
            out.append("<text x=\"\(Self.n(x + 3))\" y=\"\(Self.n(f.y + f.height - 4))\" font-size=\"9\" fill=\"#999999\">"
                + "\(Self.degrees(lon, step: step, positive: "E", negative: "W"))</text>")
            lon += step
        }
        var lat = (bottomRight.latitude / step).rounded(.up) * step
        while lat < topLeft.latitude, out.count < 200 {
            let y = pixel(try! Coordinate(latitude: min(max(lat, -90), 90), longitude: 0)).y
            out.append("<line x1=\"\(Self.n(f.x))\" y1=\"\(Self.n(y))\" x2=\"\(Self.n(f.x + f.width))\" y2=\"\(Self.n(y))\" \(style)/>")
            if y < f.y + f.height - 44 {  // not under the scale bar
                out.append("<text x=\"\(Self.n(f.x + 4))\" y=\"\(Self.n(y - 3))\" font-size=\"9\" fill=\"#999999\">"
                    + "\(Self.degrees(lat, step: step, positive: "N", negative: "S"))</text>")
            }
            lat += step
        }
        return out
    }

    /// The scale bar's length in metres and pixels.
    private var scaleBarLength: (meters: Double, pixels: Double) {
        let f = Self.frame
        let latitude = coordinate(x: f.x + f.width / 2, y: f.y + f.height / 2).latitude
        let ppm = pixelsPerMeter(atLatitude: latitude)
        let meters = Self.niceStep(atMost: f.width / 5 / ppm)
        return (meters, meters * ppm)
    }

    /// The box the scale bar covers (its white background).
    var scaleBarBox: SVGLabels.Box {
        let f = Self.frame
        let x = f.x + 14, y = f.y + f.height - 30
        return SVGLabels.Box(x: x - 4, y: y - 16, width: scaleBarLength.pixels + 8, height: 26)
    }

    /// The box the north arrow and its N cover.
    static var northArrowBox: SVGLabels.Box {
        let f = frame
        return SVGLabels.Box(x: f.x + f.width - 32, y: f.y + 10, width: 20, height: 40)
    }

    private func scaleBar() -> [String] {
        let f = Self.frame
        let (meters, length) = scaleBarLength
        let x = f.x + 14, y = f.y + f.height - 30
        return [
            "<g class=\"scale\">",
            "<rect x=\"\(Self.n(x - 4))\" y=\"\(Self.n(y - 16))\" width=\"\(Self.n(length + 8))\" height=\"26\" fill=\"#ffffff\" fill-opacity=\"0.8\"/>",
            "<path d=\"M\(Self.n(x)),\(Self.n(y - 4)) V\(Self.n(y + 2)) H\(Self.n(x + length)) V\(Self.n(y - 4))\" "
                + "fill=\"none\" stroke=\"#222222\" stroke-width=\"2\"/>",
            "<text x=\"\(Self.n(x + length / 2))\" y=\"\(Self.n(y - 6))\" text-anchor=\"middle\" font-size=\"11\" fill=\"#222222\">"
                + "\(Self.meters(meters))</text>",
            "</g>",
        ]
    }

    private func northArrow() -> [String] {
        let f = Self.frame
        let x = f.x + f.width - 22, y = f.y + 14
        return [
            "<g class=\"north\">",
            "<path d=\"M\(Self.n(x)),\(Self.n(y)) L\(Self.n(x + 7)),\(Self.n(y + 20)) L\(Self.n(x)),\(Self.n(y + 15)) "
                + "L\(Self.n(x - 7)),\(Self.n(y + 20)) Z\" fill=\"#222222\"/>",
            "<text x=\"\(Self.n(x))\" y=\"\(Self.n(y + 33))\" text-anchor=\"middle\" font-size=\"11\" font-weight=\"bold\" fill=\"#222222\">N</text>",
            "</g>",
        ]
    }
}
