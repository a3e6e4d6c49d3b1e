import GeoKernel
import Simulation
import Testing

/// Made-up traces along a hand-made road: what the pace options change and what they leave.
@Suite("Simulated traces: the traveller's pace")
struct SimulatedTraceTests {
    static func at(_ east: Double) -> Coordinate {
        Coordinate(uncheckedLatitude: 45, longitude: 5 + east / (111_195 * 0.7071))
    }

    /// A 2 km route over four edges at 10 m/s.
    static func path() throws -> RoadPath {
        let travel = RoadNetwork.Travel(speedMetersPerSecond: 10)
        let xs: [Double] = [0, 500, 1_000, 1_500, 2_000]
        let net = RoadNetwork(
            nodes: xs.map(at),
            edges: (0..<4).map { k in
                .init(from: k, to: k + 1, geometry: [at(xs[k]), at(xs[k + 1])], forward: travel, backward: travel, name: "Road",
                      roadClass: .secondary)
            })
        let graph = try RoadGraph(net)
        return try graph.route(
            from: graph.snap(at(10), maxDistanceMeters: 50), to: graph.snap(at(1_990), maxDistanceMeters: 50), metric: .fastest)
    }

    @Test("a pace factor of 2 doubles every fix's time and leaves every position as it was")
    func paceStretchesTime() throws {
        let path = try Self.path()
        var sim = SimulatedTrace()
        sim.intervalSeconds = 5
        sim.noiseMeters = 10
        let usual = try sim.fixes(along: path, seed: 3)
        sim.paceFactor = 2
        sim.intervalSeconds = 10
        let slow = try sim.fixes(along: path, seed: 3)
        #expect(usual.count == slow.count && usual.count > 30)
        for (u, s) in zip(usual, slow) {
            #expect(s.fix.timestamp == 2 * u.fix.timestamp)
            #expect(s.fix.coordinate == u.fix.coordinate && s.truth == u.truth)
        }
    }

    @Test("a varying pace keeps the fixes on the route in order and their noise as it was, and changes when they come")
    func paceVariesByPiece() throws {
        let path = try Self.path()
        var sim = SimulatedTrace()
        sim.intervalSeconds = 5
        let steady = try sim.fixes(along: path, seed: 4)
        sim.paceVariation = 0.3
        let varied = try sim.fixes(along: path, seed: 4)
        #expect(varied.first?.truth == steady.first?.truth && varied.last?.truth == steady.last?.truth)
        // The same noise draws: each fix lies as far from its truth as the steady trace's.
        for (v, s) in zip(varied, steady) {
            #expect(abs(haversineDistance(v.fix.coordinate, v.truth) - haversineDistance(s.fix.coordinate, s.truth)) < 1e-6)
        }
        let east = varied.map(\.truth.longitude)
        #expect(zip(east, east.dropFirst()).allSatisfy { $0 <= $1 }, "along the route, in order")
        #expect(varied.count != steady.count || zip(varied, steady).contains { $0.truth != $1.truth })
    }

    @Test("a pace that is not positive and finite, or a negative variation, is refused")
    func badPaceRefused() throws {
        let path = try Self.path()
        for (factor, variation) in [(0.0, 0.0), (-1, 0), (.infinity, 0), (1, -0.1), (1, .nan)] {
            var sim = SimulatedTrace()
            sim.paceFactor = factor
            sim.paceVariation = variation
            #expect(throws: GeoKernelError.self) { try sim.fixes(along: path, seed: 1) }
        }
    }
}
