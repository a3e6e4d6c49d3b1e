import ArgumentParser
import FoundationEssentials
import GeoKernel
import GeoText
import OpenStreetMap
import Route

/// The options that name a road network: an OpenStreetMap file and a profile, or a graph
/// saved by `geokernel graph`. Shared by `route` and `graph`.
struct RoadNetworkOptions: ParsableArguments {
    @Option(help: "An OpenStreetMap file (.osm.pbf, .osm or .osm.gz) to route on; - for standard input.")
    var osm: String?

    @Option(help: "A road graph saved by `geokernel graph --out` (instead of --osm); - for standard input.")
    var graph: String?

    @Option(help: "Routing profile: car, bicycle (bike), foot (walk), a JSON profile file, or JSON text.")
    var profile = "car"

    @Option(help: "fastest (default) or shortest.")
    var metric: MetricOption = .fastest

    enum MetricOption: String, CaseInsensitiveChoice {
        case fastest, shortest
        var value: RoadMetric { self == .fastest ? .fastest : .shortest }
    }

    var isGiven: Bool { osm != nil || graph != nil }

    /// The profile named by --profile: a built-in name, a JSON file, or JSON text, read
    /// by `RoutingProfile(argument:)` (a file's text goes the same way).
    func routingProfile() throws -> RoutingProfile {
        guard RoutingProfile.builtIn(named: profile) == nil, FileManager.default.fileExists(atPath: profile) else {
            return try RoutingProfile(argument: profile)
        }
        // Through FileSource: a regular file only (a FIFO is refused, never waited on).
        let bytes = try FileSource(path: profile).readRest()
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw GeoKernelError(.parse, "\(profile): not UTF-8 text")
        }
        return try RoutingProfile(argument: text)
    }

    @Option(help: "How the directions are titled: driving, cycling or walking (default: from the profile).")
    var mode: RoadRouter.Mode?

    /// The travel mode that names the directions: --mode, else the profile's (a JSON
    /// profile's by the name of its built-in base, else by whether it allows motorways,
    /// cycleways or neither), else driving.
    func travelMode() throws -> RoadRouter.Mode {
        if let mode { return mode }
        guard osm != nil || profile != "car" else { return .driving }
        let p = try routingProfile()
        switch p.name {
        case "car": return .driving
        case "bicycle": return .cycling
        case "foot": return .walking
        default:
            if p.highwaySpeedsKmh["motorway"] != nil { return .driving }
            return p.highwaySpeedsKmh["cycleway"] != nil ? .cycling : .walking
        }
    }

    @Flag(help: "No progress line on standard error (shown for work over 2 s when it is a terminal).")
    var quiet = false

    /// Builds (from --osm) or loads (from --graph) the graph; prints nothing but progress.

    func loadGraph() throws -> (RoadGraph, RoadNetworkBuilder.Report?) {
        let progress = Progress(quiet: quiet)
        if let graph {
            return (try progress.phase("loading \(InputFiles.shown(graph))") { try InputFiles.withPath(graph) { try RoadGraph(contentsOf: $0) } }, nil)
        }
        guard let osm else { throw ValidationError("give --osm FILE or --graph FILE") }
        let profile = try routingProfile()
        let (network, report) = try progress.phase("reading \(InputFiles.shown(osm))") {
            try InputFiles.withPath(osm) { try RoadNetworkBuilder.build(osmFile: $0, profile: profile) }
        }
        return (try progress.phase("contracting the road graph") { try RoadGraph(network, progress: progress.contraction) }, report)
    }
}

/// `geokernel graph --osm FILE --profile car --out FILE`: builds a routable road graph
/// (contraction hierarchies for both metrics) and saves it.
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Build a road graph from OpenStreetMap data to save.",
        discussion: "The saved graph is what `geokernel route --graph FILE` routes on, without reading the extract again.")

    @OptionGroup var network: RoadNetworkOptions

    @Option(help: "Where to save the graph (written atomically); - for standard output, the report then going to standard error. Required: building a graph only to drop it is refused.")
    var out: String

    @Option(help: "Output: text (for people) or json (one object: what was read, the graph, the file).")
    var format: TextOrJSON = .text

    func run() throws {
        guard network.osm != nil else { throw ValidationError("give --osm FILE") }
        try DataOutput.prepare(out)
        let (graph, report) = try network.loadGraph()
        let size = try DataOutput.withPath(out) { try graph.save(to: $0) }
        guard format == .json else {
            if let report { print("read: \(report)") }
            print("graph: \(graph.summary)")
            print("saved \(DataOutput.name(out)) (\(size) bytes)")
            return
        }
        var w = JSONWriter(.compact)
        w.beginObject()
        if let r = report {
            w.key("read")
            w.beginObject()
            w.member("nodes", r.nodesRead)
            w.member("nodes_kept", r.nodesKept)
            w.member("ways", r.waysRead)
            w.member("relations", r.relationsRead)
            w.member("routable_ways", r.routableWays)
            w.member("missing_node_references", r.missingNodeReferences)
            w.member("blocking_barriers", r.blockingBarriers)
            w.member("restrictions_applied", r.restrictionsApplied)
            w.member("restrictions_skipped", r.restrictionsSkipped)
            w.endObject()
        }
        w.member("nodes", graph.nodeCount)
        w.member("edges", graph.edgeCount)
        w.member("dropped_nodes", graph.report.droppedNodes)
        w.member("dropped_edges", graph.report.droppedEdges)
        w.member("bytes_in_memory", graph.byteCount)
        w.member("saved", out)
        w.member("saved_bytes", size)
        w.endObject()
        print(w.text)
    }
}

extension RoadGraph {
    /// "2 951 nodes, 5 902 edges (dropped 12 nodes, 20 edges outside the largest strongly
    /// connected component); 1.1 MB in memory".
    var summary: String {
        let r = report
        return "\(nodeCount) nodes, \(edgeCount) edges (dropped \(r.droppedNodes) nodes, \(r.droppedEdges) edges "
            + "outside the largest strongly connected component); \(Format.fixed(Double(byteCount) / 1e6, 2)) MB"
    }
}

extension RoadRouter.Mode: CaseInsensitiveChoice {}
