import GeoKernel

/// The coordinate check every file reader applies: a file's values are checked, never
/// repaired.
enum CoordinateText {
    /// A coordinate from a file's latitude and longitude (degrees).
    ///
    /// - Throws: `.invalidArgument` when a value is not finite, the latitude is outside
    ///   [-90, 90] or the longitude outside [-180, 180] (not wrapped as `Coordinate` does).
    static func checked(latitude: Double, longitude: Double) throws(GeoKernelError) -> Coordinate {
        if longitude.isFinite, !(longitude >= -180 && longitude <= 180) {
            throw .invalid("longitude \(longitude) is outside [-180, 180]")
        }
        return try Coordinate(latitude: latitude, longitude: longitude)
    }
}
