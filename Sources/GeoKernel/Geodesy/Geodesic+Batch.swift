extension Geodesic {
    /// Geodesic distances in metres from `origin` to every point of `points` (degrees),
    /// written to `distances[0 ..< points.count]`: each equal to
    /// `distanceMeters(from: origin, to: point)` (the same bits), within 15 nm of
    /// GeographicLib.
    ///
    /// - Parameters:
    ///   - origin: the first point of every pair.
    ///   - points: latitudes in [-90, 90] and longitudes in [-180, 180], degrees.
    ///   - distances: output, at least `points.count` elements.
    /// - Throws: `.invalidArgument` when `distances` is shorter than `points.count` or a
    ///   point is out of range or not finite (the message names the first such point);
    ///   nothing is written then.
    /// - Complexity: O(n), one inverse problem per point, with the origin's reduced
    ///   latitude computed once (timings: `geodesic.batch` in the benchmark table).
    /// - Thread safety: safe from several threads at once (shared input, distinct outputs).
    /// - C twin: `gk_geodesic_distances`.
    public func distances(
        from origin: Coordinate, to points: CoordinateColumns,
        into distances: UnsafeMutableBufferPointer<Double>
    ) throws(GeoKernelError) {
        try BatchValidation.checkOutput(distances.count, points.count, "distances buffer")
        try BatchValidation.validate(points)
        guard points.count > 0, let out = distances.baseAddress else { return }
        for i in 0..<points.count {
            out[i] = solveInverse(
                origin.latitude, origin.longitude, points.latitude(i), points.longitude(i),
                lengths: false, area: false
            ).s12
        }
    }
}
