import GeoKernel

/// Reads the places, addresses and streets of OpenStreetMap data in one streaming read:
/// the plain values `Nearby.AddressIndex.build(osmFile:)` indexes.
///
/// What becomes what:
/// - a **place**: a node or way with a `name` and one of `amenity`, `shop`, `tourism`,
///   `leisure`, `office`, `craft`, `historic` or `building` (not `no`), or with a `name`
///   and an address ("Palais de Justice", a named public building); its
///   `addr:housenumber` and `addr:street` (or `addr:place`) when it has them (the index
///   names the others by the street nearest to them within 100 m);
/// - an **address**: any other node or way with `addr:housenumber` and `addr:street` (or
///   `addr:place`); a house number without a street is skipped and counted;
/// - a **street**: a `highway` way with a `name` (squares mapped as pedestrian areas
///   included).
/// A way's position is the mean of its distinct nodes (a building's centre). Relations
/// (multipolygon buildings) are not read.
///
/// Thread safety: a value; use from one thread. Complexity: O(n log n) in the nodes read
/// when they are not sorted by id, else O(n) plus the ways; memory 24 bytes per node.
/// C twin: inside `gk_address_index_build`. \since 0.4 (as `AddressIndexBuilder`, which
/// also built the index, until 0.5)
public struct OSMAddressReader: Sendable {
    /// What a build read and kept.
    public struct Report: Sendable, Hashable, CustomStringConvertible {
        public var nodesRead = 0, waysRead = 0
        public var places = 0, addresses = 0, streets = 0
        /// House numbers without `addr:street` or `addr:place`.
        public var addressesWithoutStreet = 0
        /// Places that took the name of the nearest street (they had no address).
        public var placesNamedByNearestStreet = 0
        /// References from kept ways to nodes that the file does not contain.
        public var missingNodeReferences = 0

        public init() {}

        public var description: String {
            "\(nodesRead) nodes, \(waysRead) ways read → \(places) places, \(addresses) addresses, \(streets) streets; "
                + "\(addressesWithoutStreet) house numbers without a street skipped, \(placesNamedByNearestStreet) places "
                + "given the nearest street, \(missingNodeReferences) missing node references"
        }
    }

    /// The keys that make a named feature a place.
    public static let placeKeys = ["amenity", "shop", "tourism", "leisure", "office", "craft", "historic", "building"]

    private struct PendingWay {
        var refs: Range<Int>
        var kind: AddressKind
        var name: String, number: String, street: String
    }

    private var nodes = OSMNodeTable()
    private var points: [AddressPoint] = []
    private var ways: [PendingWay] = []
    private var refs: [Int64] = []
    private var report = Report()

    public init() {}

    /// Takes one element (any order).
    ///
    /// - Complexity: O(tags + nodes of a way).
    public mutating func add(_ element: OSMElement) {
        switch element {
        case .node(let n):
            report.nodesRead += 1
            nodes.append(id: n.id, latitude: n.latitude, longitude: n.longitude)
            guard !n.tags.isEmpty, let (kind, name, number, street) = classify(n.tags, isWay: false) else { return }
            guard let c = try? Coordinate(latitude: n.latitude, longitude: n.longitude) else { return }
            points.append(AddressPoint(kind: kind, coordinate: c, name: name, houseNumber: number, street: street))
        case .way(let w):
            report.waysRead += 1
            guard w.nodeIDs.count >= 1, let (kind, name, number, street) = classify(w.tags, isWay: true) else { return }
            if kind == .street && w.nodeIDs.count < 2 { return }
            let start = refs.count
            refs.append(contentsOf: w.nodeIDs)
            ways.append(PendingWay(refs: start..<refs.count, kind: kind, name: name, number: number, street: street))
        case .relation:
            break
        }
    }

    /// What the tags make of an element: kind, name, house number, street; nil when nothing.
    private mutating func classify(_ tags: OSMTags, isWay: Bool) -> (AddressKind, String, String, String)? {
        var name = "", number = "", street = "", place = "", highway = false, poi = false
        for (k, v) in tags {
            switch k {
            case "name": name = v
            case "addr:housenumber": number = v
            case "addr:street": street = v
            case "addr:place": place = v
            case "highway": highway = true
            default: if Self.placeKeys.contains(k) && v != "no" { poi = true }
            }
        }
        if street.isEmpty { street = place }
        if !name.isEmpty && (poi || (!number.isEmpty && !street.isEmpty)) { return (.place, name, number, street) }
        if !number.isEmpty {
            if street.isEmpty {
                report.addressesWithoutStreet += 1
                return nil
            }
            return (.address, "", number, street)
        }
        if isWay && highway && !name.isEmpty { return (.street, "", "", name) }
        return nil
    }

    /// Resolves the ways: the points (places and addresses) and the named streets read.
    ///
    /// - Complexity: O(n log n).
    public consuming func finish() -> (points: [AddressPoint], streets: [NamedStreet], report: Report) {
        nodes.finish()
        var streets: [NamedStreet] = []
        for w in ways {
            var vertices: [Coordinate] = []
            var seen = Set<Int64>()
            for id in refs[w.refs] {
                guard let i = nodes.index(of: id) else { report.missingNodeReferences += 1; continue }
                guard let c = try? Coordinate(latitude: nodes.latitudes[i], longitude: nodes.longitudes[i]) else { continue }
                if w.kind == .street { vertices.append(c) } else if seen.insert(id).inserted { vertices.append(c) }
            }
            if w.kind == .street {
                if vertices.count >= 2 { streets.append(NamedStreet(name: w.street, vertices: vertices)) }
            } else if !vertices.isEmpty {
                let lat = vertices.reduce(0) { $0 + $1.latitude } / Double(vertices.count)
                let lon = vertices.reduce(0) { $0 + $1.longitude } / Double(vertices.count)
                points.append(AddressPoint(
                    kind: w.kind, coordinate: Coordinate(uncheckedLatitude: lat, longitude: lon), name: w.name,
                    houseNumber: w.number, street: w.street))
            }
        }
        report.places = points.count { $0.kind == .place }
        report.addresses = points.count { $0.kind == .address }
        report.streets = streets.count
        return (points, streets, report)
    }

    /// Reads an OpenStreetMap file (PBF, XML or gzip-compressed XML).
    ///
    /// - Throws: what `OSMFile.read` throws (`.io`, `.corrupt`, `.parse` naming the blob or
    ///   the line and byte offset).
    /// - Complexity: O(file size). C twin: inside `gk_address_index_build`.
    public static func read(
        osmFile path: String, format: OSMFileFormat? = nil
    ) throws(GeoKernelError) -> (points: [AddressPoint], streets: [NamedStreet], report: Report) {
        var r = OSMAddressReader()
        try OSMFile.read(path, format: format) { e in r.add(e) }
        return r.finish()
    }

    /// The same for OpenStreetMap data in memory (tests, fuzzing). C twin: none.
    public static func read(
        bytes: [UInt8], format: OSMFileFormat
    ) throws(GeoKernelError) -> (points: [AddressPoint], streets: [NamedStreet], report: Report) {
        var r = OSMAddressReader()
        try OSMFile.read(bytes: bytes, format: format) { e in r.add(e) }
        return r.finish()
    }
}
