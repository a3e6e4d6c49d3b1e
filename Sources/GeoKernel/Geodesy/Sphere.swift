#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Spherical navigation formulas on the sphere of mean radius (EarthModel.meanRadiusMeters
// unless a radius is given). References: E. Williams, "Aviation Formulary"; the
// standard spherical trigonometry of cross-track distance.

extension Coordinate {
    /// Initial bearing (forward azimuth) of the great circle from `self` to `other`.
    ///
    /// - Returns: degrees clockwise from true north, in [0, 360). For coincident points
    ///   0; from a pole, the bearing is measured with the meridian of `self.longitude`
    ///   as north.
    /// - Complexity: O(1). Thread safety: pure. Earth model: sphere.
    /// - C twin: `gk_initial_bearing`.
    public func initialBearing(to other: Coordinate) -> Double {
        let phi1 = latitude * degreesToRadians
        let phi2 = other.latitude * degreesToRadians
        let dLambda = (other.longitude - longitude) * degreesToRadians
        let y = sin(dLambda) * cos(phi2)
        let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(dLambda)
        if x == 0, y == 0 { return 0 }
        return bearingDegrees(atan2(y, x) * radiansToDegrees)
    }

    /// The point reached by travelling `distanceMeters` along the great circle that
    /// leaves `self` at `bearingDegrees`.
    ///
    /// - Throws: `.invalidArgument` when the bearing, distance or radius is not finite
    ///   or the radius is not positive.
    /// - Complexity: O(1). Earth model: sphere of `radiusMeters`.
    /// - C twin: `gk_destination`.
    public func destination(
        bearingDegrees: Double, distanceMeters: Double,
        radiusMeters: Double = EarthModel.meanRadiusMeters
    ) throws(GeoKernelError) -> Coordinate {
        guard bearingDegrees.isFinite else { throw .invalid("bearing \(bearingDegrees) is not finite") }
        guard distanceMeters.isFinite else { throw .invalid("distance \(distanceMeters) m is not finite") }
        try checkRadius(radiusMeters)
        let delta = distanceMeters / radiusMeters
        let theta = bearingDegrees * degreesToRadians
        let phi1 = latitude * degreesToRadians
        let lambda1 = longitude * degreesToRadians
        let sinPhi2 = sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(theta)
        let phi2 = asin(max(-1, min(1, sinPhi2)))
        let y = sin(theta) * sin(delta) * cos(phi1)
        let x = cos(delta) - sin(phi1) * sinPhi2
        let lambda2 = lambda1 + atan2(y, x)
        return Coordinate(
            uncheckedLatitude: max(-90, min(90, phi2 * radiansToDegrees)),
            longitude: lambda2 * radiansToDegrees)
    }

    /// Signed distance from `self` to the great circle through `start` and `end`:
    /// positive to the right of the direction of travel, negative to the left.
    ///
    /// - Throws: `.invalidArgument` when `start` and `end` are coincident or antipodal
    ///   (no unique great circle) or the radius is invalid.
    /// - Complexity: O(1). Earth model: sphere. C twin: `gk_cross_track_distance`.
    public func crossTrackDistance(
        start: Coordinate, end: Coordinate, radiusMeters: Double = EarthModel.meanRadiusMeters
    ) throws(GeoKernelError) -> Double {
        try checkRadius(radiusMeters)
        let n = try greatCircleNormal(start, end)
        let p = UnitVector(self)
        let s = max(-1, min(1, n.dot(p)))
        // Angle from the plane of the great circle; right of travel is negative n side.
        return -asin(s) * radiusMeters
    }

    /// Distance from `start`, along the great circle through `start` and `end`, to the
    /// foot of the perpendicular from `self`: positive in the direction of `end`,
    /// negative behind `start`; in [−πR, πR].
    ///
    /// - Throws: as `crossTrackDistance`.
    /// - Complexity: O(1). Earth model: sphere. C twin: `gk_along_track_distance`.
    public func alongTrackDistance(
        start: Coordinate, end: Coordinate, radiusMeters: Double = EarthModel.meanRadiusMeters
    ) throws(GeoKernelError) -> Double {
        try checkRadius(radiusMeters)
        let n = try greatCircleNormal(start, end)
        let a = UnitVector(start)
        let p = UnitVector(self)
        // Project p onto the plane of the great circle; measure the angle from a,
        // signed positive towards end (the direction n × a).
        let t = n.cross(a)
        return atan2(p.dot(t), p.dot(a)) * radiusMeters
    }
}

@inline(__always)
func checkRadius(_ r: Double) throws(GeoKernelError) {
    guard r.isFinite, r > 0 else { throw .invalid("radius \(r) m must be positive and finite") }
}

/// Unit normal of the great circle from a to b (a × b normalised).
func greatCircleNormal(_ a: Coordinate, _ b: Coordinate) throws(GeoKernelError) -> UnitVector {
    let va = UnitVector(a), vb = UnitVector(b)
    let c = va.cross(vb)
    let len = sqrt(c.dot(c))
    guard len > 1e-12 else {
        throw .invalid("points \(a) and \(b) are coincident or antipodal: no unique great circle")
    }
    return UnitVector(x: c.x / len, y: c.y / len, z: c.z / len)
}

/// A direction in degrees clockwise from north brought into [0, 360), the one convention of
/// every bearing and azimuth GeoKernel returns (sphere bearings, WGS84 azimuths, road
/// headings): -90 becomes 270, 360 and -0 become 0. Finite input only.
/// Complexity: O(1). Thread safety: pure.
@inlinable
package func bearingDegrees(_ degrees: Double) -> Double {
    var d = degrees.truncatingRemainder(dividingBy: 360)
    if d < 0 { d += 360 }
    return d >= 360 ? 0 : d + 0  // + 0 turns -0 into 0
}
