import Foundation
import GeoKernel
import _GeoKernelTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Helpers shared by the Douglas–Peucker tests: a textbook recursive reference, seeded
/// lines, fixture readers and an independent spherical distance.
enum SimplifyTestData {
    /// The textbook recursive Douglas–Peucker with the kernel's documented distance
    /// arithmetic (closed segment, first strict maximum, dropped when ≤ tolerance).
    static func recursiveKept(_ x: [Double], _ y: [Double], tolerance: Double) -> [Int] {
        let n = x.count
        guard n > 2 else { return Array(0..<n) }
        var keep = [Bool](repeating: false, count: n)
        keep[0] = true
        keep[n - 1] = true
        let tol2 = tolerance * tolerance
        func recurse(_ first: Int, _ last: Int) {
            guard last - first >= 2 else { return }
            let ax = x[first], ay = y[first]
            let sx = x[last] - ax, sy = y[last] - ay
            let len2 = sx * sx + sy * sy
            let inv = len2 >= Double.leastNormalMagnitude ? 1 / len2 : 0
            var best = -1.0
            var index = first + 1
            for i in (first + 1)..<last {
                let dx = x[i] - ax, dy = y[i] - ay
                let t = min(max((dx * sx + dy * sy) * inv, 0), 1)
                let ex = dx - t * sx, ey = dy - t * sy
                let d = ex * ex + ey * ey
                if d > best {
                    best = d
                    index = i
                }
            }
            guard best > tol2 else { return }
            keep[index] = true
            recurse(first, index)
            recurse(index, last)
        }
        recurse(0, n - 1)
        return keep.indices.filter { keep[$0] }
    }

    /// A planar random walk of `count` vertices with standard-normal steps; with
    /// `duplicates`, about one step in five repeats the previous vertex.
    static func randomWalk(_ rng: inout SeededRandom, count: Int, duplicates: Bool = false) -> ([Double], [Double]) {
        var x = [Double](repeating: 0, count: count), y = x
        for i in 1..<max(count, 1) {
            if duplicates && rng.uniform(0, 1) < 0.2 {
                x[i] = x[i - 1]
                y[i] = y[i - 1]
            } else {
                x[i] = x[i - 1] + rng.normal()
                y[i] = y[i - 1] + rng.normal()
            }
        }
        return (x, y)
    }

    /// The zig-zag (i, ±i²): from the section 0…k the farthest vertex is always k − 1,
    /// so every split peels off one vertex (the worst case: n − 2 nested splits).
    static func zigzag(_ count: Int) -> ([Double], [Double]) {
        let x = (0..<count).map { Double($0) }
        let y = (0..<count).map { (i: Int) -> Double in
            let square = Double(i) * Double(i)
            return i % 2 == 0 ? square : -square
        }
        return (x, y)
    }

    // MARK: - Fixtures

    static func json(_ relative: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: SharedData.path(relative))))
    }

    /// The [[lon, lat]] positions of a GeoJSON LineString, a Feature holding one, or an
    /// object with a "coordinates" member.
    static func positions(_ relative: String) throws -> [[Double]] {
        var object = try json(relative) as? [String: Any] ?? [:]
        if let geometry = object["geometry"] as? [String: Any] { object = geometry }
        guard let positions = object["coordinates"] as? [[Double]] else {
            throw GeoKernelError(.parse, "\(relative) has no LineString coordinates")
        }
        return positions
    }

    /// The vertices of a WKT `LINESTRING(x y, x y, …)` (x = longitude, y = latitude).
    static func wktPositions(_ relative: String) throws -> [[Double]] {
        let text = try SharedData.text(relative)
        guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")") else {
            throw GeoKernelError(.parse, "\(relative) is not a WKT LINESTRING")
        }
        return try text[text.index(after: open)..<close].split(separator: ",").map { pair in
            let numbers = pair.split(separator: " ").compactMap { Double($0) }
            guard numbers.count >= 2 else { throw GeoKernelError(.parse, "\(relative): bad vertex '\(pair)'") }
            return numbers
        }
    }

    /// Real road routes and coastlines under ../shared/data/lines (lon/lat).
    static let realLineFiles = [
        "lines/turf/line-slice-along_route1.geojson", "lines/turf/length_route1.geojson",
        "lines/turf/length_route2.geojson", "lines/urschrei-rdp/route1.geojson",
        "lines/urschrei-rdp/route2.geojson", "lines/urschrei-rdp/mk_route_long.json",
        "lines/georust-geo/norway_main.wkt", "lines/georust-geo/louisiana.wkt",
        "lines/georust-geo/vw_orig.wkt",
    ]

    static func realLine(_ relative: String) throws -> [Coordinate] {
        let positions = relative.hasSuffix(".wkt") ? try wktPositions(relative) : try positions(relative)
        return try positions.map { (p) throws(GeoKernelError) in try Coordinate(latitude: p[1], longitude: p[0]) }
    }

    // MARK: - Spherical distance, computed independently of the kernel

    /// Distance in metres (sphere of mean radius) from p to the great-circle arc a–b:
    /// the cross-track distance when the foot of the perpendicular falls on the arc,
    /// otherwise the distance to the nearer end.
    static func distanceToArc(_ p: Coordinate, _ a: Coordinate, _ b: Coordinate) -> Double {
        let r = EarthModel.meanRadiusMeters
        let toEnds = min(haversineDistance(p, a), haversineDistance(p, b))
        let va = UnitVector(a), vb = UnitVector(b), vp = UnitVector(p)
        let n = va.cross(vb)
        let len = (n.dot(n)).squareRoot()
        guard len > 1e-15 else { return toEnds }
        let nn = UnitVector(x: n.x / len, y: n.y / len, z: n.z / len)
        // The foot lies on the arc when p is on the inner side of both end planes.
        let inA = nn.cross(va).dot(vp) >= 0  // towards b from a
        let inB = vb.cross(nn).dot(vp) >= 0  // towards a from b
        guard inA && inB else { return toEnds }
        return min(toEnds, abs(asin(max(-1, min(1, nn.dot(vp))))) * r)
    }
}
