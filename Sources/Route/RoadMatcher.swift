#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GeoKernel

/// Map matching: which roads a GPS trace followed. Each fix gets candidate positions on
/// the roads within a radius driven by its accuracy; a hidden Markov model weighs each
/// candidate by its distance to the fix and each pair of consecutive candidates by how
/// much the route between them (found on the road graph) differs from the straight line
/// between the fixes; Viterbi picks the likeliest sequence (`MatchOptions` has the model
/// and its parameters). Where no plausible route joins two fixes (a ferry, a gap in the
/// data, an area without roads), the trace is cut: the result has several pieces, never
/// a wild detour between them.
///
/// ```swift
/// let matcher = try RoadMatcher(graph: graph)
/// let match = try matcher.match(fixes)
/// for piece in match.pieces { print(piece.roads.map(\.name), piece.lengthMeters) }
/// ```
///
/// Units: metres, seconds, degrees (WGS84 coordinates; distances on the sphere of mean
/// radius, routes as the graph measures them). Thread safety: `Sendable`; calls from
/// many threads at once are allowed, each with its own workspace (or one borrowed from
/// the matcher's pool). C twin: none yet (planned: `gk_matcher_*`).
/// \since 0.7
public final class RoadMatcher: Sendable {
    /// The road graph (its profile decides which roads and directions exist).
    public let graph: RoadGraph
    /// The model's parameters.
    public let options: MatchOptions
    let pool: WorkspacePool

    /// A matcher over `graph`.
    ///
    /// - Throws: `.invalidArgument` naming the first unusable option.
    /// - Complexity: O(1).
    public init(graph: RoadGraph, options: MatchOptions = MatchOptions()) throws(GeoKernelError) {
        if let p = options.problem() { throw .invalid(p) }
        self.graph = graph
        self.options = options
        pool = WorkspacePool(graph: graph)
    }

    /// Matches a trace.
    ///
    /// - Parameters:
    ///   - fixes: the trace, in time order (equal timestamps allowed).
    ///   - workspace: this thread's workspace for the graph, or nil to borrow one.
    /// - Returns: one entry per fix and the matched pieces.
    /// - Throws: `.invalidArgument` when a fix is earlier than the one before it;
    ///   `.misuse` for a workspace of another graph.
    /// - Complexity: O(fixes · candidates · one bounded Dijkstra), the Dijkstra bounded by
    ///   the distance the fixes allow (`MatchOptions.maximumDetourFactor`,
    ///   `maximumSpeedMetersPerSecond`).
    /// - Thread safety: concurrent calls allowed. C twin: none yet.
    public func match(_ fixes: [Fix], workspace: RoadGraph.Workspace? = nil) throws(GeoKernelError) -> RoadMatch {
        for i in fixes.indices.dropFirst() where fixes[i].timestamp < fixes[i - 1].timestamp {
            throw .invalid("fix \(i) (t = \(fixes[i].timestamp)) is earlier than fix \(i - 1) (t = \(fixes[i - 1].timestamp))")
        }
        return try pool.with(workspace) { ws throws(GeoKernelError) in
            var viterbi = Viterbi(matcher: self, fixes: fixes, workspace: ws)
            for i in fixes.indices { try viterbi.add(i) }
            try viterbi.closePiece()
            return RoadMatch(fixes: viterbi.matchedFixes(), pieces: viterbi.pieces)
        }
    }
}

/// The matcher's state over one trace: the weighed steps of the piece being matched,
/// and what earlier pieces gave.
struct Viterbi {
    /// A candidate: a position on an edge and the direction of travel along it.
    struct Candidate {
        let snap: RoadSnap
        let forward: Bool
    }

    struct Step {
        let fix: Int
        let candidates: [Candidate]
        /// Log-likelihood of the best sequence ending at each candidate (the step's best is 0).
        var score: [Double]
        /// The previous step's candidate on that sequence (-1 for a piece's first step).
        var back: [Int]
        /// That transition stays put: the candidate lies a little behind the previous one
        /// on the same edge and direction (the receiver's jitter, not a move).
        var stays: [Bool]
        /// Route limit from the previous step, metres.
        var limit: Double
        /// Each candidate's share of the step's probability.
        var share: [Double]
        /// Fixes not weighed (too close to this one), matched onto the route after it.
        var skipped: [Int] = []
    }

    let matcher: RoadMatcher
    let fixes: [Fix]
    let ws: RoadGraph.Workspace
    var graph: RoadGraph { matcher.graph }
    var options: MatchOptions { matcher.options }
    var chain: [Step] = []
    /// Fixes no plausible route reached from the chain, in a row (unmatched unless the
    /// trace is cut before them).
    var outliers: [Int] = []
    var snaps: [RoadSnap?]
    var pieceOf: [Int?]
    var pieces: [RoadMatch.Piece] = []

    init(matcher: RoadMatcher, fixes: [Fix], workspace: RoadGraph.Workspace) {
        self.matcher = matcher
        self.fixes = fixes
        ws = workspace
        snaps = Array(repeating: nil, count: fixes.count)
        pieceOf = Array(repeating: nil, count: fixes.count)
    }

    /// How far behind along the direction of travel `b` lies from `a` on their common
    /// edge (negative: ahead); nil on different edges or directions.
    func behind(_ b: Candidate, _ a: Candidate) -> Double? {
        guard a.snap.edge == b.snap.edge, a.forward == b.forward else { return nil }
        return a.forward ? a.snap.offsetMeters - b.snap.offsetMeters : b.snap.offsetMeters - a.snap.offsetMeters
    }

    /// Weighs fix `i` (or sets it aside).
    mutating func add(_ i: Int) throws(GeoKernelError) {
        let f = fixes[i], sigma = options.sigma(f), radius = options.radius(sigma: sigma)
        if let last = chain.last,
            haversineDistance(fixes[last.fix].coordinate, f.coordinate) < options.stationarySigmas * sigma
        {
            chain[chain.count - 1].skipped.append(i)
            return
        }
        var candidates: [Candidate] = []
        for s in try graph.snaps(near: f.coordinate, withinMeters: radius, limit: options.maximumCandidates) {
            for forward in [true, false] where graph.edgeTravel(s.edge, forward: forward) != nil {
                candidates.append(Candidate(snap: s, forward: forward))
            }
        }
        guard !candidates.isEmpty else { return }  // unmatched, no break
        let emission = candidates.map { -0.5 * ($0.snap.distanceMeters / sigma) * ($0.snap.distanceMeters / sigma) }
        let none = [Int](repeating: -1, count: candidates.count), still = [Bool](repeating: false, count: candidates.count)
        guard let prev = chain.last else {
            chain.append(Self.step(i, candidates, emission, back: none, stays: still, limit: 0))
            return
        }
        let p = fixes[prev.fix], pSigma = options.sigma(p)
        let dt = f.timestamp - p.timestamp
        let straight = haversineDistance(p.coordinate, f.coordinate)
        let reach = radius + options.radius(sigma: pSigma)
        let limit = min(options.maximumDetourFactor * straight, options.maximumSpeedMetersPerSecond * dt) + reach
        let beta = options.betaMeters + options.betaMetersPerSecond * dt
        var score = [Double](repeating: -.infinity, count: candidates.count)
        var back = none, stays = still
        let targets = candidates.map { (snap: $0.snap, arriving: Optional($0.forward)) }
        for (a, from) in prev.candidates.enumerated() where prev.score[a] > -.infinity {
            var costs: [Double?] = []
            if options.transitionSearch == .pairwise {
                for t in targets {
                    costs += try graph.costs(from: from.snap, leaving: from.forward, to: [t], metric: .shortest, limit: limit, workspace: ws)
                }
            } else {
                costs = try graph.costs(
                    from: from.snap, leaving: from.forward, to: targets, metric: .shortest, limit: limit, workspace: ws)
            }
            for (j, cost) in costs.enumerated() {
                var route = cost, stay = false
                if let b = behind(candidates[j], from), b > 0, b <= reach { route = 0; stay = true }
                guard let route else { continue }
                let s = prev.score[a] - abs(route - straight) / beta + emission[j]
                if s > score[j] { score[j] = s; back[j] = a; stays[j] = stay }
            }
        }
        if score.allSatisfy({ $0 == -.infinity }) {  // no plausible route: an outlier, or a new piece
            outliers.append(i)
            guard outliers.count > options.maximumOutliers else { return }
            // Too many in a row: cut the trace before the first of them and weigh them
            // again from there (the first starts the new piece).
            try closePiece()
            let replay = outliers
            outliers.removeAll()
            for j in replay { try add(j) }
            return
        }
        outliers.removeAll()
        chain.append(Self.step(i, candidates, score, back: back, stays: stays, limit: limit + reach))
    }

    /// A step with its scores shifted so that the best is 0, and the candidates' shares.
    static func step(
        _ fix: Int, _ candidates: [Candidate], _ score: [Double], back: [Int], stays: [Bool], limit: Double
    ) -> Step {
        let best = score.max() ?? 0
        let shifted = score.map { $0 - best }
        let weights = shifted.map { $0 == -.infinity ? 0 : exp($0) }
        let total = weights.reduce(0, +)
        return Step(
            fix: fix, candidates: candidates, score: shifted, back: back, stays: stays, limit: limit,
            share: weights.map { $0 / total })
    }

    /// Backtracks the piece being matched, routes between its chosen candidates and
    /// records it; the chain is emptied.
    mutating func closePiece() throws(GeoKernelError) {
        defer { chain.removeAll() }
        guard let last = chain.last else { return }
        var chosen = [Int](repeating: 0, count: chain.count)
        var j = last.score.indices.max { last.score[$0] < last.score[$1] || (last.score[$0] == last.score[$1] && $0 > $1) }!
        for t in chain.indices.reversed() {
            chosen[t] = j
            j = chain[t].back[j]
        }
        let index = pieces.count
        var anchor = chain[0].candidates[chosen[0]]  // where the matched route has got to
        var geometry: [Coordinate] = [anchor.snap.point]
        var legs: [RoadPath.Piece] = []
        var length = 0.0, duration = 0.0, confidence = 0.0
        var stepEdges: [[Int]] = []  // per step: the edges of the route from it to the next
        for t in chain.indices {
            let c = chain[t].candidates[chosen[t]]
            snaps[chain[t].fix] = c.snap
            pieceOf[chain[t].fix] = index
            confidence += chain[t].share[chosen[t]]
            guard t > 0 else { continue }
            if let b = behind(c, anchor), b >= 0 {  // stays put (or a jitter behind an earlier one)
                stepEdges.append([])
                continue
            }
            let previous = chain[t - 1].candidates[chosen[t - 1]]
            var path = try graph.route(
                from: anchor.snap, leaving: anchor.forward, to: c.snap, arriving: c.forward, metric: .shortest,
                within: chain[t].limit, workspace: ws)
            if path == nil {
                path = try graph.route(
                    from: previous.snap, leaving: previous.forward, to: c.snap, arriving: c.forward, metric: .shortest,
                    within: chain[t].limit, workspace: ws)
            }
            guard let path else {
                throw GeoKernelError(.misuse, "a matched route vanished between fixes \(chain[t - 1].fix) and \(chain[t].fix)")
            }
            anchor = c
            length += path.lengthMeters
            duration += path.durationSeconds
            let joined = path.geometry.first == geometry.last
            let shift = geometry.count - (joined ? 1 : 0)
            geometry += joined ? path.geometry.dropFirst() : path.geometry[...]
            for var leg in path.pieces {
                leg.geometryRange = (leg.geometryRange.lowerBound + shift)..<(leg.geometryRange.upperBound + shift)
                legs.append(leg)
            }
            stepEdges.append(path.pieces.map(\.edge))
        }
        stepEdges.append([])
        // Fixes set aside: the nearest candidate on the route leaving the step before them.
        for t in chain.indices {
            for i in chain[t].skipped {
                let f = fixes[i], radius = options.radius(sigma: options.sigma(f))
                let on = Set(stepEdges[t] + [chain[t].candidates[chosen[t]].snap.edge])
                if let s = try graph.snaps(near: f.coordinate, withinMeters: radius, limit: options.maximumCandidates)
                    .first(where: { on.contains($0.edge) })
                {
                    snaps[i] = s
                    pieceOf[i] = index
                }
            }
        }
        let members = pieceOf.indices.filter { pieceOf[$0] == index }
        pieces.append(RoadMatch.Piece(
            fixes: members.first!...members.last!, geometry: geometry, lengthMeters: length, durationSeconds: duration,
            roads: roads(legs), legs: legs, confidence: confidence / Double(chain.count)))
    }

    /// The roads of consecutive path pieces: the same edge merged, then the same name,
    /// reference and class.
    func roads(_ legs: [RoadPath.Piece]) -> [RoadMatch.Road] {
        var out: [RoadMatch.Road] = []
        var edges: [Int] = [], length = 0.0, duration = 0.0
        var key: (String, String, RoadClass)?
        func flush() {
            if let (name, ref, cls) = key, !edges.isEmpty {
                out.append(RoadMatch.Road(
                    name: name, ref: ref, roadClass: cls, lengthMeters: length, durationSeconds: duration, edges: edges))
            }
            edges = []; length = 0; duration = 0
        }
        for leg in legs {
            let k = (graph.edgeName(leg.edge), graph.edgeRef(leg.edge), graph.edgeClass(leg.edge))
            if let key, key != k { flush() }
            key = k
            if edges.last != leg.edge { edges.append(leg.edge) }
            length += leg.lengthMeters
            duration += leg.durationSeconds + leg.turnSeconds
        }
        flush()
        return out
    }

    /// One entry per input fix.
    func matchedFixes() -> [RoadMatch.MatchedFix] {
        fixes.indices.map { RoadMatch.MatchedFix(index: $0, coordinate: fixes[$0].coordinate, snap: snaps[$0], piece: pieceOf[$0]) }
    }
}
