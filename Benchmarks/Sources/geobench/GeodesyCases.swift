import GeoKernel

/// Haversine and point-in-circle kernels on 1M points uniform on the sphere, one centre
/// (Zürich), a 1 000 km circle. Baselines: the scalar libm haversine, and a plain read
/// of the bytes the unit-vector kernel streams.
enum GeodesyCases {
    static func make(points n: Int) -> [BenchCase] {
        var rng = SplitMix64(seed: 20_261_121)
        let lat = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
        let lon = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
        for i in 0..<n {
            // Uniform on the sphere: latitude = asin(u).
            lat[i] = asinDegrees(rng.uniform(-1, 1))
            lon[i] = rng.uniform(-180, 180)
        }
        let center = try! Coordinate(latitude: 47.3769, longitude: 8.5417)
        let circle = try! Circle(center: center, radiusMeters: 1_000_000)
        let cols = CoordinateColumns(latitudes: lat.baseAddress!, longitudes: lon.baseAddress!, count: n)
        let scalarOut = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
        let simdOut = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
        let scalarMask = UnsafeMutableBufferPointer<Bool>.allocate(capacity: n)
        let simdMask = UnsafeMutableBufferPointer<Bool>.allocate(capacity: n)
        let unitMask = UnsafeMutableBufferPointer<Bool>.allocate(capacity: n)
        let buffer = try! UnitVectorBuffer(cols)
        // Three columns of n doubles: the 24 bytes per point the unit-vector kernel reads.
        let stream = (0..<3).map { _ in UnsafeMutableBufferPointer<Double>.allocate(capacity: n) }
        for s in stream { for i in 0..<n { s[i] = rng.uniform(-1, 1) } }
        let R = EarthModel.meanRadiusMeters

        return [
            BenchCase(name: "haversine.scalar", n: n, baseline: nil, run: {
                for i in 0..<n {
                    scalarOut[i] = R * haversineCentralAngle(
                        latitude1: center.latitude, longitude1: center.longitude,
                        latitude2: lat[i], longitude2: lon[i])
                }
            }),
            BenchCase(name: "haversine.simd", n: n, baseline: "haversine.scalar", run: {
                try! haversineDistances(from: center, to: cols, into: simdOut)
            }, check: {
                // The reference is recomputed here, so the check holds when --filter
                // skipped the scalar case.
                var worst = 0.0
                for i in 0..<n {
                    let ref = R * haversineCentralAngle(
                        latitude1: center.latitude, longitude1: center.longitude,
                        latitude2: lat[i], longitude2: lon[i])
                    guard ref > 0, ref < 19_000_000 else { continue }
                    worst = max(worst, abs(simdOut[i] - ref) / ref)
                }
                return worst <= 4e-15 ? nil : "max relative difference \(worst) > 4e-15"
            }),
            BenchCase(name: "pic.degrees.scalar", n: n, baseline: nil, run: {
                for i in 0..<n { scalarMask[i] = circle.contains(latitude: lat[i], longitude: lon[i]) }
            }),
            BenchCase(name: "pic.degrees.simd", n: n, baseline: "pic.degrees.scalar", run: {
                blackHole(try! circle.contains(cols, into: simdMask))
            }, check: {
                (0..<n).allSatisfy { simdMask[$0] == circle.contains(latitude: lat[$0], longitude: lon[$0]) }
                    ? nil : "decisions differ from the scalar test"
            }),
            BenchCase(name: "memory.stream", n: n, baseline: nil, run: {
                blackHole(sumColumns(stream, n))
            }),
            BenchCase(name: "pic.unitvec.simd", n: n, baseline: "memory.stream", run: {
                blackHole(try! buffer.contains(in: circle, into: unitMask))
            }, check: {
                (0..<n).allSatisfy { unitMask[$0] == circle.contains(latitude: lat[$0], longitude: lon[$0]) }
                    ? nil : "decisions differ from the scalar test"
            }),
        ]
    }

    /// A plain SIMD read of three columns of doubles.
    @inline(never)
    static func sumColumns(_ cols: [UnsafeMutableBufferPointer<Double>], _ n: Int) -> Double {
        var acc = SIMD4<Double>()
        let raws = cols.map { UnsafeRawPointer($0.baseAddress!) }
        var i = 0
        while i + 4 <= n {
            for r in raws { acc += r.loadUnaligned(fromByteOffset: i * 8, as: SIMD4<Double>.self) }
            i += 4
        }
        while i < n { for c in cols { acc[0] += c[i] }; i += 1 }
        return acc.sum()
    }
}

#if canImport(Glibc)
import Glibc
#endif
func asinDegrees(_ x: Double) -> Double { asin(x) * 180 / .pi }
