import GeoKernel
import Testing

/// Runs `body`, expecting an `.invalidArgument` error whose message contains every
/// string of `fragments`.
private func expectInvalid(
    _ fragments: [String], sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("expected an invalid-argument error mentioning \(fragments)", sourceLocation: sourceLocation)
    } catch let error as GeoKernelError {
        #expect(error.code == .invalidArgument, "\(error)", sourceLocation: sourceLocation)
        for f in fragments {
            #expect(error.message.contains(f), "message \"\(error.message)\" lacks \"\(f)\"", sourceLocation: sourceLocation)
        }
    } catch {
        Issue.record("expected a GeoKernelError, got \(error)", sourceLocation: sourceLocation)
    }
}

/// 40 valid points with one bad value put at `index` (latitude or longitude).
private func columns(badLatitude: Double? = nil, badLongitude: Double? = nil, at index: Int = 17)
    -> (lat: [Double], lon: [Double])
{
    var lat = (0..<40).map { Double($0) * 2 - 40 }
    var lon = (0..<40).map { Double($0) * 9 - 180 }
    if let badLatitude { lat[index] = badLatitude }
    if let badLongitude { lon[index] = badLongitude }
    return (lat, lon)
}

private func interleave(_ c: (lat: [Double], lon: [Double])) -> [Double] {
    var out: [Double] = []
    for i in c.lat.indices { out += [c.lat[i], c.lon[i]] }
    return out
}

/// Every batch entry point, run on the same columns; each must reject them.
private func expectAllReject(_ c: (lat: [Double], lon: [Double]), _ fragments: [String]) throws {
    let center = try Coordinate(latitude: 1, longitude: 2)
    let circle = try Circle(center: center, radiusMeters: 5_000_000)
    expectInvalid(fragments) { _ = try haversineDistances(from: center, latitudes: c.lat, longitudes: c.lon) }
    expectInvalid(fragments) { _ = try haversineDistances(from: center, interleaved: interleave(c)) }
    expectInvalid(fragments) { _ = try circle.contains(latitudes: c.lat, longitudes: c.lon) }
    expectInvalid(fragments) { _ = try circle.contains(interleaved: interleave(c)) }
    expectInvalid(fragments) { _ = try UnitVectorBuffer(latitudes: c.lat, longitudes: c.lon) }
    expectInvalid(fragments) { _ = try UnitVectorBuffer(interleaved: interleave(c)) }
    // The pointer API, with a stride of three doubles.
    var records: [Double] = []
    for i in c.lat.indices { records += [c.lat[i], c.lon[i], 0] }
    expectInvalid(fragments) {
        try records.withUnsafeBufferPointer { r in
            let view = CoordinateColumns(
                latitudes: r.baseAddress!, longitudes: r.baseAddress! + 1, count: c.lat.count, strideBytes: 24)
            _ = try UnitVectorBuffer(view)
        }
    }
}

@Suite("SIMD batch kernels reject bad input")
struct BatchValidationTests {
    @Test("a latitude above 90 is rejected, naming the point and the value")
    func latitudeAbove90() throws {
        try expectAllReject(columns(badLatitude: 91), ["point 17", "latitude 91.0", "[-90, 90]"])
    }

    @Test("a latitude below -90 is rejected")
    func latitudeBelowMinus90() throws {
        try expectAllReject(columns(badLatitude: -90.000_001), ["point 17", "latitude -90.000001"])
    }

    @Test("a NaN latitude is rejected")
    func latitudeNaN() throws {
        try expectAllReject(columns(badLatitude: .nan), ["point 17", "latitude nan"])
    }

    @Test("an infinite latitude is rejected")
    func latitudeInfinite() throws {
        try expectAllReject(columns(badLatitude: -.infinity, at: 39), ["point 39", "latitude -inf"])
    }

    @Test("a longitude outside [-180, 180] is rejected")
    func longitudeOutOfRange() throws {
        try expectAllReject(columns(badLongitude: 180.000_000_001, at: 0), ["point 0", "longitude 180.000000001", "[-180, 180]"])
    }

    @Test("a NaN longitude is rejected")
    func longitudeNaN() throws {
        try expectAllReject(columns(badLongitude: .nan, at: 38), ["point 38", "longitude nan"])
    }

    @Test("an infinite longitude is rejected")
    func longitudeInfinite() throws {
        try expectAllReject(columns(badLongitude: .infinity, at: 5), ["point 5", "longitude inf"])
    }

    @Test("the first bad point is reported when there are several")
    func firstBadPoint() throws {
        var c = columns(badLatitude: 100, at: 30)
        c.lon[21] = 200
        try expectAllReject(c, ["point 21", "longitude 200.0"])
    }

    @Test("latitude and longitude arrays of different lengths are rejected")
    func mismatchedLengths() throws {
        let center = try Coordinate(latitude: 0, longitude: 0)
        let circle = try Circle(center: center, radiusMeters: 1)
        let fragments = ["latitudes has 3 values", "longitudes has 2"]
        expectInvalid(fragments) { _ = try haversineDistances(from: center, latitudes: [1, 2, 3], longitudes: [1, 2]) }
        expectInvalid(fragments) { _ = try circle.contains(latitudes: [1, 2, 3], longitudes: [1, 2]) }
        expectInvalid(fragments) { _ = try UnitVectorBuffer(latitudes: [1, 2, 3], longitudes: [1, 2]) }
    }

    @Test("an interleaved array of odd length is rejected")
    func oddInterleaved() throws {
        let center = try Coordinate(latitude: 0, longitude: 0)
        let circle = try Circle(center: center, radiusMeters: 1)
        let fragments = ["odd length 5"]
        expectInvalid(fragments) { _ = try haversineDistances(from: center, interleaved: [1, 2, 3, 4, 5]) }
        expectInvalid(fragments) { _ = try circle.contains(interleaved: [1, 2, 3, 4, 5]) }
        expectInvalid(fragments) { _ = try UnitVectorBuffer(interleaved: [1, 2, 3, 4, 5]) }
    }

    @Test("an output buffer shorter than the number of points is rejected")
    func shortOutput() throws {
        let center = try Coordinate(latitude: 0, longitude: 0)
        let circle = try Circle(center: center, radiusMeters: 1_000)
        let lat: [Double] = [1, 2, 3, 4, 5], lon: [Double] = [1, 2, 3, 4, 5]
        let fragments = ["room for 4 values", "5 points"]
        try lat.withUnsafeBufferPointer { la in
            try lon.withUnsafeBufferPointer { lo in
                let view = CoordinateColumns(latitudes: la.baseAddress!, longitudes: lo.baseAddress!, count: 5)
                var out = [Double](repeating: 0, count: 4)
                expectInvalid(fragments) {
                    try out.withUnsafeMutableBufferPointer { o in
                        try haversineDistances(from: center, to: view, into: o)
                    }
                }
                var mask = [Bool](repeating: false, count: 4)
                expectInvalid(fragments) {
                    try mask.withUnsafeMutableBufferPointer { m in
                        _ = try circle.contains(view, into: m)
                    }
                }
                let buffer = try UnitVectorBuffer(view)
                expectInvalid(fragments) {
                    try mask.withUnsafeMutableBufferPointer { m in
                        _ = try buffer.contains(in: circle, into: m)
                    }
                }
            }
        }
    }

    @Test("a negative point count is rejected")
    func negativeCount() throws {
        let center = try Coordinate(latitude: 0, longitude: 0)
        let circle = try Circle(center: center, radiusMeters: 1_000)
        let lat: [Double] = [1], lon: [Double] = [1]
        lat.withUnsafeBufferPointer { la in
            lon.withUnsafeBufferPointer { lo in
                let view = CoordinateColumns(latitudes: la.baseAddress!, longitudes: lo.baseAddress!, count: -1)
                var out = [Double](repeating: 0, count: 1)
                expectInvalid(["count -1"]) {
                    try out.withUnsafeMutableBufferPointer { o in
                        try haversineDistances(from: center, to: view, into: o)
                    }
                }
                var mask = [Bool](repeating: false, count: 1)
                expectInvalid(["count -1"]) {
                    try mask.withUnsafeMutableBufferPointer { m in
                        _ = try circle.contains(view, into: m)
                    }
                }
                expectInvalid(["count -1"]) { _ = try UnitVectorBuffer(view) }
            }
        }
    }

    @Test("a negative, NaN or infinite circle radius is rejected", arguments: [-1.0, -.ulpOfOne, .nan, .infinity, -.infinity])
    func badCircleRadius(radius: Double) throws {
        let center = try Coordinate(latitude: 0, longitude: 0)
        expectInvalid(["circle radius"]) { _ = try Circle(center: center, radiusMeters: radius) }
    }

    @Test("a negative, NaN or infinite sphere radius is rejected", arguments: [-6_371_000.0, .nan, .infinity])
    func badSphereRadius(radius: Double) throws {
        let center = try Coordinate(latitude: 0, longitude: 0)
        expectInvalid(["sphere radius"]) {
            _ = try haversineDistances(from: center, latitudes: [1], longitudes: [1], radiusMeters: radius)
        }
        expectInvalid(["sphere radius"]) {
            _ = try haversineDistances(from: center, interleaved: [1, 1], radiusMeters: radius)
        }
    }

    @Test("a zero circle radius is accepted")
    func zeroRadius() throws {
        let circle = try Circle(center: try Coordinate(latitude: 3, longitude: 4), radiusMeters: 0)
        #expect(circle.radiusMeters == 0)
        #expect(try circle.contains(latitudes: [3, 3], longitudes: [4, 4.000_001]) == [true, false])
    }
}
