import GeoKernel

/// Internal: the monitor's own candidate search, hashed latitude/longitude grids, one per
/// class of radius (≤ 250 m, ≤ 1 km, ≤ 4 km, … ×4 up to 10 000 km), so that a few large
/// fences do not widen the search for the many small ones.
///
/// It is not a public type and not GeoKernel's spatial index: a small structure with O(1)
/// insert and remove, kept behind `FenceCandidateSearch` so that an index can replace it.
/// Level L holds radii up to 250 m · 4^L in cells of 2^L/64 degrees (1/64° ≈ 1.7 km
/// north–south at level 0, at most 8°). A query visits, per level, the cells of the
/// bounding box (`BoundingBox(circleAround:)`, antimeridian- and pole-aware) of the
/// point's circle of that level's largest radius + extra; in a row where the box spans
/// more cells than the row holds, it walks the row's occupied cells instead, so a query
/// near a pole or with a huge radius costs at most O(number of fences).
///
/// Complexity: insert O(1); remove O(fences in the cell); query O(cells visited + fences
/// returned). Memory: about 8 bytes per fence plus the dictionaries.
struct FenceGrid: FenceCandidateSearch {
    static let levelCount = 9

    /// One radius class.
    struct Level {
        let cellsPerDegree: Double
        let latitudeCells: Int32
        let longitudeCells: Int32
        /// The largest radius ever inserted (metres); an upper bound of those present.
        var maxRadius: Double = 0
        var count = 0
        /// Row (latitude cell) → column (longitude cell) → slots.
        var rows: [Int32: [Int32: [Int32]]] = [:]

        init(_ level: Int) {
            let cellDegrees = min(8, Double(1 << level) / 64)
            cellsPerDegree = 1 / cellDegrees
            latitudeCells = Int32((180 * cellsPerDegree).rounded(.up))
            longitudeCells = Int32((360 * cellsPerDegree).rounded(.up))
        }

        @inline(__always)
        func row(_ latitude: Double) -> Int32 {
            min(max(Int32(((latitude + 90) * cellsPerDegree).rounded(.down)), 0), latitudeCells - 1)
        }

        @inline(__always)
        func column(_ longitude: Double) -> Int32 {
            min(max(Int32(((longitude + 180) * cellsPerDegree).rounded(.down)), 0), longitudeCells - 1)
        }
    }

    private var levels: [Level] = (0..<FenceGrid.levelCount).map(Level.init)

    init() {}

    /// The radius class of a radius in metres: 0 up to 250 m, then one per factor 4.
    static func level(_ radiusMeters: Double) -> Int {
        var bound = 250.0, l = 0
        while radiusMeters > bound, l < levelCount - 1 { bound *= 4; l += 1 }
        return l
    }

    mutating func insert(_ slot: Int32, at center: Coordinate, radiusMeters: Double) {
        let l = Self.level(radiusMeters)
        let r = levels[l].row(center.latitude), c = levels[l].column(center.longitude)
        levels[l].rows[r, default: [:]][c, default: []].append(slot)
        levels[l].count += 1
        levels[l].maxRadius = max(levels[l].maxRadius, radiusMeters)
    }

    mutating func remove(_ slot: Int32, at center: Coordinate, radiusMeters: Double) {
        let l = Self.level(radiusMeters)
        let r = levels[l].row(center.latitude), c = levels[l].column(center.longitude)
        guard var row = levels[l].rows.removeValue(forKey: r) else { return }
        if var cell = row.removeValue(forKey: c) {
            if let i = cell.firstIndex(of: slot) {
                cell.swapAt(i, cell.count - 1)
                cell.removeLast()
                levels[l].count -= 1
            }
            if !cell.isEmpty { row[c] = cell }
        }
        if !row.isEmpty { levels[l].rows[r] = row }
        if levels[l].count == 0 { levels[l].maxRadius = 0 }
    }

    mutating func removeAll() { levels = (0..<Self.levelCount).map(Level.init) }

    func forEachCandidate(near point: Coordinate, extraMeters: Double, _ body: (Int32) -> Void) {
        for level in levels where level.count > 0 {
            Self.query(level, point, level.maxRadius + extraMeters, body)
        }
    }

    private static func query(_ level: Level, _ point: Coordinate, _ radiusMeters: Double, _ body: (Int32) -> Void) {
        // A little wider than asked, so that rounding in the box never loses a fence.
        let padded = radiusMeters * (1 + 1e-9) + 1
        let box = (try? BoundingBox(circleAround: point, radiusMeters: padded))
            ?? BoundingBox(south: -90, north: 90, west: -180, east: 180)
        let r0 = level.row(box.south), r1 = level.row(box.north)
        let ranges: [(Int32, Int32)]
        if box.west <= box.east {
            ranges = [(level.column(box.west), level.column(box.east))]
        } else {
            ranges = [(level.column(box.west), level.longitudeCells - 1), (0, level.column(box.east))]
        }
        let width = ranges.reduce(0) { $0 + Int($1.1 - $1.0) + 1 }

        func visit(_ row: [Int32: [Int32]]) {
            if width > row.count {
                for (c, slots) in row where ranges.contains(where: { c >= $0.0 && c <= $0.1 }) {
                    for s in slots { body(s) }
                }
            } else {
                for (lo, hi) in ranges {
                    for c in lo...hi { if let slots = row[c] { for s in slots { body(s) } } }
                }
            }
        }
        if Int(r1 - r0) + 1 > level.rows.count {
            for (r, row) in level.rows where r >= r0 && r <= r1 { visit(row) }
        } else {
            for r in r0...r1 { if let row = level.rows[r] { visit(row) } }
        }
    }
}
