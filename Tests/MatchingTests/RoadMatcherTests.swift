import GeoKernel
import Matching
import OpenStreetMap
import Route
import Simulation
import Testing
import _GeoKernelTestSupport

/// Map matching on made-up traces with a known truth: car routes between random points
/// of the real extracts, sampled at the graph's speeds with Gaussian noise.
@Suite("Map matching: which roads a trace followed")
struct RoadMatcherTests {
    static func graph(_ file: String) -> RoadGraph? {
        guard let (network, _) = try? RoadNetworkBuilder.build(osmFile: SharedData.path("osm/\(file)"), profile: .car)
        else { return nil }
        return try? RoadGraph(network)
    }
    static let andorra = graph("andorra.osm.pbf")
    static let monaco = graph("monaco.osm.pbf")

    /// Matches `count` routes sampled every `interval` s with noise `sigma` m; returns the
    /// mismatch fractions and the matches.
    static func evaluate(
        _ graph: RoadGraph, count: Int, interval: Double, sigma: Double, outliers: Double = 0, seed: UInt64,
        pace: Double = 1, paceVariation: Double = 0, options: MatchOptions = MatchOptions()
    ) throws -> [(mismatch: Double, match: RoadMatch, truth: RoadPath)] {
        let matcher = try RoadMatcher(graph: graph, options: options)
        var sim = SimulatedTrace()
        sim.intervalSeconds = interval
        sim.noiseMeters = sigma
        sim.outlierRate = outliers
        sim.paceFactor = pace
        sim.paceVariation = paceVariation
        return try SimulatedRoutes.random(on: graph, count: count, minimumMeters: 1_000, seed: seed).enumerated().map { k, truth in
            let trace = try sim.fixes(along: truth, seed: seed &+ UInt64(k))
            let match = try matcher.match(trace.map(\.fix))
            return (match.mismatch(against: truth).fraction, match, truth)
        }
    }

    @Test("on Andorra at sigma 10 m and 10 s sampling, the matched routes miss or add at most 1 % of the true length")
    func accurateAtTenMeters() throws {
        let graph = try #require(Self.andorra)
        let results = try Self.evaluate(graph, count: 100, interval: 10, sigma: 10, seed: 1)
        let total = results.reduce(0) { $0 + $1.mismatch * $1.truth.lengthMeters } / results.reduce(0) { $0 + $1.truth.lengthMeters }
        let worst = results.map(\.mismatch).max()!
        print("sigma 10 m, 10 s: mismatch \(total), worst \(worst), pieces \(results.map(\.match.pieces.count).reduce(0, +))")
        #expect(total <= 0.01)
        for r in results { #expect(r.match.lengthMeters <= 1.5 * r.truth.lengthMeters, "no detour") }
    }

    @Test("on Andorra at sigma 30 m and 30 s sampling, the matched routes miss or add at most 5 % of the true length")
    func accurateAtThirtyMeters() throws {
        let graph = try #require(Self.andorra)
        let results = try Self.evaluate(graph, count: 100, interval: 30, sigma: 30, seed: 2)
        let total = results.reduce(0) { $0 + $1.mismatch * $1.truth.lengthMeters } / results.reduce(0) { $0 + $1.truth.lengthMeters }
        print("sigma 30 m, 30 s: mismatch \(total), worst \(results.map(\.mismatch).max()!), pieces \(results.map(\.match.pieces.count).reduce(0, +))")
        #expect(total <= 0.05)
        for r in results { #expect(r.match.lengthMeters <= 1.5 * r.truth.lengthMeters, "no detour") }
    }

    /// The length-weighted mismatch of `evaluate`'s results.
    static func total(_ results: [(mismatch: Double, match: RoadMatch, truth: RoadPath)]) -> Double {
        results.reduce(0) { $0 + $1.mismatch * $1.truth.lengthMeters } / results.reduce(0) { $0 + $1.truth.lengthMeters }
    }

    @Test("at 1 Hz (sigma 10 m) fixes closer than their noise are set aside: on Andorra the matched routes miss or add at most 1.2 %, less than with the plain 2 sigma rule")
    func denseSampling() throws {
        let graph = try #require(Self.andorra)
        let dense = Self.total(try Self.evaluate(graph, count: 100, interval: 1, sigma: 10, seed: 4))
        var plainRule = MatchOptions()
        plainRule.denseSigmas = 0
        let plain = Self.total(try Self.evaluate(graph, count: 100, interval: 1, sigma: 10, seed: 4, options: plainRule))
        #expect(dense <= 0.012 && dense < plain, "dense rule \(dense), plain rule \(plain)")
    }

    /// The model without its time term: Newson & Krumm's distances alone (and the β
    /// of before the term).
    static var distanceOnly: MatchOptions {
        var o = MatchOptions()
        o.timeSpreadFast = .infinity
        o.timeSpreadSlow = .infinity
        o.betaMetersPerSecond = 0.5
        return o
    }

    @Test("on Monaco at sigma 10 m and 10 s sampling, the time term cuts the length the distance-only model misses or adds by over a third, to at most 1.5 %")
    func timeTermOnMonaco() throws {
        let graph = try #require(Self.monaco)
        let with = Self.total(try Self.evaluate(graph, count: 100, interval: 10, sigma: 10, seed: 5))
        let without = Self.total(try Self.evaluate(graph, count: 100, interval: 10, sigma: 10, seed: 5, options: Self.distanceOnly))
        print("Monaco 10 s, 10 m: \(with) with the time term, \(without) without")
        #expect(with <= 0.015 && with <= 0.65 * without, "\(with) with the time term, \(without) without")
    }

    @Test("a traveller half again slower than the graph's speeds, varying from road to road, is matched about as accurately: the pace adapts")
    func paceAdapts() throws {
        let graph = try #require(Self.monaco)
        let usual = Self.total(try Self.evaluate(graph, count: 100, interval: 10, sigma: 10, seed: 5))
        let slow = Self.total(try Self.evaluate(graph, count: 100, interval: 10, sigma: 10, seed: 5, pace: 1.5, paceVariation: 0.3))
        let without = Self.total(try Self.evaluate(
            graph, count: 100, interval: 10, sigma: 10, seed: 5, pace: 1.5, paceVariation: 0.3, options: Self.distanceOnly))
        print("Monaco 10 s, 10 m, pace 1.5 ± 0.3: \(slow) (at the graph's speeds \(usual)); distance only \(without)")
        #expect(slow <= usual + 0.003 && slow <= 0.6 * without, "slow \(slow), usual \(usual), distance only \(without)")
    }

    @Test("matched routes follow one-way rules: every leg runs in a direction the profile allows")
    func oneWayRulesHold() throws {
        let graph = try #require(Self.monaco)
        var legs = 0
        for r in try Self.evaluate(graph, count: 60, interval: 5, sigma: 15, seed: 3) {
            for leg in r.match.pieces.flatMap(\.legs) {
                #expect(graph.edgeTravel(leg.edge, forward: leg.forward) != nil, "edge \(leg.edge) against its direction")
                legs += 1
            }
        }
        #expect(legs > 1_000)
    }

    @Test("a jump no route explains cuts the trace into two pieces, each on its own route, with no detour between")
    func impossibleJumpBreaks() throws {
        let graph = try #require(Self.andorra)
        let (first, second) = try { () throws -> (RoadPath, RoadPath) in
            let r = try SimulatedRoutes.random(on: graph, count: 40, minimumMeters: 1_500, seed: 11)
            // Two routes whose ends lie more than 5 km apart.
            for a in r { for b in r where haversineDistance(a.geometry.last!, b.geometry.first!) > 5_000 { return (a, b) } }
            throw GeoKernelError(.notFound, "no two distant routes")
        }()
        var sim = SimulatedTrace()
        sim.intervalSeconds = 5
        sim.noiseMeters = 5
        let one = try sim.fixes(along: first, seed: 1).map(\.fix)
        sim.startTime = one.last!.timestamp + 5  // 5 km in 5 s
        let two = try sim.fixes(along: second, seed: 2).map(\.fix)
        let match = try RoadMatcher(graph: graph).match(one + two)
        #expect(match.pieces.count == 2)
        #expect(match.pieces.first?.fixes == 0...(one.count - 1))
        #expect(match.pieces.last?.fixes == one.count...(one.count + two.count - 1))
        #expect(abs(match.lengthMeters - first.lengthMeters - second.lengthMeters) < 0.05 * (first.lengthMeters + second.lengthMeters))
    }

    @Test("a fix thrown onto another street is left unmatched, where matching it would draw a detour to it and back")
    func reachableOutlier() throws {
        let graph = try #require(Self.monaco)
        var sim = SimulatedTrace()
        sim.intervalSeconds = 10
        sim.noiseMeters = 5
        var tried = 0, left = 0
        for (k, truth) in try SimulatedRoutes.random(on: graph, count: 12, minimumMeters: 1_500, seed: 11).enumerated() {
            var fixes = try sim.fixes(along: truth, seed: UInt64(k)).map(\.fix)
            let m = fixes.count / 2
            // A junction 200–400 m from the fix and more than 150 m from the whole true route.
            let far = (0..<graph.nodeCount).map(graph.nodeCoordinate).first { c in
                let d = haversineDistance(c, fixes[m].coordinate)
                return d > 200 && d < 400 && truth.geometry.allSatisfy { haversineDistance($0, c) > 150 }
            }
            guard let far else { continue }
            fixes[m] = try Fix(coordinate: far, timestamp: fixes[m].timestamp, horizontalAccuracyMeters: 5)
            tried += 1
            let match = try RoadMatcher(graph: graph).match(fixes)
            var always = MatchOptions()
            always.outlierCost = .infinity
            let detour = try RoadMatcher(graph: graph, options: always).match(fixes)
            #expect(match.pieces.count == 1 && match.lengthMeters < 1.5 * truth.lengthMeters, "route \(k): no detour (the issue's 1.5 ×)")
            #expect(match.lengthMeters <= detour.lengthMeters + 1e-6, "route \(k)")
            if match.fixes[m].snap == nil { left += 1 }
            #expect(match.matchedCount >= fixes.count - 2)
        }
        #expect(tried >= 8 && left >= tried - 1, "\(left) of \(tried) outliers left unmatched")
    }

    @Test("a fix far from every road is unmatched without cutting the trace, and a long stop stays one piece")
    func farFixAndStop() throws {
        let graph = try #require(Self.andorra)
        let truth = try SimulatedRoutes.random(on: graph, count: 1, minimumMeters: 2_000, seed: 5)[0]
        var sim = SimulatedTrace()
        sim.intervalSeconds = 2
        sim.noiseMeters = 8
        var fixes = try sim.fixes(along: truth, seed: 9).map(\.fix)
        let k = fixes.count / 2
        // Standing for five minutes halfway (a fix every 2 s around the same place), then
        // one fix in the sea off Africa, which no road is near.
        let stop = fixes[k]
        var standing: [Fix] = []
        for s in 1...150 {
            standing.append(try Fix(
                latitude: stop.coordinate.latitude + Double((s * 7) % 5 - 2) * 4e-5,
                longitude: stop.coordinate.longitude + Double((s * 3) % 5 - 2) * 5e-5, timestamp: stop.timestamp + Double(s),
                horizontalAccuracyMeters: 8))
        }
        let far = try Fix(latitude: 0, longitude: 0, timestamp: stop.timestamp + 151, horizontalAccuracyMeters: 8)
        let shift = 152.0
        let after = try fixes[(k + 1)...].map { try Fix(coordinate: $0.coordinate, timestamp: $0.timestamp + shift, horizontalAccuracyMeters: 8) }
        fixes = Array(fixes[...k]) + standing + [far] + after
        let match = try RoadMatcher(graph: graph).match(fixes)
        #expect(match.pieces.count == 1)
        #expect(match.fixes[k + 151].snap == nil && match.fixes[k + 151].piece == nil)
        #expect(match.matchedCount >= fixes.count - 10)
        #expect(match.mismatch(against: truth).fraction < 0.05)
    }

    @Test("the matcher refuses fixes out of time order and unusable options, and matches an empty trace to nothing")
    func refusesBadInput() throws {
        let graph = try #require(Self.monaco)
        let a = try Fix(latitude: 43.7393, longitude: 7.4276, timestamp: 10), b = try Fix(latitude: 43.7394, longitude: 7.4277, timestamp: 9)
        #expect(throws: GeoKernelError.self) { try RoadMatcher(graph: graph).match([a, b]) }
        for change in [{ (o: inout MatchOptions) in o.betaMeters = 0 }, { $0.maximumCandidates = 0 }, { $0.maximumDetourFactor = 0.5 },
                       { $0.minimumRadiusMeters = 500 }, { $0.defaultAccuracyMeters = .nan }, { $0.stationarySigmas = -1 }] {
            var o = MatchOptions()
            change(&o)
            #expect(throws: GeoKernelError.self) { try RoadMatcher(graph: graph, options: o) }
        }
        let empty = try RoadMatcher(graph: graph).match([])
        #expect(empty.fixes.isEmpty && empty.pieces.isEmpty)
        let lone = try RoadMatcher(graph: graph).match([a])
        #expect(lone.pieces.count == 1 && lone.pieces[0].lengthMeters == 0 && lone.fixes[0].snap != nil)
    }

    @Test("pairwise transitions (the benchmark's baseline) give the same matches as one-to-many")
    func pairwiseEqualsOneToMany() throws {
        let graph = try #require(Self.andorra)
        var options = MatchOptions()
        options.transitionSearch = .pairwise
        let pairwise = try RoadMatcher(graph: graph, options: options), fast = try RoadMatcher(graph: graph)
        var sim = SimulatedTrace()
        sim.intervalSeconds = 10
        sim.noiseMeters = 15
        for (k, truth) in try SimulatedRoutes.random(on: graph, count: 20, minimumMeters: 1_000, seed: 21).enumerated() {
            let fixes = try sim.fixes(along: truth, seed: UInt64(k)).map(\.fix)
            let x = try pairwise.match(fixes), y = try fast.match(fixes)
            #expect(x.fixes == y.fixes && x.pieces == y.pieces)
        }
    }
}

/// Matching fixes as they arrive.
@Suite("Map matching as fixes arrive: the stream")
struct RoadMatchStreamTests {
    @Test("a stream's final fixes come in order, each as the whole trace's match has it, and finish gives that match")
    func streamEqualsBatch() throws {
        let graph = try #require(RoadMatcherTests.andorra)
        let matcher = try RoadMatcher(graph: graph)
        var early = 0, total = 0
        for (interval, sigma, outliers) in [(1.0, 10.0, 0.0), (10.0, 20.0, 0.03), (30.0, 30.0, 0.0)] {
            var sim = SimulatedTrace()
            sim.intervalSeconds = interval
            sim.noiseMeters = sigma
            sim.outlierRate = outliers
            for (k, truth) in try SimulatedRoutes.random(on: graph, count: 15, minimumMeters: 1_000, seed: 31).enumerated() {
                let fixes = try sim.fixes(along: truth, seed: UInt64(k)).map(\.fix)
                let batch = try matcher.match(fixes)
                var stream = try matcher.stream(maximumLag: 100_000)
                var seen: [RoadMatch.MatchedFix] = []
                for f in fixes {
                    let done = try stream.add(f)
                    #expect(done.map(\.index) == Array(seen.count..<(seen.count + done.count)), "in order, each once")
                    seen += done
                }
                early += seen.count
                let whole = try stream.finish()
                #expect(stream.forcedCount == 0)
                #expect(whole.fixes == batch.fixes && whole.pieces == batch.pieces)
                for f in seen { #expect(f == batch.fixes[f.index], "fix \(f.index) decided early as the batch has it") }
                total += fixes.count
                #expect(throws: GeoKernelError.self) { try stream.add(fixes[0]) }
            }
        }
        #expect(early > total / 2, "most fixes are decided before the end (\(early) of \(total))")
    }

    @Test("with a lag bound, no more weighed fixes than the bound wait undecided")
    func lagIsBounded() throws {
        let graph = try #require(RoadMatcherTests.monaco)
        let matcher = try RoadMatcher(graph: graph)
        var sim = SimulatedTrace()
        sim.intervalSeconds = 5
        sim.noiseMeters = 25
        for (k, truth) in try SimulatedRoutes.random(on: graph, count: 10, minimumMeters: 1_000, seed: 4).enumerated() {
            let fixes = try sim.fixes(along: truth, seed: UInt64(k)).map(\.fix)
            var stream = try matcher.stream(maximumLag: 3)
            var seen = 0
            for f in fixes {
                seen += try stream.add(f).count
                #expect(stream.undecidedCount <= 3)
            }
            let whole = try stream.finish()
            #expect(whole.fixes.count == fixes.count && seen <= fixes.count)
        }
        #expect(throws: GeoKernelError.self) { try matcher.stream(maximumLag: 0) }
    }
}

/// Map matching rules on a hand-made road: a straight two-way street whose only other
/// link between its ends is a 4 km detour.
@Suite("Map matching on a hand-made street: U-turns")
struct RoadMatcherUTurnTests {
    static func at(_ east: Double, _ north: Double) -> Coordinate {
        Coordinate(uncheckedLatitude: 45 + north / 111_195, longitude: 5 + east / (111_195 * 0.7071))
    }

    static let graph: RoadGraph? = {
        let car = RoadNetwork.Travel(speedMetersPerSecond: 14)
        let net = RoadNetwork(
            nodes: [at(0, 0), at(1_000, 0)],
            edges: [
                .init(from: 0, to: 1, geometry: [at(0, 0), at(1_000, 0)], forward: car, backward: car, name: "Main Street",
                      roadClass: .residential),
                .init(from: 1, to: 0, geometry: [at(1_000, 0), at(1_000, 1_500), at(0, 1_500), at(0, 0)], forward: car,
                      backward: car, name: "Ring Road", roadClass: .secondary),
            ])
        return try? RoadGraph(net)
    }()

    @Test("a car that turns back in the middle of the street is matched in one piece, out and back along it")
    func uTurnMidStreet() throws {
        let graph = try #require(Self.graph)
        var fixes: [Fix] = []
        var rng = SeededRandom(seed: 12)
        // East from 100 m to 700 m, then back west to 150 m, a fix every 50 m (5 s).
        let stops = Array(stride(from: 100.0, through: 700, by: 50)) + Array(stride(from: 650.0, through: 150, by: -50))
        for (k, x) in stops.enumerated() {
            let p = Self.at(x + Double.random(in: -3...3, using: &rng), Double.random(in: -3...3, using: &rng))
            fixes.append(try Fix(coordinate: p, timestamp: Double(5 * k), horizontalAccuracyMeters: 5))
        }
        let match = try RoadMatcher(graph: graph).match(fixes)
        #expect(match.pieces.count == 1 && match.matchedCount == fixes.count)
        let legs = match.pieces[0].legs
        #expect(legs.allSatisfy { $0.edge == 0 }, "never by the ring road")
        #expect(legs.contains { $0.forward } && legs.contains { !$0.forward })
        #expect(abs(match.lengthMeters - 1_150) < 30, "\(match.lengthMeters) m: out 600 m and back 550 m")
        #expect(match.pieces[0].roads.map(\.name) == ["Main Street"])
    }

    @Test("a half-hour stop in the middle of the street is matched standing there, not as a drive round the ring road")
    func longStopIsNoLoop() throws {
        let graph = try #require(Self.graph)
        // East at 14 m/s from 100 m to 450 m, stopped there 30 min, then on east to 940 m.
        var fixes = try stride(from: 100.0, through: 450, by: 70).enumerated().map { k, x in
            try Fix(coordinate: Self.at(x, 2), timestamp: Double(5 * k), horizontalAccuracyMeters: 5)
        }
        let resume = fixes.last!.timestamp + 1_800
        fixes += try stride(from: 450.0, through: 940, by: 70).enumerated().map { k, x in
            try Fix(coordinate: Self.at(x, -2), timestamp: resume + Double(5 * k), horizontalAccuracyMeters: 5)
        }
        let match = try RoadMatcher(graph: graph).match(fixes)
        #expect(match.pieces.count == 1 && match.matchedCount == fixes.count)
        #expect(match.pieces.allSatisfy { $0.legs.allSatisfy { $0.edge == 0 && $0.forward } }, "never by the ring road")
        #expect(abs(match.lengthMeters - 840) < 20, "\(match.lengthMeters) m")
    }

    @Test("a car going one way down the street is never matched with a U-turn")
    func noUTurnWhenDrivingOn() throws {
        let graph = try #require(Self.graph)
        var rng = SeededRandom(seed: 13)
        let fixes = try stride(from: 50.0, through: 950, by: 30).enumerated().map { k, x in
            try Fix(coordinate: Self.at(x + Double.random(in: -8...8, using: &rng), Double.random(in: -8...8, using: &rng)),
                    timestamp: Double(2 * k), horizontalAccuracyMeters: 8)
        }
        let match = try RoadMatcher(graph: graph).match(fixes)
        #expect(match.pieces.count == 1 && match.pieces[0].legs.allSatisfy { $0.edge == 0 && $0.forward })
        #expect(abs(match.lengthMeters - 900) < 30)
    }
}

/// Map matching rules on hand-made roads: two parallel streets 40 m apart, equally near
/// every fix, one driven at 14 m/s, the other at 4 m/s, joined at their ends.
@Suite("Map matching on hand-made streets: the clock")
struct RoadMatcherTimeTests {
    static let graph: RoadGraph? = {
        let at = RoadMatcherUTurnTests.at
        let fast = RoadNetwork.Travel(speedMetersPerSecond: 14), slow = RoadNetwork.Travel(speedMetersPerSecond: 4)
        let net = RoadNetwork(
            nodes: [at(0, 20), at(1_500, 20), at(0, -20), at(1_500, -20)],
            edges: [
                .init(from: 0, to: 1, geometry: [at(0, 20), at(1_500, 20)], forward: fast, backward: fast, name: "Avenue",
                      roadClass: .primary),
                .init(from: 2, to: 3, geometry: [at(0, -20), at(1_500, -20)], forward: slow, backward: slow, name: "Lane",
                      roadClass: .service),
                // Joined at both ends (a graph routes on its largest connected part only).
                .init(from: 0, to: 2, geometry: [at(0, 20), at(0, -20)], forward: slow, backward: slow, name: "West",
                      roadClass: .service),
                .init(from: 1, to: 3, geometry: [at(1_500, 20), at(1_500, -20)], forward: slow, backward: slow, name: "East",
                      roadClass: .service),
            ])
        return try? RoadGraph(net)
    }()

    /// Fixes midway between the streets, `step` metres apart every 10 s.
    static func trace(step: Double) throws -> [Fix] {
        try stride(from: 100.0, through: 1_400, by: step).enumerated().map { k, x in
            try Fix(coordinate: RoadMatcherUTurnTests.at(x, 0), timestamp: Double(10 * k), horizontalAccuracyMeters: 10)
        }
    }

    @Test("between two streets equally near, the one whose speed fits the time between the fixes is matched, whichever it is")
    func speedDecides() throws {
        let graph = try #require(Self.graph)
        let matcher = try RoadMatcher(graph: graph)
        let quick = try matcher.match(Self.trace(step: 140)), slowly = try matcher.match(Self.trace(step: 40))
        #expect(quick.pieces.count == 1 && quick.pieces[0].roads.map(\.name) == ["Avenue"])
        #expect(slowly.pieces.count == 1 && slowly.pieces[0].roads.map(\.name) == ["Lane"], "\(slowly.pieces.map { $0.roads.map(\.name) }) \(slowly.matchedCount)")
        // Without the time term the two traces are alike to the model: the same street.
        var o = MatchOptions()
        o.timeSpreadFast = .infinity
        o.timeSpreadSlow = .infinity
        let blind = try RoadMatcher(graph: graph, options: o)
        #expect(try blind.match(Self.trace(step: 140)).pieces[0].roads.map(\.name)
            == blind.match(Self.trace(step: 40)).pieces[0].roads.map(\.name))
    }

    @Test("time options that cannot weigh are refused by name")
    func timeOptionsChecked() throws {
        let graph = try #require(Self.graph)
        for (name, change) in [
            ("pace", { (o: inout MatchOptions) in o.pace = 0 }), ("paceSeconds", { $0.paceSeconds = -1 }),
            ("timeFloorSeconds", { $0.timeFloorSeconds = .nan }), ("timeSpreadFast", { $0.timeSpreadFast = 0 }),
            ("timeSpreadSlow", { $0.timeSpreadSlow = -.infinity }),
        ] as [(String, (inout MatchOptions) -> Void)] {
            var o = MatchOptions()
            change(&o)
            #expect {
                try RoadMatcher(graph: graph, options: o)
            } throws: { error in
                (error as? GeoKernelError)?.code == .invalidArgument && "\(error)".contains(name)
            }
        }
    }
}
