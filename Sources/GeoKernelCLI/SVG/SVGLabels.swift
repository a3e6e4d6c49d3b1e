/// Label placement for the pictures: each label goes to the first of its candidate
/// positions around its point (right, left, above, below, the diagonals; then the same
/// farther out, with a thin leader line back to the point) whose box stays inside the map
/// frame and clear of the labels already placed and of the obstacles (scale bar, north
/// arrow, legend). Labels are placed in the order given (the most important first); a label
/// with no free position is left out and counted, so the picture can say so.
///
/// Boxes are estimated from the text: 0.62 em per character (DejaVu Sans averages about
/// 0.55 em for Latin text) by 1.25 em, with the baseline at 0.8 em from the top.
/// Thread safety: a value. Complexity: O(labels² · candidates).
struct SVGLabels {
    struct Box: Equatable {
        var x: Double, y: Double, width: Double, height: Double
        func overlaps(_ o: Box) -> Bool {
            x < o.x + o.width && o.x < x + width && y < o.y + o.height && o.y < y + height
        }
        func inside(_ o: Box) -> Bool {
            x >= o.x && y >= o.y && x + width <= o.x + o.width && y + height <= o.y + o.height
        }
    }

    /// A placed label: its text, box, text anchor point and, when moved away from its
    /// point, the leader line's ends.
    struct Placed {
        var text: String
        var box: Box
        var size: Double
        var bold: Bool
        var leader: (x1: Double, y1: Double, x2: Double, y2: Double)?
    }

    static let emWidth = 0.62, emHeight = 1.25

    let frame: Box
    private(set) var obstacles: [Box]
    private(set) var placed: [Placed] = []
    private(set) var dropped = 0

    init(frame: Box, obstacles: [Box]) {
        self.frame = frame
        self.obstacles = obstacles
    }

    static func size(of text: String, fontSize: Double) -> (width: Double, height: Double) {
        (Double(text.count) * fontSize * emWidth, fontSize * emHeight)
    }

    /// Something already drawn that labels must not cover (a pin marker, a stay's circle).
    mutating func avoid(_ box: Box) { obstacles.append(box) }

    /// Places `text` near the pixel point (`x`, `y`), `clearance` pixels from it (the
    /// radius of its marker plus a gap). Returns whether it was placed.
    @discardableResult
    mutating func place(_ text: String, x: Double, y: Double, clearance: Double, fontSize: Double = 12, bold: Bool = false) -> Bool {
        let (w, h) = Self.size(of: text, fontSize: fontSize)
        for distance in [clearance, clearance + 18, clearance + 42] {
            let d = distance, diagonal = distance * 0.75
            // Top-left corners of the candidate boxes, in order of preference.
            let candidates: [(Double, Double)] = [
                (x + d, y - h / 2), (x - d - w, y - h / 2), (x - w / 2, y - d - h), (x - w / 2, y + d),
                (x + diagonal, y - diagonal - h), (x - diagonal - w, y - diagonal - h),
                (x + diagonal, y + diagonal), (x - diagonal - w, y + diagonal),
            ]
            for (bx, by) in candidates {
                let box = Box(x: bx, y: by, width: w, height: h)
                guard box.inside(frame), !obstacles.contains(where: box.overlaps), !placed.contains(where: { box.overlaps($0.box) })
                else { continue }
                var leader: (Double, Double, Double, Double)?
                if distance > clearance {
                    // From the marker's edge to the nearest point of the box.
                    let nx = min(max(x, box.x), box.x + box.width), ny = min(max(y, box.y), box.y + box.height)
                    let dx = nx - x, dy = ny - y, length = (dx * dx + dy * dy).squareRoot()
                    if length > clearance { leader = (x + dx / length * clearance, y + dy / length * clearance, nx, ny) }
                }
                placed.append(Placed(text: text, box: box, size: fontSize, bold: bold, leader: leader))
                return true
            }
        }
        dropped += 1
        return false
    }

    /// The SVG of the placed labels (leader lines first), each text with a white halo.
    func svg() -> [String] {
        var out: [String] = []
        for p in placed {
            guard let l = p.leader else { continue }
            out.append("<line class=\"leader\" x1=\"\(SVGMap.n(l.x1))\" y1=\"\(SVGMap.n(l.y1))\" x2=\"\(SVGMap.n(l.x2))\" "
                + "y2=\"\(SVGMap.n(l.y2))\" stroke=\"#555555\" stroke-width=\"0.8\"/>")
        }
        for p in placed {
            let weight = p.bold ? " font-weight=\"bold\"" : ""
            out.append("<text class=\"label\" x=\"\(SVGMap.n(p.box.x))\" y=\"\(SVGMap.n(p.box.y + p.size * 0.95))\" "
                + "font-size=\"\(SVGMap.n(p.size))\"\(weight) fill=\"#222222\" stroke=\"#ffffff\" stroke-width=\"3\" "
                + "stroke-linejoin=\"round\" paint-order=\"stroke\">\(SVGMap.escape(p.text))</text>")
        }
        return out
    }
}
