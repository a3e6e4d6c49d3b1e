import GeoKernel
import Testing
import _GeoKernelTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Web Mercator vector kernel (CSIMDShim_webmerc_forward) on its own: every build the
/// CPU runs gives the same bits, in every memory layout, and y agrees with libm's
/// a·asinh(tan φ).
@Suite("Web Mercator kernel")
struct WebMercatorKernelTests {
    static let radius = 6_378_137.0

    /// Seeded points over the whole domain, the equator's neighbourhood, the two branches'
    /// boundary (0.4 rad) and the poles' neighbourhood, then edge cases (±0, ±180, beyond
    /// ±180, ±90, NaN, infinity).
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
            (0, 0), (-0.0, -0.0), (180, 45), (-180, -45), (540, 10), (-190, 10), (1e300, 1),
            (0, 90), (0, -90), (.nan, 0), (0, .nan), (.infinity, 0), (0, -.infinity),
        ]
        for (a, b) in edges { lon.append(a); lat.append(b) }
        return (lon, lat)
    }

    /// Bit patterns of the kernel's output on the build for `level`, strided by `stride`
    /// doubles (1: columns, 2: interleaved pairs in one buffer), in place.
    static func run(level: CInt, stride: Int) -> (x: [UInt64], y: [UInt64], failed: Int) {
        let (lon, lat) = points()
        let n = lon.count
        var buffer = [Double](repeating: 0, count: 2 * n)
        let failed = buffer.withUnsafeMutableBufferPointer { b -> Int in
            let base = b.baseAddress!
            let (xs, ys) = stride == 1 ? (base, base + n) : (base, base + 1)
            for i in 0..<n { xs[i * stride] = lon[i]; ys[i * stride] = lat[i] }
            return WebMercator().project(
                longitudes: xs, latitudes: ys, x: xs, y: ys, strideBytes: stride * 8, count: n, level: level)
        }
        let xs = stride == 1 ? Array(buffer[0..<n]) : (0..<n).map { buffer[2 * $0] }
        let ys = stride == 1 ? Array(buffer[n...]) : (0..<n).map { buffer[2 * $0 + 1] }
        return (xs.map(\.bitPattern), ys.map(\.bitPattern), failed)
    }

    @Test("every build this CPU runs gives the same bits, in columns and interleaved, in place")
    func buildsAgree() {
        let reference = Self.run(level: 0, stride: 1)
        #expect(reference.failed == 6)
        for level in WebMercator.levels {
            for stride in [1, 2] {
                let r = Self.run(level: level, stride: stride)
                #expect(r.failed == reference.failed, "level \(level) stride \(stride)")
                #expect(r.x == reference.x && r.y == reference.y, "level \(level) stride \(stride)")
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
        #expect(failed == 6)
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
        #expect(abs(try t.transform(x: -190, y: 45).x - 170 * (Double.pi / 180) * Self.radius) < 1e-8)
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
