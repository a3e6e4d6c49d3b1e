/// Names places, typically through a reverse geocoder ("Café Odeon", "12 Rue Grimaldi",
/// "Zürich"): the one interface between what names places (the Nearby facade's
/// `AddressNaming` and `GazetteerNaming`, or a closure through `ClosureNaming`) and what
/// needs names (the Timeline facade's detectors and `Recorder`, which ask once per
/// placemark, when they emit it). It lives in the kernel so that neither facade depends on
/// the other.
///
/// Thread safety: conformers are `Sendable` and may be called from the thread that feeds
/// the detector. C twin: `gk_timeline_set_naming` (an address index and/or a gazetteer).
/// \since 0.1 (in the Timeline module before 0.5)
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
