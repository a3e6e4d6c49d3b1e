// gk-match-accuracy: the accuracy table of docs/matching.md (`make match-accuracy`).
//
//   gk-match-accuracy DATA_DIR [ROUTES [SEED]]
//
// On the car graphs of DATA_DIR/osm/andorra.osm.pbf and monaco.osm.pbf: ROUTES (default
// 1 000) seeded random fastest routes of 1 km or more (`SimulatedRoutes`), each sampled
// into a trace (`SimulatedTrace`, the route's index added to SEED, default 7) at several
// intervals, noises, outlier rates and paces, matched with the default options, with
// Newson & Krumm's distances alone and without the outlier candidate. Prints a Markdown
// table: the route mismatch fraction over all routes (`RoadMatch.mismatch`), split into
// what lies near the routes' two ends (where one noisy fix alone places the start and
// the end) and elsewhere, and how many matches are longer than 1.5 × the truth.
#if canImport(Glibc)
import Glibc
#endif
import GeoKernel
import Matching
import OpenStreetMap
import Simulation

/// A row of the table: how the traces are made.
struct Row {
    let network: String
    let interval: Double, sigma: Double, outliers: Double
    let pace: Double, paceVariation: Double
}

/// The totals of one model over every route of a row.
struct Totals {
    var truth = 0.0, ends = 0.0, elsewhere = 0.0, longer = 0
    var fraction: Double { (ends + elsewhere) / truth }
}

/// An edge counts as near the ends when it is the first or last edge of the truth or of
/// the match, or passes within this many metres of the true start or end.
let endRadiusMeters = 40.0

func evaluate(_ graph: RoadGraph, _ routes: [RoadPath], _ row: Row, _ options: MatchOptions, seed: UInt64) throws -> Totals {
    let matcher = try RoadMatcher(graph: graph, options: options)
    var sim = SimulatedTrace()
    sim.intervalSeconds = row.interval
    sim.noiseMeters = row.sigma
    sim.outlierRate = row.outliers
    sim.paceFactor = row.pace
    sim.paceVariation = row.paceVariation
    var t = Totals()
    for (k, truth) in routes.enumerated() {
        let trace = try sim.fixes(along: truth, seed: seed &+ UInt64(k))
        let match = try matcher.match(trace.map(\.fix))
        let mismatch = match.mismatch(against: truth)
        let legs = match.pieces.flatMap(\.legs)
        let ends = Set([truth.pieces.first?.edge, truth.pieces.last?.edge, legs.first?.edge, legs.last?.edge].compactMap { $0 })
        let start = truth.geometry.first!, end = truth.geometry.last!
        for e in mismatch.edges {
            let wrong = e.addedMeters + e.missedMeters
            let nearEnd = ends.contains(e.edge) || graph.edgeGeometry(e.edge).contains {
                haversineDistance($0, start) < endRadiusMeters || haversineDistance($0, end) < endRadiusMeters
            }
            if nearEnd { t.ends += wrong } else { t.elsewhere += wrong }
        }
        t.truth += truth.lengthMeters
        if match.lengthMeters > 1.5 * truth.lengthMeters { t.longer += 1 }
    }
    return t
}

/// A share as a percentage: two decimals below 1 %, one below 10 %, none above.
func percent(_ x: Double) -> String {
    let p = 100 * x
    let digits = p < 1 ? 2 : p < 10 ? 1 : 0
    var scale = 1
    for _ in 0..<digits { scale *= 10 }
    let units = Int((p * Double(scale)).rounded())
    guard digits > 0 else { return "\(units) %" }
    var fraction = String(units % scale)
    while fraction.count < digits { fraction = "0" + fraction }
    return "\(units / scale).\(fraction) %"
}

/// A line on standard error.
func complain(_ line: String) {
    let text = line + "\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
}

func withLonger(_ t: Totals) -> String { t.longer == 0 ? percent(t.fraction) : "\(percent(t.fraction)) (\(t.longer) longer than 1.5 ×)" }

let args = CommandLine.arguments
guard args.count >= 2, args.count <= 4, let count = args.count > 2 ? Int(args[2]) : 1_000,
    let seed = args.count > 3 ? UInt64(args[3]) : 7
else {
    complain("usage: gk-match-accuracy DATA_DIR [ROUTES [SEED]]")
    exit(2)
}

var distancesAlone = MatchOptions()
distancesAlone.timeSpreadFast = .infinity
distancesAlone.timeSpreadSlow = .infinity
distancesAlone.betaMetersPerSecond = 0.5
var withoutOutliers = MatchOptions()
withoutOutliers.outlierCost = .infinity

var rows: [Row] = []
for network in ["Andorra", "Monaco"] {
    rows += [
        Row(network: network, interval: 1, sigma: 10, outliers: 0, pace: 1, paceVariation: 0),
        Row(network: network, interval: 10, sigma: 10, outliers: 0, pace: 1, paceVariation: 0),
        Row(network: network, interval: 30, sigma: 30, outliers: 0, pace: 1, paceVariation: 0),
        Row(network: network, interval: 10, sigma: 10, outliers: 0.02, pace: 1, paceVariation: 0),
        Row(network: network, interval: 10, sigma: 10, outliers: 0, pace: 1.5, paceVariation: 0.3),
        Row(network: network, interval: 30, sigma: 30, outliers: 0, pace: 1.5, paceVariation: 0.3),
    ]
}

do {
    var graphs: [String: (RoadGraph, [RoadPath])] = [:]
    for name in ["Andorra", "Monaco"] {
        let (network, _) = try RoadNetworkBuilder.build(osmFile: "\(args[1])/osm/\(name.lowercased()).osm.pbf", profile: .car)
        let graph = try RoadGraph(network)
        graphs[name] = (graph, try SimulatedRoutes.random(on: graph, count: count, minimumMeters: 1_000, seed: seed))
    }
    print("| network | sampling | σ | traveller | mismatch | near the ends | elsewhere | distances alone | without outlier candidates "
    + "| matches longer than 1.5 × the truth |")
    print("|---|---|---:|---|---:|---:|---:|---:|---:|---:|")
    for row in rows {
        let (graph, routes) = graphs[row.network]!
        let model = try evaluate(graph, routes, row, MatchOptions(), seed: seed)
        let alone = try evaluate(graph, routes, row, distancesAlone, seed: seed)
        let plain = try evaluate(graph, routes, row, withoutOutliers, seed: seed)
        let sampling = row.outliers > 0 ? "\(Int(row.interval)) s, \(Int(100 * row.outliers)) % of fixes 150–300 m off" : "\(Int(row.interval)) s"
        let traveller = row.pace == 1 ? "at the graph's speeds" : "pace \(row.pace) ± \(row.paceVariation)"
        print("| \(row.network) | \(sampling) | \(Int(row.sigma)) m | \(traveller) | \(percent(model.fraction)) "
            + "| \(percent(model.ends / model.truth)) | \(percent(model.elsewhere / model.truth)) | \(withLonger(alone)) "
            + "| \(withLonger(plain)) | \(model.longer) |")
    }
} catch {
    complain("gk-match-accuracy: \(error)")
    exit(1)
}
