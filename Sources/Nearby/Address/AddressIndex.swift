import GeoKernel
import OpenStreetMap

/// The answer of an address lookup.
///
/// Thread safety: a value; `Sendable`. C twin: the outputs of `gk_address_index_lookup`.
/// \since 0.4
public struct AddressMatch: Sendable, Hashable, CustomStringConvertible {
    /// What was found.
    public let kind: AddressKind
    /// What to show: "Café de Paris, Place du Casino", "12 Rue Grimaldi", "Rue Grimaldi"
    /// or the town's name (see `AddressIndex.lookup`).
    public let text: String
    /// The place's (or town's) name; empty for an address or a street.
    public let name: String
    /// The house number ("12"); empty for a street, a town or a place without one.
    public let houseNumber: String
    /// The street (or `addr:place`); empty for a town or a place without one.
    public let street: String
    /// The entry's position; for a street, the nearest point of its line (degrees).
    public let coordinate: Coordinate
    /// Distance in metres from the query (local equirectangular frame for places,
    /// addresses and streets; great circle for towns; R = 6 371 008.8 m).
    public let distanceMeters: Double

    /// `text`.
    public var description: String { text }
}

/// How far each kind of answer may be from the queried point, in metres. A negative or
/// NaN radius finds nothing of that kind (the C twin refuses it with GK_ERR_INVALID_ARGUMENT).
/// C twin: the `place_m`, `address_m` and `street_m` arguments of `gk_address_index_lookup`.
/// \since 0.4
public struct AddressRadii: Sendable, Hashable {
    /// A named place within this distance wins (default 30 m: inside or at the door of
    /// the building a stay's centre falls in, for phone positions good to about 20 m).
    public var placeMeters: Double
    /// Else the nearest house number within this distance (default 50 m).
    public var addressMeters: Double
    /// Else the nearest named street within this distance (default 100 m).
    public var streetMeters: Double

    /// Radii in metres; the defaults are the documented ones.
    public init(placeMeters: Double = 30, addressMeters: Double = 50, streetMeters: Double = 100) {
        self.placeMeters = placeMeters; self.addressMeters = addressMeters; self.streetMeters = streetMeters
    }

    /// 30 m, 50 m, 100 m.
    public static let `default` = AddressRadii()
}

/// Reverse geocoding by address: names a coordinate after the named place, the house
/// number or the street nearest to it, from OpenStreetMap data (`build(osmFile:)`) or
/// from points and streets an app supplies.
///
/// Points are stored as zero-length segments and streets as polylines in one `SnapGrid`
/// (a flat grid of cells listing segments), so a lookup visits a handful of cells.
/// Distances use a local equirectangular frame around the query (relative error below
/// 0.03 % within 1 km, under 60° of latitude).
///
/// Thread safety: an immutable value; `Sendable`; any number of concurrent lookups.
/// C twin: `gk_address_index` (`gk_address_index_build`, `_load`, `_save`, `_lookup`,
/// `_count`, `_destroy`). \since 0.4
public struct AddressIndex: Sendable {
    /// Per polyline: kind (points first, then streets) and string ids.
    let kinds: [UInt8], nameID: [UInt32], numberID: [UInt32], streetID: [UInt32]
    /// Polylines: points are 2 equal vertices; latitude, longitude in 1e-7 degrees.
    let geomFirst: [UInt32], geom: [Int32]
    let stringFirst: [UInt32], stringBytes: [UInt8]
    let grid: SnapGrid
    /// How many polylines are points (the rest are streets).
    let pointCount: Int

    /// Indexes `points` (places and addresses, in this order of ids) and `streets`.
    ///
    /// - Throws: `.invalidArgument` for a point whose kind is not `.place` or
    ///   `.address`, or a street with fewer than two vertices; `.capacity` beyond 2³¹
    ///   vertices.
    /// - Complexity: O(n log n). C twin: `gk_address_index_build` (from an OSM file).
    public init(points: [AddressPoint], streets: [NamedStreet]) throws(GeoKernelError) {
        var strings = StringTable()
        var kinds: [UInt8] = [], nameID: [UInt32] = [], numberID: [UInt32] = [], streetID: [UInt32] = []
        var geomFirst: [UInt32] = [0], geom: [Int32] = []
        let vertexCount = 2 * points.count + streets.reduce(0) { $0 + $1.vertices.count }
        guard vertexCount < 1 << 31 else { throw GeoKernelError(.capacity, "\(vertexCount) vertices (at most 2^31 - 1)") }
        for (i, p) in points.enumerated() {
            guard p.kind == .place || p.kind == .address else {
                throw .invalid("point \(i) is a \(p.kind); points are places or addresses")
            }
            kinds.append(p.kind.rawValue)
            nameID.append(strings.id(p.name)); numberID.append(strings.id(p.houseNumber)); streetID.append(strings.id(p.street))
            let lat = quantize(p.coordinate.latitude), lon = quantize(p.coordinate.longitude)
            geom += [lat, lon, lat, lon]
            geomFirst.append(UInt32(geom.count / 2))
        }
        for (i, s) in streets.enumerated() {
            guard s.vertices.count >= 2 else { throw .invalid("street \(i) ('\(s.name)') has \(s.vertices.count) vertices") }
            kinds.append(AddressKind.street.rawValue)
            nameID.append(0); numberID.append(0); streetID.append(strings.id(s.name))
            for v in s.vertices { geom += [quantize(v.latitude), quantize(v.longitude)] }
            geomFirst.append(UInt32(geom.count / 2))
        }
        self.init(
            kinds: kinds, nameID: nameID, numberID: numberID, streetID: streetID, geomFirst: geomFirst, geom: geom,
            stringFirst: strings.first, stringBytes: strings.bytes, grid: SnapGrid(geomFirst: geomFirst, geom: geom),
            pointCount: points.count)
    }

    init(
        kinds: [UInt8], nameID: [UInt32], numberID: [UInt32], streetID: [UInt32], geomFirst: [UInt32], geom: [Int32],
        stringFirst: [UInt32], stringBytes: [UInt8], grid: SnapGrid, pointCount: Int
    ) {
        self.kinds = kinds; self.nameID = nameID; self.numberID = numberID; self.streetID = streetID
        self.geomFirst = geomFirst; self.geom = geom; self.stringFirst = stringFirst; self.stringBytes = stringBytes
        self.grid = grid; self.pointCount = pointCount
    }

    /// How many entries of `kind` the index holds (0 for `.town`).
    ///
    /// - Complexity: O(1) for streets, O(points) for places and addresses.
    ///   C twin: `gk_address_index_count`.
    public func count(_ kind: AddressKind) -> Int {
        kind == .street ? kinds.count - pointCount : kinds[0..<pointCount].reduce(0) { $0 + ($1 == kind.rawValue ? 1 : 0) }
    }

    /// The name of `coordinate`, by these rules, in order:
    /// 1. the nearest named place within `radii.placeMeters`: "Name, 12 Street" (its own
    ///    address, else the street nearest to it within 100 m found when the index was
    ///    built; just "Name" without either);
    /// 2. else the nearest house number within `radii.addressMeters`: "12 Rue Grimaldi";
    /// 3. else the nearest point of a named street within `radii.streetMeters`: "Rue Grimaldi";
    /// 4. else the nearest town of `fallback` (any distance), when one is given;
    /// 5. else nil.
    ///
    /// The house number goes before the street, as in France and Monaco.
    ///
    /// - Complexity: O(entries in the grid cells within the radii).
    /// - Thread safety: pure. C twin: `gk_address_index_lookup`.
    public func lookup(_ coordinate: Coordinate, radii: AddressRadii = .default, fallback: ReverseGeocoder? = nil) -> AddressMatch? {
        if let m = nearest(.place, to: coordinate, maxDistanceMeters: radii.placeMeters) { return m }
        if let m = nearest(.address, to: coordinate, maxDistanceMeters: radii.addressMeters) { return m }
        if let m = nearest(.street, to: coordinate, maxDistanceMeters: radii.streetMeters) { return m }
        guard let town = fallback?.nearest(to: coordinate) else { return nil }
        return AddressMatch(
            kind: .town, text: town.place.name, name: town.place.name, houseNumber: "", street: "",
            coordinate: town.place.coordinate, distanceMeters: town.distanceMeters)
    }

    /// The nearest entry of one kind within `maxDistanceMeters` (`.town` finds nothing:
    /// towns come from a `ReverseGeocoder`). Ties go to the entry indexed first.
    ///
    /// - Complexity: as `lookup`. C twin: none.
    public func nearest(_ kind: AddressKind, to coordinate: Coordinate, maxDistanceMeters: Double) -> AddressMatch? {
        guard kind != .town, maxDistanceMeters >= 0 else { return nil }
        let points = UInt32(2 * pointCount), k = kind.rawValue
        let found = kinds.withUnsafeBufferPointer { kb in
            grid.nearest(to: coordinate, geom: geom, maxDistanceMeters: maxDistanceMeters) { v in
                kind == .street ? v >= points : v < points && kb[Int(v >> 1)] == k
            }
        }
        guard let found else { return nil }
        let v = Int(found.segment)
        let e = kind == .street ? polyline(ofVertex: v) : v >> 1
        let a = vertex(v), b = vertex(v + 1), t = found.t
        let at = Coordinate(
            uncheckedLatitude: a.latitude + (b.latitude - a.latitude) * t, longitude: a.longitude + (b.longitude - a.longitude) * t)
        return match(e, at: at, distance: found.distance)
    }

    /// The match for entry `e` found at `at`.
    func match(_ e: Int, at: Coordinate, distance: Double) -> AddressMatch {
        let kind = AddressKind(rawValue: kinds[e])!
        let name = string(nameID[e]), number = string(numberID[e]), street = string(streetID[e])
        let address = number.isEmpty ? street : street.isEmpty ? number : "\(number) \(street)"
        let text: String
        switch kind {
        case .place: text = address.isEmpty ? name : "\(name), \(address)"
        case .address: text = address
        case .street, .town: text = street
        }
        return AddressMatch(
            kind: kind, text: text, name: name, houseNumber: number, street: street, coordinate: at, distanceMeters: distance)
    }

    func string(_ i: UInt32) -> String { StringTable.string(i, first: stringFirst, bytes: stringBytes) }

    func vertex(_ v: Int) -> Coordinate {
        Coordinate(uncheckedLatitude: Double(geom[2 * v]) * 1e-7, longitude: Double(geom[2 * v + 1]) * 1e-7)
    }

    /// The polyline holding vertex `v` (last e with geomFirst[e] <= v).
    func polyline(ofVertex v: Int) -> Int {
        var lo = 0, hi = kinds.count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if Int(geomFirst[mid]) <= v { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// The nearest entry of `kind` at any distance by scanning every entry: the reference
    /// that tests and benchmarks compare `nearest` with.
    ///
    /// - Complexity: O(n). C twin: none.
    public func nearestBruteForce(_ kind: AddressKind, to c: Coordinate) -> AddressMatch? {
        let frame = SnapFrame(c)
        var best = Double.infinity, bestV = -1, bestT = 0.0
        for e in 0..<kinds.count where kinds[e] == kind.rawValue {
            for v in Int(geomFirst[e])..<(Int(geomFirst[e + 1]) - 1) {
                let (d, t) = frame.distance(geom, segment: v)
                if d < best { best = d; bestV = v; bestT = t }
            }
        }
        guard bestV >= 0 else { return nil }
        let e = polyline(ofVertex: bestV), a = vertex(bestV), b = vertex(bestV + 1)
        return match(e, at: Coordinate(
            uncheckedLatitude: a.latitude + (b.latitude - a.latitude) * bestT,
            longitude: a.longitude + (b.longitude - a.longitude) * bestT), distance: best)
    }
}
