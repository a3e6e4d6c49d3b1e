import GeoKernel
import Matching
import Testing

/// Newson & Krumm's route mismatch, on the hand-made street of `RoadMatcherUTurnTests`
/// (Main Street, 1 km east; the Ring Road, 4 km back round).
@Suite("Route mismatch: what a match added to and missed of the true route")
struct RoadMatchMismatchTests {
    /// A drive east along Main Street from 100 m to 900 m, a fix every 50 m, on the road.
    static func drive() throws -> (RoadGraph, RoadMatch) {
        let graph = try #require(RoadMatcherUTurnTests.graph)
        let fixes = try stride(from: 100.0, through: 900, by: 50).enumerated().map { k, x in
            try Fix(coordinate: RoadMatcherUTurnTests.at(x, 0), timestamp: Double(4 * k), horizontalAccuracyMeters: 5)
        }
        return (graph, try RoadMatcher(graph: graph).match(fixes))
    }

    static func route(_ graph: RoadGraph, _ from: Coordinate, _ to: Coordinate) throws -> RoadPath {
        try graph.route(from: graph.snap(from, maxDistanceMeters: 5, role: .via), to: graph.snap(to, maxDistanceMeters: 5, role: .via))
    }

    @Test("measured against the route it drove, a match adds and misses nothing")
    func sameRoute() throws {
        let (graph, match) = try Self.drive()
        let truth = try Self.route(graph, RoadMatcherUTurnTests.at(100, 0), RoadMatcherUTurnTests.at(900, 0))
        let m = match.mismatch(against: truth)
        #expect(m.addedMeters < 0.01 && m.missedMeters < 0.01 && m.fraction < 1e-5, "\(m)")
        #expect(abs(m.truthMeters - 800) < 1)
    }

    @Test("road the truth did not take is added, road of the truth left out is missed, edge by edge")
    func addedAndMissed() throws {
        let (graph, match) = try Self.drive()
        // A shorter truth: the last 400 m of the match are added.
        let shorter = match.mismatch(against: try Self.route(graph, RoadMatcherUTurnTests.at(100, 0), RoadMatcherUTurnTests.at(500, 0)))
        #expect(shorter.edges.map(\.edge) == [0])
        #expect(abs(shorter.addedMeters - 400) < 1 && shorter.missedMeters == 0, "\(shorter)")
        #expect(abs(shorter.fraction - 1) < 0.01, "400 m wrong on a 400 m truth")
        // A truth on to the end of the street and 500 m up the Ring Road: 100 m of Main
        // Street and the 500 m of the Ring Road are missed, nothing is added.
        let longer = match.mismatch(against: try Self.route(graph, RoadMatcherUTurnTests.at(100, 0), RoadMatcherUTurnTests.at(1_000, 500)))
        #expect(longer.edges.map(\.edge) == [0, 1])
        #expect(longer.addedMeters == 0 && abs(longer.missedMeters - 600) < 1, "\(longer)")
        #expect(abs(longer.edges[0].missedMeters - 100) < 1 && abs(longer.edges[1].missedMeters - 500) < 1)
        #expect(abs(longer.fraction - 600 / longer.truthMeters) < 1e-12)
    }
}
