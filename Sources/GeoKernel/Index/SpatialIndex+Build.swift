extension SpatialIndex {
    /// Bulk-builds an index over `coordinates`; point i gets id i.
    ///
    /// The points are converted to unit vectors (SIMD sines), sorted along a Hilbert
    /// curve on the faces of the cube (radix sort) and packed 16 to a leaf, 16 children
    /// to a node.
    ///
    /// - Throws: `.capacity` for more than 4 294 967 294 points.
    /// - Complexity: O(n); memory 29.6 bytes per point. Timing: `index.build.*`.
    /// - Thread safety: builds a new value; safe from any thread.
    /// - C twin: `gk_index_build`.
    /// \since 0.1
    public init(_ coordinates: [Coordinate]) throws(GeoKernelError) {
        let points = try coordinates.withUnsafeBufferPointer { (buf) throws(GeoKernelError) -> PointColumns in
            try Self.vectors(count: buf.count, latitude: { buf[$0].latitude }, longitude: { buf[$0].longitude })
        }
        self.init(built: points)
    }

    /// Bulk-builds an index over the points (`latitudes[i]`, `longitudes[i]`) in degrees;
    /// point i gets id i. See `init(_:)`.
    ///
    /// - Throws: `.invalidArgument` when the arrays differ in length or a point is out
    ///   of range (latitude in [-90, 90], longitude in [-180, 180]) or not finite,
    ///   naming the first such point; `.capacity` for more than 4 294 967 294 points.
    /// - Complexity: O(n). C twin: `gk_index_build`.
    /// \since 0.1
    public init(latitudes: [Double], longitudes: [Double]) throws(GeoKernelError) {
        try BatchValidation.checkLengths(latitudes.count, longitudes.count)
        let points = try latitudes.withUnsafeBufferPointer { (la) throws(GeoKernelError) -> PointColumns in
            try longitudes.withUnsafeBufferPointer { (lo) throws(GeoKernelError) -> PointColumns in
                try Self.vectors(count: la.count, latitude: { la[$0] }, longitude: { lo[$0] })
            }
        }
        self.init(built: points)
    }

    /// Bulk-builds an index over the points of a strided view (degrees); point i gets
    /// id i. See `init(_:)`.
    ///
    /// - Throws: as `init(latitudes:longitudes:)`; `.invalidArgument` for a negative count;
    ///   `.outOfMemory` when the index cannot be allocated (every buffer of this build,
    ///   about 60 bytes per point at its peak, comes from a failable allocation).
    /// - Complexity: O(n). C twin: `gk_index_build`.
    /// \since 0.1
    public init(_ points: CoordinateColumns) throws(GeoKernelError) {
        try BatchValidation.checkCount(points.count)
        let p = try Self.vectors(count: points.count, latitude: points.latitude, longitude: points.longitude)
        self.init()
        nextIDValue = UInt32(p.count)
        if p.count > 0 { runs = [try PackedRun.checkedBuild(p)] }
    }

    /// An index whose base run holds `points` (ids already set).
    init(built points: PointColumns) {
        self.init()
        nextIDValue = UInt32(points.count)
        if points.count > 0 { runs = [PackedRun.build(points)] }
    }

    /// Validates `n` points in degrees and converts them to unit vectors, ids 0 ..< n.
    @inline(__always)
    static func vectors(
        count n: Int, latitude: (Int) -> Double, longitude: (Int) -> Double
    ) throws(GeoKernelError) -> PointColumns {
        guard n <= maxPoints - 1 else {
            throw GeoKernelError(.capacity, "\(n) points exceed the index's limit of \(maxPoints - 1)")
        }
        let out = try PointColumns(checkedCapacity: n)
        var lat = D4(), lon = D4()
        var i = 0
        while i < n {
            let lanes = Swift.min(4, n - i)
            for l in 0..<4 {
                let k = i + Swift.min(l, lanes - 1)
                let la = latitude(k), lo = longitude(k)
                if !BatchValidation.isValid(la, lo), let e = BatchValidation.pointError(k, la, lo) { throw e }
                lat[l] = la
                lon[l] = lo >= 180 ? lo - 360 : lo
            }
            let v = SphereMetric.vectors(lat, lon)
            for l in 0..<lanes {
                out.x[i + l] = v.x[l]; out.y[i + l] = v.y[l]; out.z[i + l] = v.z[l]
                out.ids[i + l] = UInt32(truncatingIfNeeded: i + l)
            }
            i += 4
        }
        out.setCount(n)
        return out
    }
}
