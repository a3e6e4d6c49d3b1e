#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The gnomonic (central) projection of the sphere onto the plane tangent at `center`,
/// in metres: the local metric plane in which geographic lines are simplified.
///
/// A point p at angular distance ρ < 90° from the centre goes to
/// x = R·(p·east)/(p·centre), y = R·(p·north)/(p·centre), with p, centre, east and north
/// unit vectors; x grows eastwards and y northwards at the centre.
///
/// Why gnomonic: it maps every great circle to a straight line (Snyder, "Map
/// Projections — A Working Manual", USGS PP 1395, 1987, §22), so the chord between two
/// projected vertices is exactly the image of the great-circle arc between them. Its
/// scale factors are 1/cos²ρ along the radius from the centre and 1/cos ρ across it,
/// both ≥ 1: lengths in the plane are never shorter than on the sphere, and at most
/// 1/cos²ρ_max times longer. Consequently, for a point and a great-circle arc within
/// ρ_max of the centre, the planar distance d_plane and the spherical distance d_sphere
/// satisfy d_sphere ≤ d_plane ≤ d_sphere / cos²ρ_max. Examples: ρ_max = 100 km gives at
/// most 0.025 %, 500 km 0.62 %, 1 000 km 2.5 %, 2 000 km 10.6 %.
///
/// Earth model: the sphere of `radiusMeters` (default the mean radius 6 371 008.8 m),
/// which differs from WGS84 distances by up to 0.56 %.
///
/// Thread safety: an immutable value; `Sendable`.
/// C twin: none (used inside `gk_simplify_geographic`).
/// \since 0.1
public struct GnomonicProjection: Sendable, Hashable {
    /// The centre of the projection (the point of tangency).
    public let center: Coordinate
    /// Radius of the sphere in metres.
    public let radiusMeters: Double
    /// Unit vectors of the centre and of east and north there.
    @usableFromInline let c: UnitVector
    @usableFromInline let east: UnitVector
    @usableFromInline let north: UnitVector

    /// A gnomonic projection tangent at `center`.
    ///
    /// At a pole, "east" is the direction of longitude 90° E and "north" that of
    /// longitude 180° (north pole) or 0° (south pole).
    ///
    /// - Throws: `.invalidArgument` for a radius that is not positive and finite.
    /// - Complexity: O(1).
    public init(center: Coordinate, radiusMeters: Double = EarthModel.meanRadiusMeters) throws(GeoKernelError) {
        try checkRadius(radiusMeters)
        self.init(uncheckedCenter: UnitVector(center), coordinate: center, radiusMeters: radiusMeters)
    }

    /// A gnomonic projection tangent at the normalised mean of the unit vectors of
    /// `coordinates`: a centre for a line that keeps every vertex as close to it as a
    /// simple average can.
    ///
    /// - Throws: `.invalidArgument` when `coordinates` is empty or the mean vector is
    ///   (nearly) zero (points spread evenly around the globe).
    /// - Complexity: O(n).
    public init(centeredOn coordinates: [Coordinate], radiusMeters: Double = EarthModel.meanRadiusMeters)
        throws(GeoKernelError)
    {
        try checkRadius(radiusMeters)
        guard !coordinates.isEmpty else { throw .invalid("cannot centre a projection on no points") }
        var sx = 0.0, sy = 0.0, sz = 0.0
        for p in coordinates {
            let u = UnitVector(p)
            sx += u.x; sy += u.y; sz += u.z
        }
        try self.init(meanX: sx, meanY: sy, meanZ: sz, count: coordinates.count, radiusMeters: radiusMeters)
    }

    /// A projection centred on the normalised vector (sx, sy, sz), the sum of `count`
    /// unit vectors.
    init(meanX sx: Double, meanY sy: Double, meanZ sz: Double, count: Int, radiusMeters: Double)
        throws(GeoKernelError)
    {
        let len = (sx * sx + sy * sy + sz * sz).squareRoot()
        guard len > 1e-9 * Double(count) else {
            throw .invalid("the points are spread around the whole globe: their mean direction is undefined")
        }
        let c = UnitVector(x: sx / len, y: sy / len, z: sz / len)
        let lat = atan2(c.z, (c.x * c.x + c.y * c.y).squareRoot()) * radiansToDegrees
        let lon = atan2(c.y, c.x) * radiansToDegrees
        self.init(
            uncheckedCenter: c, coordinate: Coordinate(uncheckedLatitude: lat, longitude: lon),
            radiusMeters: radiusMeters)
    }

    private init(uncheckedCenter c: UnitVector, coordinate: Coordinate, radiusMeters: Double) {
        self.center = coordinate
        self.radiusMeters = radiusMeters
        self.c = c
        // east = ẑ × c, normalised; at a pole use the y axis.
        let ex = -c.y, ey = c.x
        let elen = (ex * ex + ey * ey).squareRoot()
        let e = elen > 1e-12 ? UnitVector(x: ex / elen, y: ey / elen, z: 0) : UnitVector(x: 0, y: 1, z: 0)
        self.east = e
        self.north = c.cross(e)
    }

    /// The cosine of the angular distance from the centre to `c` (1 at the centre, 0 on
    /// the horizon, negative beyond it).
    ///
    /// - Complexity: O(1).
    @inlinable
    public func cosineOfDistance(to c: Coordinate) -> Double { UnitVector(c).dot(self.c) }

    /// The projection of `coordinate`, in metres east (x) and north (y) of the centre.
    ///
    /// - Throws: `.invalidArgument` when the point is 90° or more from the centre (on or
    ///   beyond the horizon, where the projection is undefined).
    /// - Complexity: O(1). Thread safety: pure.
    @inlinable
    public func project(_ coordinate: Coordinate) throws(GeoKernelError) -> (x: Double, y: Double) {
        let p = UnitVector(coordinate)
        let w = p.dot(c)
        guard w > 1e-12 else {
            throw .invalid("\(coordinate) is 90° or more from the projection centre \(center)")
        }
        return (radiusMeters * p.dot(east) / w, radiusMeters * p.dot(north) / w)
    }

    /// The point whose projection is (x, y) metres.
    ///
    /// - Returns: the coordinate; every finite (x, y) has one, closer than 90° to the
    ///   centre.
    /// - Throws: `.invalidArgument` for non-finite x or y.
    /// - Complexity: O(1). Thread safety: pure.
    public func unproject(x: Double, y: Double) throws(GeoKernelError) -> Coordinate {
        guard x.isFinite, y.isFinite else { throw .invalid("planar point (\(x), \(y)) is not finite") }
        let u = x / radiusMeters, v = y / radiusMeters
        let px = c.x + u * east.x + v * north.x
        let py = c.y + u * east.y + v * north.y
        let pz = c.z + u * east.z + v * north.z
        // atan2 rather than asin: well conditioned near the poles too.
        let lat = atan2(pz, (px * px + py * py).squareRoot()) * radiansToDegrees
        return Coordinate(uncheckedLatitude: lat, longitude: atan2(py, px) * radiansToDegrees)
    }

    /// The largest factor by which the projection lengthens a distance at `coordinate`:
    /// 1/cos²ρ, ρ the angular distance from the centre (infinite at or beyond 90°).
    ///
    /// - Complexity: O(1).
    public func maximumScaleFactor(at coordinate: Coordinate) -> Double {
        let w = cosineOfDistance(to: coordinate)
        return w > 0 ? 1 / (w * w) : .infinity
    }
}
