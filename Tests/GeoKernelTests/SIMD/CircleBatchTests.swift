import Foundation
import GeoKernel
import Testing
import _GeoKernelTestSupport

/// Checks that the degree kernel and the unit-vector kernel decide every point exactly
/// as the scalar `Circle.contains(latitude:longitude:)`, and that the returned counts
/// match. Returns the number of points inside.
@discardableResult
private func expectScalarDecisions(
    _ circle: Circle, _ lat: [Double], _ lon: [Double], _ buffer: UnitVectorBuffer? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> Int {
    let expected = lat.indices.map { circle.contains(latitude: lat[$0], longitude: lon[$0]) }
    let inside = expected.filter { $0 }.count

    let degrees = try circle.contains(latitudes: lat, longitudes: lon)
    let vectors = try (buffer ?? UnitVectorBuffer(latitudes: lat, longitudes: lon)).contains(in: circle)
    var badDegrees: [Int] = []
    var badVectors: [Int] = []
    for i in lat.indices {
        if degrees[i] != expected[i] { badDegrees.append(i) }
        if vectors[i] != expected[i] { badVectors.append(i) }
    }
    func describe(_ bad: [Int]) -> String {
        bad.prefix(5).map { "#\($0) (\(lat[$0]), \(lon[$0])) scalar \(expected[$0])" }.joined(separator: "; ")
    }
    #expect(badDegrees.isEmpty, "degrees: \(badDegrees.count) differ for \(circle): \(describe(badDegrees))", sourceLocation: sourceLocation)
    #expect(badVectors.isEmpty, "unit vectors: \(badVectors.count) differ for \(circle): \(describe(badVectors))", sourceLocation: sourceLocation)

    // The pointer APIs return the number inside.
    var mask = [Bool](repeating: false, count: lat.count)
    let counted = try lat.withUnsafeBufferPointer { (la) throws(GeoKernelError) -> Int in
        try lon.withUnsafeBufferPointer { (lo) throws(GeoKernelError) -> Int in
            try mask.withUnsafeMutableBufferPointer { (m) throws(GeoKernelError) -> Int in
                guard let a = la.baseAddress, let b = lo.baseAddress else { return 0 }
                return try circle.contains(CoordinateColumns(latitudes: a, longitudes: b, count: la.count), into: m)
            }
        }
    }
    #expect(counted == inside, sourceLocation: sourceLocation)
    #expect(mask == expected, sourceLocation: sourceLocation)
    if let buffer {
        var m2 = [Bool](repeating: false, count: lat.count)
        let counted2 = try m2.withUnsafeMutableBufferPointer { (m) throws(GeoKernelError) -> Int in
            try buffer.contains(in: circle, into: m)
        }
        #expect(counted2 == inside, sourceLocation: sourceLocation)
    }
    return inside
}

/// Points on the boundary of circles around `center` (the radius is set to the scalar
/// distance of a point, so that point is exactly on the edge), and their neighbours a
/// few ulps away in latitude and longitude.
private func boundaryCases(around center: Coordinate, seed: UInt64, count: Int)
    throws -> [(radius: Double, lat: [Double], lon: [Double])]
{
    var rng = SeededRandom(seed: seed)
    var cases: [(Double, [Double], [Double])] = []
    for _ in 0..<count {
        let distance = rng.uniform(0, 20_000_000)
        let p = try center.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: distance)
        let edge = SIMDTestData.scalarDistance(center, p.latitude, p.longitude)
        var lat: [Double] = []
        var lon: [Double] = []
        for dLat in -3...3 {
            for dLon in -3...3 {
                var la = p.latitude, lo = p.longitude
                for _ in 0..<abs(dLat) { la = dLat > 0 ? la.nextUp : la.nextDown }
                for _ in 0..<abs(dLon) { lo = dLon > 0 ? lo.nextUp : lo.nextDown }
                lat.append(SIMDTestData.clampLat(la))
                lon.append(SIMDTestData.clampLon(lo))
            }
        }
        // Radius exactly the edge distance, and a few ulps either side.
        var r = edge
        cases.append((r, lat, lon))
        for _ in 0..<3 { r = r.nextUp; cases.append((r, lat, lon)) }
        r = edge
        for _ in 0..<3 where r > 0 { r = r.nextDown; cases.append((r, lat, lon)) }
    }
    return cases
}

@Suite("SIMD point-in-circle")
struct CircleBatchTests {
    static let radii: [Double] = [
        0, 1e-9, 1, 1_000, 100_000, 1_000_000, 5_000_000, 10_007_543, 15_000_000, 19_000_000,
        20_015_086, 20_015_087.5, 3e7,
    ]

    @Test(
        "decides seeded random points exactly as the scalar test, for every centre and radius",
        arguments: SIMDTestData.centers.indices)
    func randomPoints(centerIndex: Int) throws {
        let center = SIMDTestData.centers[centerIndex]
        let pts = SIMDTestData.points(count: 20_003, around: center, seed: 300 + UInt64(centerIndex))
        let buffer = try UnitVectorBuffer(latitudes: pts.lat, longitudes: pts.lon)
        for r in Self.radii {
            try expectScalarDecisions(try Circle(center: center, radiusMeters: r), pts.lat, pts.lon, buffer)
        }
    }

    @Test(
        "decides points on the boundary and a few ulps either side exactly as the scalar test",
        arguments: SIMDTestData.centers.indices)
    func boundary(centerIndex: Int) throws {
        let center = SIMDTestData.centers[centerIndex]
        for c in try boundaryCases(around: center, seed: 400 + UInt64(centerIndex), count: 40) {
            let inside = try expectScalarDecisions(try Circle(center: center, radiusMeters: c.radius), c.lat, c.lon)
            #expect(inside > 0 || c.radius < SIMDTestData.scalarDistance(center, c.lat[24], c.lon[24]))
        }
    }

    @Test("decides points clustered around the centre, mostly inside, exactly as the scalar test")
    func dense() throws {
        var rng = SeededRandom(seed: 21)
        for center in SIMDTestData.centers {
            var lat: [Double] = []
            var lon: [Double] = []
            for _ in 0..<20_000 {
                let p = try center.destination(
                    bearingDegrees: rng.uniform(0, 360), distanceMeters: 1_100_000 * rng.uniform(0, 1).squareRoot())
                lat.append(p.latitude)
                lon.append(p.longitude)
            }
            let inside = try expectScalarDecisions(try Circle(center: center, radiusMeters: 1_000_000), lat, lon)
            #expect(inside > 15_000)
        }
    }

    @Test("decides tiny circles at the poles exactly as the scalar test")
    func tinyPoleCircles() throws {
        for center in [try Coordinate(latitude: 90, longitude: 0), try Coordinate(latitude: -90, longitude: 77)] {
            let lon = (0..<64).map { Double($0) * 5.625 - 180 }
            let lat = [Double](repeating: center.latitude, count: lon.count)
            for r in [0, 1e-12, 1e-10, 2.9e-10, 3e-10, 1e-9, 1e-6] {
                try expectScalarDecisions(try Circle(center: center, radiusMeters: r), lat, lon)
            }
        }
    }

    @Test("decides micrometre circles straddling the antimeridian exactly as the scalar test")
    func tinyAntimeridianCircles() throws {
        // Across the antimeridian the scalar's Δλ·k is near ±2π and rounded in absolute
        // terms (up to 4.4e-16 rad, 3 nm), so for tiny circles the culls must allow for
        // it. Points are put just inside the edge, where inscribed boxes have corners.
        var rng = SeededRandom(seed: 77)
        for _ in 0..<400 {
            let r = [1e-6, 1e-5, 1e-4, 1e-3][Int.random(in: 0..<4, using: &rng)]
            let theta = r / EarthModel.meanRadiusMeters * 180 / .pi
            let center = try Coordinate(latitude: rng.uniform(-60, 60), longitude: 180 - theta * rng.uniform(0, 1))
            let cosLat = cos(center.latitude * .pi / 180)
            var lat: [Double] = []
            var lon: [Double] = []
            for _ in 0..<128 {
                // Near the corner of a box with latitude half-width 0.85 θ or 0.52 θ.
                let fraction = Bool.random(using: &rng) ? 0.85 : 0.52
                let dLat = theta * fraction * (1 - rng.uniform(1e-6, 1e-5))
                let dLon = (theta * theta - dLat * dLat).squareRoot() / cosLat * (1 - rng.uniform(0, 2e-3))
                var pLon = center.longitude + dLon
                if pLon > 180 { pLon -= 360 }
                lat.append(center.latitude + (Bool.random(using: &rng) ? dLat : -dLat))
                lon.append(pLon)
            }
            try expectScalarDecisions(try Circle(center: center, radiusMeters: r), lat, lon)
        }
    }

    @Test("counts 0 to 9 points, and the scalar tail, correctly")
    func smallCounts() throws {
        let center = SIMDTestData.centers[0]
        let pts = SIMDTestData.points(count: 9, around: center, seed: 8)
        for n in 0...9 {
            for r in [0.0, 2_000_000, 12_000_000] {
                try expectScalarDecisions(
                    try Circle(center: center, radiusMeters: r), Array(pts.lat.prefix(n)), Array(pts.lon.prefix(n)))
            }
        }
    }

    @Test("gives the same decisions for interleaved and strided inputs")
    func layouts() throws {
        let center = SIMDTestData.centers[4]
        let pts = SIMDTestData.points(count: 2_001, around: center, seed: 12)
        let circle = try Circle(center: center, radiusMeters: 3_000_000)
        let expected = try circle.contains(latitudes: pts.lat, longitudes: pts.lon)
        var pairs: [Double] = []
        var records: [Double] = []
        for i in pts.lat.indices {
            pairs += [pts.lat[i], pts.lon[i]]
            records += [-1, pts.lat[i], pts.lon[i]]
        }
        #expect(try circle.contains(interleaved: pairs) == expected)
        #expect(try UnitVectorBuffer(interleaved: pairs).contains(in: circle) == expected)
        let n = pts.lat.count
        var mask = [Bool](repeating: false, count: n)
        try records.withUnsafeBufferPointer { r in
            let view = CoordinateColumns(
                latitudes: r.baseAddress! + 1, longitudes: r.baseAddress! + 2, count: n, strideBytes: 24)
            try mask.withUnsafeMutableBufferPointer { m in _ = try circle.contains(view, into: m) }
            #expect(try UnitVectorBuffer(view).contains(in: circle) == expected)
        }
        #expect(mask == expected)
    }

    @Test("a unit-vector buffer made from coordinates decides like the scalar test on them")
    func fromCoordinates() throws {
        let center = SIMDTestData.centers[3]
        let pts = SIMDTestData.points(count: 5_000, around: center, seed: 13)
        let coords = try pts.lat.indices.map { try Coordinate(latitude: pts.lat[$0], longitude: pts.lon[$0]) }
        let buffer = UnitVectorBuffer(coords)
        #expect(buffer.count == coords.count)
        for r in [1.0, 500_000, 7_000_000, 19_500_000] {
            let circle = try Circle(center: center, radiusMeters: r)
            #expect(buffer.contains(in: circle) == coords.map { circle.contains($0) })
        }
        #expect(UnitVectorBuffer([]).contains(in: try Circle(center: center, radiusMeters: 1)).isEmpty)
    }

    @Test("the scalar tests agree with haversineDistance on Coordinates")
    func scalarDefinition() throws {
        let c = try Coordinate(latitude: 10, longitude: 20)
        let p = try Coordinate(latitude: 11, longitude: 21)
        let d = haversineDistance(c, p)
        #expect(try Circle(center: c, radiusMeters: d).contains(p))
        #expect(!(try Circle(center: c, radiusMeters: d.nextDown).contains(p)))
        #expect(try Circle(center: c, radiusMeters: d).contains(latitude: 11, longitude: 21))
        #expect(!(try Circle(center: c, radiusMeters: 1).contains(latitude: .nan, longitude: 21)))
    }
}
