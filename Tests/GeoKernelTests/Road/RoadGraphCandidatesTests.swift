import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("Road graph: candidates within a radius, and one-to-many costs")
struct RoadGraphCandidatesTests {
    @Test("candidates within a radius (each stretch of road's nearest point) equal a brute-force scan of every segment on 2 000 random points")
    func candidatesMatchBruteForce() throws {
        var rng = SeededRandom(seed: 41)
        for (rows, cols) in [(30, 40), (7, 90)] {
            let graph = try RoadGraph(RoadNetwork.grid(rows: rows, cols: cols, seed: 3, missingFraction: 0.2))
            var found = 0
            for k in 0..<1_000 {
                let p = RoadTestData.randomPoint(graph, &rng)
                let radius = [0, 15, 60, 250, 1_000][k % 5] as Double, limit = [1, 3, 8, 64][k % 4]
                let fast = try graph.snaps(near: p, withinMeters: radius, limit: limit)
                let slow = graph.snapsBruteForce(near: p, withinMeters: radius, limit: limit)
                #expect(fast == slow, "point \(k), radius \(radius) m, limit \(limit)")
                #expect(fast.count <= limit)
                #expect(fast.allSatisfy { $0.distanceMeters <= radius && $0.input == p })
                #expect(zip(fast, fast.dropFirst()).allSatisfy { $0.distanceMeters <= $1.distanceMeters })
                if let first = fast.first {  // the nearest candidate is the snap
                    let snap = try graph.snap(p, maxDistanceMeters: radius)
                    #expect(first.distanceMeters == snap.distanceMeters)
                }
                found += fast.count
            }
            #expect(found > 1_000)
        }
    }

    @Test("a hairpin bend passing a point twice gives two candidates on its one edge, each leg's nearest point")
    func hairpinGivesTwoCandidates() throws {
        // One edge: 600 m east, a bend 40 m north, 600 m back west (a hairpin); and a
        // second edge so that the network has a junction at each end.
        func at(_ east: Double, _ north: Double) -> Coordinate {
            Coordinate(uncheckedLatitude: 45 + north / 111_195, longitude: 5 + east / (111_195 * 0.7071))
        }
        let bend = [at(0, 0), at(600, 0), at(620, 20), at(600, 40), at(0, 40)]
        let net = RoadNetwork(
            nodes: [bend[0], bend[4]],
            edges: [
                .init(from: 0, to: 1, geometry: bend, forward: .init(speedMetersPerSecond: 10), backward: .init(speedMetersPerSecond: 10)),
                .init(from: 1, to: 0, geometry: [bend[4], at(-30, 20), bend[0]], forward: .init(speedMetersPerSecond: 10),
                      backward: .init(speedMetersPerSecond: 10)),
            ])
        let graph = try RoadGraph(net)
        let p = at(300, 15)  // 15 m from the outward leg, 25 m from the return leg
        let found = try graph.snaps(near: p, withinMeters: 50)
        #expect(found.count == 2 && found.allSatisfy { $0.edge == 0 })
        #expect(abs(found[0].distanceMeters - 15) < 0.1 && abs(found[1].distanceMeters - 25) < 0.1)
        #expect(abs(found[0].offsetMeters - 300) < 1 && abs(found[1].offsetMeters - (600 + 2 * 28.28 + 300)) < 1)
        #expect(try graph.snaps(near: p, withinMeters: 20).count == 1)
        #expect(found == graph.snapsBruteForce(near: p, withinMeters: 50, limit: 8))
    }

    @Test("candidates refuse a bad radius or limit, and find nothing far from the roads")
    func candidatesRefuseBadArguments() throws {
        let graph = try RoadGraph(RoadNetwork.grid(rows: 5, cols: 5, seed: 1))
        let p = try Coordinate(latitude: 43.2, longitude: 1.1)
        for radius in [-1, .nan, .infinity] as [Double] {
            #expect(throws: GeoKernelError.self) { try graph.snaps(near: p, withinMeters: radius) }
        }
        #expect(throws: GeoKernelError.self) { try graph.snaps(near: p, withinMeters: 10, limit: 0) }
        #expect(try graph.snaps(near: p, withinMeters: 100).isEmpty)
    }

    @Test("one-to-many costs equal one-to-one costs within the limit, and nil beyond it")
    func oneToManyMatchesOneToOne() throws {
        var rng = SeededRandom(seed: 8)
        for seed in UInt64(1)...3 {
            let graph = try RoadGraph(RoadNetwork.grid(
                rows: 16, cols: 20, seed: seed, oneWayFraction: 0.3, destinationOnlyFraction: 0.15))
            let ws = RoadGraph.Workspace(for: graph)
            let targets = (0..<40).map { _ in RoadTestData.randomSnap(graph, &rng) }
            var within = 0, beyond = 0
            for _ in 0..<12 {
                let s = RoadTestData.randomSnap(graph, &rng)
                for metric in RoadMetric.allCases {
                    let limit = metric == .shortest ? 1_500.0 : 120.0
                    let costs = try graph.costs(from: s, to: targets + [s], metric: metric, limit: limit, workspace: ws)
                    #expect(costs.last == 0)
                    for (j, t) in targets.enumerated() {
                        let one = try? graph.cost(from: s, to: t, metric: metric, workspace: ws)
                        if let one, one <= limit {
                            #expect(costs[j] == one, "\(metric) → \(j)")
                            within += 1
                            let path = try #require(try graph.route(from: s, to: t, metric: metric, within: limit, workspace: ws))
                            #expect(path.cost == one && path.geometry.first == s.point && path.geometry.last == t.point)
                        } else {
                            #expect(costs[j] == nil || costs[j]! > limit - 0.01, "\(metric) → \(j): \(String(describing: one))")
                            if costs[j] == nil { beyond += 1 }
                            #expect(try graph.route(from: s, to: t, metric: metric, within: limit, workspace: ws) == nil || one != nil)
                        }
                    }
                }
            }
            #expect(within > 100 && beyond > 100)
        }
    }

    @Test("one-to-many measures give each route's cost and its free-flow time, as the route drawn for that pair has them")
    func measuresTimeTheRoutes() throws {
        var rng = SeededRandom(seed: 9)
        var net = RoadNetwork.grid(rows: 16, cols: 20, seed: 4, oneWayFraction: 0.3, destinationOnlyFraction: 0.15)
        net.turnCosts = .driving  // the times include the turns
        let graph = try RoadGraph(net)
        let ws = RoadGraph.Workspace(for: graph)
        var timed = 0
        for _ in 0..<12 {
            let s = RoadTestData.randomSnap(graph, &rng)
            let targets = (0..<30).map { _ in (snap: RoadTestData.randomSnap(graph, &rng), arriving: Bool?.none) }
            for metric in RoadMetric.allCases {
                let limit = metric == .shortest ? 1_500.0 : 120.0
                let measured = try graph.measures(from: s, leaving: nil, to: targets, metric: metric, limit: limit, workspace: ws)
                for (j, t) in targets.enumerated() {
                    let path = try graph.route(from: s, to: t.snap, metric: metric, within: limit, workspace: ws)
                    #expect((measured[j] == nil) == (path == nil), "\(metric) → \(j)")
                    guard let m = measured[j], let path else { continue }
                    #expect(m.cost == path.cost, "\(metric) → \(j)")
                    #expect(abs(m.seconds - path.durationSeconds) < 1e-6, "\(metric) → \(j): \(m.seconds) s, the path \(path.durationSeconds) s")
                    timed += 1
                }
            }
        }
        #expect(timed > 100)
    }

    @Test("one-to-many refuses a bad limit")
    func oneToManyRefusesBadLimit() throws {
        var rng = SeededRandom(seed: 2)
        let graph = try RoadGraph(RoadNetwork.grid(rows: 5, cols: 5, seed: 1))
        let s = RoadTestData.randomSnap(graph, &rng)
        for limit in [-1, .nan, .infinity] as [Double] {
            #expect(throws: GeoKernelError.self) {
                try graph.costs(from: s, to: [s], metric: .shortest, limit: limit, workspace: RoadGraph.Workspace(for: graph))
            }
        }
    }
}
