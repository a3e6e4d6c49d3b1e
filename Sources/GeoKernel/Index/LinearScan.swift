/// Points on the globe searched by brute force: every query computes the distance to
/// every point. The reference `SpatialIndex` is tested and benchmarked against, and a
/// reasonable choice for a few hundred points.
///
/// It stores the same unit vectors as `SpatialIndex` (same conversion) and computes
/// the same distances (`SpatialIndex.distanceMeters(_:_:)`), so for the same points and
/// ids the answers of the two are identical, bit for bit.
///
/// Thread safety: a value; `Sendable`; any number of concurrent queries.
/// C twin: none. \since 0.1
public struct LinearScan: Sendable {
    private var x: [Double] = []
    private var y: [Double] = []
    private var z: [Double] = []
    private var ids: [UInt32] = []

    /// The number of points.
    /// \since 0.1
    public var count: Int { ids.count }

    /// An empty scan.
    /// \since 0.1
    public init() {}

    /// Points with ids 0 ..< n in input order, as `SpatialIndex(_:)` numbers them.
    ///
    /// - Complexity: O(n).
    /// \since 0.1
    public init(_ coordinates: [Coordinate]) {
        self.init(ids: coordinates.indices.map { UInt32(truncatingIfNeeded: $0) }, coordinates: coordinates)
    }

    /// Points with the given ids (any order, duplicates allowed: each is a point).
    ///
    /// - Precondition-free: extra ids or coordinates beyond the shorter array are ignored.
    /// - Complexity: O(n).
    /// \since 0.1
    public init(ids: [UInt32], coordinates: [Coordinate]) {
        let n = Swift.min(ids.count, coordinates.count)
        self.init()
        reserveCapacity(n)
        for i in 0..<n { append(id: ids[i], coordinates[i]) }
    }

    /// Reserves room for `n` points.
    /// \since 0.1
    public mutating func reserveCapacity(_ n: Int) {
        x.reserveCapacity(n); y.reserveCapacity(n); z.reserveCapacity(n); ids.reserveCapacity(n)
    }

    /// Adds a point with an id.
    ///
    /// - Complexity: amortised O(1).
    /// \since 0.1
    public mutating func append(id: UInt32, _ point: Coordinate) {
        let v = SphereMetric.vector(point)
        x.append(v.x); y.append(v.y); z.append(v.z); ids.append(id)
    }

    /// The `k` nearest points, nearest first, equal distances in id order; see
    /// `SpatialIndex.nearest(to:k:maxDistanceMeters:)`.
    ///
    /// - Throws: `.invalidArgument` for a negative `k` or a negative or NaN distance.
    /// - Complexity: O(n + k log k).
    /// \since 0.1
    public func nearest(
        to point: Coordinate, k: Int, maxDistanceMeters: Double = .infinity
    ) throws(GeoKernelError) -> [SpatialIndex.Neighbor] {
        guard k >= 0 else { throw .invalid("k \(k) must be at least 0") }
        guard maxDistanceMeters >= 0 else {
            throw .invalid("maximum distance \(maxDistanceMeters) m must be at least 0")
        }
        if k == 0 || count == 0 { return [] }
        var heap = NeighborHeap(k: Swift.min(k, count), limitMeters: maxDistanceMeters)
        scan(QueryVector(point), bound: { heap.threshold }) { m, id, c2 in
            heap.offer(meters: m, id: id, chordSquared: c2)
            heap.refreshThreshold()
        }
        return heap.sorted()
    }

    /// Every point within `radiusMeters` (boundary included), nearest first with equal
    /// distances in id order, or in storage order; see
    /// `SpatialIndex.within(radiusMeters:of:sorted:)`.
    ///
    /// - Throws: `.invalidArgument` for a negative or NaN radius.
    /// - Complexity: O(n + m).
    /// \since 0.1
    public func within(
        radiusMeters: Double, of point: Coordinate, sorted: Bool = true
    ) throws(GeoKernelError) -> [SpatialIndex.Neighbor] {
        guard radiusMeters >= 0 else { throw .invalid("radius \(radiusMeters) m must be at least 0") }
        let bound = SphereMetric.chordSquaredBound(meters: radiusMeters)
        var out = ResultBuffer()
        scan(QueryVector(point), bound: { bound }) { m, id, _ in
            if m <= radiusMeters { out.append(meters: m, id: id) }
        }
        if sorted { out.sort() }
        return out.neighbors()
    }

    /// Calls `body` with (metres, id, squared chord) for every point whose squared
    /// chord is at most `bound()`, four points at a time.
    @inline(__always)
    func scan(
        _ q: QueryVector, range: Range<Int>? = nil, bound: () -> Double, _ body: (Double, UInt32, Double) -> Void
    ) {
        let n = range?.upperBound ?? count
        let qx = D4(repeating: q.x), qy = D4(repeating: q.y), qz = D4(repeating: q.z)
        x.withUnsafeBufferPointer { px in
            y.withUnsafeBufferPointer { py in
                z.withUnsafeBufferPointer { pz in
                    let rx = UnsafeRawPointer(px.baseAddress!), ry = UnsafeRawPointer(py.baseAddress!)
                    let rz = UnsafeRawPointer(pz.baseAddress!)
                    var i = range?.lowerBound ?? 0
                    while i < n {
                        let c2: D4
                        if i + 4 <= n {
                            c2 = SphereMetric.chordSquared(
                                rx.loadUnaligned(fromByteOffset: i &* 8, as: D4.self),
                                ry.loadUnaligned(fromByteOffset: i &* 8, as: D4.self),
                                rz.loadUnaligned(fromByteOffset: i &* 8, as: D4.self), qx, qy, qz)
                        } else {
                            var lx = D4(repeating: .nan), ly = lx, lz = lx
                            for l in 0..<(n - i) { lx[l] = px[i + l]; ly[l] = py[i + l]; lz[l] = pz[i + l] }
                            c2 = SphereMetric.chordSquared(lx, ly, lz, qx, qy, qz)
                        }
                        var pass = SphereMetric.lanes(c2, atMost: bound())
                        if pass != 0 {
                            let m = SphereMetric.meters(chordSquared: c2)
                            repeat {
                                let l = pass.trailingZeroBitCount
                                pass &= pass &- 1
                                body(m[l], ids[i &+ l], c2[l])
                            } while pass != 0
                        }
                        i &+= 4
                    }
                }
            }
        }
    }
}
