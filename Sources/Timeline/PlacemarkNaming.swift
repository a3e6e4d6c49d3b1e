import GeoKernel

/// Names placemarks, typically through a reverse geocoder ("Café Odeon", "Zürich").
///
/// `StopDetector` asks once per placemark, when it emits it. Any reverse geocoder fits:
/// the Nearby facade's, a gazetteer lookup, or a closure (`ClosureNaming`). The Timeline
/// module depends only on the kernel, so an app that has both Nearby and Timeline wraps
/// Nearby's `ReverseGeocoder` in a five-line adapter (`geokernel timeline --gazetteer`
/// does: the nearest place's name when it lies within a given distance).
///
/// Thread safety: conformers are `Sendable` and may be called from the thread that feeds
/// the detector. C twin: none (the C ABI does not name placemarks). \since 0.1
public protocol PlacemarkNaming: Sendable {
    /// A name for a place (degrees), or nil when there is none.
    func placemarkName(for coordinate: Coordinate) -> String?
}

/// `PlacemarkNaming` from a closure.
///
/// Thread safety: `Sendable`; the closure must be too. \since 0.1
public struct ClosureNaming: PlacemarkNaming {
    private let body: @Sendable (Coordinate) -> String?

    /// Wraps `body`, called once per placemark with its location (degrees).
    public init(_ body: @escaping @Sendable (Coordinate) -> String?) { self.body = body }

    /// Calls the closure.
    public func placemarkName(for coordinate: Coordinate) -> String? { body(coordinate) }
}
