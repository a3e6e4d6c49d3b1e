extension PreparedPolygon {
    /// Point-in-polygon for every point of `points` (degrees): `mask[i]` is set to whether
    /// point i is in the polygons, boundary included; decisions identical to
    /// `contains(_:)` point by point.
    ///
    /// - Parameters:
    ///   - points: latitudes in [-90, 90] and longitudes in [-180, 180], degrees.
    ///   - mask: output, at least `points.count` elements.
    /// - Returns: the number of points inside.
    /// - Throws: `.invalidArgument` when `mask` is shorter than `points.count` or a point is
    ///   out of range or not finite (naming the first such point); `mask` is then unchanged.
    /// - Complexity: O(n) (a few nanoseconds per point away from the boundary; timings
    ///   beside shapely's `contains_xy`: `polygon.*` in the benchmark table).
    /// - Thread safety: pure; several threads may use one polygon at once with distinct masks.
    /// - C twin: `gk_polygon_contains`.
    /// \since 0.8
    public func contains(_ points: CoordinateColumns, into mask: UnsafeMutableBufferPointer<Bool>) throws(GeoKernelError) -> Int {
        try BatchValidation.validate(points)
        try BatchValidation.checkOutput(mask.count, points.count, "mask buffer")
        var inside = 0
        for i in 0..<points.count {
            let hit = location(points.latitude(i), points.longitude(i)) != .outside
            mask[i] = hit
            inside &+= hit ? 1 : 0
        }
        return inside
    }

    /// Point-in-polygon for the points (`latitudes[i]`, `longitudes[i]`) in degrees; see
    /// `contains(_:into:)`.
    ///
    /// - Returns: one Bool per point, true when in the polygons (boundary included).
    /// - Throws: `.invalidArgument` when the arrays differ in length or a point is out of
    ///   range or not finite (naming its index and value).
    /// - Complexity: O(n). Thread safety: pure. C twin: `gk_polygon_contains`. \since 0.8
    public func contains(latitudes: [Double], longitudes: [Double]) throws(GeoKernelError) -> [Bool] {
        try BatchValidation.checkLengths(latitudes.count, longitudes.count)
        var mask = [Bool](repeating: false, count: latitudes.count)
        try latitudes.withUnsafeBufferPointer { (la) throws(GeoKernelError) in
            try longitudes.withUnsafeBufferPointer { (lo) throws(GeoKernelError) in
                guard let a = la.baseAddress, let b = lo.baseAddress else { return }
                try mask.withUnsafeMutableBufferPointer { (m) throws(GeoKernelError) in
                    _ = try contains(CoordinateColumns(latitudes: a, longitudes: b, count: la.count), into: m)
                }
            }
        }
        return mask
    }
}
