#if canImport(Glibc)
import Glibc
#endif
import GeoKernel
import _GeoKernelTestSupport

/// Seeded polygons for the polygon tests.
enum PolygonTestData {
    /// A star-shaped ring of `n` vertices around (lat, lon), radii in [0.3, 1] × `size`
    /// degrees, not closed.
    static func star(_ rng: inout SeededRandom, n: Int, lat: Double, lon: Double, size: Double) -> [Coordinate] {
        (0..<n).map { k in
            let a = 2 * Double.pi * (Double(k) + rng.uniform(0, 0.8)) / Double(n)
            let r = size * rng.uniform(0.3, 1)
            return Coordinate(uncheckedLatitude: max(-90, min(90, lat + r * sin(a))), longitude: lon + r * cos(a))
        }
    }

    /// A star with a star-shaped hole inside its inner radius.
    static func starWithHole(_ rng: inout SeededRandom, n: Int, lat: Double, lon: Double, size: Double) throws -> Polygon {
        let outer = star(&rng, n: n, lat: lat, lon: lon, size: size)
        let hole = star(&rng, n: max(3, n / 3), lat: lat, lon: lon, size: size * 0.25)
        return try Polygon(outer: outer + [outer[0]], holes: [hole.reversed()])
    }

    /// Points to test against a polygon: uniform in a box around it, its vertices, the
    /// midpoints of its edges, and points 1e-9° to 1e-12° off vertices and edges.
    static func probes(_ rng: inout SeededRandom, _ polygon: Polygon, count: Int) -> [Coordinate] {
        var lats = polygon.rings.flatMap { $0.map(\.latitude) }, lons = polygon.rings.flatMap { $0.map(\.longitude) }
        let (s, n, w, e) = (lats.min()!, lats.max()!, lons.min()!, lons.max()!)
        var out: [Coordinate] = []
        for _ in 0..<count {
            out.append(Coordinate(uncheckedLatitude: max(-90, min(90, rng.uniform(s - 0.1, n + 0.1))), longitude: rng.uniform(w - 0.1, e + 0.1)))
        }
        for ring in polygon.rings {
            for (k, a) in ring.enumerated() {
                let b = ring[(k + 1) % ring.count]
                out.append(a)
                let t = rng.uniform(0, 1)
                let mid = (a.latitude + t * (b.latitude - a.latitude), a.longitude + t * (b.longitude - a.longitude))
                out.append(Coordinate(uncheckedLatitude: mid.0, longitude: mid.1))
                for eps in [1e-9, 1e-10, 1e-12] {
                    out.append(Coordinate(uncheckedLatitude: max(-90, min(90, mid.0 + rng.uniform(-eps, eps))), longitude: mid.1 + rng.uniform(-eps, eps)))
                    out.append(Coordinate(uncheckedLatitude: max(-90, min(90, a.latitude + rng.uniform(-eps, eps))), longitude: a.longitude + rng.uniform(-eps, eps)))
                }
            }
        }
        lats.removeAll(); lons.removeAll()
        return out
    }
}
