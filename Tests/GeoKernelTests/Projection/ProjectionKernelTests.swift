import GeoKernel
import Testing
import _GeoKernelTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bit patterns of a forward kernel's output on (lon, lat), run in place on one buffer
/// strided by `stride` doubles (1: two columns, 2: interleaved pairs).
struct KernelOutput: Equatable {
    var x: [UInt64], y: [UInt64], failed: Int

    init(
        _ lon: [Double], _ lat: [Double], stride: Int,
        _ project: (UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>, Int, Int) -> Int
    ) {
        let n = lon.count
        var buffer = [Double](repeating: 0, count: 2 * n)
        failed = buffer.withUnsafeMutableBufferPointer { b -> Int in
            let base = b.baseAddress!
            let (xs, ys) = stride == 1 ? (base, base + n) : (base, base + 1)
            for i in 0..<n { xs[i * stride] = lon[i]; ys[i * stride] = lat[i] }
            return project(xs, ys, stride * 8, n)
        }
        x = (0..<n).map { (stride == 1 ? buffer[$0] : buffer[2 * $0]).bitPattern }
        y = (0..<n).map { (stride == 1 ? buffer[n + $0] : buffer[2 * $0 + 1]).bitPattern }
    }
}

/// The Web Mercator vector kernel (CSIMDShim_webmerc_forward) on its own: every build the
/// CPU runs gives the same bits, in every memory layout, and y agrees with libm's
/// a·asinh(tan φ).
@Suite("Web Mercator kernel")
struct WebMercatorKernelTests {
    static let radius = 6_378_137.0

    /// Seeded points over the whole domain, the equator's neighbourhood, the two branches'
    /// boundary (0.4 rad) and the poles' neighbourhood, then edge cases (±0, ±180, beyond
    /// ±180, ±90, NaN, infinity, and a longitude too large to reduce exactly, refused).
    static func points() -> (lon: [Double], lat: [Double]) {
        var rng = SeededRandom(seed: 3857)
        var lon: [Double] = [], lat: [Double] = []
        let boundary = 0.4 / (Double.pi / 180)
        for i in 0..<8_000 {
            lon.append(rng.uniform(-180, 180))
            switch i % 4 {
            case 0: lat.append(rng.uniform(-89.999, 89.999))
            case 1: lat.append(pow(10, rng.uniform(-12, 0)) * (i % 8 == 1 ? 1 : -1))
            case 2: lat.append(boundary * (1 + rng.uniform(-1e-9, 1e-9)))
            default: lat.append(rng.uniform(89.9, 89.999_999_999))
            }
        }
        let edges: [(Double, Double)] = [
            (0, 0), (-0.0, -0.0), (180, 45), (-180, -45), (540, 10), (-190, 10), (999_999_999_999_810, 1), (1e300, 1),
            (0, 90), (0, -90), (.nan, 0), (0, .nan), (.infinity, 0), (0, -.infinity),
        ]
        for (a, b) in edges { lon.append(a); lat.append(b) }
        return (lon, lat)
    }

    static func run(level: CInt, stride: Int) -> KernelOutput {
        let (lon, lat) = points()
        return KernelOutput(lon, lat, stride: stride) { x, y, strideBytes, n in
            WebMercator().project(longitudes: x, latitudes: y, x: x, y: y, strideBytes: strideBytes, count: n, level: level)
        }
    }

    @Test("every build this CPU runs gives the same bits, in columns and interleaved, in place")
    func buildsAgree() {
        let reference = Self.run(level: 0, stride: 1)
        #expect(reference.failed == 7)
        for level in WebMercator.levels {
            for stride in [1, 2] {
                #expect(Self.run(level: level, stride: stride) == reference, "level \(level) stride \(stride)")
            }
        }
    }

    @Test("y is within 5 nm of libm's a·asinh(tan φ) below 85° and within 6 ulps of it below 23°")
    func agreesWithLibm() {
        let (lon, lat) = Self.points()
        var x = lon, y = lat
        let failed = x.withUnsafeMutableBufferPointer { xs in
            y.withUnsafeMutableBufferPointer { ys in
                WebMercator().project(
                    longitudes: xs.baseAddress!, latitudes: ys.baseAddress!, x: xs.baseAddress!,
                    y: ys.baseAddress!, strideBytes: 8, count: xs.count)
            }
        }
        #expect(failed == 7)
        var checked = 0
        for i in lat.indices where abs(lat[i]) <= 85 && abs(lon[i]) <= 180 {
            let expected = Self.radius * asinh(tan(lat[i] * (Double.pi / 180)))
            #expect(abs(y[i] - expected) <= 5e-9, "latitude \(lat[i]): \(y[i]) vs \(expected)")
            if abs(lat[i]) < 23 {
                #expect(abs(y[i] - expected) <= 6 * expected.ulp, "latitude \(lat[i]): \(y[i]) vs \(expected)")
            }
            #expect(y[i].sign == lat[i].sign)
            #expect(x[i] == lon[i] * (Double.pi / 180) * Self.radius)
            checked += 1
        }
        #expect(checked > 4_000)
    }

    @Test("edge cases: ±0 keeps its sign, ±180 and beyond go to ±π·a, the poles and non-finite input fail, y grows across 0.4 rad")
    func edges() throws {
        let t = try Transformer(source: "EPSG:4326", target: "EPSG:3857")
        let zero = try t.transform(x: -0.0, y: -0.0)
        #expect(zero.x == 0 && zero.y == 0 && zero.y.sign == .minus && zero.x.sign == .minus)
        let halfTurn = Double.pi * Self.radius
        #expect(try t.transform(x: 180, y: 45).x == halfTurn)
        #expect(try t.transform(x: -180, y: 45).x == -halfTurn)
        #expect(try t.transform(x: 540, y: 45).x == halfTurn)
        #expect(try t.transform(x: -190, y: 45).x == 170 * (Double.pi / 180) * Self.radius)
        #expect(try t.transform(x: 999_999_999_999_810, y: 45).x == 90 * (Double.pi / 180) * Self.radius)  // 360·2 777 777 777 777 + 90
        for (a, b) in [(0.0, 90.0), (0, -90), (.nan, 0), (0, .infinity)] {
            #expect(throws: GeoKernelError.self) { _ = try t.transform(x: a, y: b) }
        }
        // Across the branches' boundary (0.4 rad) y grows with the latitude at the scale of
        // its accuracy: 1e-9° moves y by about 0.1 mm; the error stays under 5 nm.
        let boundary = 0.4 / (Double.pi / 180)
        var last = -Double.infinity
        for k in -50...50 {
            let y = try t.transform(x: 0, y: boundary + Double(k) * 1e-9).y
            #expect(y > last + 1e-4)
            last = y
        }
    }
}

extension WebMercatorKernelTests {
    /// Metres over and beyond the projected world, small values, and edge cases.
    static func metres() -> (x: [Double], y: [Double]) {
        var rng = SeededRandom(seed: 900913)
        var x: [Double] = [], y: [Double] = []
        let edge = Double.pi * radius
        for i in 0..<6_000 {
            x.append(rng.uniform(-1.2 * edge, 1.2 * edge))
            y.append(i % 3 == 0 ? rng.uniform(-1e3, 1e3) : rng.uniform(-1.2 * edge, 1.2 * edge))
        }
        for (a, b) in [(0.0, 0.0), (-0.0, -0.0), (0, 1e300), (1, -1e300), (.nan, 0), (0, .infinity), (1e-300, 1e-300)] {
            x.append(a); y.append(b)
        }
        return (x, y)
    }

    static func unproject(level: CInt) -> (lon: [Double], lat: [Double], failed: Int) {
        let (x, y) = metres()
        var lon = [Double](repeating: 0, count: x.count), lat = lon
        let failed = lon.withUnsafeMutableBufferPointer { lo in
            lat.withUnsafeMutableBufferPointer { la in
                WebMercator().unproject(
                    x: x, y: y, longitudes: lo.baseAddress!, latitudes: la.baseAddress!, strideBytes: 8, count: x.count,
                    level: level)
            }
        }
        return (lon, lat, failed)
    }

    @Test("the inverse: every build gives the same bits, within 6 ulps of libm's atan(sinh(y/a)), poles and edge cases")
    func inverse() {
        let reference = Self.unproject(level: 0)
        #expect(reference.failed == 2)
        for level in WebMercator.levels {
            let r = Self.unproject(level: level)
            #expect(r.failed == 2 && r.lon.map(\.bitPattern) == reference.lon.map(\.bitPattern)
                        && r.lat.map(\.bitPattern) == reference.lat.map(\.bitPattern), "level \(level)")
        }
        let (x, y) = Self.metres()
        let degrees = 180 / Double.pi
        for i in x.indices where x[i].isFinite && y[i].isFinite {
            let lat = atan(sinh(y[i] / Self.radius)) * degrees
            // Measured: 6.0 ulps at most on 1M seeded points (libm's own error included); an
            // ulp of 45° is 0.8 nm on the ground.
            #expect(abs(reference.lat[i] - lat) <= 6 * max(lat.ulp, Double.leastNormalMagnitude), "y \(y[i])")
            #expect(abs(reference.lon[i]) <= 180 && reference.lat[i].sign == y[i].sign)
            let lon = x[i] / Self.radius * degrees
            if abs(lon) <= 180 { #expect(reference.lon[i] == lon) }
        }
        let n = x.count
        #expect(reference.lat[n - 5] == 90 && reference.lat[n - 4] == -90 && reference.lon[n - 5] == 0)
        #expect(reference.lat[n - 3] == .infinity && reference.lon[n - 2] == .infinity)
    }
}

/// The transverse Mercator vector kernel (CSIMDShim_tmerc_forward) on its own: every build
/// the CPU runs gives the same bits, partial blocks and single points work anywhere in a
/// zone (also across the antimeridian), and known values come out.
@Suite("Transverse Mercator kernel")
struct TransverseMercatorKernelTests {
    /// Seeded points of UTM zone 1 (central meridian 177° W): within 5° of it, some beyond
    /// −180°, some 90° or more away, and the edge cases.
    static func points() -> (lon: [Double], lat: [Double]) {
        var rng = SeededRandom(seed: 32601)
        var lon: [Double] = [], lat: [Double] = []
        for i in 0..<4_003 {
            lon.append(i % 10 == 9 ? rng.uniform(-90, 90) : rng.uniform(-182, -172))
            lat.append(rng.uniform(-90, 90))
        }
        for (a, b) in [(-177.0, 90.0), (-177, -90), (-177, 0), (3, 10), (-267, 10), (183, 10), (.nan, 0), (0, 91)] {
            lon.append(a); lat.append(b)
        }
        return (lon, lat)
    }

    static func run(level: CInt, stride: Int) -> KernelOutput {
        let (lon, lat) = points()
        let tm = TransverseMercator.utm(zone: 1, north: true)
        return KernelOutput(lon, lat, stride: stride) { x, y, strideBytes, n in
            tm.project(longitudes: x, latitudes: y, x: x, y: y, strideBytes: strideBytes, count: n, level: level)
        }
    }

    @Test("every build this CPU runs gives the same bits, in columns and interleaved, in place")
    func buildsAgree() {
        let reference = Self.run(level: 0, stride: 1)
        let (lon, _) = Self.points()
        // Refused: the points 90° or more from the central meridian, (3°, 10°), (−267°, 10°)
        // is 90° away too, NaN and latitude 91.
        #expect(reference.failed > 300 && reference.failed < lon.count / 5)
        for level in WebMercator.levels {
            for stride in [1, 2] {
                #expect(Self.run(level: level, stride: stride) == reference, "level \(level) stride \(stride)")
            }
        }
    }

    @Test("the inverse: every build gives the same bits, and it undoes the forward within 4 nm on the ground")
    func inverse() throws {
        let tm = TransverseMercator.utm(zone: 1, north: true)
        var rng = SeededRandom(seed: 32701)
        let lon = (0..<3_001).map { _ in rng.uniform(-182, -172) }, lat = (0..<3_001).map { _ in rng.uniform(-89.9, 89.9) }
        var x = [Double](repeating: 0, count: lon.count), y = x
        _ = x.withUnsafeMutableBufferPointer { xs in
            y.withUnsafeMutableBufferPointer { ys in
                tm.project(longitudes: lon, latitudes: lat, x: xs.baseAddress!, y: ys.baseAddress!, strideBytes: 8, count: lon.count)
            }
        }
        let reference = KernelOutput(x, y, stride: 1) { a, b, strideBytes, n in
            tm.unproject(x: a, y: b, longitudes: a, latitudes: b, strideBytes: strideBytes, count: n, level: 0)
        }
        #expect(reference.failed == 0)
        for level in WebMercator.levels {
            for stride in [1, 2] {
                let r = KernelOutput(x, y, stride: stride) { a, b, strideBytes, n in
                    tm.unproject(x: a, y: b, longitudes: a, latitudes: b, strideBytes: strideBytes, count: n, level: level)
                }
                #expect(r == reference, "level \(level) stride \(stride)")
            }
        }
        for i in lon.indices {
            let back = (Double(bitPattern: reference.x[i]), Double(bitPattern: reference.y[i]))
            let dLon = Coordinate.normalizedLongitude(back.0 - lon[i]) * cos(lat[i] * .pi / 180), dLat = back.1 - lat[i]
            #expect(max(abs(dLon), abs(dLat)) * 111_000 <= 4e-9, "point \(i): \(lon[i]), \(lat[i]) → \(back)")
        }
        let t = try Transformer(source: "EPSG:4326", target: "EPSG:32601")
        let pole = try t.transform(x: -177, y: 90)
        #expect(abs(try t.transform(x: pole.x, y: pole.y, direction: .inverse).y - 90) < 1e-12)  // 0.1 µm
        #expect(throws: GeoKernelError.self) { _ = try t.transform(x: .nan, y: 0, direction: .inverse) }
        #expect(throws: GeoKernelError.self) { _ = try t.transform(x: 0, y: .infinity, direction: .inverse) }
    }

    @Test("single points: the poles, the origin, both sides of the antimeridian; 90° off the meridian fails")
    func singlePoints() throws {
        let t = try Transformer(source: "EPSG:4326", target: "EPSG:32601")
        // The quarter meridian of WGS84 is 10 001 965.729 312 7 m (pyproj's Geod, i.e.
        // GeographicLib, from (0°, 0°) to the pole).
        let pole = try t.transform(x: -177, y: 90)
        #expect(pole.x == 500_000 && abs(pole.y - 0.9996 * 10_001_965.729_312_7) < 1e-6)
        let south = try t.transform(x: -170, y: -90)
        #expect(south.x == 500_000 && south.y == -pole.y)
        let origin = try t.transform(x: -177, y: 0)
        #expect(origin.x == 500_000 && origin.y == 0)
        // The same point written as 181° and −179° projects identically; −181° and −173° lie
        // 4° either side of the zone's meridian, mirror images of each other (to the
        // rounding of the false easting's sum: an ulp).
        let a = try t.transform(x: 181, y: 45), b = try t.transform(x: -179, y: 45)
        #expect(a.x == b.x && a.y == b.y)
        let c = try t.transform(x: -181, y: 45), d = try t.transform(x: -173, y: 45)
        #expect(abs((c.x - 500_000) + (d.x - 500_000)) <= d.x.ulp && c.y == d.y)
        #expect(throws: GeoKernelError.self) { _ = try t.transform(x: -87, y: 10) }
        #expect(throws: GeoKernelError.self) { _ = try t.transform(x: -177, y: 90.5) }
    }
}
