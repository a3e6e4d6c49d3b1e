import Foundation
import GeoKernel
import OpenStreetMap
import Route
import Testing
import _GeoKernelTestSupport

/// Shortest car routes against an independent engine, Routino 3.3.3, on 300 seeded pairs
/// per extract (Fixtures/reference/README.md says how they were made and where the two
/// engines' rules differ).
@Suite struct ReferenceEngineTests {
    struct Pair {
        var id: Int
        var from: Coordinate, to: Coordinate
        var meters: Double?
    }

    static func pairs(_ extract: String) throws -> [Pair] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/reference/routino-\(extract)-car-shortest.csv")
        return try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline).dropFirst().map { line in
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return Pair(
                id: Int(f[0])!, from: try Coordinate(latitude: Double(f[1])!, longitude: Double(f[2])!),
                to: try Coordinate(latitude: Double(f[3])!, longitude: Double(f[4])!), meters: Double(f[5]))
        }
    }

    /// Lengths of our shortest car routes relative to Routino's, for the pairs both route,
    /// with the pair ids.
    static func ratios(_ extract: String, profile: RoutingProfile = .car) throws
        -> (ratios: [Double], ids: [Int], oursOnly: Int, theirsOnly: Int) {
        let (network, _) = try RoadNetworkBuilder.build(osmFile: SharedData.path("osm/\(extract).osm.pbf"), profile: profile)
        let router = try RoadRouter(graph: try RoadGraph(network), metric: .shortest, maxSnapDistanceMeters: 50)
        var ratios: [Double] = [], ids: [Int] = [], oursOnly = 0, theirsOnly = 0
        for p in try pairs(extract) {
            let ours = try? router.route(through: [p.from, p.to])[0].lengthMeters
            switch (ours, p.meters) {
            case let (o?, r?): ratios.append(o / r); ids.append(p.id)
            case (_?, nil): oursOnly += 1
            case (nil, _?): theirsOnly += 1
            case (nil, nil): break
            }
        }
        return (ratios, ids, oursOnly, theirsOnly)
    }

    @Test("on Andorra our shortest car routes have Routino's length within 0.1 % on at least 98 % of 300 pairs; longer ones turn back nowhere")
    func andorra() throws {
        let (r, ids, oursOnly, theirsOnly) = try Self.ratios("andorra")
        #expect(r.count >= 295 && theirsOnly == 0, "\(r.count) compared, \(oursOnly) only we route, \(theirsOnly) only Routino")
        #expect(r.filter { abs($0 - 1) <= 0.001 }.count >= r.count * 98 / 100)
        #expect(r.allSatisfy { $0 >= 0.99 }, "\(zip(ids, r).filter { $0.1 < 0.99 })")
        // Routino turns back on a divided road where other roads lead on; our cars do not
        // (U-turns only at dead ends) and loop round instead. With U-turns allowed
        // everywhere, every pair is within 1 % again, and the routes that were longer
        // make a U-turn.
        var anywhere = RoutingProfile.car
        anywhere.turnCosts.uTurns = .anywhere
        let (free, freeIDs, _, _) = try Self.ratios("andorra", profile: anywhere)
        #expect(free.allSatisfy { abs($0 - 1) <= 0.01 }, "\(zip(freeIDs, free).filter { abs($0.1 - 1) > 0.01 })")
        let longer = Set(zip(ids, r).filter { $0.1 > 1.01 }.map(\.0))
        #expect(longer.count <= 6, "\(longer)")
        let (network, _) = try RoadNetworkBuilder.build(osmFile: SharedData.path("osm/andorra.osm.pbf"), profile: anywhere)
        let router = try RoadRouter(graph: try RoadGraph(network), metric: .shortest, maxSnapDistanceMeters: 50)
        for p in try Self.pairs("andorra") where longer.contains(p.id) {
            let steps = try router.route(through: [p.from, p.to])[0].steps
            #expect(steps.contains { $0.modifier == .uTurn }, "pair \(p.id): \(steps.map(\.instruction))")
        }
    }

    @Test("on Monaco most routes agree with Routino; the rest are the documented rule differences")
    func monaco() throws {
        let (r, _, _, theirsOnly) = try Self.ratios("monaco")
        // Measured 2026-11-23: 196 of 260 within 0.1 %, 235 within 1 %; 16 pins lie on one-way
        // fragments outside the strongly connected component (Routino routes them).
        #expect(r.count >= 250)
        #expect(r.filter { abs($0 - 1) <= 0.001 }.count >= r.count * 70 / 100)
        #expect(r.filter { abs($0 - 1) <= 0.01 }.count >= r.count * 85 / 100)
        #expect(theirsOnly <= 20)
    }
}
