#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GeoKernel
import OpenStreetMap

/// A road network being drawn by a generator, in compact arrays: positions in metres on a
/// local plane (x east, y north of an origin), ways as runs of node numbers with a few
/// tags. `emit` hands it out as OpenStreetMap elements in the usual order (every node by
/// ascending id, then every way), so that millions of junctions cost tens of bytes each.
///
/// Complexity: O(1) amortised per node and per reference. Thread safety: a value.
struct NetworkSketch {
    /// OpenStreetMap `highway` values the generators draw, most important first.
    enum Highway: UInt8, CaseIterable {
        case motorway, motorwayLink, trunk, primary, secondary, tertiary, unclassified, residential, livingStreet,
            service

        var tag: String {
            switch self {
            case .motorway: "motorway"
            case .motorwayLink: "motorway_link"
            case .trunk: "trunk"
            case .primary: "primary"
            case .secondary: "secondary"
            case .tertiary: "tertiary"
            case .unclassified: "unclassified"
            case .residential: "residential"
            case .livingStreet: "living_street"
            case .service: "service"
            }
        }
    }

    /// One way: `count` node numbers from `start` in `refs`, and its tags.
    struct Way {
        var start: UInt32
        var count: UInt32
        var highway: Highway
        var oneway = false
        var roundabout = false
        /// Index in `strings` of the name (0: none).
        var name: UInt32 = 0
        /// Index in `strings` of the ref (0: none).
        var ref: UInt32 = 0
        /// km/h, 0 for none.
        var maxspeed: UInt8 = 0
    }

    /// Where the plane's origin lies (degrees) and the scale of the equirectangular
    /// mapping there.
    let originLatitude: Double
    let originLongitude: Double
    private let degreesPerMeterNorth: Double
    private let degreesPerMeterEast: Double

    private(set) var x: [Double] = []
    private(set) var y: [Double] = []
    /// Nodes tagged `highway=traffic_signals`.
    private(set) var signals: [UInt32] = []
    private(set) var refs: [UInt32] = []
    private(set) var ways: [Way] = []
    private(set) var strings: [String] = [""]
    private var stringIndex: [String: UInt32] = ["": 0]

    /// A sketch whose plane is centred on (latitude, longitude) for the scale: the
    /// mapping is x = (lon − lon₀)·R·cos φ₀, y = (lat − lat₀)·R on the mean-radius sphere.
    init(originLatitude: Double, originLongitude: Double, scaleLatitude: Double) {
        self.originLatitude = originLatitude
        self.originLongitude = originLongitude
        degreesPerMeterNorth = 180 / (Double.pi * EarthModel.meanRadiusMeters)
        degreesPerMeterEast = degreesPerMeterNorth / cos(scaleLatitude * .pi / 180)
    }

    var nodeCount: Int { x.count }

    /// Adds a node at (x, y) metres; returns its number (its OSM id is the number + 1).
    @discardableResult
    mutating func node(_ px: Double, _ py: Double) -> UInt32 {
        x.append(px)
        y.append(py)
        return UInt32(x.count - 1)
    }

    mutating func signal(_ node: UInt32) { signals.append(node) }

    /// The index of `s` in the string table.
    mutating func string(_ s: String) -> UInt32 {
        if let i = stringIndex[s] { return i }
        let i = UInt32(strings.count)
        strings.append(s)
        stringIndex[s] = i
        return i
    }

    /// Adds a way through `nodes` (at least two), split into ways of at most 1 000 nodes
    /// as long streets are in OpenStreetMap.
    mutating func way(
        _ nodes: [UInt32], _ highway: Highway, oneway: Bool = false, roundabout: Bool = false, name: String = "",
        ref: String = "", maxspeed: Int = 0
    ) {
        guard nodes.count >= 2 else { return }
        let nameIndex = string(name), refIndex = string(ref)
        var from = 0
        while from < nodes.count - 1 {
            let to = min(nodes.count - 1, from + 999)
            ways.append(Way(
                start: UInt32(refs.count), count: UInt32(to - from + 1), highway: highway, oneway: oneway,
                roundabout: roundabout, name: nameIndex, ref: refIndex, maxspeed: UInt8(clamping: maxspeed)))
            refs.append(contentsOf: nodes[from...to])
            from = to
        }
    }

    /// The node's latitude and longitude, degrees, clamped to the valid range.
    func coordinate(_ n: Int) -> (latitude: Double, longitude: Double) {
        coordinateOf(x: x[n], y: y[n])
    }

    /// The latitude and longitude of (x, y) metres, degrees, clamped to the valid range.
    func coordinateOf(x px: Double, y py: Double) -> (latitude: Double, longitude: Double) {
        let lat = originLatitude + py * degreesPerMeterNorth
        let lon = originLongitude + px * degreesPerMeterEast
        return (min(90, max(-90, lat)), min(180, max(-180, lon)))
    }

    /// Hands out every node (ids 1…n, ascending), then every way (ids 1…m).
    func emit(_ visit: (OSMElement) throws(GeoKernelError) -> Void) throws(GeoKernelError) {
        var signalled = [Bool](repeating: false, count: x.count)
        for s in signals { signalled[Int(s)] = true }
        let signalTags: OSMTags = ["highway": "traffic_signals"]
        for n in 0..<x.count {
            let (lat, lon) = coordinate(n)
            try visit(.node(OSMNode(
                id: Int64(n + 1), latitude: lat, longitude: lon, tags: signalled[n] ? signalTags : OSMTags())))
        }
        var nodeIDs: [Int64] = []
        for (i, w) in ways.enumerated() {
            nodeIDs.removeAll(keepingCapacity: true)
            for k in Int(w.start)..<Int(w.start + w.count) { nodeIDs.append(Int64(refs[k]) + 1) }
            var tags: [(key: String, value: String)] = [("highway", w.highway.tag)]
            if w.roundabout { tags.append(("junction", "roundabout")) }
            if w.oneway { tags.append(("oneway", "yes")) }
            if w.name != 0 { tags.append(("name", strings[Int(w.name)])) }
            if w.ref != 0 { tags.append(("ref", strings[Int(w.ref)])) }
            if w.maxspeed != 0 { tags.append(("maxspeed", String(w.maxspeed))) }
            try visit(.way(OSMWay(id: Int64(i + 1), nodeIDs: nodeIDs, tags: OSMTags(tags))))
        }
    }
}
