/// A read-only, non-owning view of `count` points given in degrees: a latitude column and
/// a longitude column, each read every `strideBytes` bytes. It describes plain arrays
/// (`strideBytes` 8), interleaved pairs `lat0, lon0, lat1, lon1, …` (16), or fields of
/// an array of C structs (the struct size).
///
/// The view does not copy, validate or retain anything: the memory must stay valid and
/// unchanged while a kernel reads it. Values are checked by the kernels that use the
/// view (latitude in [-90, 90], longitude in [-180, 180], both finite), which also
/// reject a negative `count`.
///
/// Thread safety: a plain value holding pointers; several threads may read the same
/// memory through views at once. Not `Sendable`, because it holds raw pointers.
/// C twin: the `lat`, `lon`, `count`, `stride_bytes` arguments of `gk_haversine_batch`,
/// `gk_circle_contains_batch` and `gk_unitvec_create`.
public struct CoordinateColumns {
    let latitudeBase: UnsafeRawPointer
    let longitudeBase: UnsafeRawPointer
    let strideBytes: Int

    /// The number of points.
    public let count: Int

    /// A view of `count` points whose latitudes (degrees) start at `latitudes` and
    /// longitudes (degrees) at `longitudes`, consecutive points `strideBytes` bytes apart
    /// in both columns (default: contiguous `Double` arrays).
    ///
    /// - Complexity: O(1); nothing is read until a kernel runs.
    public init(
        latitudes: UnsafePointer<Double>, longitudes: UnsafePointer<Double>, count: Int,
        strideBytes: Int = MemoryLayout<Double>.stride
    ) {
        self.latitudeBase = UnsafeRawPointer(latitudes)
        self.longitudeBase = UnsafeRawPointer(longitudes)
        self.count = count
        self.strideBytes = strideBytes
    }

    /// A view of `count` points stored as interleaved pairs in degrees:
    /// `lat0, lon0, lat1, lon1, …` (2·`count` doubles).
    ///
    /// - Complexity: O(1).
    public init(interleaved: UnsafePointer<Double>, count: Int) {
        self.init(
            latitudes: interleaved, longitudes: interleaved + 1, count: count,
            strideBytes: 2 * MemoryLayout<Double>.stride)
    }

    /// Latitude of point `i`, degrees.
    @inline(__always)
    func latitude(_ i: Int) -> Double {
        latitudeBase.loadUnaligned(fromByteOffset: i &* strideBytes, as: Double.self)
    }

    /// Longitude of point `i`, degrees.
    @inline(__always)
    func longitude(_ i: Int) -> Double {
        longitudeBase.loadUnaligned(fromByteOffset: i &* strideBytes, as: Double.self)
    }

    /// The memory layout, to pick a specialised loader.
    var layout: Layout {
        let d = MemoryLayout<Double>.stride
        if strideBytes == d { return .columns }
        if strideBytes == 2 * d, longitudeBase == latitudeBase + d { return .interleaved }
        return .strided
    }

    enum Layout { case columns, interleaved, strided }
}

/// Reads points four at a time as SIMD4<Double> (degrees).
protocol PointLoader {
    /// Latitudes and longitudes of points i ..< i + 4.
    func load4(_ i: Int) -> (lat: SIMD4<Double>, lon: SIMD4<Double>)
    /// Latitude and longitude of point i.
    func load1(_ i: Int) -> (lat: Double, lon: Double)
}

extension PointLoader {
    /// Points i ..< i + n (1 ≤ n ≤ 4); missing lanes repeat point i.
    @inline(__always)
    func loadPartial(_ i: Int, _ n: Int) -> (lat: SIMD4<Double>, lon: SIMD4<Double>) {
        let first = load1(i)
        var lat = SIMD4<Double>(repeating: first.lat)
        var lon = SIMD4<Double>(repeating: first.lon)
        for k in 1..<Swift.max(1, n) {
            let p = load1(i + k)
            lat[k] = p.lat
            lon[k] = p.lon
        }
        return (lat, lon)
    }
}

/// Two contiguous Double columns: one vector load each.
struct ColumnLoader: PointLoader {
    let lat: UnsafeRawPointer
    let lon: UnsafeRawPointer
    init(_ c: CoordinateColumns) { lat = c.latitudeBase; lon = c.longitudeBase }

    @inline(__always)
    func load4(_ i: Int) -> (lat: SIMD4<Double>, lon: SIMD4<Double>) {
        let off = i &* 8
        return (
            lat.loadUnaligned(fromByteOffset: off, as: SIMD4<Double>.self),
            lon.loadUnaligned(fromByteOffset: off, as: SIMD4<Double>.self)
        )
    }

    @inline(__always)
    func load1(_ i: Int) -> (lat: Double, lon: Double) {
        (lat.loadUnaligned(fromByteOffset: i &* 8, as: Double.self),
         lon.loadUnaligned(fromByteOffset: i &* 8, as: Double.self))
    }
}

/// lat, lon pairs: one 8-lane load, split into even and odd lanes.
struct InterleavedLoader: PointLoader {
    let base: UnsafeRawPointer
    init(_ c: CoordinateColumns) { base = c.latitudeBase }

    @inline(__always)
    func load4(_ i: Int) -> (lat: SIMD4<Double>, lon: SIMD4<Double>) {
        let v = base.loadUnaligned(fromByteOffset: i &* 16, as: SIMD8<Double>.self)
        return (v.evenHalf, v.oddHalf)
    }

    @inline(__always)
    func load1(_ i: Int) -> (lat: Double, lon: Double) {
        (base.loadUnaligned(fromByteOffset: i &* 16, as: Double.self),
         base.loadUnaligned(fromByteOffset: i &* 16 &+ 8, as: Double.self))
    }
}

/// Any stride: four scalar loads per column.
struct StridedLoader: PointLoader {
    let lat: UnsafeRawPointer
    let lon: UnsafeRawPointer
    let stride: Int
    init(_ c: CoordinateColumns) { lat = c.latitudeBase; lon = c.longitudeBase; stride = c.strideBytes }

    @inline(__always)
    func load4(_ i: Int) -> (lat: SIMD4<Double>, lon: SIMD4<Double>) {
        let o0 = i &* stride
        let o1 = o0 &+ stride
        let o2 = o1 &+ stride
        let o3 = o2 &+ stride
        let la = SIMD4<Double>(
            lat.loadUnaligned(fromByteOffset: o0, as: Double.self),
            lat.loadUnaligned(fromByteOffset: o1, as: Double.self),
            lat.loadUnaligned(fromByteOffset: o2, as: Double.self),
            lat.loadUnaligned(fromByteOffset: o3, as: Double.self))
        let lo = SIMD4<Double>(
            lon.loadUnaligned(fromByteOffset: o0, as: Double.self),
            lon.loadUnaligned(fromByteOffset: o1, as: Double.self),
            lon.loadUnaligned(fromByteOffset: o2, as: Double.self),
            lon.loadUnaligned(fromByteOffset: o3, as: Double.self))
        return (la, lo)
    }

    @inline(__always)
    func load1(_ i: Int) -> (lat: Double, lon: Double) {
        (lat.loadUnaligned(fromByteOffset: i &* stride, as: Double.self),
         lon.loadUnaligned(fromByteOffset: i &* stride, as: Double.self))
    }
}
