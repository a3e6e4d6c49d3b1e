import GeoKernel

/// How a leg of a move was travelled (`ModeClassifier`).
///
/// Thread safety: a value; `Sendable`. C twin: `GK_TRAVEL_*` (the raw values). \since 0.7
public enum TravelMode: Int32, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The evidence fits no mode well enough (too short, too few fixes, or contradictory).
    case unknown = 0
    /// On foot (walking or running).
    case walk = 1
    /// By bicycle.
    case bicycle = 2
    /// By car (or another motor vehicle that does not stop like a bus).
    case car = 3
    /// By bus (or tram): a road vehicle that stops often.
    case bus = 4
    /// By train: faster than road traffic, or off the roads.
    case train = 5

    /// The mode's name: "unknown", "walk", "bicycle", "car", "bus", "train".
    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .walk: "walk"
        case .bicycle: "bicycle"
        case .car: "car"
        case .bus: "bus"
        case .train: "train"
        }
    }

    /// The mode named `name` (as `description` gives it), or nil.
    public init?(name: String) {
        guard let m = Self.allCases.first(where: { $0.description == name }) else { return nil }
        self = m
    }
}

/// One leg of a move travelled in one mode (a "tripleg", as trackintel calls it): where it
/// begins and ends in the move's fixes, its mode with a confidence, and the figures the
/// mode was decided on.
///
/// Units: seconds since the Unix epoch, metres, m/s. Thread safety: a value; `Sendable`.
/// C twin: `struct gk_trip_leg` (`gk_timeline_legs`). \since 0.7
public struct TripLeg: Sendable, Hashable {
    /// The mode.
    public var mode: TravelMode
    /// How sure the classifier is, in [0, 1]: the mode's score over the sum of all modes'
    /// scores (0 for `unknown`).
    public var confidence: Double
    /// The fixes of the move it spans (indices into the fixes classified, first to last;
    /// the legs of a move cover every index once, in order).
    public var fixes: ClosedRange<Int>
    /// Time of its first fix.
    public var start: Double
    /// Time of its last fix.
    public var end: Double
    /// Metres travelled (the sum of the distances between consecutive kept fixes while
    /// moving; haversine on the mean-radius sphere).
    public var distanceMeters: Double
    /// The median of its speeds over the thresholds' speed window, m/s.
    public var medianSpeed: Double
    /// The 95th percentile of those speeds (its robust top speed), m/s.
    public var topSpeed: Double
    /// Stops (standing for at least the thresholds' minimum) per kilometre.
    public var stopsPerKilometer: Double
    /// Sharp turns (heading changes above 60° between 100 m chords) per kilometre.
    public var turnsPerKilometer: Double
    /// The share of its fixes a map matcher placed on a road, when roads were given (nil otherwise).
    public var roadShare: Double?

    /// Seconds from its first fix to its last.
    public var durationSeconds: Double { end - start }

    /// The mode of most of the distance of a move's legs (`unknown` for none): the move's mode.
    public static func mainMode(_ legs: [TripLeg]) -> TravelMode {
        var meters: [TravelMode: Double] = [:]
        for l in legs { meters[l.mode, default: 0] += l.distanceMeters }
        return meters.max { $0.value != $1.value ? $0.value < $1.value : $0.key.rawValue > $1.key.rawValue }?.key ?? .unknown
    }
}
