// gk-scale: GeoKernel's side of `make bench-scale` (scripts/bench-scale.py drives it).
//
//   gk-scale GRAPH.gkroad OUTDIR [PAIRS [ISOCHRONE_MINUTES]]
//
// Loads a saved graph, exports the graph routes are searched on (the turn graph: states
// and turns, fastest-metric weights in milliseconds, a coordinate per state) as raw
// little-endian arrays in RoutingKit's vector layout, draws PAIRS (default 1000) seeded
// random pairs of road points with their search seeds (so that another engine can answer
// the very same question), and times GeoKernel's queries on them. Writes into OUTDIR:
//   first_out, head, weight (uint32), latitude, longitude (float32): the turn graph;
//   pairs.txt: per pair "nF s c ... nB s c ... cost", seeds as state and initial cost in
//     ms, cost the hierarchy's answer in ms (the other engines must find the same);
//   geokernel.json: the timings.
// An executable target without a product: it reads the graph's package-level arrays.
#if canImport(Glibc)
import Glibc
#endif
import GeoKernel
import Route

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

/// Seconds per call of `body`, repeated until at least `atLeast` seconds have passed
/// (the best of three such rounds).
func timed(_ atLeast: Double = 0.3, _ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<3 {
        var calls = 0
        let t0 = now()
        repeat {
            body()
            calls += 1
        } while now() - t0 < atLeast
        best = min(best, (now() - t0) / Double(calls))
    }
    return best
}

func write<T>(_ values: [T], to path: String) {
    guard let f = fopen(path, "wb") else { fatalError("cannot write \(path)") }
    values.withUnsafeBytes { b in _ = fwrite(b.baseAddress, 1, b.count, f) }
    fclose(f)
}

struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

func fail(_ message: String, _ status: Int32) -> Never {
    message.withCString { _ = Glibc.write(2, $0, strlen($0)) }
    exit(status)
}

func run() {
    let args = CommandLine.arguments
    guard args.count >= 3 else { fail("usage: gk-scale GRAPH.gkroad OUTDIR [PAIRS]\n", 64) }
    let pairCount = args.count > 3 ? Int(args[3]) ?? 1000 : 1000
    let isoSeconds = 60 * (args.count > 4 ? Double(args[4]) ?? 30 : 30)
    let out = args[2]
    var t0 = now()
    let graph: RoadGraph
    do { graph = try RoadGraph(contentsOf: args[1]) } catch { fail("gk-scale: \(error)\n", 1) }
    let loadSeconds = now() - t0
    let g = graph.storage, t = g.turns

    // The turn graph.
    var weight = [UInt32](repeating: 0, count: t.turnCount)
    for i in 0..<t.turnCount { weight[i] = UInt32(g.turnWeight(i, .fastest)) }
    var lat = [Float](repeating: 0, count: t.stateCount), lon = lat
    for x in 0..<t.stateCount {
        let c = graph.nodeCoordinate(Int(g.head(t.stateArc[x])))
        lat[x] = Float(c.latitude)
        lon[x] = Float(c.longitude)
    }
    write(t.turnFirst.array, to: out + "/first_out")
    write(t.turnTo.array, to: out + "/head")
    write(weight, to: out + "/weight")
    write(lat, to: out + "/latitude")
    write(lon, to: out + "/longitude")

    // Pairs: the middle of a random edge, snapped as a route's start, to another as its end.
    let ws = RoadGraph.Workspace(for: graph)
    var rng = SplitMix(state: 0x5CA1E)
    func point(_ role: SnapRole) -> RoadSnap {
        while true {
            let e = rng.below(graph.edgeCount), length = graph.edgeLengthMeters(e)
            let c = graph.edgeGeometry(e, from: length / 2, to: length / 2)[0]
            if let s = try? graph.snap(c, maxDistanceMeters: 1, role: role) { return s }
        }
    }
    var pairs: [(RoadSnap, RoadSnap, UInt64)] = []
    var lines: [String] = []
    while pairs.count < pairCount {
        let a = point(.start), b = point(.end)
        guard a.edge != b.edge,
            let w = try? graph.weight(from: a, to: b, metric: .fastest, algorithm: .contractionHierarchy, workspace: ws)
        else { continue }
        pairs.append((a, b, w))
        g.seeds(a, .fastest, backward: false, into: &ws.seedsF)
        g.seeds(b, .fastest, backward: true, into: &ws.seedsB)
        var line = "\(ws.seedsF.count)"
        for s in ws.seedsF { line += " \(s.node) \(s.cost)" }
        line += " \(ws.seedsB.count)"
        for s in ws.seedsB { line += " \(s.node) \(s.cost)" }
        lines.append(line + " \(w)\n")
    }
    do {
        guard let f = fopen(out + "/pairs.txt", "w") else { fatalError("cannot write pairs.txt") }
        for l in lines { fputs(l, f) }
        fclose(f)
    }

    // Timings.
    var sink = 0.0
    // Snapping a point 20 m off the road (north of each pair's start), as a GPS fix would be.
    let offRoad = pairs.map { (a, _, _) in
        Coordinate(uncheckedLatitude: min(89.9, a.point.latitude + 20 / 111_195), longitude: a.point.longitude)
    }
    let snap = timed {
        for c in offRoad { sink += (try? graph.snap(c, maxDistanceMeters: 200, role: .start))?.distanceMeters ?? 0 }
    } / Double(offRoad.count)
    let oneToOne = timed {
        for (a, b, _) in pairs { sink += try! graph.cost(from: a, to: b, metric: .fastest, workspace: ws) }
    } / Double(pairs.count)
    let dijkstraPairs = Array(pairs.prefix(max(5, min(50, 20_000_000 / max(1, t.stateCount)))))
    var mismatches = 0
    t0 = now()
    for (a, b, w) in dijkstraPairs {
        let d = try! graph.weight(from: a, to: b, metric: .fastest, algorithm: .dijkstra, workspace: ws)
        if d != w { mismatches += 1 }
    }
    let bidirectional = (now() - t0) / Double(dijkstraPairs.count)
    let router = try! RoadRouter(graph: graph)
    var routeKm = 0.0
    let routes = Array(pairs.prefix(200))
    let route = timed {
        routeKm = 0
        for (a, b, _) in routes { routeKm += try! router.leg(from: a, to: b, workspace: ws).path.lengthMeters / 1000 }
    } / Double(routes.count)
    routeKm /= Double(routes.count)
    // The longest of the routes, timed alone (the "300 km route with geometry and steps").
    let longest = routes.max { a, b in a.2 < b.2 }!
    var longestKm = 0.0
    let longestRoute = timed(0.1) {
        longestKm = try! router.leg(from: longest.0, to: longest.1, workspace: ws).path.lengthMeters / 1000
    }
    let side = min(100, pairs.count)
    let sources = pairs.prefix(side).map(\.0), targets = pairs.prefix(side).map(\.1)
    let matrix = timed { sink += try! graph.matrix(from: sources, to: targets, metric: .fastest, workspace: ws).costs[0] }
    let origins = pairs.prefix(10).map(\.0)
    var parts = 0
    _ = try! graph.reach(from: origins[0], within: 1, algorithm: .contractionHierarchy, workspace: ws)  // the downward lists
    let isoCH = timed {
        parts = 0
        for o in origins {
                parts += try! graph.reach(from: o, within: isoSeconds, algorithm: .contractionHierarchy, workspace: ws).count
            }
    } / Double(origins.count)
    let isoDijkstra = timed(0.1) {
        for o in origins { _ = try! graph.reach(from: o, within: isoSeconds, metric: .fastest, algorithm: .dijkstra, workspace: ws) }
    } / Double(origins.count)
    let isoOutline = timed(0.1) {
        for o in origins { _ = try! router.isochrone(from: o.input, within: .seconds(isoSeconds), workspace: ws) }
    } / Double(origins.count)
    parts /= origins.count

    let json = """
        {"states": \(t.stateCount), "turns": \(t.turnCount), "junctions": \(graph.nodeCount), "edges": \(graph.edgeCount), \
        "pairs": \(pairs.count), "load_s": \(loadSeconds), "snap_us": \(snap * 1e6), "one_to_one_us": \(oneToOne * 1e6), \
        "bidirectional_dijkstra_ms": \(bidirectional * 1e3), "dijkstra_pairs": \(dijkstraPairs.count), \
        "dijkstra_mismatches": \(mismatches), "route_ms": \(route * 1e3), "route_km": \(routeKm), \
        "longest_route_ms": \(longestRoute * 1e3), "longest_route_km": \(longestKm), \
        "matrix_side": \(side), "matrix_ms": \(matrix * 1e3), "isochrone_ms": \(isoCH * 1e3), \
        "isochrone_dijkstra_ms": \(isoDijkstra * 1e3), "isochrone_outline_ms": \(isoOutline * 1e3), \
        "isochrone_parts": \(parts), "isochrone_minutes": \(isoSeconds / 60), "shortcuts_fastest": \(graph.report.shortcuts[Int(RoadMetric.fastest.rawValue)]), \
        "upward_space": \(g.hierarchy(.fastest)?.upwardSpace ?? -1), "sink": \(sink.isFinite ? 1 : 0)}

        """
    do {
        guard let f = fopen(out + "/geokernel.json", "w") else { fatalError("cannot write geokernel.json") }
        fputs(json, f)
        fclose(f)
    }
    print(json, terminator: "")
}

run()
