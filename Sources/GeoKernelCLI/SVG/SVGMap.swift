#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import GeoKernel
import GeoText

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

    /// Mercator metres of the fitted view's centre, and pixels per Mercator metre.
    let centerX: Double, centerY: Double, scale: Double
    private(set) var body: [String] = []

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

    mutating func polyline(_ coordinates: [Coordinate], color: String, width: Double, cssClass: String) {
        guard !coordinates.isEmpty else { return }
        if coordinates.count == 1 {
            dot(coordinates[0], radius: width * 1.5, color: color, cssClass: cssClass)
            return
        }
        let points = coordinates.map { c -> String in
            let p = pixel(c)
            return "\(Self.n(p.x)),\(Self.n(p.y))"
        }.joined(separator: " ")
        body.append("<polyline class=\"\(cssClass)\" points=\"\(points)\" fill=\"none\" stroke=\"\(color)\" "
            + "stroke-width=\"\(Self.n(width))\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>")
    }

    mutating func dot(_ c: Coordinate, radius: Double, color: String, cssClass: String) {
        let p = pixel(c)
        body.append("<circle class=\"\(cssClass)\" cx=\"\(Self.n(p.x))\" cy=\"\(Self.n(p.y))\" r=\"\(Self.n(radius))\" fill=\"\(color)\"/>")
    }

    /// A circle of `radius` pixels; `opacity` is the fill's.
    mutating func circle(
        _ c: Coordinate, radius: Double, fill: String, opacity: Double = 1, stroke: String = "#ffffff",
        strokeWidth: Double = 1.5, cssClass: String, id: String? = nil
    ) {
        let p = pixel(c)
        let idText = id.map { " id=\"\(Self.escape($0))\"" } ?? ""
        let fillOpacity = opacity < 1 ? " fill-opacity=\"\(Format.fixed(opacity, 2))\"" : ""
        body.append("<circle class=\"\(cssClass)\"\(idText) cx=\"\(Self.n(p.x))\" cy=\"\(Self.n(p.y))\" r=\"\(Self.n(radius))\" "
            + "fill=\"\(fill)\"\(fillOpacity) stroke=\"\(stroke)\" stroke-width=\"\(Self.n(strokeWidth))\"/>")
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
        out += body
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

    private func scaleBar() -> [String] {
        let f = Self.frame
        let latitude = coordinate(x: f.x + f.width / 2, y: f.y + f.height / 2).latitude
        let ppm = pixelsPerMeter(atLatitude: latitude)
        let meters = Self.niceStep(atMost: f.width / 5 / ppm)
        let length = meters * ppm
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
