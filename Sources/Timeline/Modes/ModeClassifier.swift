import GeoKernel

/// Travel modes for the moves of a diary: each move is cut into legs at the changes
/// between walking and riding, and each leg gets a mode — walk, bicycle, car, bus, train or
/// unknown — with a confidence.
///
/// The rules (`ModeThresholds` has every value):
///
/// 1. The fixes are cleaned as `TrackCleaning(mode: .highSpeedRail)` cleans them (accuracy
///    outliers, jumps beyond 100 m/s: a fast train is not cleaned away); each fix gets a
///    speed: the straight distance between the fixes half a speed window before and after
///    it, over their time.
/// 2. A fix is *on foot* when its speed is at most the walking top speed, or when the
///    motion activity in effect says walking or running (cycling and automotive say
///    riding). Runs of such fixes and of the others are the first legs; a leg shorter than
///    the minimum time or distance joins its neighbours (a bus's dwell is not a walk, a
///    jittery burst not a ride), shortest first. Changes of mode are thus found where the
///    traveller walks (Zheng et al. 2008: every change of vehicle passes through walking).
/// 3. Each leg's figures: the median and 95th percentile of its speeds (its top speed), its
///    stops per kilometre (standing, over the stop window, for at least the minimum stop;
///    not counting the waits at its ends), the share of its time under each motion
///    activity, and when roads are given the share of its fixes a matcher placed on them.
/// 4. Scores in [0, 1] from ramps on those figures: walk falls from the walking top
///    speed to 1.4× it; bicycle rises there and falls from the bicycle top speed to 1.2×;
///    a motor vehicle rises from the vehicle top speed to 1.3×, and is a train when it is
///    faster than road traffic (without roads) or mostly off the roads (with them), a bus
///    when it stops often and stays below the bus top speed, else a car. Motion activity
///    covering enough of the leg overrides speed between on foot, cycling and in a vehicle.
///    The mode is the best score; its confidence its share of all scores; a best score
///    below the minimum confidence, or fewer than 3 fixes, is `unknown`. Neighbouring legs
///    of one mode are joined.
///
/// Units: metres, seconds, m/s; distances haversine on the mean-radius sphere. Complexity:
/// O(fixes + legs²) per move, plus the road evidence. Thread safety: a value; `Sendable`.
/// C twin: `gk_travel_modes`, and `gk_timeline_legs` for a timeline's moves (with
/// `gk_timeline_set_mode_thresholds`). \since 0.7
public struct ModeClassifier: Sendable {
    /// The thresholds.
    public let thresholds: ModeThresholds

    /// The share of a leg's fixes that lie on roads, in [0, 1] (e.g. `RoadMatcher.roadShare`
    /// of module Matching): the evidence that tells trains from road vehicles.
    public typealias RoadShare = ([Fix]) throws(GeoKernelError) -> Double

    /// The classifier with the default thresholds.
    public static let standard = ModeClassifier(unchecked: ModeThresholds())

    private init(unchecked thresholds: ModeThresholds) { self.thresholds = thresholds }

    /// A classifier with `thresholds`.
    ///
    /// - Throws: `.invalidArgument` naming the first unusable threshold (`ModeThresholds.problem()`).
    public init(thresholds: ModeThresholds = ModeThresholds()) throws(GeoKernelError) {
        if let p = thresholds.problem() { throw .invalid(p) }
        self.thresholds = thresholds
    }

    /// The legs of one move.
    ///
    /// - Parameters:
    ///   - fixes: the move's fixes, in time order.
    ///   - activities: motion-activity samples in time order (each holds until the next), or none.
    ///   - roadShare: road evidence for a leg's (cleaned) fixes, or nil.
    /// - Returns: legs covering every index of `fixes` once, in order (none for no fixes).
    /// - Throws: `.invalidArgument` when a fix or a sample is earlier than the one before;
    ///   what `roadShare` throws.
    /// - Complexity: O(fixes + samples + legs²), plus `roadShare` once per leg and round of
    ///   joining. Thread safety: pure. C twin: `gk_travel_modes`.
    public func legs(
        of fixes: [Fix], activities: [MotionSample] = [], roadShare: RoadShare? = nil
    ) throws(GeoKernelError) -> [TripLeg] {
        for i in fixes.indices.dropFirst() where fixes[i].timestamp < fixes[i - 1].timestamp {
            throw .invalid("fix \(i) (t = \(fixes[i].timestamp)) is earlier than fix \(i - 1)")
        }
        for i in activities.indices.dropFirst() where activities[i].timestamp < activities[i - 1].timestamp {
            throw .invalid("activity sample \(i) is earlier than sample \(i - 1)")
        }
        guard !fixes.isEmpty else { return [] }
        let track = ModeTrack(fixes, activities: activities, thresholds: thresholds)
        var parts = track.firstLegs()
        var legs: [TripLeg] = []
        var joined = true, rounds = 0
        while joined, rounds < 16 {  // classify, join neighbours of one mode, again until none join
            rounds += 1
            legs = []
            for p in parts { legs.append(try track.leg(p, roadShare: roadShare)) }
            joined = false
            // A run on foot that does not score as walking is a slow stretch of a ride; rides
            // not parted by a walk are one vehicle (changes pass through walking), classified
            // as a whole; neighbours of one mode are one leg.
            for k in parts.indices where parts[k].onFoot && legs[k].mode != .walk && legs[k].mode != .unknown {
                parts[k].onFoot = false
                joined = true
            }
            var merged: [ModeTrack.Part] = []
            for (k, p) in parts.enumerated() {
                if let last = merged.last, !last.onFoot && !p.onFoot || legs[k].mode == legs[k - 1].mode && legs[k].mode != .unknown {
                    merged[merged.count - 1].last = p.last
                    joined = true
                } else {
                    merged.append(p)
                }
            }
            parts = merged
        }
        return legs
    }
}

extension Diary {
    /// The legs of every move, in `moves` order: each move cut where the traveller changed
    /// mode, each leg with its mode (`ModeClassifier`).
    ///
    /// - Parameters:
    ///   - classifier: the rules (default thresholds).
    ///   - activities: motion-activity samples of the whole track, in time order, or none.
    ///   - roadShare: road evidence (e.g. a `RoadMatcher`'s), or nil.
    /// - Complexity: O(fixes of the moves) plus the road evidence. Thread safety: pure.
    ///   C twin: `gk_timeline_legs`.
    public func travelModes(
        classifier: ModeClassifier? = nil, activities: [MotionSample] = [], roadShare: ModeClassifier.RoadShare? = nil
    ) throws(GeoKernelError) -> [[TripLeg]] {
        let c = classifier ?? .standard
        var out: [[TripLeg]] = []
        for m in moves { out.append(try c.legs(of: m.fixes, activities: activities, roadShare: roadShare)) }
        return out
    }
}
