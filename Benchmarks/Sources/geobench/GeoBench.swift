import ArgumentParser
import Foundation

/// The benchmark executable: every case is timed next to its baseline in the same run.
@main
struct GeoBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geobench", abstract: "GeoKernel benchmarks, each case beside its baseline.")

    @Flag(help: "Print a JSON array instead of a table.") var json = false
    @Option(help: "Run only cases whose name contains this text.") var filter: String?
    @Option(help: "Points per case for the 1M-point kernels.") var points = 1_000_000
    @Flag(help: """
        Also run the road cases on a generated 1M-node grid (graph.build.grid1m, route.*.grid1m; \
        about 25 minutes: contraction of the grid). They run as well when --filter contains "grid".
        """)
    var grid = false

    func run() throws {
        let selected = { (name: String, baseline: String?) in
            filter.map { name.contains($0) || (baseline?.contains($0) ?? false) } ?? true
        }
        let withGrid = grid || (filter?.contains("grid") ?? false)
        let groups: [() throws -> [BenchCase]] = [
            { GeodesyCases.make(points: points) },
            { GeodesicCases.make() },
            { try ProjectionCases.make(points: points) },
            { try TimelineCases.make(points: points) },
            { IndexCases.make(points: points) },
            { GeofenceCases.make() },
            { PolygonCases.make(points: points) },
            { try SimplifyCases.make() },
            { RoadCases.make(selected: selected) },
            // The 1M-node grid takes minutes: only with --grid or --filter …grid….
            { withGrid ? RoadGridCases.make(selected: selected) : [] },
            { PlacesCases.make(selected: selected) },
            { try StoreCases.make(points: points, selected: selected) },
            // @groups: new benchmark groups go above this line
        ]
        defer { Scratch.removeAll() }
        var results: [BenchResult] = []
        for make in groups {
            for c in try make() where selected(c.name, c.baseline) {
                let r = measure(c)
                results.append(r)
                if !json { FileHandle.standardError.write(Data("\(r.name): \(r.nsPerOp) ns/op\n".utf8)) }
            }
        }
        print(json ? try Report.json(results) : Report.table(results))
        if results.contains(where: { $0.failure != nil }) { throw ExitCode.failure }
    }
}
