extension Geodesic {
    /// Geodesic distances in metres from `origin` to every point of `points` (degrees),
    /// written to `distances[0 ..< points.count]`, within 15 nm of GeographicLib.
    ///
    /// Four points at a time go through a SIMD kernel of Karney's method, with polynomial
    /// sin, cos and atan2 in place of libm's and fused multiply-adds where the build's
    /// target has them, so a distance is within 8 nm of `distanceMeters` (a few ulps of an
    /// arc of up to π, times b), not the same bits. Meridians, the equator, nearly antipodal
    /// points, lines of a fraction of a metre and the last `points.count % 4` points go through
    /// `distanceMeters` itself.
    ///
    /// - Parameters:
    ///   - origin: the first point of every pair.
    ///   - points: latitudes in [-90, 90] and longitudes in [-180, 180], degrees.
    ///   - distances: output, at least `points.count` elements.
    /// - Throws: `.invalidArgument` when `distances` is shorter than `points.count` or a
    ///   point is out of range or not finite (the message names the first such point);
    ///   nothing is written then.
    /// - Complexity: O(n), one inverse problem per point (timings: `geodesic.batch` in the
    ///   benchmark table).
    /// - Thread safety: safe from several threads at once (shared input, distinct outputs).
    /// - C twin: `gk_geodesic_distances`.
    public func distances(
        from origin: Coordinate, to points: CoordinateColumns,
        into distances: UnsafeMutableBufferPointer<Double>
    ) throws(GeoKernelError) {
        try BatchValidation.checkOutput(distances.count, points.count, "distances buffer")
        try BatchValidation.validate(points)
        guard points.count > 0, let out = distances.baseAddress else { return }
        let lat1 = origin.latitude, lon1 = origin.longitude
        var i = 0
        while i + 4 <= points.count {
            let r = reduce4(lat1, lon1, points, i)
            let (d, scalar) = distances4(
                r.sbet1, r.cbet1, r.dn1, r.sbet2, r.cbet2, r.dn2, r.lam12, r.slam12, r.clam12,
                eligible: r.eligible)
            for lane in 0..<4 {
                out[i + lane] = scalar[lane]
                    ? distanceMeters(
                        from: origin,
                        to: Coordinate(uncheckedLatitude: points.latitude(i + lane), longitude: points.longitude(i + lane)))
                    : d[lane]
            }
            i += 4
        }
        while i < points.count {
            out[i] = distanceMeters(
                from: origin, to: Coordinate(uncheckedLatitude: points.latitude(i), longitude: points.longitude(i)))
            i += 1
        }
    }
}
