import GeoKernel

// The plain values an address index is made of: what `OSMAddressReader` reads and
// `Nearby.AddressIndex` indexes (OpenStreetMap imports no facade; the facade imports it).

/// What an address lookup found.
///
/// C twin: `GK_ADDRESS_PLACE`, `_ADDRESS`, `_STREET`, `_TOWN`. \since 0.4
public enum AddressKind: UInt8, Sendable, Hashable, CaseIterable {
    /// A named place: an amenity, shop, tourism, leisure, office, craft or historic
    /// feature with a `name` ("Café de Paris").
    case place = 0
    /// A house number on a street (`addr:housenumber` with `addr:street` or `addr:place`).
    case address = 1
    /// A named street (a `highway` way with a `name`).
    case street = 2
    /// A town of the gazetteer, the last fallback.
    case town = 3
}

/// A place or an address to index: what `OSMAddressReader` reads from OpenStreetMap, or
/// what an app supplies itself (`Nearby.AddressIndex`).
///
/// Units: degrees (WGS84). Thread safety: a value; `Sendable`. C twin: none (the C ABI
/// builds from an OSM file). \since 0.4
public struct AddressPoint: Sendable, Hashable {
    /// `.place` or `.address`.
    public var kind: AddressKind
    /// Where it is (degrees, WGS84).
    public var coordinate: Coordinate
    /// The place's name ("Café de Paris"); empty for a bare address.
    public var name: String
    /// `addr:housenumber` ("12"); may be empty for a place.
    public var houseNumber: String
    /// `addr:street` (or `addr:place`); may be empty for a place.
    public var street: String

    /// A point to index; `AddressIndex.init(points:streets:)` refuses other kinds than
    /// `.place` and `.address`.
    public init(kind: AddressKind, coordinate: Coordinate, name: String = "", houseNumber: String = "", street: String = "") {
        self.kind = kind; self.coordinate = coordinate; self.name = name
        self.houseNumber = houseNumber; self.street = street
    }
}

/// A named street to index: its name and its line (at least two vertices, degrees).
/// \since 0.4
public struct NamedStreet: Sendable, Hashable {
    /// The street's name ("Rue Grimaldi").
    public var name: String
    /// Its line, in order (degrees).
    public var vertices: [Coordinate]

    /// A street to index (at least two vertices; checked by `AddressIndex`).
    public init(name: String, vertices: [Coordinate]) { self.name = name; self.vertices = vertices }
}
