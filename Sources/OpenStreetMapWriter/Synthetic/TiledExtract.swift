#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GeoKernel
import OpenStreetMap

/// A real extract copied K × K times side by side and joined by trunk roads: a larger
/// network with the texture of real data, for tests and benchmarks at scale.
///
/// - Tile (row, column) is the extract moved north by row × (its height + 0.02°) and
///   east by column × (its width + 0.02°) (its bounding box over every node); ids of
///   tile t are the original ids plus t × (the largest id − the smallest + 1), per kind,
///   so every copy keeps its own ids and the tags, order and relations of the original.
/// - Neighbouring tiles are joined by a two-way trunk road (`highway=trunk`, `ref=T n`, a
///   node every ~200 m): east–west from the extract's easternmost node on a trunk,
///   primary, secondary or tertiary road to the westernmost one of the next tile; south–
///   north likewise. Its nodes and ways get ids above every tile's.
/// - Order: every tile's nodes, the joins' nodes, every tile's ways, the joins' ways,
///   every tile's relations (the usual order when the extract has it).
///
/// - Complexity: O(K² × the extract's size); the extract is held in memory once.
/// - Thread safety: pure functions. C twin: none (`geokernel generate tiles`).
/// \since 0.9
public enum TiledExtract {
    /// Hands out the tiled network's elements in order.
    ///
    /// - Parameters:
    ///   - path: an OpenStreetMap file (PBF, XML or gzip-compressed XML).
    ///   - tiles: K, 1…64: the network is K × K copies.
    ///   - visit: called once per element; an error it throws stops the generation.
    /// - Throws: `.invalidArgument` for K out of range, an extract without a road that can
    ///   join tiles, or tiles that would leave the coordinate range or the id range; what
    ///   reading the extract throws; what `visit` throws.
    public static func generate(
        from path: String, tiles: Int, _ visit: (OSMElement) throws(GeoKernelError) -> Void
    ) throws(GeoKernelError) {
        guard (1...64).contains(tiles) else { throw .invalid("tiles \(tiles) must be 1 to 64 (K × K copies)") }
        var nodes: [OSMNode] = [], ways: [OSMWay] = [], relations: [OSMRelation] = []
        try OSMFile.read(path) { (e) throws(GeoKernelError) in
            switch e {
            case .node(let n): nodes.append(n)
            case .way(let w): ways.append(w)
            case .relation(let r): relations.append(r)
            }
        }
        guard !nodes.isEmpty else { throw .invalid("'\(path)' has no nodes to tile") }
        let plan = try TilePlan(nodes: nodes, ways: ways, relations: relations, tiles: tiles, path: path)
        let count = tiles * tiles
        for t in 0..<count {
            let (dLat, dLon) = plan.shift(t)
            let offset = plan.nodeStride * Int64(t)
            for var n in nodes {
                n.id += offset
                n.latitude += dLat
                n.longitude += dLon
                try visit(.node(n))
            }
        }
        let joins = plan.joins()
        for n in joins.nodes { try visit(.node(n)) }
        for t in 0..<count {
            let nodeOffset = plan.nodeStride * Int64(t), wayOffset = plan.wayStride * Int64(t)
            for var w in ways {
                w.id += wayOffset
                for k in w.nodeIDs.indices { w.nodeIDs[k] += nodeOffset }
                try visit(.way(w))
            }
        }
        for w in joins.ways { try visit(.way(w)) }
        for t in 0..<count {
            let offsets: [Int64] = [plan.nodeStride * Int64(t), plan.wayStride * Int64(t), plan.relationStride * Int64(t)]
            for var r in relations {
                r.id += offsets[2]
                for k in r.members.indices { r.members[k].ref += offsets[Int(r.members[k].kind.rawValue)] }
                try visit(.relation(r))
            }
        }
    }

    /// Writes the tiled network as an OSM PBF file (atomically; see `OSMPBFWriter`).
    ///
    /// - Throws: as `generate` and `OSMPBFWriter.write(to:writingProgram:compressionLevel:_:)`.
    @discardableResult
    public static func write(
        from path: String, tiles: Int, to out: String, compressionLevel: Int = 6
    ) throws(GeoKernelError) -> OSMPBFWriter.Summary {
        try OSMPBFWriter.write(to: out, compressionLevel: compressionLevel) { (w) throws(GeoKernelError) in
            try generate(from: path, tiles: tiles) { (e) throws(GeoKernelError) in try w.add(e) }
        }
    }
}

/// Where the tiles go, their id offsets, and the roads that join them.
private struct TilePlan {
    static let gapDegrees = 0.02
    let tiles: Int
    let height: Double, width: Double
    let nodeStride: Int64, wayStride: Int64, relationStride: Int64
    /// The first id of the joins' nodes and ways.
    let firstJoinNode: Int64, firstJoinWay: Int64
    /// The anchors (east-, west-, north-, southmost node on a through road) of the extract.
    let east: OSMNode, west: OSMNode, north: OSMNode, south: OSMNode

    init(nodes: [OSMNode], ways: [OSMWay], relations: [OSMRelation], tiles: Int, path: String) throws(GeoKernelError) {
        self.tiles = tiles
        var minLat = 90.0, maxLat = -90.0, minLon = 180.0, maxLon = -180.0
        for n in nodes {
            minLat = min(minLat, n.latitude)
            maxLat = max(maxLat, n.latitude)
            minLon = min(minLon, n.longitude)
            maxLon = max(maxLon, n.longitude)
        }
        height = maxLat - minLat + Self.gapDegrees
        width = maxLon - minLon + Self.gapDegrees
        guard maxLat + Double(tiles - 1) * height <= 90, maxLon + Double(tiles - 1) * width <= 180 else {
            throw .invalid(
                "\(tiles) × \(tiles) tiles of '\(path)' (\(height)° × \(width)° each) would reach beyond 90° N or 180° E")
        }
        // Id strides per kind; every tiled id must fit Int64.
        func stride(_ ids: [Int64]) throws(GeoKernelError) -> (Int64, Int64) {
            guard let lo = ids.min(), let hi = ids.max() else { return (1, 0) }
            let (span, o1) = hi.subtractingReportingOverflow(lo)
            let (s, o2) = span.addingReportingOverflow(1)
            let (all, o3) = s.multipliedReportingOverflow(by: Int64(tiles * tiles + 1))
            let (_, o4) = hi.addingReportingOverflow(all)
            guard !(o1 || o2 || o3 || o4) else {
                throw .invalid("the ids of '\(path)' are too far apart to tile \(tiles) × \(tiles) times")
            }
            return (s, hi)
        }
        let (ns, nodeMax) = try stride(nodes.map(\.id))
        let (ws, wayMax) = try stride(ways.map(\.id))
        let (rs, _) = try stride(relations.map(\.id))
        nodeStride = ns
        wayStride = ws
        relationStride = rs
        let last = Int64(tiles * tiles - 1)
        firstJoinNode = nodeMax + ns * last + 1
        firstJoinWay = wayMax + ws * last + 1
        // Anchors: nodes on roads a car may cross the country on.
        let through: Set<String> = ["motorway", "trunk", "primary", "secondary", "tertiary"]
        var onRoads = Set<Int64>()
        for w in ways where through.contains(w.tags["highway"] ?? "") { onRoads.formUnion(w.nodeIDs) }
        let candidates = nodes.filter { onRoads.contains($0.id) }
        guard let e = candidates.max(by: { $0.longitude < $1.longitude }),
            let w = candidates.min(by: { $0.longitude < $1.longitude }),
            let n = candidates.max(by: { $0.latitude < $1.latitude }),
            let s = candidates.min(by: { $0.latitude < $1.latitude })
        else {
            throw .invalid("'\(path)' has no motorway, trunk, primary, secondary or tertiary road to join tiles with")
        }
        east = e
        west = w
        north = n
        south = s
    }

    /// How far tile t (row-major) moves, degrees.
    func shift(_ t: Int) -> (Double, Double) {
        (Double(t / tiles) * height, Double(t % tiles) * width)
    }

    /// The trunk roads between neighbouring tiles: their new nodes and ways.
    func joins() -> (nodes: [OSMNode], ways: [OSMWay]) {
        var nodes: [OSMNode] = [], ways: [OSMWay] = []
        var nextNode = firstJoinNode, nextWay = firstJoinWay
        func join(_ a: OSMNode, tile ta: Int, _ b: OSMNode, tile tb: Int) {
            let (aLat, aLon) = shift(ta), (bLat, bLon) = shift(tb)
            let from = (a.latitude + aLat, a.longitude + aLon), to = (b.latitude + bLat, b.longitude + bLon)
            let meters = EarthModel.meanRadiusMeters * haversineCentralAngle(
                latitude1: from.0, longitude1: from.1, latitude2: to.0, longitude2: to.1)
            let steps = max(1, Int(meters / 200))
            var refs = [a.id + nodeStride * Int64(ta)]
            for k in stride(from: 1, to: steps, by: 1) {
                let f = Double(k) / Double(steps)
                nodes.append(OSMNode(
                    id: nextNode, latitude: from.0 + (to.0 - from.0) * f, longitude: from.1 + (to.1 - from.1) * f))
                refs.append(nextNode)
                nextNode += 1
            }
            refs.append(b.id + nodeStride * Int64(tb))
            ways.append(OSMWay(id: nextWay, nodeIDs: refs, tags: ["highway": "trunk", "ref": "T \(ways.count + 1)"]))
            nextWay += 1
        }
        for row in 0..<tiles {
            for column in 0..<tiles {
                let t = row * tiles + column
                if column + 1 < tiles { join(east, tile: t, west, tile: t + 1) }
                if row + 1 < tiles { join(north, tile: t, south, tile: t + tiles) }
            }
        }
        return (nodes, ways)
    }
}
