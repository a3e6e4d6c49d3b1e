#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GeoKernel

/// The matcher's state over one trace: the weighed steps not yet decided (`chain`), the
/// piece being drawn from the decided ones (`open`), and what earlier pieces gave. Batch
/// matching decides at the end of each piece; streaming also decides a prefix as soon as
/// every surviving sequence agrees on it (or when the lag bound forces it).
struct Viterbi {
    /// A candidate: a position on an edge and the direction of travel along it.
    struct Candidate {
        let snap: RoadSnap
        let forward: Bool
        /// For the step's outlier candidate (its fix taken as an outlier): the fix whose
        /// candidate it carries on, from which the next step's route and straight line are
        /// measured; nil for a position on a road.
        var standsFor: Int? = nil
        /// Outliers in a row ending here (0 on a road).
        var outliers = 0
        /// Seconds elapsed and free-flow seconds of the routes on the best sequence ending
        /// here: the trace's pace so far (`MatchOptions.pace`).
        var elapsed = 0.0, freeFlow = 0.0
    }

    struct Step {
        let fix: Int
        var candidates: [Candidate]
        /// Log-likelihood of the best sequence ending at each candidate (the step's best is 0).
        var score: [Double]
        /// The previous step's candidate on that sequence (-1 for a piece's first step).
        var back: [Int]
        /// The transition into the candidate turns back in the middle of its road (a U-turn
        /// where the previous candidate was, or where this one is).
        var uTurns: [Bool]
        /// Route limit from the previous step, metres.
        var limit: Double
        /// Each candidate's share of the step's probability.
        var share: [Double]
        /// Fixes not weighed (too close to this one), matched onto the route after it.
        var skipped: [Int] = []
    }

    /// The piece being drawn from decided steps.
    struct OpenPiece {
        var anchor: Candidate  // where the matched route has got to
        var previous: Candidate  // the last decided step's candidate
        var geometry: [Coordinate]
        var legs: [RoadPath.Piece] = []
        var length = 0.0, duration = 0.0, confidence = 0.0
        var steps = 0
        var firstFix: Int, lastFix: Int
        /// Skipped fixes of the last decided step, matched once the route leaving it is known.
        var pending: [Int]
    }

    let matcher: RoadMatcher
    let ws: RoadGraph.Workspace
    let streaming: Bool
    let lag: Int
    var graph: RoadGraph { matcher.graph }
    var options: MatchOptions { matcher.options }
    var fixes: [Fix] = []
    var chain: [Step] = []
    /// `chain[0]` was decided and drawn already (kept, reduced to its one candidate, as
    /// the root the undecided steps hang from).
    var rootEmitted = false
    /// Fixes no plausible route reached from the chain, in a row (unmatched unless the
    /// trace is cut before them).
    var outliers: [Int] = []
    var open: OpenPiece?
    var snaps: [RoadSnap?] = []
    var pieceOf: [Int?] = []
    var final: [Bool] = []
    var reported = 0
    var forced = 0
    var finished = false
    var pieces: [RoadMatch.Piece] = []

    init(matcher: RoadMatcher, workspace: RoadGraph.Workspace, streaming: Bool, lag: Int = .max) {
        self.matcher = matcher
        ws = workspace
        self.streaming = streaming
        self.lag = lag
    }

    /// Takes the next fix.
    mutating func push(_ f: Fix) throws(GeoKernelError) {
        guard !finished else { throw GeoKernelError(.misuse, "the match stream is finished") }
        if let last = fixes.last, f.timestamp < last.timestamp {
            throw .invalid("fix \(fixes.count) (t = \(f.timestamp)) is earlier than fix \(fixes.count - 1) (t = \(last.timestamp))")
        }
        fixes.append(f)
        snaps.append(nil)
        pieceOf.append(nil)
        final.append(false)
        try add(fixes.count - 1)
        if streaming { try settle() }
    }

    /// Decides everything left.
    mutating func finish() throws(GeoKernelError) {
        guard !finished else { throw GeoKernelError(.misuse, "the match stream is finished") }
        // The trace's last fix, set aside only by the dense rule, is weighed after all: the
        // match then reaches the end of the trace.
        let lastFix = fixes.count - 1
        if let step = chain.last, lastFix > step.fix,
           haversineDistance(fixes[step.fix].coordinate, fixes[lastFix].coordinate)
            >= options.stationarySigmas * options.sigma(fixes[lastFix])
        {
            if chain[chain.count - 1].skipped.last == lastFix {
                chain[chain.count - 1].skipped.removeLast()
                try add(lastFix, weighing: true)
            } else if rootEmitted, chain.count == 1, open?.pending.last == lastFix {
                open?.pending.removeLast()
                try add(lastFix, weighing: true)
            }
        }
        try closePiece()
        for i in outliers { final[i] = true }
        outliers.removeAll()
        finished = true
    }

    /// The fixes final since the last call, in order (a prefix of the trace grows).
    mutating func takeFinal() -> [RoadMatch.MatchedFix] {
        var out: [RoadMatch.MatchedFix] = []
        while reported < fixes.count && final[reported] {
            out.append(matchedFix(reported))
            reported += 1
        }
        return out
    }

    func matchedFix(_ i: Int) -> RoadMatch.MatchedFix {
        RoadMatch.MatchedFix(index: i, coordinate: fixes[i].coordinate, snap: snaps[i], piece: pieceOf[i])
    }

    /// One entry per fix.
    func matchedFixes() -> [RoadMatch.MatchedFix] { fixes.indices.map(matchedFix) }

    /// How far behind along the direction of travel `b` lies from `a` on their common
    /// edge (negative: ahead); nil on different edges or directions.
    func behind(_ b: Candidate, _ a: Candidate) -> Double? {
        guard a.snap.edge == b.snap.edge, a.forward == b.forward else { return nil }
        return a.forward ? a.snap.offsetMeters - b.snap.offsetMeters : b.snap.offsetMeters - a.snap.offsetMeters
    }

    /// Weighs fix `i` (or sets it aside, unless `weighing`).
    mutating func add(_ i: Int, weighing: Bool = false) throws(GeoKernelError) {
        let f = fixes[i], sigma = options.sigma(f), radius = options.radius(sigma: sigma)
        if !weighing, let last = chain.last,
            haversineDistance(fixes[last.fix].coordinate, f.coordinate) < options.stationaryDistance(
                sigma: sigma, after: f.timestamp - fixes[last.fix].timestamp)
        {
            if rootEmitted && chain.count == 1 { open?.pending.append(i) } else { chain[chain.count - 1].skipped.append(i) }
            return
        }
        var candidates: [Candidate] = []
        for s in try graph.snaps(near: f.coordinate, withinMeters: radius, limit: options.maximumCandidates) {
            for forward in [true, false] where graph.edgeTravel(s.edge, forward: forward) != nil {
                candidates.append(Candidate(snap: s, forward: forward))
            }
        }
        guard !candidates.isEmpty else {  // unmatched, no break
            final[i] = true
            return
        }
        let emission = candidates.map { -0.5 * ($0.snap.distanceMeters / sigma) * ($0.snap.distanceMeters / sigma) }
        let none = [Int](repeating: -1, count: candidates.count), still = [Bool](repeating: false, count: candidates.count)
        guard let prev = chain.last else {
            chain.append(Self.step(i, candidates, emission, back: none, uTurns: still, limit: 0))
            return
        }
        var score = [Double](repeating: -.infinity, count: candidates.count)
        var back = none, uTurns = still
        let targets = candidates.map { (snap: $0.snap, arriving: Optional($0.forward)) }
        var stepLimit = 0.0
        for (a, from) in prev.candidates.enumerated() where prev.score[a] > -.infinity {
            // Measured from the fix of the position it stands for (an outlier candidate's
            // is the fix before the outliers).
            let p = fixes[from.standsFor ?? prev.fix], pSigma = options.sigma(p)
            let dt = f.timestamp - p.timestamp
            let straight = haversineDistance(p.coordinate, f.coordinate)
            let reach = radius + options.radius(sigma: pSigma)
            let limit = min(options.maximumDetourFactor * straight, options.maximumSpeedMetersPerSecond * dt) + reach
            let beta = options.betaMeters + options.betaSigmas * 0.5 * (sigma + pSigma) + options.betaMetersPerSecond * dt
            stepLimit = max(stepLimit, limit + reach)
            var measured: [(cost: Double, seconds: Double)?] = []
            for group in options.transitionSearch == .pairwise ? targets.map({ [$0] }) : [targets] {
                measured += try graph.measures(
                    from: from.snap, leaving: from.forward, to: group, metric: .shortest, limit: limit, workspace: ws)
            }
            let pace = log((from.elapsed + options.paceSeconds * options.pace) / (from.freeFlow + options.paceSeconds))
            for (j, m) in measured.enumerated() {
                var route = m?.cost, seconds = m?.seconds ?? 0, turn = false
                let c = candidates[j]
                if let b = behind(c, from), b > 0, b <= reach {
                    route = 0  // standing still: the jitter of a receiver that has not moved
                    seconds = 0
                } else if c.snap.edge == from.snap.edge, c.forward != from.forward {
                    let along = abs(c.snap.offsetMeters - from.snap.offsetMeters)
                    if along <= limit, along + options.uTurnPenaltyMeters < route ?? .infinity {
                        route = along
                        seconds = along / max(0.1, graph.edgeTravel(c.snap.edge, forward: from.forward)?.speedMetersPerSecond ?? 1)
                        turn = true
                    }
                }
                guard let route else { continue }
                let penalty = turn ? options.uTurnPenaltyMeters / beta : 0
                let r = log((dt + options.timeFloorSeconds) / (seconds + options.timeFloorSeconds)) - pace
                let time = max(0, -r) / options.timeSpreadFast + min(MatchOptions.slowCostCap, max(0, r) / options.timeSpreadSlow)
                let s = prev.score[a] - abs(route - straight) / beta - penalty - time + emission[j]
                if s > score[j] {
                    score[j] = s; back[j] = a; uTurns[j] = turn
                    // A stop counts towards the pace as at most a slow drive would.
                    candidates[j].elapsed = from.elapsed + min(dt, MatchOptions.paceStepCap * (seconds + options.timeFloorSeconds))
                    candidates[j].freeFlow = from.freeFlow + seconds
                }
            }
        }
        // The outlier candidate: the fix taken as an outlier at `outlierCost`, carrying on the
        // previous step's best position (at most `maximumOutliers` in a row).
        if score.contains(where: { $0 > -.infinity }), options.outlierCost.isFinite,
           let a = prev.score.indices.max(by: { prev.score[$0] < prev.score[$1] || (prev.score[$0] == prev.score[$1] && $0 > $1) }),
           prev.score[a] > -.infinity, prev.candidates[a].outliers < options.maximumOutliers
        {
            var carried = prev.candidates[a]
            carried.standsFor = carried.standsFor ?? prev.fix
            carried.outliers += 1
            candidates.append(carried)
            score.append(prev.score[a] - options.outlierCost)
            back.append(a)
            uTurns.append(false)
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
        for j in outliers { final[j] = true }  // outliers for good
        outliers.removeAll()
        chain.append(Self.step(i, candidates, score, back: back, uTurns: uTurns, limit: stepLimit))
    }

    /// A step with its scores shifted so that the best is 0, and the candidates' shares.
    static func step(
        _ fix: Int, _ candidates: [Candidate], _ score: [Double], back: [Int], uTurns: [Bool], limit: Double
    ) -> Step {
        let best = score.max() ?? 0
        let shifted = score.map { $0 - best }
        let weights = shifted.map { $0 == -.infinity ? 0 : exp($0) }
        let total = weights.reduce(0, +)
        return Step(
            fix: fix, candidates: candidates, score: shifted, back: back, uTurns: uTurns, limit: limit,
            share: weights.map { $0 / total })
    }

    /// The chosen candidate of every chain step on the best sequence ending at `last`'s
    /// candidate `j` (steps after `last` are not included).
    func backtrack(from last: Int, _ j: Int) -> [Int] {
        var chosen = [Int](repeating: 0, count: last + 1)
        var j = j
        for t in stride(from: last, through: 0, by: -1) where j >= 0 {
            chosen[t] = j
            j = chain[t].back[j]
        }
        return chosen
    }

    /// The best candidate of the chain's last step (ties to the lower index).
    func bestLast() -> Int {
        let last = chain[chain.count - 1]
        return last.score.indices.max { last.score[$0] < last.score[$1] || (last.score[$0] == last.score[$1] && $0 > $1) }!
    }

    /// Streaming: decides the prefix every surviving sequence agrees on, then, beyond the
    /// lag bound, the oldest undecided steps on the best sequence.
    mutating func settle() throws(GeoKernelError) {
        guard chain.count > 1 else { return }
        let first = rootEmitted ? 1 : 0
        var alive = Set(chain[chain.count - 1].score.indices.filter { chain[chain.count - 1].score[$0] > -.infinity })
        var t = chain.count - 1
        while t > first && alive.count > 1 {
            alive = Set(alive.map { chain[t].back[$0] })
            t -= 1
        }
        if alive.count == 1 { try decide(through: t, choosing: alive.first!) }
        let undecided = chain.count - (rootEmitted ? 1 : 0)
        if undecided > lag {
            let upTo = chain.count - 1 - lag
            let chosen = backtrack(from: chain.count - 1, bestLast())
            forced += upTo - (rootEmitted ? 1 : 0) + 1
            try decide(through: upTo, choosing: chosen[upTo])
        }
    }

    /// Draws the chain's steps up to `t` (its candidate `j` there) and keeps `t` as the
    /// root of the rest, reduced to that candidate.
    @_optimize(size)  // per decided step: the routes it draws cost the time
    mutating func decide(through t: Int, choosing j: Int) throws(GeoKernelError) {
        guard t >= (rootEmitted ? 1 : 0) else { return }
        let chosen = backtrack(from: t, j)
        for k in (rootEmitted ? 1 : 0)...t { try draw(chain[k], chosen[k]) }
        var root = chain[t]
        root.candidates = [root.candidates[j]]
        root.score = [0]
        root.back = [-1]
        root.uTurns = [false]
        root.share = [root.share[j]]
        var rest = Array(chain[(t + 1)...])
        // Sequences through the root's other candidates are over (none, unless the lag
        // bound forced the choice): their candidates can no longer be chosen.
        for k in rest.indices {
            for c in rest[k].back.indices {
                let b = rest[k].back[c]
                let lives = k == 0 ? b == j : b >= 0 && rest[k - 1].score[b] > -.infinity
                if !lives { rest[k].back[c] = -1; rest[k].score[c] = -.infinity } else if k == 0 { rest[k].back[c] = 0 }
            }
        }
        chain = [root] + rest
        rootEmitted = true
    }

    /// Decides and draws the rest of the chain, then records the piece.
    mutating func closePiece() throws(GeoKernelError) {
        defer { chain.removeAll(); rootEmitted = false }
        guard !chain.isEmpty else { return }
        let chosen = backtrack(from: chain.count - 1, bestLast())
        for k in (rootEmitted ? 1 : 0)..<chain.count { try draw(chain[k], chosen[k]) }
        try closeOpen()
    }

    /// Adds a decided step to the open piece: its fix's match and the route to it.
    @_optimize(size)  // per decided step: the routes it draws cost the time
    mutating func draw(_ step: Step, _ j: Int) throws(GeoKernelError) {
        let c = step.candidates[j], index = pieces.count
        if c.standsFor != nil {  // taken as an outlier: unmatched, as the fixes set aside with it
            for k in [step.fix] + step.skipped { final[k] = true }
            return
        }
        snaps[step.fix] = c.snap
        pieceOf[step.fix] = index
        final[step.fix] = true
        guard var piece = open else {
            open = OpenPiece(
                anchor: c, previous: c, geometry: [c.snap.point], confidence: step.share[j], steps: 1, firstFix: step.fix,
                lastFix: step.fix, pending: step.skipped)
            return
        }
        var edges: [Int] = []
        if !(behind(c, piece.anchor).map { $0 >= 0 } ?? false) {  // it moved on
            let a = piece.anchor
            var path: RoadPath?
            if step.uTurns[j] {  // along the road to where it turns: the anchor or the candidate
                let ahead = (a.forward ? c.snap.offsetMeters - a.snap.offsetMeters : a.snap.offsetMeters - c.snap.offsetMeters) >= 0
                let direction = ahead ? a.forward : c.forward
                path = try graph.route(
                    from: a.snap, leaving: direction, to: c.snap, arriving: direction, metric: .shortest,
                    within: abs(c.snap.offsetMeters - a.snap.offsetMeters) + 1, workspace: ws)
            }
            if path == nil {
                path = try graph.route(
                    from: a.snap, leaving: a.forward, to: c.snap, arriving: c.forward, metric: .shortest,
                    within: step.limit, workspace: ws)
            }
            if path == nil {
                path = try graph.route(
                    from: piece.previous.snap, leaving: piece.previous.forward, to: c.snap, arriving: c.forward,
                    metric: .shortest, within: step.limit, workspace: ws)
            }
            guard let path else {
                throw GeoKernelError(.misuse, "a matched route vanished between fixes \(piece.lastFix) and \(step.fix)")
            }
            piece.anchor = c
            piece.length += path.lengthMeters
            piece.duration += path.durationSeconds
            let joined = path.geometry.first == piece.geometry.last
            let shift = piece.geometry.count - (joined ? 1 : 0)
            piece.geometry += joined ? path.geometry.dropFirst() : path.geometry[...]
            for var leg in path.pieces {
                leg.geometryRange = (leg.geometryRange.lowerBound + shift)..<(leg.geometryRange.upperBound + shift)
                piece.legs.append(leg)
            }
            edges = path.pieces.map(\.edge)
        }
        try resolve(piece.pending, on: Set(edges + [piece.previous.snap.edge]), into: &piece)
        piece.pending = step.skipped
        piece.previous = c
        piece.confidence += step.share[j]
        piece.steps += 1
        piece.lastFix = max(piece.lastFix, step.fix)
        open = piece
    }

    /// Matches fixes set aside onto the nearest candidate on `edges`.
    @_optimize(size)  // per decided step: the routes it draws cost the time
    mutating func resolve(_ skipped: [Int], on edges: Set<Int>, into piece: inout OpenPiece) throws(GeoKernelError) {
        for i in skipped {
            let f = fixes[i], radius = options.radius(sigma: options.sigma(f))
            if let s = try graph.snaps(near: f.coordinate, withinMeters: radius, limit: options.maximumCandidates)
                .first(where: { edges.contains($0.edge) })
            {
                snaps[i] = s
                pieceOf[i] = pieces.count
                piece.lastFix = max(piece.lastFix, i)
            }
            final[i] = true
        }
    }

    /// Records the open piece.
    @_optimize(size)  // once per piece
    mutating func closeOpen() throws(GeoKernelError) {
        guard var piece = open else { return }
        try resolve(piece.pending, on: [piece.previous.snap.edge], into: &piece)
        pieces.append(RoadMatch.Piece(
            fixes: piece.firstFix...piece.lastFix, geometry: piece.geometry, lengthMeters: piece.length,
            durationSeconds: piece.duration, roads: roads(piece.legs), legs: piece.legs,
            confidence: piece.confidence / Double(piece.steps)))
        open = nil
    }

    /// The roads of consecutive path pieces: the same edge merged, then the same name,
    /// reference and class.
    @_optimize(size)  // once per piece
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
}
