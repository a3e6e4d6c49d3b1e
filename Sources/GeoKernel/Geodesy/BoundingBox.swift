#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A latitude/longitude rectangle in degrees.
///
/// `west > east` means the box crosses the antimeridian (it covers west…180 and
/// −180…east). A box that contains a pole spans every longitude: west = −180, east = 180.
///
/// Thread safety: a value; `Sendable`. C twin: `gk_bbox`.
public struct BoundingBox: Sendable, Hashable, CustomStringConvertible {
    /// Southern edge, degrees in [-90, 90].
    public var south: Double
    /// Northern edge, degrees in [-90, 90].
    public var north: Double
    /// Western edge, degrees in [-180, 180].
    public var west: Double
    /// Eastern edge, degrees in [-180, 180].
    public var east: Double

    public init(south: Double, north: Double, west: Double, east: Double) {
        self.south = south; self.north = north; self.west = west; self.east = east
    }

    /// True when the box crosses the antimeridian (west > east).
    public var crossesAntimeridian: Bool { west > east }

    /// True when `c` lies in the box, edges included.
    ///
    /// - Complexity: O(1).
    public func contains(_ c: Coordinate) -> Bool {
        guard c.latitude >= south, c.latitude <= north else { return false }
        if west <= east { return c.longitude >= west && c.longitude <= east }
        return c.longitude >= west || c.longitude <= east
    }

    /// The smallest latitude/longitude box that contains the spherical circle of
    /// `radiusMeters` around `center` (J. P. Matuschek, "Finding Points Within a
    /// Distance of a Latitude/Longitude Using Bounding Coordinates", 2011).
    ///
    /// Across the antimeridian the box has `west > east`. When the circle contains a pole
    /// the box spans all longitudes and reaches that pole. A radius of half the Earth's
    /// circumference or more gives the whole globe.
    ///
    /// - Throws: `.invalidArgument` for a negative or non-finite radius.
    /// - Complexity: O(1). Earth model: sphere of `earthRadiusMeters`.
    /// - C twin: `gk_bbox_of_circle`.
    public init(
        circleAround center: Coordinate, radiusMeters: Double,
        earthRadiusMeters: Double = EarthModel.meanRadiusMeters
    ) throws(GeoKernelError) {
        guard radiusMeters.isFinite, radiusMeters >= 0 else {
            throw .invalid("radius \(radiusMeters) m must be finite and not negative")
        }
        try checkRadius(earthRadiusMeters)
        let delta = radiusMeters / earthRadiusMeters
        let phi = center.latitude * degreesToRadians
        let south = phi - delta, north = phi + delta
        if delta >= .pi {
            self.init(south: -90, north: 90, west: -180, east: 180)
        } else if north >= .pi / 2 || south <= -.pi / 2 {
            self.init(
                south: max(-90, south * radiansToDegrees), north: min(90, north * radiansToDegrees),
                west: -180, east: 180)
        } else {
            let dLambda = asin(min(1, sin(delta) / cos(phi))) * radiansToDegrees
            if dLambda >= 180 {
                self.init(south: south * radiansToDegrees, north: north * radiansToDegrees, west: -180, east: 180)
                return
            }
            var west = center.longitude - dLambda
            var east = center.longitude + dLambda
            if west < -180 { west += 360 }
            if east > 180 { east -= 360 }
            if west == east { west = -180; east = 180 }
            self.init(south: south * radiansToDegrees, north: north * radiansToDegrees, west: west, east: east)
        }
    }

    public var description: String { "[S \(south), N \(north), W \(west), E \(east)]" }
}
