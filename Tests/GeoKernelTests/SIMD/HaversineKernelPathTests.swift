import GeoKernel
import Testing
import _GeoKernelTestSupport

/// The batch haversine has two kernels: the Swift SIMD4 one (baseline x86-64) and its AVX2
/// twin in CSIMDShim, taken at run time when the CPU has AVX2. These tests prove that the
/// two give the same bits and the same errors on seeded data, over every memory layout
/// (columns, interleaved pairs, other strides), counts around the 64-point chunks and the
/// four-point blocks, and bad points at seeded positions. On a CPU without AVX2 both runs
/// take the Swift kernel and the tests pass trivially.
@Suite("SIMD haversine kernel paths")
struct HaversineKernelPathTests {
    /// Points (degrees) stored `strideDoubles` doubles apart, latitude at offset 0 and
    /// longitude at `lonOffset`, filler elsewhere.
    private struct Records {
        var storage: [Double]
        let strideDoubles: Int
        let lonOffset: Int
        let count: Int

        init(lat: [Double], lon: [Double], strideDoubles: Int, lonOffset: Int) {
            count = lat.count
            self.strideDoubles = strideDoubles
            self.lonOffset = lonOffset
            storage = [Double](repeating: 1234.5, count: Swift.max(1, lat.count * strideDoubles + lonOffset))
            for i in 0..<count {
                storage[i * strideDoubles] = lat[i]
                storage[i * strideDoubles + lonOffset] = lon[i]
            }
        }

        /// Runs both kernel paths; returns their outputs or errors.
        func run(_ center: Coordinate) -> [Result<[Double], GeoKernelError>] {
            [HaversineKernelPath.baseline, .fastest].map { path in
                storage.withUnsafeBufferPointer { s -> Result<[Double], GeoKernelError> in
                    let base = s.baseAddress!
                    let cols = CoordinateColumns(
                        latitudes: base, longitudes: base + lonOffset, count: count,
                        strideBytes: strideDoubles * 8)
                    // Guard entries beyond count must stay untouched.
                    var out = [Double](repeating: -7, count: count + 3)
                    do throws(GeoKernelError) {
                        try out.withUnsafeMutableBufferPointer { o throws(GeoKernelError) in
                            try haversineDistances(
                                from: center, to: cols, into: o, radiusMeters: EarthModel.meanRadiusMeters,
                                path: path)
                        }
                        return .success(out)
                    } catch {
                        return .failure(error)
                    }
                }
            }
        }
    }

    /// Layouts as (stride in doubles, longitude offset): separate columns (offset n),
    /// interleaved pairs, records of 3 and 5 doubles, and pairs whose longitude sits in the
    /// next record (stride 16 but not the interleaved layout).
    private static let layouts: [(stride: Int, lonOffset: Int)] = [(1, 0), (2, 1), (3, 1), (5, 3), (2, 3)]

    @Test(
        "give the same bits on the baseline and the AVX2 kernel for every layout and count",
        arguments: SIMDTestData.centers.indices)
    func sameBits(centerIndex: Int) {
        let center = SIMDTestData.centers[centerIndex]
        var rng = SeededRandom(seed: 900 + UInt64(centerIndex))
        let counts = [0, 1, 3, 4, 5, 63, 64, 65, 127, 128, 131, 1_003, 4_099] + (0..<4).map { _ in Int.random(in: 1..<3_000, using: &rng) }
        for n in counts {
            let pts = SIMDTestData.points(count: n, around: center, seed: 1_000 + UInt64(n) + UInt64(centerIndex))
            for layout in Self.layouts {
                // Stride 1: two contiguous columns in one buffer, lon starting after lat.
                let records = Records(
                    lat: pts.lat, lon: pts.lon, strideDoubles: layout.stride,
                    lonOffset: layout.stride == 1 ? n : layout.lonOffset)
                let r = records.run(center)
                guard case .success(let base) = r[0], case .success(let fast) = r[1] else {
                    Issue.record("n \(n), stride \(layout.stride): a path failed: \(r)")
                    continue
                }
                let same = zip(base, fast).allSatisfy { $0.bitPattern == $1.bitPattern }
                #expect(same, "centre \(center), n \(n), stride \(layout.stride) lon+\(layout.lonOffset): results differ")
            }
        }
    }

    @Test("report the same first bad point, with the same message, on both kernels")
    func sameErrors() {
        var rng = SeededRandom(seed: 4242)
        let center = SIMDTestData.centers[0]
        let bad: [(lat: Double?, lon: Double?)] = [
            (91, nil), (-90.000_001, nil), (.nan, nil), (-.infinity, nil),
            (nil, 180.000_000_001), (nil, .nan), (nil, .infinity), (nil, -200),
        ]
        for trial in 0..<200 {
            let n = Int.random(in: 1..<700, using: &rng)
            var pts = SIMDTestData.points(count: n, around: center, seed: 5_000 + UInt64(trial))
            // One or two bad points at seeded positions (blocks, chunk edges, the tail).
            for _ in 0..<Int.random(in: 1...2, using: &rng) {
                let at = Int.random(in: 0..<n, using: &rng)
                let b = bad[Int.random(in: 0..<bad.count, using: &rng)]
                if let la = b.lat { pts.lat[at] = la }
                if let lo = b.lon { pts.lon[at] = lo }
            }
            let layout = Self.layouts[Int.random(in: 0..<Self.layouts.count, using: &rng)]
            let records = Records(
                lat: pts.lat, lon: pts.lon, strideDoubles: layout.stride,
                lonOffset: layout.stride == 1 ? n : layout.lonOffset)
            let r = records.run(center)
            guard case .failure(let e0) = r[0], case .failure(let e1) = r[1] else {
                Issue.record("trial \(trial): expected both paths to fail: \(r)")
                continue
            }
            #expect(e0.code == e1.code && e0.message == e1.message, "trial \(trial): \(e0) vs \(e1)")
            #expect(e0.code == .invalidArgument)
        }
    }
}
