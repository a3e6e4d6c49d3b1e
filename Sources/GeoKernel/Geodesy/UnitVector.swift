/// A point on the unit sphere in Earth-centred coordinates: x towards (0°, 0°),
/// y towards (0°, 90°E), z towards the north pole.
///
/// Every conversion from degrees in GeoKernel and its facades goes through
/// `SIMDMath.unitVector(latitude:longitude:)` / `SIMDMath.unitVectors(_:_:)` (one
/// polynomial sine, the same bits one point or four at a time), so a point has the same
/// vector in the spatial index, a `UnitVectorBuffer` and the geofence monitor.
///
/// Thread safety: a value; `Sendable`.
public struct UnitVector: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var z: Double

    @inlinable
    public init(x: Double, y: Double, z: Double) {
        self.x = x; self.y = y; self.z = z
    }

    /// The unit vector of a coordinate (sphere); each component within about 6e-16 of
    /// exact.
    ///
    /// - Complexity: O(1), no libm (see `SIMDMath.unitVector(latitude:longitude:)`).
    public init(_ c: Coordinate) {
        self.init(latitude: c.latitude, longitude: c.longitude)
    }

    /// The unit vector of (latitude, longitude) in degrees, unchecked (latitude in
    /// [-90, 90], longitude in [-180, 180]), for callers that hold raw degrees.
    @inline(__always)
    package init(latitude: Double, longitude: Double) {
        let v = SIMDMath.unitVector(latitude: latitude, longitude: longitude)
        self.init(x: v.x, y: v.y, z: v.z)
    }

    @inlinable
    public func dot(_ o: UnitVector) -> Double { x * o.x + y * o.y + z * o.z }

    @inlinable
    public func cross(_ o: UnitVector) -> UnitVector {
        UnitVector(x: y * o.z - z * o.y, y: z * o.x - x * o.z, z: x * o.y - y * o.x)
    }
}

extension UnitVector {
    /// The vectors of four points by the four-lane conversion that `UnitVectorBuffer` and
    /// the spatial index use (`SIMDMath.unitVectors`); for tests of the one-point form.
    package static func fourAtOnce(latitudes: SIMD4<Double>, longitudes: SIMD4<Double>) -> [UnitVector] {
        let v = SIMDMath.unitVectors(latitudes, longitudes)
        return (0..<4).map { UnitVector(x: v.x[$0], y: v.y[$0], z: v.z[$0]) }
    }
}
