import GeoKernel

/// The tracking states of the travel-survey specification and the horizontal accuracy each asks
/// the location provider for.
///
/// Thread safety: a value; `Sendable`. C twin: `GK_TRACKING_*` (the raw values). \since 0.1
public enum TrackingState: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// Moving on foot, by bike or slowly: 10 m fixes.
    case activelyMoving = 1
    /// At one place, recently: 100 m fixes.
    case stopped = 2
    /// At one place and stationary for a while: 3 km fixes (cell towers suffice).
    case notMoving = 3
    /// In a car or train at speed: 1 km fixes.
    case inFastVehicle = 4

    /// The accuracy this state asks for, in metres: 10, 100, 3000, 1000.
    public var desiredAccuracyMeters: Double {
        switch self {
        case .activelyMoving: 10
        case .stopped: 100
        case .notMoving: 3000
        case .inFastVehicle: 1000
        }
    }

    /// The specification's name of the state ("activelyMoving", …).
    public var description: String {
        switch self {
        case .activelyMoving: "activelyMoving"
        case .stopped: "stopped"
        case .notMoving: "notMoving"
        case .inFastVehicle: "inFastVehicle"
        }
    }
}

/// Why a `TrackingPolicy` changed state: one row of its transition table each.
///
/// Thread safety: a value; `Sendable`. C twin: none (C reads the state). \since 0.1
public enum TrackingRule: String, Sendable, CaseIterable, CustomStringConvertible {
    /// stopped → activelyMoving: a precise fix farther than StartedTravellingDistanceMetres
    /// from the stop location (specified).
    case leftStopLocation
    /// stopped → notMoving: motion stationary for the whole of
    /// StoppedMovingStationarySeconds (specified).
    case stationaryLongEnough
    /// activelyMoving → stopped: precise fixes within SameLocationDistanceMetres of one
    /// anchor fix for StopMovingSameLocationSeconds (specified).
    case stayedAtSameLocation
    /// activelyMoving → inFastVehicle: speed ≥ FastSpeedKmh and motion in-vehicle or
    /// stationary for InVehicleOrStationarySeconds (specified).
    case fastInVehicle
    /// inFastVehicle → activelyMoving: only walking, running or cycling for
    /// ActivelyMovingSeconds (specified).
    case onFootAfterVehicle
    /// inFastVehicle → stopped: the stop rule of activelyMoving, for a vehicle that has
    /// parked with the phone in it (chosen; the specification is silent).
    case vehicleStayedAtSameLocation
    /// notMoving → stopped: only walking, running or cycling for ActivelyMovingSeconds (specified).
    case onFootAfterNotMoving
    /// notMoving → stopped: automotive motion for ActivelyMovingSeconds, i.e. driving off
    /// (chosen; the specification is silent). Stopped then asks for 100 m fixes, which show the
    /// departure by distance.
    case drivingOffAfterNotMoving
    /// notMoving → activelyMoving: a fix whose distance from the stop location, less its
    /// own horizontal accuracy, exceeds StartedTravellingDistanceMetres — certainly
    /// elsewhere even with the 3 km fixes of this state — while the latest motion sample
    /// is not stationary (chosen; the specification is silent).
    case certainlyLeftWhileNotMoving

    /// The rule's name, e.g. "leftStopLocation".
    public var description: String { rawValue }
}

/// A state change, with the time of the input that caused it.
///
/// Thread safety: a value; `Sendable`. \since 0.1
public struct TrackingTransition: Sendable, Hashable, CustomStringConvertible {
    /// The state before.
    public var from: TrackingState
    /// The state after.
    public var to: TrackingState
    /// Seconds since the Unix epoch: the time of the input that caused the change.
    public var timestamp: Double
    /// The row of the transition table that fired.
    public var rule: TrackingRule

    /// Creates a transition (policies create them; this is for tests and storage).
    public init(from: TrackingState, to: TrackingState, timestamp: Double, rule: TrackingRule) {
        self.from = from
        self.to = to
        self.timestamp = timestamp
        self.rule = rule
    }

    /// "stopped → notMoving at 600.0 (stationaryLongEnough)".
    public var description: String { "\(from) → \(to) at \(timestamp) (\(rule))" }
}

/// The travel-survey specification's battery-saving state machine: from fixes and motion-activity
/// samples it decides how precisely the phone should track (`desiredAccuracyMeters`).
///
/// The transition table (the README has it too; each row is a `TrackingRule` and a test):
///
/// | from | to | when (defaults) | rule |
/// |---|---|---|---|
/// | stopped | activelyMoving | a precise fix > 250 m from the stop location | specified |
/// | stopped | notMoving | motion stationary for the whole of the last 600 s | specified |
/// | activelyMoving | inFastVehicle | speed ≥ 80 km/h and motion automotive or stationary for 300 s | specified |
/// | activelyMoving | stopped | precise fixes within 100 m of one anchor fix for 900 s | specified |
/// | inFastVehicle | activelyMoving | only walking/running/cycling for 20 s | specified |
/// | inFastVehicle | stopped | precise fixes within 100 m of one anchor fix for 900 s | chosen |
/// | notMoving | activelyMoving | a fix whose distance from the stop location minus its accuracy is > 250 m, motion not stationary | chosen |
/// | notMoving | stopped | only walking/running/cycling for 20 s | specified |
/// | notMoving | stopped | automotive for 20 s (driving off) | chosen |
/// | any | itself | anything else | — |
///
/// Precisely: a motion sample holds until the next one; "X for T seconds" means the
/// samples since the last one outside X (an `unknown` is outside every X) all were X,
/// the first of them at least T seconds before the current input. A fix is *precise*
/// when its accuracy is unknown or no worse than SameLocationDistanceMetres; only
/// precise fixes move the same-location anchor, set the stop location or give a speed
/// (so one 800 m outlier neither delays a stop nor looks like a motorway). The speed is
/// the haversine distance between the last two precise fixes over their time
/// difference. The same-location anchor is a precise fix; one farther than
/// SameLocationDistanceMetres from it becomes the new anchor, and the stop rule holds
/// when the latest precise fix is StopMovingSameLocationSeconds or more after the
/// anchor. The stop location is the anchor when the user stops (the first precise fix
/// at the start). The policy starts in `stopped`. Rules are checked after every input in
/// the order of the table; at most one transition per input (a chain continues at the
/// next input); every transition restarts the same-location anchor at the latest precise
/// fix. Distances: haversine, R = 6 371 000 m (`StopDetector.earthRadiusMeters`).
///
/// No wall clock inside: time comes with the inputs, which must not go back in time
/// (`.order` otherwise), so replaying recorded input gives the same states.
///
/// - Complexity: O(1) per input; O(1) memory.
/// - Thread safety: a value; `Sendable`. One thread at a time may mutate it.
/// - C twin: `gk_tracking_policy` (`gk_tracking_policy_create`, `_add_fix`,
///   `_add_activity`, `_advance`, `_state`). \since 0.1
public struct TrackingPolicy: Sendable {
    /// The thresholds.
    public let configuration: Configuration
    /// The current state.
    public private(set) var state: TrackingState = .stopped
    /// Where the user stopped (degrees); nil before the first fix.
    public private(set) var stopLocation: Coordinate?
    /// The speed between the last two fixes, m/s; nil before two fixes with different times.
    public private(set) var speedMetersPerSecond: Double?

    private var lastTime = -Double.infinity
    private var lastFix: Fix?
    private var sameLocationAnchor: Fix?
    private var latestActivity: MotionActivity?
    private var stationarySince: Double?
    private var onFootSince: Double?
    private var vehicleOrStationarySince: Double?
    private var automotiveSince: Double?

    /// Creates a policy in state `stopped`. - Complexity: O(1).
    public init(configuration: Configuration = .default) {
        self.configuration = configuration
    }

    /// The accuracy (m) the current state asks for.
    public var desiredAccuracyMeters: Double { state.desiredAccuracyMeters }

    /// Feeds a fix; returns the transition it caused, if any.
    ///
    /// - Throws: `.order` when the fix is earlier than the previous input; the policy is
    ///   then unchanged.
    public mutating func add(_ fix: Fix) throws(GeoKernelError) -> TrackingTransition? {
        try checkOrder(fix.timestamp, "fix")
        guard isPrecise(fix) else {
            // Too coarse for the distance and speed rules; only notMoving's
            // "certainly elsewhere" rule, which subtracts the accuracy, looks at it.
            return evaluate(at: fix.timestamp, fix: fix)
        }
        if let previous = lastFix, fix.timestamp > previous.timestamp {
            speedMetersPerSecond = distance(previous.coordinate, fix.coordinate) / (fix.timestamp - previous.timestamp)
        }
        lastFix = fix
        if stopLocation == nil { stopLocation = fix.coordinate }
        if let anchor = sameLocationAnchor,
            distance(anchor.coordinate, fix.coordinate) <= configuration.sameLocationDistanceMeters
        {
            // Still at the anchor's place.
        } else {
            sameLocationAnchor = fix
        }
        return evaluate(at: fix.timestamp, fix: fix)
    }

    /// A fix whose accuracy is unknown or no worse than SameLocationDistanceMetres: precise
    /// enough to tell "the same location" and to measure speed.
    private func isPrecise(_ fix: Fix) -> Bool {
        (fix.horizontalAccuracyMeters ?? 0) <= configuration.sameLocationDistanceMeters
    }

    /// Feeds a motion-activity sample; returns the transition it caused, if any.
    ///
    /// - Throws: `.order` when the sample is earlier than the previous input.
    public mutating func add(_ sample: MotionSample) throws(GeoKernelError) -> TrackingTransition? {
        try checkOrder(sample.timestamp, "motion sample")
        let t = sample.timestamp
        func run(_ since: inout Double?, _ member: Bool) {
            if !member { since = nil } else if since == nil { since = t }
        }
        let a = sample.activity
        latestActivity = a
        run(&stationarySince, a == .stationary)
        run(&onFootSince, a == .walking || a == .running || a == .cycling)
        run(&vehicleOrStationarySince, a == .automotive || a == .stationary)
        run(&automotiveSince, a == .automotive)
        return evaluate(at: t, fix: nil)
    }

    /// Lets time pass without input (a timer in the app): the time rules are checked at
    /// `timestamp`. Returns the transition, if any.
    ///
    /// - Throws: `.order` when `timestamp` is earlier than the previous input, or
    ///   `.invalidArgument` when it is not finite.
    public mutating func advance(to timestamp: Double) throws(GeoKernelError) -> TrackingTransition? {
        guard timestamp.isFinite else { throw .invalid("time \(timestamp) is not finite") }
        try checkOrder(timestamp, "time")
        return evaluate(at: timestamp, fix: nil)
    }

    /// One recorded input, for `replay`.
    public enum Input: Sendable, Hashable {
        case fix(Fix)
        case motion(MotionSample)

        /// The input's time (s since the Unix epoch).
        public var timestamp: Double {
            switch self {
            case .fix(let f): f.timestamp
            case .motion(let m): m.timestamp
            }
        }
    }

    /// Feeds recorded inputs in order; returns every transition. Replaying the same
    /// inputs always gives the same transitions.
    ///
    /// - Throws: `.order` at the first input earlier than the one before it.
    /// - Complexity: O(inputs).
    public mutating func replay(_ inputs: some Sequence<Input>) throws(GeoKernelError) -> [TrackingTransition] {
        var out: [TrackingTransition] = []
        for input in inputs {
            let change: TrackingTransition?
            switch input {
            case .fix(let f): change = try add(f)
            case .motion(let m): change = try add(m)
            }
            if let change { out.append(change) }
        }
        return out
    }

    // MARK: - Rules

    private mutating func checkOrder(_ t: Double, _ what: String) throws(GeoKernelError) {
        guard t >= lastTime else {
            throw GeoKernelError(
                .order, "\(what) at t=\(t) s is earlier than the previous input at t=\(lastTime) s; "
                    + "fixes and motion samples must come in time order")
        }
        lastTime = t
    }

    private func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        haversineDistance(a, b, radiusMeters: StopDetector.earthRadiusMeters)
    }

    private func held(_ since: Double?, _ seconds: Double, at t: Double) -> Bool {
        guard let since else { return false }
        return t - since >= seconds
    }

    private var stayedAtSameLocation: Bool {
        guard let anchor = sameLocationAnchor, let last = lastFix else { return false }
        return last.timestamp - anchor.timestamp >= configuration.stopMovingSameLocationSeconds
    }

    private mutating func evaluate(at t: Double, fix: Fix?) -> TrackingTransition? {
        let c = configuration
        switch state {
        case .stopped:
            if let f = fix, isPrecise(f), let stop = stopLocation,
                distance(stop, f.coordinate) > c.startedTravellingDistanceMeters
            {
                return go(.activelyMoving, .leftStopLocation, at: t)
            }
            if held(stationarySince, c.stoppedMovingStationarySeconds, at: t) {
                return go(.notMoving, .stationaryLongEnough, at: t)
            }
        case .activelyMoving:
            if let v = speedMetersPerSecond, v * 3.6 >= c.fastSpeedKmh,
                held(vehicleOrStationarySince, c.inVehicleOrStationarySeconds, at: t)
            {
                return go(.inFastVehicle, .fastInVehicle, at: t)
            }
            if stayedAtSameLocation {
                stopLocation = sameLocationAnchor?.coordinate
                return go(.stopped, .stayedAtSameLocation, at: t)
            }
        case .inFastVehicle:
            if held(onFootSince, c.activelyMovingSeconds, at: t) {
                return go(.activelyMoving, .onFootAfterVehicle, at: t)
            }
            if stayedAtSameLocation {
                stopLocation = sameLocationAnchor?.coordinate
                return go(.stopped, .vehicleStayedAtSameLocation, at: t)
            }
        case .notMoving:
            if let f = fix, latestActivity != .stationary, let stop = stopLocation,
                distance(stop, f.coordinate) - (f.horizontalAccuracyMeters ?? 0) > c.startedTravellingDistanceMeters
            {
                return go(.activelyMoving, .certainlyLeftWhileNotMoving, at: t)
            }
            if held(onFootSince, c.activelyMovingSeconds, at: t) {
                return go(.stopped, .onFootAfterNotMoving, at: t)
            }
            if held(automotiveSince, c.activelyMovingSeconds, at: t) {
                return go(.stopped, .drivingOffAfterNotMoving, at: t)
            }
        }
        return nil
    }

    private mutating func go(_ to: TrackingState, _ rule: TrackingRule, at t: Double) -> TrackingTransition {
        let change = TrackingTransition(from: state, to: to, timestamp: t, rule: rule)
        state = to
        sameLocationAnchor = lastFix
        return change
    }
}
