extension RoadGraph {
    /// Builds a graph from a road network.
    ///
    /// Validation (each failure names the edge index and its OSM way): node indices in
    /// range; geometry of ≥ 2 vertices whose first and last vertices lie within
    /// `options.endpointToleranceMeters` of the nodes (they are then moved onto the nodes);
    /// no segment crossing the antimeridian (longitudes jumping by more than 180°); speeds
    /// finite and > 0. Then the largest strongly connected component over all traversable
    /// arcs, and every part that can reach it or be reached from it, is kept;
    /// edges with no traversable direction are dropped. Restrictions are checked (edge
    /// indices in range, each a chain of allowed arcs) and turned into the turn graph.
    ///
    /// Coordinates are stored in 1e-7 degrees (≤ 1.1 cm); lengths are haversine sums along
    /// the stored geometry (sphere of mean radius 6 371 008.8 m). Arc weights are integers:
    /// centimetres and milliseconds (length / speed), both ≥ 1, so the hierarchy and
    /// Dijkstra agree exactly. Speeds are kept in single precision.
    ///
    /// - Throws: `.invalidArgument` for bad input; `.capacity` when a length exceeds
    ///   42 949 km or a time 49 days (32-bit weights), or a shortcut would.
    /// - Complexity: O(V log V) for V geometry vertices, plus contraction (about linear
    ///   in practice for road networks); the two metrics' hierarchies are contracted on
    ///   two threads when two processors are online.
    /// - Parameters:
    ///   - network: the roads.
    ///   - options: what to contract, and the endpoint tolerance.
    ///   - progress: called during the contraction with how far each metric has come
    ///     (`BuildProgress`), from the thread contracting it: with two metrics, from two
    ///     threads at once (it must be thread-safe); nil for none.
    /// - Thread safety: pure. C twin: `gk_road_graph_build_osm` (from an OSM file).
    @_optimize(size)  // once per build: linear passes, small beside the contraction it calls
    public init(
        _ network: RoadNetwork, options: Options = Options(), progress: (@Sendable (BuildProgress) -> Void)?
    ) throws(GeoKernelError) {
        try network.validate(options)
        let keep = network.connectedComponentMask()
        var newIndex = [Int](repeating: -1, count: network.nodes.count)
        var nodeCoord: [Int32] = []
        for (i, c) in network.nodes.enumerated() where keep[i] {
            newIndex[i] = nodeCoord.count / 2
            nodeCoord += [quantize(c.latitude), quantize(c.longitude)]
        }
        var b = GraphArrays()
        var strings = StringTable()
        var newEdge = [Int](repeating: -1, count: network.edges.count)
        for (i, e) in network.edges.enumerated() {
            guard keep[e.from], keep[e.to], e.forward != nil || e.backward != nil else { continue }
            newEdge[i] = b.edgeEnds.count / 2
            try b.add(e, index: i, from: newIndex[e.from], to: newIndex[e.to], nodeCoord: nodeCoord, strings: &strings)
        }
        let n = nodeCoord.count / 2, m = b.edgeEnds.count / 2
        var incFirst = [UInt32](repeating: 0, count: n + 1)
        for v in b.edgeEnds { incFirst[Int(v) + 1] += 1 }
        for i in 0..<n { incFirst[i + 1] += incFirst[i] }
        var fill = incFirst
        var incArc = [UInt32](repeating: 0, count: 2 * m)
        for (a, v) in b.edgeEnds.enumerated() {
            incArc[Int(fill[Int(v)])] = UInt32(a)
            fill[Int(v)] += 1
        }
        var restrictions: [RoadNetwork.TurnRestriction] = [], lost = 0
        for r in network.restrictions {
            guard r.arcs.allSatisfy({ newEdge[$0.edge] >= 0 }) else {
                lost += 1
                continue
            }
            var mapped = r
            for k in mapped.arcs.indices { mapped.arcs[k].edge = newEdge[r.arcs[k].edge] }
            restrictions.append(mapped)
        }
        let grid = SnapGrid(geomFirst: b.geomFirst, geom: b.geom)
        var report = BuildReport(
            nodeCount: n, edgeCount: m, droppedNodes: network.nodes.count - n,
            droppedEdges: network.edges.count - m, shortcuts: [0, 0])
        // Each array becomes a column once (both graphs below share them).
        let c = (
            nodeCoord: Column(nodeCoord), edgeEnds: Column(b.edgeEnds), edgeLength: Column(b.edgeLength),
            edgeDist: Column(b.edgeDist), arcTime: Column(b.arcTime), arcSpeed: Column(b.arcSpeed),
            edgeClass: Column(b.edgeClass), edgeName: Column(b.edgeName), edgeRef: Column(b.edgeRef),
            edgeWay: Column(b.edgeWay), edgeSigns: Column(b.edgeSigns), geomFirst: Column(b.geomFirst), geom: Column(b.geom),
            stringFirst: Column(strings.first), stringBytes: Column(strings.bytes), incFirst: Column(incFirst),
            incArc: Column(incArc))
        let edgeFlags = b.edgeFlags
        b = GraphArrays()  // the columns hold copies: release the arrays
        func arrays(_ flags: [UInt8], _ turns: TurnGraph) -> RoadGraphStorage {
            RoadGraphStorage(
                nodeCoord: c.nodeCoord, edgeEnds: c.edgeEnds, edgeLength: c.edgeLength, edgeDist: c.edgeDist,
                arcTime: c.arcTime, arcSpeed: c.arcSpeed, edgeFlags: Column(flags), edgeClass: c.edgeClass,
                edgeName: c.edgeName, edgeRef: c.edgeRef, edgeWay: c.edgeWay, edgeSigns: c.edgeSigns,
                geomFirst: c.geomFirst, geom: c.geom,
                stringFirst: c.stringFirst, stringBytes: c.stringBytes, incFirst: c.incFirst, incArc: c.incArc,
                grid: grid, turns: turns, hierarchies: [nil, nil], report: report)
        }
        let (turns, notes) = try TurnGraph.build(
            arrays(edgeFlags, TurnGraph.empty(arcCount: 2 * m)), costs: network.turnCosts, restrictions: restrictions)
        report.turnStates = turns.stateCount
        report.turns = turns.turnCount
        report.restrictionsApplied = notes.restrictionsApplied
        report.restrictionsSkipped = notes.restrictionsSkipped + lost
        let plain = arrays(turns.reachFlags(edgeFlags), turns)
        // The metrics' hierarchies are independent: one thread each when there are
        // processors for them.
        let metrics = RoadMetric.allCases.filter { options.contractedMetrics.contains($0) }
        var built = [Result<ContractionHierarchy, GeoKernelError>?](repeating: nil, count: metrics.count)
        built.withUnsafeMutableBufferPointer { slots in
            ParallelWork.forEach(metrics.count) { k in
                slots[k] = Result { () throws(GeoKernelError) in try ContractionHierarchy(plain, metric: metrics[k], progress: progress) }
            }
        }
        var hierarchies: [ContractionHierarchy?] = [nil, nil]
        for (metric, result) in zip(metrics, built) {
            let ch = try result!.get()
            report.shortcuts[Int(metric.rawValue)] = ch.shortcutCount
            hierarchies[Int(metric.rawValue)] = ch
        }
        storage = plain.replacing(hierarchies: hierarchies, report: report)
    }

    /// Builds a graph from a road network, reporting no progress: see
    /// `init(_:options:progress:)`. C twin: `gk_road_graph_build_osm` (from an OSM file).
    public init(_ network: RoadNetwork, options: Options = Options()) throws(GeoKernelError) {
        try self.init(network, options: options, progress: nil)
    }
}

extension RoadGraphStorage {
    /// The same arrays with other hierarchies and report.
    package func replacing(hierarchies: [ContractionHierarchy?], report: RoadGraph.BuildReport) -> RoadGraphStorage {
        RoadGraphStorage(
            nodeCoord: nodeCoord, edgeEnds: edgeEnds, edgeLength: edgeLength, edgeDist: edgeDist, arcTime: arcTime,
            arcSpeed: arcSpeed, edgeFlags: edgeFlags, edgeClass: edgeClass, edgeName: edgeName, edgeRef: edgeRef,
            edgeWay: edgeWay, edgeSigns: edgeSigns, geomFirst: geomFirst, geom: geom, stringFirst: stringFirst, stringBytes: stringBytes,
            incFirst: incFirst, incArc: incArc, grid: grid, turns: turns, hierarchies: hierarchies, report: report)
    }
}

/// Degrees to 1e-7 degrees.
@inline(__always) package func quantize(_ degrees: Double) -> Int32 { Int32((degrees * 1e7).rounded()) }

/// The per-edge arrays while they are being filled.
private struct GraphArrays {
    var edgeEnds: [UInt32] = [], edgeLength: [Double] = [], edgeDist: [UInt32] = []
    var arcTime: [UInt32] = [], arcSpeed: [Float] = [], edgeFlags: [UInt8] = [], edgeClass: [UInt8] = []
    var edgeName: [UInt32] = [], edgeRef: [UInt32] = [], edgeWay: [Int64] = [], edgeSigns: [UInt32] = []
    var geomFirst: [UInt32] = [0], geom: [Int32] = []

    mutating func add(
        _ e: RoadNetwork.Edge, index: Int, from: Int, to: Int, nodeCoord: [Int32], strings: inout StringTable
    ) throws(GeoKernelError) {
        let start = geom.count / 2
        geom += [nodeCoord[2 * from], nodeCoord[2 * from + 1]]
        for c in e.geometry.dropFirst().dropLast() { geom += [quantize(c.latitude), quantize(c.longitude)] }
        geom += [nodeCoord[2 * to], nodeCoord[2 * to + 1]]
        var length = 0.0
        for v in start..<(geom.count / 2 - 1) {
            length += haversineCentralAngle(
                latitude1: Double(geom[2 * v]) * 1e-7, longitude1: Double(geom[2 * v + 1]) * 1e-7,
                latitude2: Double(geom[2 * v + 2]) * 1e-7, longitude2: Double(geom[2 * v + 3]) * 1e-7)
        }
        length *= EarthModel.meanRadiusMeters
        let cm = (length * 100).rounded()
        guard cm < 4e9 else {
            throw GeoKernelError(.capacity, "edge \(index) (way \(e.wayID)) is \(length) m long; at most 4e7 m")
        }
        geomFirst.append(UInt32(geom.count / 2))
        edgeEnds += [UInt32(from), UInt32(to)]
        edgeLength.append(length)
        edgeDist.append(max(1, UInt32(cm)))
        var flags: UInt8 = e.isRoundabout ? 16 : 0
        for (d, travel) in [e.forward, e.backward].enumerated() {
            guard let t = travel else { arcTime.append(0); arcSpeed.append(0); continue }
            let speed = Float(t.speedMetersPerSecond)
            let ms = (length / Double(speed) * 1000).rounded()
            guard ms < 4e9 else {
                throw GeoKernelError(.capacity, "edge \(index) (way \(e.wayID)) takes \(ms) ms; at most 4e9 ms")
            }
            arcTime.append(max(1, UInt32(ms)))
            arcSpeed.append(speed)
            flags |= 1 << d
            if t.destinationOnly { flags |= 4 << d }
        }
        edgeFlags.append(flags)
        edgeClass.append(e.roadClass.rawValue)
        edgeName.append(strings.id(e.name))
        edgeRef.append(strings.id(e.ref))
        for text in e.signs.fields { edgeSigns.append(strings.id(text)) }
        edgeWay.append(e.wayID)
    }
}

extension RoadNetwork {
    /// Checks the contract of `RoadNetwork` (see `RoadGraph.init`).
    func validate(_ options: RoadGraph.Options) throws(GeoKernelError) {
        let tol = options.endpointToleranceMeters
        guard tol.isFinite, tol >= 0 else { throw .invalid("endpoint tolerance \(tol) m must be finite and ≥ 0") }
        guard nodes.count < Int(UInt32.max / 4), edges.count < Int(UInt32.max / 4) else {
            throw GeoKernelError(.capacity, "\(nodes.count) nodes and \(edges.count) edges; at most 2^30 of each")
        }
        try turnCosts.validate()
        for (i, r) in restrictions.enumerated() {
            func bad(_ what: String) -> GeoKernelError {
                .invalid("turn restriction \(i) (source \(r.sourceID)): \(what)")
            }
            guard r.arcs.count >= 2 else { throw bad("\(r.arcs.count) arcs; at least a from and a to arc are needed") }
            var previousEnd = -1
            for a in r.arcs {
                guard a.edge >= 0, a.edge < edges.count else { throw bad("edge \(a.edge) is outside 0..<\(edges.count)") }
                let e = edges[a.edge]
                guard (a.forward ? e.forward : e.backward) != nil else {
                    throw bad("edge \(a.edge) may not be travelled \(a.forward ? "forward" : "backward")")
                }
                let (tail, head) = a.forward ? (e.from, e.to) : (e.to, e.from)
                guard previousEnd < 0 || tail == previousEnd else {
                    throw bad("edge \(a.edge) does not start at node \(previousEnd), where the arc before it ends")
                }
                previousEnd = head
            }
        }
        for (i, e) in edges.enumerated() {
            func bad(_ what: String) -> GeoKernelError { .invalid("edge \(i) (way \(e.wayID)): \(what)") }
            guard e.from >= 0, e.from < nodes.count, e.to >= 0, e.to < nodes.count else {
                throw bad("node index \(e.from) or \(e.to) is outside 0..<\(nodes.count)")
            }
            guard e.geometry.count >= 2 else { throw bad("geometry has \(e.geometry.count) vertices, at least 2 needed") }
            let d0 = haversineDistance(e.geometry[0], nodes[e.from])
            let d1 = haversineDistance(e.geometry[e.geometry.count - 1], nodes[e.to])
            guard d0 <= tol, d1 <= tol else {
                throw bad("geometry ends are \(d0) m and \(d1) m from its nodes (tolerance \(tol) m)")
            }
            for k in 1..<e.geometry.count where abs(e.geometry[k].longitude - e.geometry[k - 1].longitude) > 180 {
                throw bad("segment \(k - 1) crosses the antimeridian, which the graph does not support")
            }
            for (name, t) in [("forward", e.forward), ("backward", e.backward)] {
                if let s = t?.speedMetersPerSecond, !(s.isFinite && s > 0 && Float(s) > 0 && Float(s).isFinite) {
                    throw bad("\(name) speed \(s) m/s must be finite and > 0")
                }
            }
        }
    }
}
