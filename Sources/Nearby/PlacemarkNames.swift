import GeoKernel

/// Names placemarks by address: `AddressIndex.lookup` (a named place, else a house
/// number, else a street, within `radii`), else the nearest town of `towns` when given.
/// Hand it to a Timeline detector or `Recorder` as their `naming`.
///
/// Thread safety: an immutable value; `Sendable`. Complexity: one lookup per placemark.
/// C twin: `gk_timeline_set_naming` with an address index. \since 0.5
public struct AddressNaming: PlacemarkNaming {
    /// The addresses, places and streets.
    public let index: AddressIndex
    /// The gazetteer whose nearest town names what no address reaches, or nil.
    public let towns: ReverseGeocoder?
    /// How far a place, an address and a street may be (metres).
    public let radii: AddressRadii

    /// Names by `index`, falling back to the nearest town of `towns`.
    public init(index: AddressIndex, towns: ReverseGeocoder? = nil, radii: AddressRadii = .default) {
        self.index = index
        self.towns = towns
        self.radii = radii
    }

    /// The lookup's text ("Café de Paris, Place du Casino", "12 Rue Grimaldi", "Monaco"), or nil.
    public func placemarkName(for coordinate: Coordinate) -> String? {
        index.lookup(coordinate, radii: radii, fallback: towns)?.text
    }
}

/// Names placemarks after the nearest place of a gazetteer when it lies within
/// `maxDistanceMeters` ("Zürich"). Hand it to a Timeline detector or `Recorder`.
///
/// Thread safety: an immutable value; `Sendable`. Complexity: one nearest search per
/// placemark. C twin: `gk_timeline_set_naming` with a gazetteer only. \since 0.5
public struct GazetteerNaming: PlacemarkNaming {
    /// The gazetteer.
    public let geocoder: ReverseGeocoder
    /// The farthest a place may be to name a placemark (metres along the sphere).
    public let maxDistanceMeters: Double

    /// Names by the nearest place of `geocoder` within `maxDistanceMeters`.
    /// - Throws: `.invalidArgument` when `maxDistanceMeters` is negative or NaN.
    public init(geocoder: ReverseGeocoder, maxDistanceMeters: Double) throws(GeoKernelError) {
        guard maxDistanceMeters >= 0 else {
            throw .invalid("the naming distance \(maxDistanceMeters) m must be ≥ 0")
        }
        self.geocoder = geocoder
        self.maxDistanceMeters = maxDistanceMeters
    }

    /// The nearest place's name, or nil when it is farther than `maxDistanceMeters`.
    public func placemarkName(for coordinate: Coordinate) -> String? {
        guard let match = geocoder.nearest(to: coordinate), match.distanceMeters <= maxDistanceMeters else { return nil }
        return match.place.name
    }
}
