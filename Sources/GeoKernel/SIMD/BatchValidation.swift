// Argument checks shared by the batch kernels. The per-point check is one vector
// compare per block of four; the index and value are looked up only once a block fails.

enum BatchValidation {
    /// True when all four points are valid: latitude in [-90, 90], longitude in
    /// [-180, 180], both finite. |NaN| and |±∞| have larger bit patterns than 90 and 180,
    /// so one integer comparison per column covers range, NaN and infinity.
    @inline(__always)
    static func allValid(_ lat: SIMD4<Double>, _ lon: SIMD4<Double>) -> Bool {
        let badLat: U4 = SIMDMath.topGreater(SIMDMath.abs(lat), D4(repeating: 90))
        let badLon: U4 = SIMDMath.topGreater(SIMDMath.abs(lon), D4(repeating: 180))
        return !SIMDMath.anyTop(badLat | badLon)
    }

    /// True when one point is valid.
    @inline(__always)
    static func isValid(_ lat: Double, _ lon: Double) -> Bool {
        lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180
    }

    /// The error for the first invalid point among `i ..< i + n` (called after a block
    /// failed `allValid`).
    @inline(never)
    static func firstError(_ points: CoordinateColumns, _ i: Int, _ n: Int) -> GeoKernelError {
        for k in i..<(i + n) {
            if let e = pointError(k, points.latitude(k), points.longitude(k)) { return e }
        }
        return GeoKernelError(.internal, "point check failed without an invalid point")
    }

    /// The error for point `index`, or nil when it is valid.
    static func pointError(_ index: Int, _ lat: Double, _ lon: Double) -> GeoKernelError? {
        if !lat.isFinite { return .invalid("point \(index): latitude \(lat) is not finite") }
        if !(lat >= -90 && lat <= 90) {
            return .invalid("point \(index): latitude \(lat) is outside [-90, 90]")
        }
        if !lon.isFinite { return .invalid("point \(index): longitude \(lon) is not finite") }
        if !(lon >= -180 && lon <= 180) {
            return .invalid("point \(index): longitude \(lon) is outside [-180, 180]")
        }
        return nil
    }

    /// Checks every point of `points` (SIMD, four at a time).
    static func validate(_ points: CoordinateColumns) throws(GeoKernelError) {
        try checkCount(points.count)
        switch points.layout {
        case .columns: try validate(ColumnLoader(points), points, nil, nil)
        case .interleaved: try validate(InterleavedLoader(points), points, nil, nil)
        case .strided: try validate(StridedLoader(points), points, nil, nil)
        }
    }

    /// Checks every point of `points` and copies them into two new arrays.
    static func validatedCopy(
        _ points: CoordinateColumns
    ) throws(GeoKernelError) -> (latitudes: [Double], longitudes: [Double]) {
        try checkCount(points.count)
        let n = points.count
        var failure: GeoKernelError?
        var lon: [Double] = []
        let lat = [Double](unsafeUninitializedCapacity: n) { la, latCount in
            lon = [Double](unsafeUninitializedCapacity: n) { lo, lonCount in
                do throws(GeoKernelError) {
                    if n > 0 {
                        switch points.layout {
                        case .columns: try validate(ColumnLoader(points), points, la.baseAddress, lo.baseAddress)
                        case .interleaved:
                            try validate(InterleavedLoader(points), points, la.baseAddress, lo.baseAddress)
                        case .strided: try validate(StridedLoader(points), points, la.baseAddress, lo.baseAddress)
                        }
                    }
                    lonCount = n
                } catch {
                    failure = error
                    lonCount = 0
                }
            }
            latCount = failure == nil ? n : 0
        }
        if let failure { throw failure }
        return (lat, lon)
    }

    /// Checks every point of `points` and copies them to `lat` and `lon` (room for
    /// `points.count` values each).
    static func validatedCopy(
        _ points: CoordinateColumns, into lat: UnsafeMutablePointer<Double>, _ lon: UnsafeMutablePointer<Double>
    ) throws(GeoKernelError) {
        try checkCount(points.count)
        guard points.count > 0 else { return }
        switch points.layout {
        case .columns: try validate(ColumnLoader(points), points, lat, lon)
        case .interleaved: try validate(InterleavedLoader(points), points, lat, lon)
        case .strided: try validate(StridedLoader(points), points, lat, lon)
        }
    }

    /// Checks the points, four at a time, optionally copying them to `lat` and `lon`.
    private static func validate<L: PointLoader>(
        _ loader: L, _ points: CoordinateColumns,
        _ lat: UnsafeMutablePointer<Double>?, _ lon: UnsafeMutablePointer<Double>?
    ) throws(GeoKernelError) {
        let n = points.count
        var i = 0
        while i &+ 4 <= n {
            let p = loader.load4(i)
            guard allValid(p.lat, p.lon) else { throw firstError(points, i, 4) }
            if let lat, let lon {
                UnsafeMutableRawPointer(lat + i).storeBytes(of: p.lat, as: SIMD4<Double>.self)
                UnsafeMutableRawPointer(lon + i).storeBytes(of: p.lon, as: SIMD4<Double>.self)
            }
            i &+= 4
        }
        while i < n {
            let p = loader.load1(i)
            guard isValid(p.lat, p.lon) else { throw firstError(points, i, 1) }
            lat?[i] = p.lat
            lon?[i] = p.lon
            i &+= 1
        }
    }

    /// Rejects a negative point count.
    static func checkCount(_ count: Int) throws(GeoKernelError) {
        guard count >= 0 else { throw .invalid("point count \(count) is negative") }
    }

    /// Rejects an output buffer with room for fewer than `count` values.
    static func checkOutput(_ capacity: Int, _ count: Int, _ what: String) throws(GeoKernelError) {
        guard capacity >= count else {
            throw .invalid("\(what) has room for \(capacity) values but there are \(count) points")
        }
    }

    /// Rejects latitude and longitude arrays of different lengths.
    static func checkLengths(_ latitudes: Int, _ longitudes: Int) throws(GeoKernelError) {
        guard latitudes == longitudes else {
            throw .invalid("latitudes has \(latitudes) values but longitudes has \(longitudes)")
        }
    }

    /// Rejects an interleaved array of odd length.
    static func checkInterleaved(_ length: Int) throws(GeoKernelError) {
        guard length % 2 == 0 else {
            throw .invalid("interleaved array has odd length \(length); expected latitude, longitude pairs")
        }
    }

    /// Rejects a negative, NaN or infinite radius (metres).
    static func checkRadius(_ r: Double, _ what: String) throws(GeoKernelError) {
        guard r.isFinite, r >= 0 else { throw .invalid("\(what) \(r) m must be finite and >= 0") }
    }
}
