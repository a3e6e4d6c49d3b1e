import ArgumentParser
import GeoKernel
import OpenStreetMap

/// `--osm FILE` / `--graph FILE` of the commands whose use of roads is the picture's
/// background (`timeline`, `fences`): the road network drawn under the `--svg` picture
/// (roads the car profile keeps, styled by class, major roads named), and for `timeline
/// --modes` the road evidence of the travel modes.
struct MapBackgroundOptions: ParsableArguments {
    @Option(help: "With --svg: an OpenStreetMap file (.osm.pbf, .osm, .osm.gz) whose roads are drawn under the picture (and, with timeline --modes, tell trains from road vehicles); - for standard input.")
    var osm: String?

    @Option(help: "With --svg: a road graph saved by `geokernel graph` whose roads are drawn under the picture (instead of --osm); - for standard input.")
    var graph: String?

    func validate() throws {
        if osm != nil && graph != nil { throw ValidationError("give --osm or --graph for the picture's roads, not both") }
    }

    /// The road network to draw, when one was given.
    func load(progress: Progress) throws -> RoadGraph? {
        if let graph {
            return try progress.phase("loading \(InputFiles.shown(graph))") { try InputFiles.withPath(graph) { try RoadGraph(contentsOf: $0) } }
        }
        guard let osm else { return nil }
        let (network, _) = try progress.phase("reading \(InputFiles.shown(osm))") {
            try InputFiles.withPath(osm) { try RoadNetworkBuilder.build(osmFile: $0, profile: .car) }
        }
        return try progress.phase("building the road network") { try RoadGraph(network, progress: progress.contraction) }
    }
}
