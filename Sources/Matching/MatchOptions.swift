import GeoKernel

/// The parameters of map matching (`RoadMatcher`): how far from a fix a road may be, how
/// much a fix's distance to a road and a route's length beside the straight line between
/// fixes count, and when a trace is cut into pieces. The defaults suit phone and car
/// traces sampled every 1–60 s; each is a value a caller may change.
///
/// The model is a hidden Markov model after Newson & Krumm (2009): a candidate's
/// log-likelihood is −½ (d/σ)² for its distance d to the fix, and a transition's is
/// −|route − straight| / β, the route measured on the road graph (shortest, with the
/// graph's one-way rules, turn restrictions and profile), plus a time term: the route's
/// free-flow time T (at the graph's speeds, turn costs included) against the time Δt
/// between the fixes. With r = ln((Δt + t₀) / (T + t₀)) − ln p, where t₀ is
/// `timeFloorSeconds` and p the trace's pace (elapsed over free-flow time along the best
/// sequence so far, starting from `pace` weighed as `paceSeconds`), the term is
/// −max(0, −r) / `timeSpreadFast` − min(1.5, max(0, r) / `timeSpreadSlow`): a route too
/// long to drive in the time at the trace's own pace costs much, one driven slowly
/// (lights, traffic) little, and a stop no more than 1.5 whatever its length (so that no
/// detour is drawn to fill it). A step adds at most 3 (T + t₀) of its Δt to the pace, so
/// that stops do not make it. Sparse samples of winding roads are where the term counts:
/// the straight line says little there, the clock a lot; and the pace makes it
/// indifferent to how fast the traveller goes relative to the graph's speeds.
///
/// Units: metres and seconds. Thread safety: a value; `Sendable`. C twin: `struct gk_match_options`, `gk_match_options_init`.
/// \since 0.7
public struct MatchOptions: Sendable, Hashable {
    /// σ of a fix's position error when the fix does not report its accuracy (default 10 m).
    public var defaultAccuracyMeters: Double = 10
    /// The least σ used, whatever a fix reports (default 4 m: receivers overstate their
    /// precision near roads' centre lines, which are not where the lanes are).
    public var minimumSigmaMeters: Double = 4
    /// Candidates lie within this many σ of a fix (default 4), ...
    public var radiusSigmas: Double = 4
    /// ... but at least this far (default 25 m) ...
    public var minimumRadiusMeters: Double = 25
    /// ... and at most this far (default 200 m); a fix with no road that close is unmatched.
    public var maximumRadiusMeters: Double = 200
    /// The most candidates kept per fix, nearest first (default 16: in a dense town
    /// centre, 8 left the true road out for one fix in many at σ = 30 m).
    public var maximumCandidates: Int = 16
    /// β of the transitions: this many metres (default 3 m) ...
    public var betaMeters: Double = 3
    /// ... plus this multiple of the two fixes' mean σ (default 1: noisier fixes make the
    /// straight line between them a looser measure of the route) ...
    public var betaSigmas: Double = 1
    /// ... plus this much per second between the fixes (default 1 m/s: sparse samples
    /// cut more corners).
    public var betaMetersPerSecond: Double = 1
    /// The pace assumed before the trace shows its own: elapsed time over the routes'
    /// free-flow time (default 1: the graph's speeds) ...
    /// \since 0.8
    public var pace: Double = 1
    /// ... weighed as this many seconds of travel (default 20 s; positive).
    /// \since 0.8
    public var paceSeconds: Double = 20
    /// Seconds added to both the time between two fixes and a route's free-flow time
    /// before their ratio is taken (default 3 s: steps of a few seconds weigh little;
    /// positive).
    /// \since 0.8
    public var timeFloorSeconds: Double = 3
    /// A route that would need a faster pace than the trace's costs one unit of
    /// log-likelihood per this much log ratio (default 0.25; infinity: not weighed) ...
    /// \since 0.8
    public var timeSpreadFast: Double = 0.25
    /// ... and one that would need a slower pace, per this much (default 1: stops at
    /// lights and in traffic are common; infinity: not weighed).
    /// \since 0.8
    public var timeSpreadSlow: Double = 1
    /// A route between consecutive fixes is considered only up to this multiple of their
    /// straight-line distance plus both fixes' candidate radii (default 2); beyond, there
    /// is no transition.
    public var maximumDetourFactor: Double = 2
    /// ... and only as long as it could be driven at this speed in the time between the
    /// fixes, plus twice the radius (default 60 m/s, 216 km/h).
    public var maximumSpeedMetersPerSecond: Double = 60
    /// Fixes closer than this many σ to the previous fix kept are not weighed (a standing
    /// or slow receiver's jitter would otherwise need routes backwards); they are matched
    /// onto the route found afterwards (default 2, as Newson & Krumm).
    public var stationarySigmas: Double = 2
    /// ... and, when a fix comes less than `denseSeconds` (default 5 s) after that fix, this
    /// many σ (default 4): at 1 Hz a car moves less than its fixes' noise from one to the
    /// next, and routes between such fixes measure the noise rather than the way taken
    /// (0 or less than `stationarySigmas`: the plain rule).
    public var denseSigmas: Double = 4
    /// The time within which the dense rule applies, seconds (default 5; 0: never).
    public var denseSeconds: Double = 5

    /// What turning back in the middle of a road costs, in metres of route (default 100 m):
    /// a U-turn where no junction is, allowed on two-way roads, drawn as a turn at one of
    /// the two matched points.
    public var uTurnPenaltyMeters: Double = 100

    /// How many consecutive fixes may be left unmatched as outliers (default 2): fixes no
    /// plausible route reaches (after more, the trace is cut there: a ferry or a long gap
    /// breaks the match, a fix thrown hundreds of metres off does not), and fixes a route
    /// reaches but that are likelier wrong (`outlierCost`).
    public var maximumOutliers: Int = 2

    /// What taking a fix as an outlier costs in log-likelihood, when a route reaches it
    /// (default 8, as a fix 4 σ from its road): a fix whose candidates need detours that
    /// cost more is left unmatched, and the next fix is weighed from the one before it.
    /// `.infinity`: every reachable fix is matched.
    public var outlierCost: Double = 8

    /// How the routes between consecutive fixes' candidates are found.
    public enum TransitionSearch: Sendable, Hashable {
        /// One Dijkstra from each candidate, read at every candidate of the next fix (default).
        case oneToMany
        /// One Dijkstra per pair of candidates: the naive baseline the benchmark compares
        /// with (the same matches, slower).
        case pairwise
    }

    /// One-to-many (default) or pairwise transition routes.
    public var transitionSearch: TransitionSearch = .oneToMany

    /// The defaults.
    public init() {}

    /// The most a step slower than the pace costs (log-likelihood).
    static let slowCostCap = 1.5
    /// A step adds at most this many times its route's free-flow time (plus the floor) to
    /// the pace's elapsed time.
    static let paceStepCap = 3.0

    /// The first unusable value, named; nil when all are usable.
    @_optimize(size)
    func problem() -> String? {
        let positive: [(String, Double)] = [
            ("defaultAccuracyMeters", defaultAccuracyMeters), ("minimumSigmaMeters", minimumSigmaMeters),
            ("radiusSigmas", radiusSigmas), ("maximumRadiusMeters", maximumRadiusMeters), ("betaMeters", betaMeters),
            ("maximumDetourFactor", maximumDetourFactor), ("maximumSpeedMetersPerSecond", maximumSpeedMetersPerSecond),
            ("pace", pace), ("paceSeconds", paceSeconds), ("timeFloorSeconds", timeFloorSeconds),
        ]
        for (name, v) in positive where !(v.isFinite && v > 0) { return "\(name) \(v) must be positive and finite" }
        let nonNegative: [(String, Double)] = [
            ("minimumRadiusMeters", minimumRadiusMeters), ("betaMetersPerSecond", betaMetersPerSecond), ("betaSigmas", betaSigmas),
            ("stationarySigmas", stationarySigmas), ("uTurnPenaltyMeters", uTurnPenaltyMeters),
            ("denseSigmas", denseSigmas), ("denseSeconds", denseSeconds),
        ]
        for (name, v) in nonNegative where !(v.isFinite && v >= 0) { return "\(name) \(v) must be 0 or more and finite" }
        for (name, v) in [("timeSpreadFast", timeSpreadFast), ("timeSpreadSlow", timeSpreadSlow)] where !(v > 0) {
            return "\(name) \(v) must be positive (infinity: not weighed)"
        }
        if minimumRadiusMeters > maximumRadiusMeters {
            return "minimumRadiusMeters \(minimumRadiusMeters) exceeds maximumRadiusMeters \(maximumRadiusMeters)"
        }
        if maximumDetourFactor < 1 { return "maximumDetourFactor \(maximumDetourFactor) must be at least 1" }
        if !(0...1_000).contains(maximumOutliers) { return "maximumOutliers \(maximumOutliers) must be in 0...1000" }
        if !(outlierCost > 0) { return "outlierCost \(outlierCost) must be positive (infinity: no outliers where a route reaches)" }
        if !(1...64).contains(maximumCandidates) { return "maximumCandidates \(maximumCandidates) must be in 1...64" }
        return nil
    }

    /// The distance from the last weighed fix within which a fix `seconds` later is set aside.
    func stationaryDistance(sigma: Double, after seconds: Double) -> Double {
        (seconds < denseSeconds ? max(stationarySigmas, denseSigmas) : stationarySigmas) * sigma
    }

    /// σ of fix `f`, metres.
    func sigma(_ f: Fix) -> Double { max(minimumSigmaMeters, f.horizontalAccuracyMeters ?? defaultAccuracyMeters) }

    /// The candidate radius for σ, metres.
    func radius(sigma: Double) -> Double { min(maximumRadiusMeters, max(minimumRadiusMeters, radiusSigmas * sigma)) }
}
