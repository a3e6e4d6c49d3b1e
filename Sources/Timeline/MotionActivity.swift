import GeoKernel

/// What the phone's motion coprocessor says the user is doing (CoreMotion's
/// `CMMotionActivity`, Android's activity recognition), reduced to the six kinds the
/// travel-survey specification uses.
///
/// Thread safety: a value; `Sendable`. C twin: `GK_ACTIVITY_*` (the raw values). \since 0.1
public enum MotionActivity: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// Not moving (the phone lies still or is held by someone standing).
    case stationary = 0
    /// On foot.
    case walking = 1
    /// On foot, fast.
    case running = 2
    /// On a bicycle.
    case cycling = 3
    /// In a car, bus or train: "in vehicle".
    case automotive = 4
    /// The classifier could not tell. It extends no run of evidence (see `TrackingPolicy`).
    case unknown = 5

    /// The activity's name in the specification ("stationary", "automotive", …).
    public var description: String {
        switch self {
        case .stationary: "stationary"
        case .walking: "walking"
        case .running: "running"
        case .cycling: "cycling"
        case .automotive: "automotive"
        case .unknown: "unknown"
        }
    }
}

/// A motion-activity reading with its time (s since the Unix epoch, UTC): the activity
/// holds from this time until the next sample.
///
/// Thread safety: a value; `Sendable`. C twin: the arguments of
/// `gk_tracking_policy_add_activity`. \since 0.1
public struct MotionSample: Sendable, Hashable {
    /// What the user is doing.
    public var activity: MotionActivity
    /// Seconds since 1970-01-01T00:00:00Z.
    public var timestamp: Double

    /// Creates a sample. - Throws: `.invalidArgument` when the time is not finite.
    public init(_ activity: MotionActivity, at timestamp: Double) throws(GeoKernelError) {
        guard timestamp.isFinite else { throw .invalid("motion sample time \(timestamp) is not finite") }
        self.activity = activity
        self.timestamp = timestamp
    }

    /// For generated samples whose time is known to be finite.
    package init(unchecked activity: MotionActivity, at timestamp: Double) {
        self.activity = activity
        self.timestamp = timestamp
    }
}
