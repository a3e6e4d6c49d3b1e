import Foundation
import GeoKernel
import OpenStreetMap
import OpenStreetMapWriter
import Route

/// The road router on the Andorra extract (`../shared/data/osm/andorra.osm.pbf` and
/// `andorra.osm.gz`, or `$GEOKERNEL_SHARED_DATA/osm/…`), car profile:
/// - `osm.read.pbf.andorra`, `osm.read.pbf.1thread.andorra`, `osm.read.xml.andorra`:
///   streaming every element of the file (n = nodes in the file, so ns per node; nodes/s
///   on stderr): PBF blobs inflated on one thread per processor (the default), on the
///   calling thread alone, and the gzip-compressed XML. Baselines: the one-thread read for
///   the default one, reading the PBF file's bytes only (`osm.scan.bytes.andorra`, same n)
///   for the one-thread read, the PBF reader for the XML.
/// - `osm.write.pbf.andorra`: the same elements, held in memory, written as PBF to memory
///   (`OSMPBFWriter.encode`, zlib level 6; ns per node), beside reading the file; read back
///   and counted after timing.
/// - `graph.build.andorra`: file → routable graph (read PBF, build the car network, build
///   the `RoadGraph` with a contraction hierarchy for both metrics), n = 1, beside
///   `graph.build.noch.andorra` (the same without contraction); `graph.load.andorra`
///   loads the saved graph file (baseline: the build). Sizes on stderr.
/// - `route.dijkstra.andorra`, `route.ch.andorra` (shortest) and `route.*.fastest.andorra`:
///   the one-to-one query (`RoadGraph.cost`: the best route's cost, no path built) on
///   1 000 seeded random pairs of points in the extract's bounding box that snap onto a
///   road within 200 m, one workspace reused; n = 1 000 queries per repetition. After
///   timing every CH cost must equal Dijkstra's and the cost of the CH route.
/// - `route.dijkstra.path.andorra`, `route.ch.path.andorra` and `route.*.fastest.path.andorra`:
///   the same pairs through `RoadGraph.route`: the query, path unpacking and the route's
///   geometry and pieces; checked likewise.
/// - `route.ch.steps.andorra`: `RoadRouter.leg` (query, geometry, instructions) on the same
///   pairs, beside `route.ch.path.andorra`; its cost must not exceed the plain query's (it
///   also tries twin edges).
/// - `route.matrix.andorra`: a 100 × 100 many-to-many matrix (bucket CH), n = 10 000
///   cells, beside `route.matrix.naive.andorra` (10 000 one-to-one CH queries); every
///   cell must equal the one-to-one cost.
/// Everything is set up lazily, outside the timed region, and only when a case of this
/// group is selected.
enum RoadCases {
    static let pairCount = 1_000
    static let matrixSide = 100
    static let maxSnapMeters = 200.0

    static func make(selected: (String, String?) -> Bool) -> [BenchCase] {
        let root = ProcessInfo.processInfo.environment["GEOKERNEL_SHARED_DATA"] ?? "../shared/data"
        let pbf = root + "/osm/andorra.osm.pbf", xml = root + "/osm/andorra.osm.gz"
        // Names first (n of the read cases is the file's node count, counted only if needed).
        guard make(Context(pbf: pbf, xml: xml), fileNodes: 1).contains(where: { selected($0.name, $0.baseline) }) else {
            return []
        }
        guard FileManager.default.isReadableFile(atPath: pbf), FileManager.default.isReadableFile(atPath: xml) else {
            note("road: \(pbf) or \(xml) not found; set GEOKERNEL_SHARED_DATA")
            return []
        }
        let ctx = Context(pbf: pbf, xml: xml)
        let wantsRead = make(ctx, fileNodes: 1).contains { $0.name.hasPrefix("osm.") && selected($0.name, $0.baseline) }
        return make(ctx, fileNodes: wantsRead ? ctx.fileCounts.nodes : 1)
    }

    static func make(_ ctx: Context, fileNodes: Int) -> [BenchCase] {
        var cases: [BenchCase] = []

        // Reading the OSM files.
        let pbfBest = Best(), xmlBest = Best()
        let scanned = Box(0)
        let pbfCounts = Box(ElementCounts()), xmlCounts = Box(ElementCounts())
        cases.append(BenchCase(name: "osm.scan.bytes.andorra", n: fileNodes, baseline: nil, run: {
            scanned.value = readBytes(ctx.pbf)
        }, check: { scanned.value == fileSize(ctx.pbf) ? nil : "read \(scanned.value) bytes of \(fileSize(ctx.pbf))" }))
        // The PBF read on the calling thread alone, the baseline of the default read (blobs
        // inflated on one thread per processor, decoded on the calling one).
        let sequentialBest = Best(), sequentialCounts = Box(ElementCounts())
        cases.append(BenchCase(name: "osm.read.pbf.1thread.andorra", n: fileNodes, baseline: "osm.scan.bytes.andorra", run: {
            sequentialBest.time { sequentialCounts.value = try! ElementCounts(ctx.pbf, format: .pbf, threads: 1) }
        }, check: {
            sequentialCounts.value == ctx.fileCounts ? nil : "counted \(sequentialCounts.value), expected \(ctx.fileCounts)"
        }))
        cases.append(BenchCase(name: "osm.read.pbf.andorra", n: fileNodes, baseline: "osm.read.pbf.1thread.andorra", run: {
            pbfBest.time { pbfCounts.value = try! ElementCounts(ctx.pbf, format: .pbf) }
        }, check: {
            readNote("osm.read.pbf.andorra", pbfCounts.value, pbfBest.ns, fileSize(ctx.pbf))
            return pbfCounts.value == ctx.fileCounts ? nil : "counted \(pbfCounts.value), expected \(ctx.fileCounts)"
        }))
        cases.append(BenchCase(name: "osm.read.xml.andorra", n: fileNodes, baseline: "osm.read.pbf.andorra", run: {
            xmlBest.time { xmlCounts.value = try! ElementCounts(ctx.xml, format: .xmlGzip) }
        }, check: {
            readNote("osm.read.xml.andorra", xmlCounts.value, xmlBest.ns, fileSize(ctx.xml))
            // The two files are the same extract: the same elements.
            return xmlCounts.value == ctx.fileCounts ? nil : "XML has \(xmlCounts.value), PBF \(ctx.fileCounts)"
        }))

        // Writing the extract's elements as PBF (in memory) beside reading the file.
        let elements = Box<[OSMElement]>([]), written = Box<[UInt8]>([])
        cases.append(BenchCase(name: "osm.write.pbf.andorra", n: fileNodes, baseline: "osm.read.pbf.andorra", setUp: {
            if elements.value.isEmpty { try! OSMFile.read(ctx.pbf) { elements.value.append($0) } }
        }, run: {
            written.value = try! OSMPBFWriter.encode(elements.value)
        }, check: {
            var back = ElementCounts()
            try! OSMFile.read(bytes: written.value, format: .pbf) { e in
                switch e {
                case .node: back.nodes += 1
                case .way: back.ways += 1
                case .relation: back.relations += 1
                }
            }
            note("osm.write.pbf.andorra: \(written.value.count) bytes (the extract's file: \(fileSize(ctx.pbf)))")
            return back == ctx.fileCounts ? nil : "read back \(back), wrote \(ctx.fileCounts)"
        }))

        // File → graph, and loading the saved graph.
        let built = Box<RoadGraph?>(nil), builtNoCH = Box<RoadGraph?>(nil), loaded = Box<RoadGraph?>(nil)
        cases.append(BenchCase(name: "graph.build.noch.andorra", n: 1, baseline: nil, setUp: { builtNoCH.value = nil }, run: {
            let network = try! RoadNetworkBuilder.build(osmFile: ctx.pbf, profile: .car).network
            builtNoCH.value = try! RoadGraph(network, options: RoadGraph.Options(contractedMetrics: []))
        }, check: {
            let g = builtNoCH.value!
            note("graph.build.noch.andorra: \(g.nodeCount) nodes, \(g.edgeCount) edges, \(g.byteCount) bytes "
                 + "(\(fmt(Double(g.byteCount) / Double(g.nodeCount))) per node) without hierarchies")
            return g.nodeCount == ctx.graph.nodeCount && g.edgeCount == ctx.graph.edgeCount ? nil : "graph differs"
        }))
        cases.append(BenchCase(name: "graph.build.andorra", n: 1, baseline: "graph.build.noch.andorra", setUp: { built.value = nil }, run: {
            let network = try! RoadNetworkBuilder.build(osmFile: ctx.pbf, profile: .car).network
            built.value = try! RoadGraph(network)
        }, check: {
            let g = built.value!
            let r = ctx.networkReport
            note("graph.build.andorra: \(r)")
            note("graph.build.andorra: \(g.nodeCount) nodes, \(g.edgeCount) edges (dropped \(g.report.droppedNodes) nodes, "
                 + "\(g.report.droppedEdges) edges outside the largest SCC), shortcuts \(g.report.shortcuts) (shortest, fastest); "
                 + "\(g.byteCount) bytes = \(fmt(Double(g.byteCount) / Double(g.nodeCount))) bytes per node, "
                 + "\(fmt(Double(g.byteCount) / Double(g.edgeCount))) per edge; saved file \(ctx.graphFileBytes) bytes "
                 + "(\(fmt(Double(ctx.graphFileBytes) / 1e6)) MB, \(fmt(Double(ctx.graphFileBytes) / Double(g.nodeCount))) per node)")
            guard g.isContracted(.shortest), g.isContracted(.fastest) else { return "not contracted" }
            return g.nodeCount == ctx.graph.nodeCount && g.edgeCount == ctx.graph.edgeCount ? nil : "graph differs"
        }))
        cases.append(BenchCase(name: "graph.load.andorra", n: 1, baseline: "graph.build.andorra", setUp: {
            _ = ctx.graphFileBytes  // saves the file once
            loaded.value = nil
        }, run: {
            loaded.value = try! RoadGraph(contentsOf: ctx.graphFile)
        }, check: {
            try? FileManager.default.removeItem(atPath: ctx.graphFile)
            let g = loaded.value!
            guard g.nodeCount == ctx.graph.nodeCount, g.edgeCount == ctx.graph.edgeCount, g.byteCount == ctx.graph.byteCount
            else { return "loaded graph differs in size" }
            // Routes on the loaded graph cost what they cost on the built one.
            let ws = RoadGraph.Workspace(for: g)
            for (i, (a, b)) in ctx.pairs.prefix(100).enumerated() {
                let c = try! g.route(from: a, to: b, metric: .shortest, workspace: ws).cost
                if c != ctx.costs(.shortest)[i] { return "pair \(i): \(c) m on the loaded graph, \(ctx.costs(.shortest)[i]) m built" }
            }
            return nil
        }))

        // Point-to-point: the query alone (cost, no path), then with path and geometry.
        for (metric, tag) in [(RoadMetric.shortest, ""), (.fastest, ".fastest")] {
            let dijkstraCost = Box<[Double]?>(nil), chCost = Box<[Double]?>(nil)
            func costed(_ algorithm: RoutingAlgorithm, _ out: Box<[Double]?>) -> () -> Void {
                {
                    let g = ctx.graph, ws = ctx.workspace
                    var costs = [Double](repeating: 0, count: ctx.pairs.count)
                    for (i, (a, b)) in ctx.pairs.enumerated() {
                        costs[i] = try! g.cost(from: a, to: b, metric: metric, algorithm: algorithm, workspace: ws)
                    }
                    out.value = costs
                }
            }
            cases.append(BenchCase(name: "route.dijkstra\(tag).andorra", n: pairCount, baseline: nil,
                                   setUp: { _ = ctx.pairs }, run: costed(.dijkstra, dijkstraCost)))
            cases.append(BenchCase(name: "route.ch\(tag).andorra", n: pairCount, baseline: "route.dijkstra\(tag).andorra",
                                   setUp: { _ = ctx.pairs }, run: costed(.contractionHierarchy, chCost), check: {
                let want = dijkstraCost.value ?? ctx.costs(metric, .dijkstra), got = chCost.value!
                for i in want.indices where got[i] != want[i] || got[i] != ctx.costs(metric)[i] {
                    return "pair \(i): CH cost \(got[i]), Dijkstra \(want[i]), CH route \(ctx.costs(metric)[i]) (\(metric))"
                }
                let unit = metric == .shortest ? "km" : "min"
                note("route.ch\(tag).andorra: \(pairCount) pairs, CH == Dijkstra on all; mean cost "
                     + "\(fmt(got.reduce(0, +) / Double(got.count) / (metric == .shortest ? 1000 : 60))) \(unit)")
                return nil
            }))

            let dijkstra = Box<[Double]?>(nil), ch = Box<[Double]?>(nil)
            func routed(_ algorithm: RoutingAlgorithm, _ out: Box<[Double]?>) -> () -> Void {
                {
                    let g = ctx.graph, ws = ctx.workspace
                    var costs = [Double](repeating: 0, count: ctx.pairs.count)
                    for (i, (a, b)) in ctx.pairs.enumerated() {
                        costs[i] = try! g.route(from: a, to: b, metric: metric, algorithm: algorithm, workspace: ws).cost
                    }
                    out.value = costs
                }
            }
            cases.append(BenchCase(name: "route.dijkstra\(tag).path.andorra", n: pairCount, baseline: nil,
                                   setUp: { _ = ctx.pairs }, run: routed(.dijkstra, dijkstra)))
            cases.append(BenchCase(name: "route.ch\(tag).path.andorra", n: pairCount,
                                   baseline: "route.dijkstra\(tag).path.andorra",
                                   setUp: { _ = ctx.pairs }, run: routed(.contractionHierarchy, ch), check: {
                let want = dijkstra.value ?? ctx.costs(metric, .dijkstra), got = ch.value!
                for i in want.indices where got[i] != want[i] {
                    return "pair \(i): CH \(got[i]), Dijkstra \(want[i]) (\(metric))"
                }
                return nil
            }))
        }

        // Query + geometry + instructions.
        let legs = Box<[RoadRoute]>([])
        cases.append(BenchCase(name: "route.ch.steps.andorra", n: pairCount, baseline: "route.ch.path.andorra",
                               setUp: { _ = ctx.router; legs.value.removeAll(keepingCapacity: true) }, run: {
            let router = ctx.router, ws = ctx.workspace
            var out: [RoadRoute] = []
            out.reserveCapacity(ctx.pairs.count)
            for (a, b) in ctx.pairs { out.append(try! router.leg(from: a, to: b, workspace: ws)) }
            legs.value = out
        }, check: {
            let want = ctx.costs(.shortest)
            var cheaper = 0
            for (i, leg) in legs.value.enumerated() {
                // A leg also tries a snap at a junction on every road there, so it may only be cheaper.
                if leg.path.cost > want[i] { return "pair \(i): leg \(leg.path.cost) m, plain query \(want[i]) m" }
                if leg.path.cost < want[i] { cheaper += 1 }
            }
            let steps = legs.value.reduce(0) { $0 + $1.steps.count }, vertices = legs.value.reduce(0) { $0 + $1.geometry.count }
            let said = legs.value.flatMap { $0.steps.filter { $0.maneuver != .arrive } }
            let named = said.filter { !$0.roadLabel.isEmpty || !$0.destination.isEmpty }.count
            let short = said.filter { $0.maneuver != .depart && $0.distanceMeters < 20 && !RoadDirections.isRealTurn($0) }.count
            note("route.ch.steps.andorra: \(fmt(100 * Double(named) / Double(said.count)))% of \(said.count) steps name a road, "
                 + "ref or destination; \(short) steps under 20 m that are no real turn")
            note("route.ch.steps.andorra: \(fmt(Double(steps) / Double(legs.value.count))) steps and "
                 + "\(fmt(Double(vertices) / Double(legs.value.count))) geometry vertices per route; "
                 + "\(cheaper) of \(legs.value.count) legs cheaper than the plain query from a junction")
            return nil
        }))

        cases += matrixCases(ctx)
        cases += isochroneCases(ctx)
        cases += matchCases(ctx)
        cases += cCases(ctx)
        return cases
    }

    // MARK: - Shared state

    /// Everything the cases share, built on first use (outside the timed region).
    final class Context: @unchecked Sendable {
        let pbf: String, xml: String
        let graphFile = Scratch.path("geobench-road-andorra-\(getpid()).gkroad")
        init(pbf: String, xml: String) { self.pbf = pbf; self.xml = xml }

        lazy var fileCounts = try! ElementCounts(pbf, format: .pbf)
        private lazy var built = try! RoadNetworkBuilder.build(osmFile: pbf, profile: .car)
        var networkReport: RoadNetworkBuilder.Report { built.report }
        lazy var graph: RoadGraph = try! RoadGraph(built.network)
        lazy var workspace = RoadGraph.Workspace(for: graph)
        lazy var router = try! RoadRouter(graph: graph, metric: .shortest)
        /// Saves the graph; its size in bytes.
        lazy var graphFileBytes: Int = {
            try! graph.save(to: graphFile)
            return fileSize(graphFile)
        }()

        /// Seeded random points of the graph's bounding box that snap within 200 m (as a
        /// route's start and end), paired; only pairs routable in both metrics are kept.
        lazy var pairs: [(RoadSnap, RoadSnap)] = {
            var rng = SplitMix64(seed: 0xA2D0_22A)
            var south = 90.0, north = -90.0, west = 180.0, east = -180.0
            for v in 0..<graph.nodeCount {
                let c = graph.nodeCoordinate(v)
                south = min(south, c.latitude); north = max(north, c.latitude)
                west = min(west, c.longitude); east = max(east, c.longitude)
            }
            var drawn = 0
            func point(_ role: SnapRole) -> RoadSnap {
                while true {
                    drawn += 1
                    let c = try! Coordinate(latitude: rng.uniform(south, north), longitude: rng.uniform(west, east))
                    if let s = try? graph.snap(c, maxDistanceMeters: maxSnapMeters, role: role) { return s }
                }
            }
            var out: [(RoadSnap, RoadSnap)] = []
            var unroutable = 0
            while out.count < pairCount {
                let a = point(.start), b = point(.end)
                if (try? graph.route(from: a, to: b, metric: .shortest, workspace: workspace)) == nil
                    || (try? graph.route(from: a, to: b, metric: .fastest, workspace: workspace)) == nil {
                    unroutable += 1
                    continue
                }
                out.append((a, b))
            }
            note("route.*.andorra: \(pairCount) pairs from \(drawn) random points of the bounding box "
                 + "(\(fmt(100 * Double(2 * (pairCount + unroutable)) / Double(drawn)))% snapped within \(Int(maxSnapMeters)) m; "
                 + "\(unroutable) unroutable pairs redrawn); graph \(graph.nodeCount) nodes, \(graph.edgeCount) edges")
            return out
        }()

        private var costCache: [String: [Double]] = [:]
        /// Costs of every pair, for checks (not timed).
        func costs(_ metric: RoadMetric, _ algorithm: RoutingAlgorithm = .contractionHierarchy) -> [Double] {
            let key = "\(metric)\(algorithm)"
            if let c = costCache[key] { return c }
            let c = pairs.map { try! graph.route(from: $0.0, to: $0.1, metric: metric, algorithm: algorithm, workspace: workspace).cost }
            costCache[key] = c
            return c
        }
    }

    /// Elements of an OSM file by kind.
    struct ElementCounts: Equatable, CustomStringConvertible {
        var nodes = 0, ways = 0, relations = 0
        init() {}
        init(_ path: String, format: OSMFileFormat, threads: Int? = nil) throws(GeoKernelError) {
            var c = ElementCounts()
            try OSMFile.read(path, format: format, threads: threads) { e in
                switch e {
                case .node: c.nodes += 1
                case .way: c.ways += 1
                case .relation: c.relations += 1
                }
            }
            self = c
        }
        var description: String { "\(nodes) nodes, \(ways) ways, \(relations) relations" }
    }

    /// The best (smallest) duration of the repetitions of a case, timed inside `run`.
    final class Best: @unchecked Sendable {
        var ns = UInt64.max
        func time(_ body: () -> Void) {
            let t0 = nowNanoseconds()
            body()
            ns = min(ns, nowNanoseconds() - t0)
        }
    }

    typealias Box = IndexCases.Box

    static func readNote(_ name: String, _ counts: ElementCounts, _ ns: UInt64, _ bytes: Int) {
        let s = Double(ns) * 1e-9
        note("\(name): \(counts); \(fmt(Double(counts.nodes) / s / 1e6)) M nodes/s, "
             + "\(fmt(Double(counts.nodes + counts.ways + counts.relations) / s / 1e6)) M elements/s, "
             + "\(fmt(Double(bytes) / s / 1e6)) MB/s of file (\(bytes) bytes), best repetition \(fmt(s * 1e3)) ms")
    }

    /// Reads a file's bytes in 64 KiB chunks, as the OSM readers do; the byte count.
    static func readBytes(_ path: String) -> Int {
        let fd = open(path, O_RDONLY)
        precondition(fd >= 0, "cannot open \(path)")
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0, sum: UInt8 = 0
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            total += n
            sum &+= buffer[n - 1]
        }
        blackHole(sum)
        return total
    }

    static func note(_ s: String) { IndexCases.note(s) }
    static func fmt(_ v: Double) -> String { IndexCases.fmt(v) }
    static func fileSize(_ path: String) -> Int { IndexCases.fileSize(path) }
}
