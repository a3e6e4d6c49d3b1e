#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GeoKernel

/// The rules of the optional cleaning stage in front of a `StopDetector`: which fixes of
/// a phone track are not real positions.
///
/// 1. **Accuracy outliers.** A fix whose reported horizontal accuracy is worse than
///    `maximumAccuracyMeters` is dropped. An accuracy of exactly 0 m is no measurement
///    (Android reports 0 when a fix has none; POSMO's network fixes carry it): such a fix,
///    like one without an accuracy, counts as *unmeasured*.
/// 2. **Impossible speed.** Fix b is *reachable* from fix a when
///    max(0, d(a, b) − acc(a) − acc(b)) ≤ `maximumSpeedMetersPerSecond` × (t(b) − t(a))
///    (d haversine on R = 6 371 000 m, acc 0 when unmeasured): the distance the person
///    must at least have covered, at the mode's top speed. A fix reachable from the last
///    kept fix is kept. One that is not is held back, with the fixes that follow it while
///    each is reachable from the one before; that run is dropped at the first fix that is
///    reachable from the last kept fix again (or breaks the run), unless it is confirmed
///    first: `confirmationFixes` fixes spanning `confirmationSeconds`, all measured, or
///    `unmeasuredConfirmationSeconds` of fixes of any kind. A confirmed run is kept (the
///    track really jumped: a tunnel, a ferry, a first fix that was wrong). With
///    `confirmationFixes` 2 and `confirmationSeconds` 0 this is the plain rule "drop a fix
///    whose implied speed from both neighbours is impossible"; the defaults also drop
///    clusters of wrong fixes (2–6 km jumps that alternate between cell positions, as in
///    the POSMO trace), which that rule keeps.
/// 3. **Signal gaps** are the detector's rule (`StopDetector.Parameters.signalGapSeconds`):
///    a stay goes on across a gap only when the positions before and after agree.
///
/// Thread safety: a value; `Sendable`. C twin: `gk_timeline_set_cleaning`. \since 0.4
public struct TrackCleaning: Sendable, Hashable, CustomStringConvertible {
    /// The top speed of a way of travelling, for `maximumSpeedMetersPerSecond`.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// Walking and running: 10 m/s (36 km/h).
        case onFoot
        /// Cycling, downhill included: 25 m/s (90 km/h).
        case cycling
        /// Everyday travel: cars, buses, trams, regional and intercity trains: 50 m/s
        /// (180 km/h). The default.
        case everyday
        /// High-speed rail: 100 m/s (360 km/h).
        case highSpeedRail
        /// Aircraft: 300 m/s (1 080 km/h).
        case flight

        /// The mode's top speed in m/s.
        public var maximumSpeedMetersPerSecond: Double {
            switch self {
            case .onFoot: 10
            case .cycling: 25
            case .everyday: 50
            case .highSpeedRail: 100
            case .flight: 300
            }
        }
    }

    /// Top speed in m/s (> 0; `.infinity` turns the speed rule off). Default 50 (180 km/h).
    public let maximumSpeedMetersPerSecond: Double
    /// Fixes whose accuracy is worse (larger) than this many metres are dropped (> 0;
    /// `.infinity` keeps all). Default 100 m.
    public let maximumAccuracyMeters: Double
    /// Fixes a held-back run needs before it is believed (≥ 1). Default 3.
    public let confirmationFixes: Int
    /// Seconds a run of measured fixes must span before it is believed (≥ 0). Default 30.
    public let confirmationSeconds: Double
    /// Seconds a run with unmeasured fixes must span before it is believed (≥ 0). Default 300.
    public let unmeasuredConfirmationSeconds: Double

    /// Creates rules; the defaults are `standard`'s.
    ///
    /// - Throws: `.invalidArgument` naming the first value out of range (NaN included).
    /// - Complexity: O(1).
    public init(
        maximumSpeedMetersPerSecond: Double = 50, maximumAccuracyMeters: Double = 100, confirmationFixes: Int = 3,
        confirmationSeconds: Double = 30, unmeasuredConfirmationSeconds: Double = 300
    ) throws(GeoKernelError) {
        guard maximumSpeedMetersPerSecond > 0 else {
            throw .invalid("maximum speed \(maximumSpeedMetersPerSecond) m/s must be > 0 (or infinity for none)")
        }
        guard maximumAccuracyMeters > 0 else {
            throw .invalid("maximum accuracy \(maximumAccuracyMeters) m must be > 0 (or infinity for none)")
        }
        guard confirmationFixes >= 1 else { throw .invalid("confirmation fixes \(confirmationFixes) must be >= 1") }
        guard confirmationSeconds.isFinite, confirmationSeconds >= 0 else {
            throw .invalid("confirmation time \(confirmationSeconds) s must be finite and >= 0")
        }
        guard unmeasuredConfirmationSeconds.isFinite, unmeasuredConfirmationSeconds >= 0 else {
            throw .invalid("unmeasured confirmation time \(unmeasuredConfirmationSeconds) s must be finite and >= 0")
        }
        self.maximumSpeedMetersPerSecond = maximumSpeedMetersPerSecond
        self.maximumAccuracyMeters = maximumAccuracyMeters
        self.confirmationFixes = confirmationFixes
        self.confirmationSeconds = confirmationSeconds
        self.unmeasuredConfirmationSeconds = unmeasuredConfirmationSeconds
    }

    /// The standard rules for a way of travelling: its top speed, the other defaults.
    public init(mode: Mode) {
        self.init(unchecked: mode.maximumSpeedMetersPerSecond)
    }

    private init(unchecked speed: Double) {
        maximumSpeedMetersPerSecond = speed
        maximumAccuracyMeters = 100
        confirmationFixes = 3
        confirmationSeconds = 30
        unmeasuredConfirmationSeconds = 300
    }

    /// 50 m/s (180 km/h, `Mode.everyday`), accuracy limit 100 m, a jump believed after 3
    /// measured fixes over 30 s or 300 s of any fixes.
    public static let standard = TrackCleaning(unchecked: 50)

    /// "top speed 50 m/s, accuracy limit 100 m, jumps believed after 3 fixes over 30 s (300 s unmeasured)".
    public var description: String {
        func n(_ v: Double) -> String { v.isFinite && v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)" }
        return "top speed \(maximumSpeedMetersPerSecond.isFinite ? n(maximumSpeedMetersPerSecond) + " m/s" : "none"), "
            + "accuracy limit \(maximumAccuracyMeters.isFinite ? n(maximumAccuracyMeters) + " m" : "none"), "
            + "jumps believed after \(confirmationFixes) fixes over \(n(confirmationSeconds)) s "
            + "(\(n(unmeasuredConfirmationSeconds)) s unmeasured)"
    }
}

/// The cleaning stage as a stream: fixes in, the fixes that are real positions out, in
/// the same order (see `TrackCleaning` for the rules).
///
/// A fix is released at once when it is plausible; a suspect one is held back until it is
/// confirmed (then released with its run) or dropped. `finish()` drops a run still held.
/// Batch and stream give the same fixes (`clean(_:)` is the stream).
///
/// - Complexity: O(1) amortised per fix (one haversine distance, two while a run is
///   held); memory O(held-back run).
/// - Thread safety: a value; `Sendable`. One thread at a time may mutate it.
/// - C twin: the cleaning of a `gk_timeline` (`gk_timeline_set_cleaning`). \since 0.4
public struct TrackCleaner: Sendable {
    /// The rules in use.
    public let rules: TrackCleaning
    /// Fixes dropped so far for an accuracy worse than the limit.
    public private(set) var droppedInaccurateFixes = 0
    /// Fixes dropped so far because no plausible speed reaches them.
    public private(set) var droppedImpossibleFixes = 0
    /// Fixes released so far.
    public private(set) var keptFixes = 0

    private var lastKept: Fix?
    private var run: [Fix] = []
    private var runMeasured = true

    /// Creates a cleaner with `rules` (default `.standard`).
    public init(rules: TrackCleaning = .standard) { self.rules = rules }

    /// Fixes held back, waiting for confirmation.
    public var heldFixes: Int { run.count }

    /// The accuracy in metres a fix is known to have, 0 when unmeasured (nil or 0 m).
    @inline(__always)
    static func measuredAccuracy(_ f: Fix) -> Double { f.horizontalAccuracyMeters ?? 0 }

    /// Whether `b` is reachable from `a` at the top speed (see `TrackCleaning`).
    @inline(__always)
    func reachable(_ a: Fix, _ b: Fix) -> Bool {
        let d = haversineDistance(a.coordinate, b.coordinate, radiusMeters: StopDetector.earthRadiusMeters)
            - Self.measuredAccuracy(a) - Self.measuredAccuracy(b)
        if d <= 0 { return true }
        return d <= rules.maximumSpeedMetersPerSecond * (b.timestamp - a.timestamp)
    }

    /// Takes the next fix (in time order: the caller checks it) and appends the fixes it
    /// releases to `released` (none, itself, or a confirmed run ending with it).
    /// - Complexity: O(1) amortised; O(run) when a run is confirmed.
    public mutating func add(_ fix: Fix, into released: inout [Fix]) {
        if let a = fix.horizontalAccuracyMeters, a > rules.maximumAccuracyMeters {
            droppedInaccurateFixes += 1
            return
        }
        guard let kept = lastKept, rules.maximumSpeedMetersPerSecond.isFinite else {
            release(fix, into: &released)
            return
        }
        if reachable(kept, fix) {
            droppedImpossibleFixes += run.count
            run.removeAll(keepingCapacity: true)
            release(fix, into: &released)
            return
        }
        if let last = run.last, reachable(last, fix) {
            run.append(fix)
        } else {
            droppedImpossibleFixes += run.count
            run.removeAll(keepingCapacity: true)
            run.append(fix)
            runMeasured = true
        }
        if (Self.measuredAccuracy(fix)) <= 0 { runMeasured = false }
        let span = fix.timestamp - run[0].timestamp
        if run.count >= rules.confirmationFixes,
            span >= (runMeasured ? rules.confirmationSeconds : rules.unmeasuredConfirmationSeconds)
        {
            released += run
            keptFixes += run.count
            lastKept = fix
            run.removeAll(keepingCapacity: true)
        }
    }

    @inline(__always)
    private mutating func release(_ fix: Fix, into released: inout [Fix]) {
        released.append(fix)
        keptFixes += 1
        lastKept = fix
    }

    /// Ends the track: a run still held back is dropped. Afterwards the cleaner starts
    /// afresh from the next fix given.
    public mutating func finish() {
        droppedImpossibleFixes += run.count
        run.removeAll()
        lastKept = nil
    }

    /// The cleaned fixes of a track in time order (the stream over `fixes`).
    /// - Complexity: O(n).
    public static func clean(_ fixes: [Fix], rules: TrackCleaning = .standard) -> (fixes: [Fix], cleaner: TrackCleaner) {
        var c = TrackCleaner(rules: rules)
        var out: [Fix] = []
        out.reserveCapacity(fixes.count)
        for f in fixes { c.add(f, into: &out) }
        c.finish()
        return (out, c)
    }
}
