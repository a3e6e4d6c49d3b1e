import GeoKernel

/// The thresholds of travel-mode classification (`ModeClassifier`): a value a caller may
/// change, read from and written to JSON as the tracking policy's configuration is. Every
/// speed is a speed over `speedWindowSeconds` (the straight distance between the fixes
/// that far apart, so a standing receiver's jitter is not speed).
///
/// | JSON key | default | rule |
/// |---|---|---|
/// | `SpeedWindowSeconds` | 30 s | speeds are measured over this window |
/// | `WalkTopSpeed` | 2.5 m/s (9 km/h) | a leg whose top speed (95th percentile) is at most this is walked; its score falls to 0 at 1.4× |
/// | `BicycleTopSpeed` | 9 m/s (32 km/h) | a ride's top speed is at most this; its score falls to 0 at 1.2× |
/// | `VehicleTopSpeed` | 7 m/s (25 km/h) | a motor vehicle's top speed is at least this; its score is full at 1.3× |
/// | `BusTopSpeed` | 25 m/s (90 km/h) | a bus's top speed is at most this; its score falls to 0 at 1.2× |
/// | `BusStopsPerKm` | 1.2 | a bus stops at least this often; its score is 0 below 0.6× |
/// | `TrainTopSpeed` | 36 m/s (130 km/h) | without roads, a vehicle this fast is a train; full at 1.15× |
/// | `TrainTurnsPerKm` | 0.1 | without roads, a vehicle leg of `TrainMinimumMeters` or more that turns sharply (60° within 100 m) at most this often, and stops less often than 0.6 × `BusStopsPerKm`, is a train: rails do not turn at junctions |
/// | `TrainMinimumMeters` | 2 000 m | the least length of a leg judged by its turns |
/// | `TrainRoadShare` | 0.6 | with roads, a vehicle faster than `VehicleTopSpeed` whose fixes lie on roads less often than this is a train |
/// | `StandSpeed` | 0.4 m/s | below this a fix is standing, neither on foot nor riding: it takes the side of the fixes around it |
/// | `StopSpeed` | 1 m/s | below this over `StopWindowSeconds` the traveller stands |
/// | `StopWindowSeconds` | 5 s | the window of stop speeds |
/// | `MinimumStopSeconds` | 5 s | standing this long is a stop |
/// | `MinimumLegSeconds` | 90 s | a shorter leg joins its neighbours |
/// | `MinimumWalkMeters` | 50 m | a walk covering less joins its neighbours (waiting is not a leg) |
/// | `MinimumRideMeters` | 300 m | a ride covering less joins its neighbours |
/// | `ActivityShare` | 0.6 | motion activity covering this share of a leg decides on foot, cycling or in a vehicle |
/// | `MinimumConfidence` | 0.35 | a leg whose best score is below this is `unknown` |
///
/// Thread safety: a value; `Sendable`. C twin: the JSON text of
/// `gk_timeline_set_mode_thresholds`. \since 0.7
public struct ModeThresholds: Sendable, Hashable {
    /// Speeds are measured over this window, s (`SpeedWindowSeconds`).
    public var speedWindowSeconds: Double = 30
    /// The top speed of a walk, m/s (`WalkTopSpeed`).
    public var walkTopSpeed: Double = 2.5
    /// The top speed of a bicycle ride, m/s (`BicycleTopSpeed`).
    public var bicycleTopSpeed: Double = 9
    /// The least top speed of a motor vehicle, m/s (`VehicleTopSpeed`).
    public var vehicleTopSpeed: Double = 7
    /// The top speed of a bus, m/s (`BusTopSpeed`).
    public var busTopSpeed: Double = 25
    /// How often a bus stops at least, per km (`BusStopsPerKm`).
    public var busStopsPerKilometer: Double = 1.2
    /// Without roads, the top speed from which a vehicle is a train, m/s (`TrainTopSpeed`).
    public var trainTopSpeed: Double = 36
    /// Without roads, the most sharp turns per km of a train (`TrainTurnsPerKm`).
    public var trainTurnsPerKilometer: Double = 0.1
    /// The least length of a leg judged by its turns, m (`TrainMinimumMeters`).
    public var trainMinimumMeters: Double = 2000
    /// With roads, the share of fixes on roads below which a vehicle is a train (`TrainRoadShare`).
    public var trainRoadShare: Double = 0.6
    /// Below this speed a fix is standing and takes its neighbours' side, m/s (`StandSpeed`).
    public var standSpeed: Double = 0.4
    /// Below this speed the traveller stands, m/s (`StopSpeed`).
    public var stopSpeed: Double = 1
    /// The window of stop speeds, s (`StopWindowSeconds`).
    public var stopWindowSeconds: Double = 5
    /// Standing this long is a stop, s (`MinimumStopSeconds`).
    public var minimumStopSeconds: Double = 5
    /// A shorter leg joins its neighbours, s (`MinimumLegSeconds`).
    public var minimumLegSeconds: Double = 90
    /// A walk covering less joins its neighbours, m (`MinimumWalkMeters`).
    public var minimumWalkMeters: Double = 50
    /// A ride covering less joins its neighbours, m (`MinimumRideMeters`).
    public var minimumRideMeters: Double = 300
    /// Motion activity covering this share of a leg decides its kind (`ActivityShare`).
    public var activityShare: Double = 0.6
    /// A leg whose best score is below this is `unknown` (`MinimumConfidence`).
    public var minimumConfidence: Double = 0.35

    /// The defaults (the table above).
    public init() {}

    /// The JSON keys, in the table's order.
    public static let jsonKeys = [
        "SpeedWindowSeconds", "WalkTopSpeed", "BicycleTopSpeed", "VehicleTopSpeed", "BusTopSpeed", "BusStopsPerKm",
        "TrainTopSpeed", "TrainTurnsPerKm", "TrainMinimumMeters", "TrainRoadShare", "StandSpeed", "StopSpeed", "StopWindowSeconds", "MinimumStopSeconds", "MinimumLegSeconds",
        "MinimumWalkMeters", "MinimumRideMeters", "ActivityShare", "MinimumConfidence",
    ]

    var values: [Double] {
        get {
            [speedWindowSeconds, walkTopSpeed, bicycleTopSpeed, vehicleTopSpeed, busTopSpeed, busStopsPerKilometer,
             trainTopSpeed, trainTurnsPerKilometer, trainMinimumMeters, trainRoadShare, standSpeed, stopSpeed, stopWindowSeconds, minimumStopSeconds, minimumLegSeconds,
             minimumWalkMeters, minimumRideMeters, activityShare, minimumConfidence]
        }
        set {
            (speedWindowSeconds, walkTopSpeed, bicycleTopSpeed, vehicleTopSpeed) = (newValue[0], newValue[1], newValue[2], newValue[3])
            (busTopSpeed, busStopsPerKilometer, trainTopSpeed) = (newValue[4], newValue[5], newValue[6])
            (trainTurnsPerKilometer, trainMinimumMeters, trainRoadShare) = (newValue[7], newValue[8], newValue[9])
            (standSpeed, stopSpeed, stopWindowSeconds, minimumStopSeconds) = (newValue[10], newValue[11], newValue[12], newValue[13])
            (minimumLegSeconds, minimumWalkMeters, minimumRideMeters) = (newValue[14], newValue[15], newValue[16])
            (activityShare, minimumConfidence) = (newValue[17], newValue[18])
        }
    }

    /// Reads thresholds from JSON text: keys as in the table, missing keys keep the defaults.
    ///
    /// - Throws: `.parse` naming the key for an unknown key, a value that is not a number or
    ///   is negative, or malformed JSON; `.invalidArgument` for values that contradict
    ///   (`problem()`).
    /// - Complexity: O(length of the text).
    public init(json: String) throws(GeoKernelError) {
        values = try NamedNumbers.parse(json, keys: Self.jsonKeys, defaults: ModeThresholds().values, what: "mode thresholds")
        if let p = problem() { throw .invalid(p) }
    }

    /// The thresholds as JSON text with every key (reads back equal).
    public var json: String { NamedNumbers.json(keys: Self.jsonKeys, values: values) }

    /// The first unusable value, named by its JSON key; nil when all are usable.
    @_optimize(size)
    public func problem() -> String? {
        for (key, v) in zip(Self.jsonKeys, values) where !(v.isFinite && v >= 0) {
            return "\(key) \(v) must be a finite number >= 0"
        }
        let positive: Set = ["SpeedWindowSeconds", "WalkTopSpeed", "BicycleTopSpeed", "VehicleTopSpeed", "BusTopSpeed",
                             "BusStopsPerKm", "TrainTopSpeed", "StopSpeed", "StopWindowSeconds"]
        for (key, v) in zip(Self.jsonKeys, values) where v == 0 && positive.contains(key) { return "\(key) must be positive" }
        if walkTopSpeed >= bicycleTopSpeed { return "WalkTopSpeed \(walkTopSpeed) must be below BicycleTopSpeed \(bicycleTopSpeed)" }
        if vehicleTopSpeed >= busTopSpeed { return "VehicleTopSpeed \(vehicleTopSpeed) must be below BusTopSpeed \(busTopSpeed)" }
        if trainRoadShare > 1 || activityShare > 1 || minimumConfidence > 1 {
            return "TrainRoadShare, ActivityShare and MinimumConfidence are shares, at most 1"
        }
        return nil
    }
}
