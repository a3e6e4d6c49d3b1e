import GeoKernel

/// The rules that turn fixes into enter, exit and dwell events, chosen so that GPS jitter
/// does not produce false exits.
///
/// With d the scalar haversine distance in metres from a fence's centre to a fix
/// (sphere R = 6 371 008.8 m) and a the fix's horizontal accuracy in metres
/// (`assumedAccuracyMeters` when the fix has none):
///
/// | a fix is…                | when                                                    |
/// |--------------------------|---------------------------------------------------------|
/// | ignored                  | a > `maximumAccuracyMeters` (no effect on any fence)    |
/// | inside evidence          | d <= radius − `enterMarginMeters`                       |
/// | outside evidence         | d > (radius + a) + `hysteresisMeters`                   |
/// | neither (hysteresis band) | otherwise: breaks a run of evidence, changes nothing   |
///
/// An `enter` is reported at the fix that completes `enterConfirmationFixes` consecutive
/// inside-evidence fixes spanning at least `enterConfirmationSeconds`; an `exit` likewise
/// with the outside-evidence rules. A `dwell` is reported once per visit, at the first
/// fix (not outside evidence) at least `dwellSeconds` after the enter. A fence starts
/// outside when it is added (and when the monitor starts), so a first fix inside is an
/// `enter`; a fence that was never entered never reports an `exit`.
///
/// Thread safety: a value; `Sendable`. Validated by `GeofenceMonitor.init(configuration:)`.
/// C twin: `gk_geofence_monitor_set_option` with the `GK_GEOFENCE_OPT_*` constants.
/// \since 0.1
public struct GeofenceConfiguration: Sendable, Hashable {
    /// Extra distance in metres, beyond radius + accuracy, a fix must be outside to count
    /// towards an exit. Default 20 m. C: `GK_GEOFENCE_OPT_HYSTERESIS_M`. \since 0.1
    public var hysteresisMeters: Double = 20
    /// How far inside the boundary, in metres, a fix must be to count towards an enter.
    /// Default 0 m (on the boundary counts). C: `GK_GEOFENCE_OPT_ENTER_MARGIN_M`. \since 0.1
    public var enterMarginMeters: Double = 0
    /// Consecutive inside-evidence fixes needed for an enter; at least 1. Default 1.
    /// C: `GK_GEOFENCE_OPT_ENTER_FIXES`. \since 0.1
    public var enterConfirmationFixes: Int = 1
    /// Seconds from the first to the confirming inside-evidence fix needed for an enter.
    /// Default 0. C: `GK_GEOFENCE_OPT_ENTER_SECONDS`. \since 0.1
    public var enterConfirmationSeconds: Double = 0
    /// Consecutive outside-evidence fixes needed for an exit; at least 1. Default 2.
    /// C: `GK_GEOFENCE_OPT_EXIT_FIXES`. \since 0.1
    public var exitConfirmationFixes: Int = 2
    /// Seconds from the first to the confirming outside-evidence fix needed for an exit.
    /// Default 0. C: `GK_GEOFENCE_OPT_EXIT_SECONDS`. \since 0.1
    public var exitConfirmationSeconds: Double = 0
    /// Fixes with a horizontal accuracy worse (larger) than this, in metres, are ignored.
    /// Default 100 m; `.infinity` keeps every fix. C: `GK_GEOFENCE_OPT_MAX_ACCURACY_M`. \since 0.1
    public var maximumAccuracyMeters: Double = 100
    /// Seconds inside, from the enter, before a `dwell`. Default 300 s; `.infinity`
    /// disables dwell events. C: `GK_GEOFENCE_OPT_DWELL_SECONDS`. \since 0.1
    public var dwellSeconds: Double = 300
    /// The accuracy in metres assumed for a fix that reports none. Default 0 m.
    /// C: `GK_GEOFENCE_OPT_ASSUMED_ACCURACY_M` (and `NAN` accuracy in C means "none"). \since 0.1
    public var assumedAccuracyMeters: Double = 0

    /// The defaults listed above. \since 0.1
    public init() {}

    /// A configuration; every argument defaults to the value documented on its property. \since 0.1
    public init(
        hysteresisMeters: Double = 20, enterMarginMeters: Double = 0,
        enterConfirmationFixes: Int = 1, enterConfirmationSeconds: Double = 0,
        exitConfirmationFixes: Int = 2, exitConfirmationSeconds: Double = 0,
        maximumAccuracyMeters: Double = 100, dwellSeconds: Double = 300,
        assumedAccuracyMeters: Double = 0
    ) {
        self.hysteresisMeters = hysteresisMeters
        self.enterMarginMeters = enterMarginMeters
        self.enterConfirmationFixes = enterConfirmationFixes
        self.enterConfirmationSeconds = enterConfirmationSeconds
        self.exitConfirmationFixes = exitConfirmationFixes
        self.exitConfirmationSeconds = exitConfirmationSeconds
        self.maximumAccuracyMeters = maximumAccuracyMeters
        self.dwellSeconds = dwellSeconds
        self.assumedAccuracyMeters = assumedAccuracyMeters
    }

    /// The most permissive rules: no margins, one fix confirms, every fix is used, no
    /// dwell. An exit still needs d > radius + the fix's accuracy; for fixes without
    /// accuracy, events follow the plain containment test fix by fix (and flap with the
    /// jitter). A baseline for comparisons and tests. \since 0.1
    public static let raw = GeofenceConfiguration(
        hysteresisMeters: 0, enterMarginMeters: 0, enterConfirmationFixes: 1,
        enterConfirmationSeconds: 0, exitConfirmationFixes: 1, exitConfirmationSeconds: 0,
        maximumAccuracyMeters: .infinity, dwellSeconds: .infinity, assumedAccuracyMeters: 0)

    /// Checks every value.
    ///
    /// - Throws: `.invalidArgument` naming the first bad setting and its value: negative or
    ///   NaN distances and durations, infinite margins or accuracies (only
    ///   `maximumAccuracyMeters` and `dwellSeconds` may be infinite), confirmation counts
    ///   below 1 or above 2³¹ − 1.
    /// - Complexity: O(1). \since 0.1
    public func validate() throws(GeoKernelError) {
        func finite(_ v: Double, _ name: String) throws(GeoKernelError) {
            guard v.isFinite, v >= 0 else { throw .invalid("geofence \(name) \(v) must be finite and >= 0") }
        }
        func notNaN(_ v: Double, _ name: String) throws(GeoKernelError) {
            guard !v.isNaN, v >= 0 else { throw .invalid("geofence \(name) \(v) must be >= 0 (infinity allowed)") }
        }
        func count(_ v: Int, _ name: String) throws(GeoKernelError) {
            guard v >= 1, v <= Int(Int32.max) else { throw .invalid("geofence \(name) \(v) must be in [1, \(Int32.max)]") }
        }
        try finite(hysteresisMeters, "hysteresis (m)")
        try finite(enterMarginMeters, "enter margin (m)")
        try count(enterConfirmationFixes, "enter confirmation fixes")
        try finite(enterConfirmationSeconds, "enter confirmation seconds")
        try count(exitConfirmationFixes, "exit confirmation fixes")
        try finite(exitConfirmationSeconds, "exit confirmation seconds")
        try notNaN(maximumAccuracyMeters, "maximum accuracy (m)")
        try notNaN(dwellSeconds, "dwell seconds")
        try finite(assumedAccuracyMeters, "assumed accuracy (m)")
    }
}
