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

    func run() throws {
        let groups: [() throws -> [BenchCase]] = [
            { GeodesyCases.make(points: points) },
            { try ProjectionCases.make(points: points) },
            { try TimelineCases.make(points: points) },
            { IndexCases.make(points: points) },
            { GeofenceCases.make() },
            { try SimplifyCases.make() },
            // @groups: new benchmark groups go above this line
        ]
        var results: [BenchResult] = []
        for make in groups {
            for c in try make() where filter.map({ c.name.contains($0) || (c.baseline?.contains($0) ?? false) }) ?? true {
                let r = measure(c)
                results.append(r)
                if !json { FileHandle.standardError.write(Data("\(r.name): \(r.nsPerOp) ns/op\n".utf8)) }
            }
        }
        print(json ? try Report.json(results) : Report.table(results))
        if results.contains(where: { $0.failure != nil }) { throw ExitCode.failure }
    }
}
