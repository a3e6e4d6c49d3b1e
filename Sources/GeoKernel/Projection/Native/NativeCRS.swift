/// The coordinate reference systems GeoKernel projects without PROJ: EPSG:4326 (WGS84
/// latitude and longitude), EPSG:3857 (Web Mercator), EPSG:32601–32660 and 32701–32760
/// (UTM north and south on WGS84) and EPSG:3035 (LAEA Europe, ETRS89 taken equal to WGS84,
/// as PROJ's null transformation between them does).
///
/// Thread safety: a value type. Complexity: O(1) per point.
enum NativeCRS: Sendable, Equatable {
    case geographic
    case webMercator
    case utm(zone: Int, north: Bool)
    case laeaEurope

    /// The CRS an "EPSG:<code>" string names (case-insensitive), or nil when it is not
    /// one of the native ones.
    init?(_ text: String) {
        let t = text.uppercased()
        guard t.hasPrefix("EPSG:"), let code = Int(t.dropFirst(5)) else { return nil }
        switch code {
        case 4326: self = .geographic
        case 3857: self = .webMercator
        case 3035: self = .laeaEurope
        case 32601...32660: self = .utm(zone: code - 32600, north: true)
        case 32701...32760: self = .utm(zone: code - 32700, north: false)
        default: return nil
        }
    }

    /// Whether the authority's axis order puts the second coordinate first (EPSG:4326 is
    /// latitude, longitude; EPSG:3035 northing, easting).
    var authoritySwapsAxes: Bool {
        switch self {
        case .geographic, .laeaEurope: return true
        case .webMercator, .utm: return false
        }
    }

    /// The projection of this CRS, made once per transformer.
    func projection() -> NativeProjection {
        switch self {
        case .geographic: return .identity
        case .webMercator: return .webMercator
        case .utm(let zone, let north): return .transverseMercator(.utm(zone: zone, north: north))
        case .laeaEurope: return .lambertAzimuthal(.europe)
        }
    }
}

/// One native projection: from (longitude, latitude) in degrees to (x, y) in metres and
/// back; nil for a point outside its domain.
protocol PointProjection {
    func forward(longitude: Double, latitude: Double) -> (x: Double, y: Double)?
    func inverse(x: Double, y: Double) -> (longitude: Double, latitude: Double)?
    /// The forward projection of `count` points from the columns `longitudes`, `latitudes`
    /// into the columns `x`, `y` (not overlapping them); +infinity in x and y for a point
    /// outside the domain (NaN input included). A projection with a vector kernel implements it;
    /// the others take the point-by-point default.
    func forward(
        longitudes: UnsafePointer<Double>, latitudes: UnsafePointer<Double>,
        x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int)
    /// The inverse of `count` points from the columns `x`, `y` into the columns
    /// `longitudes`, `latitudes` (not overlapping them); +infinity in both for a point that
    /// has none. The point-by-point default unless the projection has a vector kernel.
    func inverse(
        x: UnsafePointer<Double>, y: UnsafePointer<Double>,
        longitudes: UnsafeMutablePointer<Double>, latitudes: UnsafeMutablePointer<Double>, count: Int)
}

extension PointProjection {
    @inline(__always)
    func forward(
        longitudes: UnsafePointer<Double>, latitudes: UnsafePointer<Double>,
        x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int
    ) {
        for i in 0..<count {
            if let p = forward(longitude: longitudes[i], latitude: latitudes[i]) {
                (x[i], y[i]) = p
            } else {
                (x[i], y[i]) = (.infinity, .infinity)
            }
        }
    }

    @inline(__always)
    func inverse(
        x: UnsafePointer<Double>, y: UnsafePointer<Double>,
        longitudes: UnsafeMutablePointer<Double>, latitudes: UnsafeMutablePointer<Double>, count: Int
    ) {
        for i in 0..<count {
            if let g = inverse(x: x[i], y: y[i]) {
                (longitudes[i], latitudes[i]) = g
            } else {
                (longitudes[i], latitudes[i]) = (.infinity, .infinity)
            }
        }
    }
}

/// EPSG:4326 itself: degrees stay degrees (latitude checked).
struct IdentityProjection: PointProjection {
    @inline(__always)
    func forward(longitude: Double, latitude: Double) -> (x: Double, y: Double)? {
        abs(latitude) <= 90 && longitude.isFinite ? (longitude, latitude) : nil
    }
    @inline(__always)
    func inverse(x: Double, y: Double) -> (longitude: Double, latitude: Double)? {
        abs(y) <= 90 && x.isFinite ? (x, y) : nil
    }
}

/// A projection with a vector kernel for its forward direction (CSIMDShim_projection.h):
/// the single point and the columns go through the kernel, so both give the same bits.
protocol ForwardKernel: PointProjection {
    /// The kernel: `count` points every `strideBytes` bytes, in place or not, on the build
    /// for `level` (`SIMDMath.vectorLevel` or lower); +infinity for a point outside the
    /// domain. Returns how many were.
    func project(
        longitudes: UnsafePointer<Double>, latitudes: UnsafePointer<Double>,
        x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, strideBytes: Int, count: Int, level: CInt
    ) -> Int
}

extension ForwardKernel {
    func forward(longitude: Double, latitude: Double) -> (x: Double, y: Double)? {
        var lon = longitude, lat = latitude, x = 0.0, y = 0.0
        let failed = project(
            longitudes: &lon, latitudes: &lat, x: &x, y: &y, strideBytes: MemoryLayout<Double>.stride, count: 1,
            level: SIMDMath.vectorLevel)
        return failed == 0 ? (x, y) : nil
    }

    func forward(
        longitudes: UnsafePointer<Double>, latitudes: UnsafePointer<Double>,
        x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int
    ) {
        _ = project(
            longitudes: longitudes, latitudes: latitudes, x: x, y: y, strideBytes: MemoryLayout<Double>.stride,
            count: count, level: SIMDMath.vectorLevel)
    }
}

/// A projection with a vector kernel for its inverse, as `ForwardKernel`.
protocol InverseKernel: PointProjection {
    /// The inverse kernel, laid out as `ForwardKernel.project`. Returns how many failed.
    func unproject(
        x: UnsafePointer<Double>, y: UnsafePointer<Double>,
        longitudes: UnsafeMutablePointer<Double>, latitudes: UnsafeMutablePointer<Double>, strideBytes: Int, count: Int,
        level: CInt
    ) -> Int
}

extension InverseKernel {
    func inverse(x: Double, y: Double) -> (longitude: Double, latitude: Double)? {
        var x = x, y = y, lon = 0.0, lat = 0.0
        let failed = unproject(
            x: &x, y: &y, longitudes: &lon, latitudes: &lat, strideBytes: MemoryLayout<Double>.stride, count: 1,
            level: SIMDMath.vectorLevel)
        return failed == 0 ? (lon, lat) : nil
    }

    func inverse(
        x: UnsafePointer<Double>, y: UnsafePointer<Double>,
        longitudes: UnsafeMutablePointer<Double>, latitudes: UnsafeMutablePointer<Double>, count: Int
    ) {
        _ = unproject(
            x: x, y: y, longitudes: longitudes, latitudes: latitudes, strideBytes: MemoryLayout<Double>.stride,
            count: count, level: SIMDMath.vectorLevel)
    }
}

extension WebMercator: ForwardKernel, InverseKernel {}
extension TransverseMercator: ForwardKernel, InverseKernel {}
extension LambertAzimuthal: PointProjection {}

/// The projection of a native CRS, chosen once per transformer.
enum NativeProjection: Sendable {
    case identity
    case webMercator
    case transverseMercator(TransverseMercator)
    case lambertAzimuthal(LambertAzimuthal)
}

extension NativeProjection {
    /// The forward projection of `count` points from columns into other columns
    /// (`PointProjection.forward(longitudes:latitudes:x:y:count:)` of the concrete one).
    func forward(
        longitudes: UnsafePointer<Double>, latitudes: UnsafePointer<Double>,
        x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int
    ) {
        switch self {
        case .identity: IdentityProjection().forward(longitudes: longitudes, latitudes: latitudes, x: x, y: y, count: count)
        case .webMercator: WebMercator().forward(longitudes: longitudes, latitudes: latitudes, x: x, y: y, count: count)
        case .transverseMercator(let p): p.forward(longitudes: longitudes, latitudes: latitudes, x: x, y: y, count: count)
        case .lambertAzimuthal(let p): p.forward(longitudes: longitudes, latitudes: latitudes, x: x, y: y, count: count)
        }
    }

    /// The inverse of `count` points from columns into other columns
    /// (`PointProjection.inverse(x:y:longitudes:latitudes:count:)` of the concrete one).
    func inverse(
        x: UnsafePointer<Double>, y: UnsafePointer<Double>,
        longitudes: UnsafeMutablePointer<Double>, latitudes: UnsafeMutablePointer<Double>, count: Int
    ) {
        switch self {
        case .identity: IdentityProjection().inverse(x: x, y: y, longitudes: longitudes, latitudes: latitudes, count: count)
        case .webMercator: WebMercator().inverse(x: x, y: y, longitudes: longitudes, latitudes: latitudes, count: count)
        case .transverseMercator(let p): p.inverse(x: x, y: y, longitudes: longitudes, latitudes: latitudes, count: count)
        case .lambertAzimuthal(let p): p.inverse(x: x, y: y, longitudes: longitudes, latitudes: latitudes, count: count)
        }
    }
}

/// A source and target native CRS: a point goes through the source's inverse to WGS84
/// degrees, then the target's forward projection.
struct NativeTransform: Sendable {
    let source: NativeCRS, target: NativeCRS
    let from: NativeProjection, to: NativeProjection
    /// Whether the caller's axes are the authority's (`normalizeAxisOrder` false).
    let authorityAxes: Bool

    init(source: NativeCRS, target: NativeCRS, authorityAxes: Bool) {
        self.source = source
        self.target = target
        self.from = source.projection()
        self.to = target.projection()
        self.authorityAxes = authorityAxes
    }

    /// Why the point (x, y), as the caller gave it, cannot be transformed (worded as PROJ
    /// words the same failures).
    func reason(_ x: Double, _ y: Double, inverse: Bool) -> String {
        guard x.isFinite, y.isFinite else { return "input is not finite" }
        let crs = inverse ? target : source
        let latitude = authorityAxes && crs.authoritySwapsAxes ? x : y
        if crs == .geographic, !(abs(latitude) <= 90) {
            return "Invalid latitude: \(latitude) is outside [-90, 90]"
        }
        return "Invalid coordinate: outside the projection's domain"
    }

    /// Transforms `count` strided points in place; failures become +infinity (z too) and
    /// are counted. Complexity: O(count), one loop specialised for the pair of projections.
    func run(
        x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, z: UnsafeMutablePointer<Double>?,
        count: Int, strideBytes: Int, inverse: Bool
    ) -> Int {
        let batch = Batch(
            x: UnsafeMutableRawPointer(x), y: UnsafeMutableRawPointer(y), z: z.map { UnsafeMutableRawPointer($0) },
            count: count, strideBytes: strideBytes,
            swapIn: authorityAxes && (inverse ? target : source).authoritySwapsAxes,
            swapOut: authorityAxes && (inverse ? source : target).authoritySwapsAxes)
        let (a, b) = inverse ? (to, from) : (from, to)
        // Degrees to a projection with a vector kernel, or back: the kernel on the caller's
        // buffers, in place.
        var failed: Int?
        let (inX, inY) = batch.swapIn ? (y, x) : (x, y)
        switch (a, b) {
        case (.identity, .webMercator) where !batch.swapOut:
            failed = WebMercator().project(longitudes: inX, latitudes: inY, x: x, y: y, strideBytes: strideBytes, count: count)
        case (.identity, .transverseMercator(let t)) where !batch.swapOut:
            failed = t.project(longitudes: inX, latitudes: inY, x: x, y: y, strideBytes: strideBytes, count: count)
        case (.webMercator, .identity) where !batch.swapIn:
            let (lon, lat) = batch.swapOut ? (y, x) : (x, y)
            failed = WebMercator().unproject(x: x, y: y, longitudes: lon, latitudes: lat, strideBytes: strideBytes, count: count)
        case (.transverseMercator(let t), .identity) where !batch.swapIn:
            let (lon, lat) = batch.swapOut ? (y, x) : (x, y)
            failed = t.unproject(x: x, y: y, longitudes: lon, latitudes: lat, strideBytes: strideBytes, count: count)
        default:
            failed = nil
        }
        if let failed {
            if failed > 0, let z { batch.markFailures(UnsafeMutableRawPointer(z)) }
            return failed
        }
        return batch.run(a, b)
    }

    /// The caller's buffers and axis swaps.
    struct Batch {
        let x: UnsafeMutableRawPointer, y: UnsafeMutableRawPointer, z: UnsafeMutableRawPointer?
        let count: Int, strideBytes: Int, swapIn: Bool, swapOut: Bool

        /// +infinity in z for every point whose x is +infinity (a failed point).
        func markFailures(_ z: UnsafeMutableRawPointer) {
            for i in 0..<count where x.load(fromByteOffset: i &* strideBytes, as: Double.self) == .infinity {
                z.storeBytes(of: .infinity, toByteOffset: i &* strideBytes, as: Double.self)
            }
        }

        /// Points this many at a time go through `a`'s inverse into degree columns, then
        /// `b`'s forward projection of the columns.
        static let chunk = 256

        /// Each point through `a`'s inverse (to degrees) and `b`'s forward projection, a
        /// chunk at a time (each projection is switched on per chunk, not per point).
        func run(_ a: NativeProjection, _ b: NativeProjection) -> Int {
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 4 * Self.chunk) { buffer in
                let lon = buffer.baseAddress!, lat = lon + Self.chunk
                let px = lat + Self.chunk, py = px + Self.chunk
                var failed = 0
                var start = 0
                while start < count {
                    let m = min(Self.chunk, count - start)
                    for j in 0..<m {
                        let o = (start &+ j) &* strideBytes
                        let u = x.load(fromByteOffset: o, as: Double.self), v = y.load(fromByteOffset: o, as: Double.self)
                        (px[j], py[j]) = swapIn ? (v, u) : (u, v)
                    }
                    a.inverse(x: px, y: py, longitudes: lon, latitudes: lat, count: m)
                    b.forward(longitudes: lon, latitudes: lat, x: px, y: py, count: m)
                    for j in 0..<m {
                        let o = (start &+ j) &* strideBytes
                        if px[j] == .infinity {
                            failed += 1
                            x.storeBytes(of: .infinity, toByteOffset: o, as: Double.self)
                            y.storeBytes(of: .infinity, toByteOffset: o, as: Double.self)
                            z?.storeBytes(of: .infinity, toByteOffset: o, as: Double.self)
                        } else {
                            x.storeBytes(of: swapOut ? py[j] : px[j], toByteOffset: o, as: Double.self)
                            y.storeBytes(of: swapOut ? px[j] : py[j], toByteOffset: o, as: Double.self)
                        }
                    }
                    start += m
                }
                return failed
            }
        }
    }
}
