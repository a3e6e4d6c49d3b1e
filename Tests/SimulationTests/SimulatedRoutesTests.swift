import GeoKernel
import Simulation
import Testing

@Suite("Simulated routes: random journeys on a road graph")
struct SimulatedRoutesTests {
    static let graph: RoadGraph? = try? RoadGraph(RoadNetwork.grid(rows: 20, cols: 20, seed: 3))

    @Test("the same seed gives the same routes, another seed others, each at least the minimum long")
    func reproducible() throws {
        let graph = try #require(Self.graph)
        let a = try SimulatedRoutes.random(on: graph, count: 25, minimumMeters: 600, seed: 9)
        let b = try SimulatedRoutes.random(on: graph, count: 25, minimumMeters: 600, seed: 9)
        let c = try SimulatedRoutes.random(on: graph, count: 25, minimumMeters: 600, seed: 10)
        #expect(a.count == 25 && a == b)
        #expect(a != c)
        #expect(a.allSatisfy { $0.lengthMeters >= 600 && $0.metric == .fastest })
        let shortest = try SimulatedRoutes.random(on: graph, count: 5, minimumMeters: 0, metric: .shortest, seed: 9)
        #expect(shortest.allSatisfy { $0.metric == .shortest })
    }

    @Test("each route is the graph's own best route between its ends")
    func routesAreTheRoutersRoutes() throws {
        let graph = try #require(Self.graph)
        for path in try SimulatedRoutes.random(on: graph, count: 10, minimumMeters: 300, seed: 4) {
            let start = try graph.snap(path.geometry.first!, maxDistanceMeters: 1, role: .via)
            let end = try graph.snap(path.geometry.last!, maxDistanceMeters: 1, role: .via)
            let again = try graph.route(from: start, to: end, algorithm: .dijkstra)
            #expect(abs(again.cost - path.cost) < 1e-9, "\(again.cost) s by Dijkstra, \(path.cost) s drawn")
        }
    }

    @Test("no routes asked gives none; a bad count or minimum is refused; a minimum no route reaches ends in not found")
    func badArguments() throws {
        let graph = try #require(Self.graph)
        #expect(try SimulatedRoutes.random(on: graph, count: 0, minimumMeters: 0, seed: 1).isEmpty)
        for (count, minimum) in [(-1, 0.0), (3, -1.0), (3, .nan), (3, .infinity)] {
            #expect {
                _ = try SimulatedRoutes.random(on: graph, count: count, minimumMeters: minimum, seed: 1)
            } throws: { ($0 as? GeoKernelError)?.code == .invalidArgument }
        }
        // The grid spans about 2 km: no route is 100 km long; the draws are bounded.
        #expect {
            _ = try SimulatedRoutes.random(on: graph, count: 2, minimumMeters: 100_000, seed: 1)
        } throws: { ($0 as? GeoKernelError)?.code == .notFound }
    }
}
