#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GeoKernel

/// Made-up districts: a map cut into `rows` × `columns` neighbouring polygons with wiggly
/// shared borders (as city districts, parishes or delivery zones look), some with a hole (a
/// park or lake that belongs to no district). Neighbours share their border vertex for
/// vertex, so the districts tile the area without gaps or overlaps. What polygon geofences
/// are tested and measured on, reproducible from a seed.
///
/// Units: metres and degrees (the local scale of the sphere R = 6 371 008.8 m at the
/// south-west corner's latitude). Thread safety: a value; `Sendable`. C twin: none.
/// \since 0.8
public struct SimulatedDistricts: Sendable, Hashable {
    /// Districts per column and per row.
    public var rows: Int, columns: Int
    /// The south-west corner of the map.
    public var southWest: Coordinate
    /// The size of a district, metres (its corners move by up to a fifth of it).
    public var sizeMeters: Double
    /// Vertices per side, corners included (four sides: about 4 × (this − 1) vertices).
    public var verticesPerSide: Int
    /// One district in this many has a hole (0: none).
    public var holeEvery: Int = 7

    /// The plan of a map; nothing is generated until `polygons(seed:)`. \since 0.8
    public init(rows: Int, columns: Int, southWest: Coordinate, sizeMeters: Double, verticesPerSide: Int = 13) {
        self.rows = rows
        self.columns = columns
        self.southWest = southWest
        self.sizeMeters = sizeMeters
        self.verticesPerSide = verticesPerSide
    }

    /// The districts, row by row from the south-west, each a `Polygon` (outer ring closed,
    /// counter-clockwise, as RFC 7946 asks; holes clockwise).
    ///
    /// - Complexity: O(rows × columns × verticesPerSide). \since 0.8
    public func polygons(seed: UInt64) -> [Polygon] {
        let n = max(2, verticesPerSide)
        let metresPerDegree = EarthModel.meanRadiusMeters * Double.pi / 180
        let dLat = sizeMeters / metresPerDegree
        let dLon = sizeMeters / (metresPerDegree * cos(southWest.latitude * Double.pi / 180))
        var rng = SplitMix64(seed: seed)
        // Corners, jittered by up to a fifth of a district.
        var corners: [[(Double, Double)]] = []
        for i in 0...rows {
            var row: [(Double, Double)] = []
            for j in 0...columns {
                let jitter = (i == 0 || i == rows || j == 0 || j == columns) ? 0.0 : 0.2
                row.append((
                    southWest.latitude + (Double(i) + jitter * rng.uniform(-1, 1)) * dLat,
                    southWest.longitude + (Double(j) + jitter * rng.uniform(-1, 1)) * dLon))
            }
            corners.append(row)
        }
        // A side from a to b: n points, the inner ones pushed sideways by two waves and a
        // little noise (at most 6 % of a district), zero at the corners.
        func side(_ a: (Double, Double), _ b: (Double, Double), _ r: inout SplitMix64) -> [(Double, Double)] {
            let (p1, p2, a1, a2) = (r.uniform(0, 2 * .pi), r.uniform(0, 2 * .pi), r.uniform(-0.03, 0.03), r.uniform(-0.015, 0.015))
            let dy = b.0 - a.0, dx = b.1 - a.1
            var out: [(Double, Double)] = []
            for k in 0..<n {
                let t = Double(k) / Double(n - 1)
                let bump = sin(Double.pi * t)
                let offset = bump * (a1 * sin(2 * .pi * t + p1) + a2 * sin(6 * .pi * t + p2) + r.uniform(-0.005, 0.005))
                // Perpendicular in metres-scaled degrees: (−dx·dLat/dLon, dy·dLon/dLat).
                out.append((a.0 + t * dy - offset * dx * dLat / dLon, a.1 + t * dx + offset * dy * dLon / dLat))
            }
            return out
        }
        var horizontal: [[[(Double, Double)]]] = []  // [i][j]: corner (i, j) → (i, j + 1)
        for i in 0...rows {
            horizontal.append((0..<columns).map { j in side(corners[i][j], corners[i][j + 1], &rng) })
        }
        var vertical: [[[(Double, Double)]]] = []  // [i][j]: corner (i, j) → (i + 1, j)
        for i in 0..<rows {
            vertical.append((0...columns).map { j in side(corners[i][j], corners[i + 1][j], &rng) })
        }
        var out: [Polygon] = []
        out.reserveCapacity(rows * columns)
        for i in 0..<rows {
            for j in 0..<columns {
                var ring = horizontal[i][j]
                ring += vertical[i][j + 1].dropFirst()
                ring += horizontal[i + 1][j].reversed().dropFirst()
                ring += vertical[i][j].reversed().dropFirst()
                var rings = [ring.map { Coordinate(uncheckedLatitude: $0.0, longitude: $0.1) }]
                if holeEvery > 0, (i * columns + j) % holeEvery == holeEvery - 1 {
                    // A small clockwise hole near the middle.
                    let four = [corners[i][j], corners[i][j + 1], corners[i + 1][j], corners[i + 1][j + 1]]
                    let c = (four.map(\.0).reduce(0, +) / 4, four.map(\.1).reduce(0, +) / 4)
                    var hole: [Coordinate] = []
                    for k in 0..<9 {
                        let a = -2 * Double.pi * Double(k) / 9
                        let f = 0.08 + 0.04 * rng.uniform(0, 1)
                        hole.append(Coordinate(uncheckedLatitude: c.0 + f * dLat * sin(a), longitude: c.1 + f * dLon * cos(a)))
                    }
                    hole.append(hole[0])
                    rings.append(hole)
                }
                // Built from valid corners and small offsets: always three distinct positions.
                out.append(try! Polygon(rings: rings))
            }
        }
        return out
    }
}
