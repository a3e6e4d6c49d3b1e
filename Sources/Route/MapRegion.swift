import GeoKernel

/// The part of the map to show: a centre and the full latitude and longitude spans, as
/// MapKit's `MKCoordinateRegion` has them.
///
/// Spans are full widths (the region reaches half a span on each side of the centre).
/// Near the antimeridian the region simply continues across it: a region centred at
/// 179.99° E spanning 0.1° of longitude covers 179.94° E to 179.96° W
/// (`boundingBox.west > boundingBox.east`).
///
/// Thread safety: an immutable value; `Sendable`. C twin: `gk_region_around`,
/// `gk_region_of_points`, `gk_route_region`.
/// \since 0.1
public struct MapRegion: Sendable, Hashable, CustomStringConvertible {
    /// The centre (degrees).
    public let center: Coordinate
    /// North–south extent in degrees, in [0, 180].
    public let latitudeDeltaDegrees: Double
    /// East–west extent in degrees, in [0, 360].
    public let longitudeDeltaDegrees: Double

    /// A region from its centre and spans.
    ///
    /// - Throws: `.invalidArgument` for spans outside [0, 180] (latitude) or [0, 360]
    ///   (longitude), or not finite.
    public init(center: Coordinate, latitudeDeltaDegrees: Double, longitudeDeltaDegrees: Double) throws(GeoKernelError) {
        guard latitudeDeltaDegrees.isFinite, latitudeDeltaDegrees >= 0, latitudeDeltaDegrees <= 180 else {
            throw .invalid("latitude span \(latitudeDeltaDegrees)° must be in [0, 180]")
        }
        guard longitudeDeltaDegrees.isFinite, longitudeDeltaDegrees >= 0, longitudeDeltaDegrees <= 360 else {
            throw .invalid("longitude span \(longitudeDeltaDegrees)° must be in [0, 360]")
        }
        self.center = center
        self.latitudeDeltaDegrees = latitudeDeltaDegrees
        self.longitudeDeltaDegrees = longitudeDeltaDegrees
    }

    /// The region `latitudinalMeters` tall and `longitudinalMeters` wide around `center`,
    /// like `MKCoordinateRegion(center:latitudinalMeters:longitudinalMeters:)`: "3 km
    /// around the user" is `MapRegion(center: user, latitudinalMeters: 3000,
    /// longitudinalMeters: 3000)`.
    ///
    /// Spans: metres over the length of a degree on the sphere of mean radius, along the
    /// meridian (111 195 m) and along the centre's parallel (111 195 m · cos latitude);
    /// the longitude span is capped at 360° (at a pole, or when wider than the
    /// parallel), the latitude span at 180°.
    ///
    /// - Throws: `.invalidArgument` for negative or non-finite distances.
    /// - Complexity: O(1). Earth model: sphere. C twin: `gk_region_around`.
    public init(center: Coordinate, latitudinalMeters: Double, longitudinalMeters: Double) throws(GeoKernelError) {
        guard latitudinalMeters.isFinite, latitudinalMeters >= 0, longitudinalMeters.isFinite, longitudinalMeters >= 0 else {
            throw .invalid("region size \(latitudinalMeters) m × \(longitudinalMeters) m must be finite and not negative")
        }
        let metersPerDegree = EarthModel.meanRadiusMeters * .pi / 180
        let latSpan = min(180, latitudinalMeters / metersPerDegree)
        let parallel = metersPerDegree * cosDegrees(center.latitude)
        let lonSpan = parallel > 0 ? min(360, longitudinalMeters / parallel) : (longitudinalMeters > 0 ? 360 : 0)
        try self.init(center: center, latitudeDeltaDegrees: latSpan, longitudeDeltaDegrees: lonSpan)
    }

    /// The smallest region that shows every coordinate, its spans multiplied by
    /// `paddingFactor` (≥ 1; 1.2 leaves a 10 % margin on each side).
    ///
    /// Longitudes are treated as a circle: the region covers the complement of the
    /// largest empty gap between them, so pins at 179.5° E and 179.5° W give a 1°-wide
    /// region centred on the antimeridian, not a 359° one. The latitude span runs from
    /// the southernmost to the northernmost coordinate.
    ///
    /// - Throws: `.invalidArgument` for no coordinates or a padding factor below 1 or not
    ///   finite.
    /// - Complexity: O(n log n). C twin: `gk_region_of_points`.
    public init(showing coordinates: [Coordinate], paddingFactor: Double = 1) throws(GeoKernelError) {
        guard !coordinates.isEmpty else { throw .invalid("a region must show at least one coordinate") }
        guard paddingFactor.isFinite, paddingFactor >= 1 else {
            throw .invalid("padding factor \(paddingFactor) must be finite and at least 1")
        }
        let lats = coordinates.map(\.latitude)
        let south = lats.min()!, north = lats.max()!
        // The widest gap between consecutive longitudes (circularly) is left out.
        let lons = coordinates.map(\.longitude).sorted()
        var gap = lons[0] + 360 - lons[lons.count - 1]
        var west = lons[0]
        for (a, b) in zip(lons, lons.dropFirst()) where b - a > gap {
            gap = b - a
            west = b
        }
        let lonSpan = 360 - gap
        let centerLat = (south + north) / 2
        let centerLon = Coordinate.normalizedLongitude(west + lonSpan / 2)
        try self.init(
            center: Coordinate(uncheckedLatitude: centerLat, longitude: centerLon),
            latitudeDeltaDegrees: min(180, (north - south) * paddingFactor),
            longitudeDeltaDegrees: min(360, lonSpan * paddingFactor))
    }

    /// The region as a latitude/longitude box: `west > east` across the antimeridian;
    /// latitudes clamped to [-90, 90]; a 360° span gives west −180, east 180.
    public var boundingBox: BoundingBox {
        let south = max(-90, center.latitude - latitudeDeltaDegrees / 2)
        let north = min(90, center.latitude + latitudeDeltaDegrees / 2)
        if longitudeDeltaDegrees >= 360 { return BoundingBox(south: south, north: north, west: -180, east: 180) }
        let west = Coordinate.normalizedLongitude(center.longitude - longitudeDeltaDegrees / 2)
        var east = Coordinate.normalizedLongitude(center.longitude + longitudeDeltaDegrees / 2)
        if east == -180 && west > -180 { east = 180 }
        return BoundingBox(south: south, north: north, west: west, east: east)
    }

    /// True when `c` lies in the region (edges included; antimeridian-aware).
    public func contains(_ c: Coordinate) -> Bool { boundingBox.contains(c) }

    /// "centre (lat, lon), span Δlat° × Δlon°".
    public var description: String {
        "centre \(center), span \(latitudeDeltaDegrees)° × \(longitudeDeltaDegrees)°"
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// cos of an angle in degrees, exactly 0 at ±90°.
func cosDegrees(_ degrees: Double) -> Double {
    abs(degrees) >= 90 ? 0 : cos(degrees * .pi / 180)
}
