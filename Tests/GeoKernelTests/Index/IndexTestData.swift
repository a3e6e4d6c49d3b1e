import Foundation
import GeoKernel
import Testing
import _GeoKernelTestSupport

/// Seeded point sets for the index tests: uniform on the sphere, and clustered around
/// Gaussian "cities", some of which sit on the antimeridian and at both poles.
enum IndexTestData {
    static func uniformPoint(_ rng: inout SeededRandom) -> Coordinate {
        try! Coordinate(latitude: asin(rng.uniform(-1, 1)) * 180 / .pi, longitude: rng.uniform(-180, 180))
    }

    static func uniform(_ n: Int, seed: UInt64) -> [Coordinate] {
        var rng = SeededRandom(seed: seed)
        return (0..<n).map { _ in uniformPoint(&rng) }
    }

    /// City centres that stress the special places: the antimeridian on the equator and
    /// at 65° N, both poles, and a point near a pole.
    static let specialCentres: [Coordinate] = [
        try! Coordinate(latitude: 0.2, longitude: 179.99),
        try! Coordinate(latitude: 65.5, longitude: -180),
        try! Coordinate(latitude: 90, longitude: 0),
        try! Coordinate(latitude: -90, longitude: 0),
        try! Coordinate(latitude: 89.95, longitude: 120),
    ]

    /// A clustered set: `cities` Gaussian clusters with σ in [2, 30] km, the special
    /// centres first.
    struct Clustered {
        var centres: [Coordinate]
        var sigmas: [Double]
        var rng: SeededRandom

        init(cities: Int, seed: UInt64) {
            rng = SeededRandom(seed: seed)
            centres = IndexTestData.specialCentres
            while centres.count < cities { centres.append(IndexTestData.uniformPoint(&rng)) }
            sigmas = []
            for _ in centres { sigmas.append(rng.uniform(2_000, 30_000)) }
        }

        mutating func point(city: Int) -> Coordinate {
            var u = rng.uniform(0, 1)
            while u == 0 { u = rng.uniform(0, 1) }
            let r = sigmas[city] * (-2 * log(u)).squareRoot()
            return try! centres[city].destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: r)
        }

        mutating func points(_ n: Int) -> [Coordinate] { (0..<n).map { point(city: $0 % centres.count) } }

        /// Queries: half at the special cities, half at random cities.
        mutating func queries(_ n: Int) -> [Coordinate] {
            (0..<n).map { i in
                let city = i % 2 == 0 ? (i / 2) % IndexTestData.specialCentres.count : Int(rng.next() % UInt64(centres.count))
                return point(city: city)
            }
        }
    }

    static func clustered(_ n: Int, cities: Int = 40, seed: UInt64) -> (points: [Coordinate], queries: [Coordinate]) {
        var c = Clustered(cities: cities, seed: seed)
        let p = c.points(n)
        return (p, c.queries(40))
    }

    /// The brute force written independently of the index: every distance by
    /// `SpatialIndex.distanceMeters`, sorted by (distance, id).
    static func naiveNearest(_ points: [(UInt32, Coordinate)], _ q: Coordinate, k: Int) -> [SpatialIndex.Neighbor] {
        let all = points.map { SpatialIndex.Neighbor(id: $0.0, distanceMeters: SpatialIndex.distanceMeters(q, $0.1)) }
        return Array(all.sorted(by: ordered).prefix(k))
    }

    static func naiveWithin(_ points: [(UInt32, Coordinate)], _ q: Coordinate, radius: Double) -> [SpatialIndex.Neighbor] {
        points.map { SpatialIndex.Neighbor(id: $0.0, distanceMeters: SpatialIndex.distanceMeters(q, $0.1)) }
            .filter { $0.distanceMeters <= radius }.sorted(by: ordered)
    }

    static func ordered(_ a: SpatialIndex.Neighbor, _ b: SpatialIndex.Neighbor) -> Bool {
        a.distanceMeters < b.distanceMeters || (a.distanceMeters == b.distanceMeters && a.id < b.id)
    }

    /// Records the first query whose results differ.
    static func expectSame(
        _ got: [SpatialIndex.Neighbor], _ want: [SpatialIndex.Neighbor], _ what: @autoclosure () -> String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        if got == want { return true }
        let firstDiff = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(got.count, want.count)
        let g = firstDiff < got.count ? got[firstDiff].description : "none"
        let w = firstDiff < want.count ? want[firstDiff].description : "none"
        let message = "\(what()): \(got.count) results vs \(want.count) from the brute force; "
            + "first difference at \(firstDiff): \(g) vs \(w)"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        return false
    }
}
