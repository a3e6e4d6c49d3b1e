import GeoKernel
import GeoText

/// One row of the Travel Diary survey's own record: a fix, the tracking state in force once
/// the policy has seen it, and the motion activity at its time.
///
/// Thread safety: a value; `Sendable`. C twin: none (C callers read the state after each
/// `gk_tracking_policy_add_fix`). \since 0.4
public struct SurveyFix: Sendable, Hashable {
    /// The fix as recorded.
    public var fix: Fix
    /// The tracking state after the fix (and every input before it).
    public var state: TrackingState
    /// The latest motion sample's activity at the fix's time; `.unknown` before the first.
    public var activity: MotionActivity
}

/// The Travel Diary survey's record of a replayed day: every fix with its tracking state
/// and motion activity, and the state changes, as CSV and GeoJSON (times in UTC, ISO 8601).
///
/// Thread safety: a value; `Sendable`. C twin: none. \since 0.4
public struct SurveyRecord: Sendable, Hashable {
    /// Every fix, in input order.
    public var fixes: [SurveyFix]
    /// Every state change, in order.
    public var transitions: [TrackingTransition]

    /// Replays `inputs` (fixes and motion samples, in time order) through a fresh policy
    /// with `configuration`.
    ///
    /// - Throws: `.order` at the first input earlier than the one before it.
    /// - Complexity: O(inputs).
    public init(
        replaying inputs: some Sequence<TrackingPolicy.Input>, configuration: TrackingPolicy.Configuration = .default
    ) throws(GeoKernelError) {
        var policy = TrackingPolicy(configuration: configuration)
        var activity = MotionActivity.unknown
        fixes = []
        transitions = []
        for input in inputs {
            switch input {
            case .fix(let f):
                if let t = try policy.add(f) { transitions.append(t) }
                fixes.append(SurveyFix(fix: f, state: policy.state, activity: activity))
            case .motion(let m):
                activity = m.activity
                if let t = try policy.add(m) { transitions.append(t) }
            }
        }
    }

    /// `time,lat,lon,accuracy_m,tracking_state,desired_accuracy_m,motion_activity`, one
    /// line per fix: time ISO 8601 UTC, degrees, metres (accuracy empty when unknown), the
    /// state's and the activity's names. - Complexity: O(fixes).
    public var csv: String {
        var out = "time,lat,lon,accuracy_m,tracking_state,desired_accuracy_m,motion_activity\n"
        let n = JSONLiteral.number
        for r in fixes {
            out += TimeText.iso8601(r.fix.timestamp) + "," + n(r.fix.coordinate.latitude) + ","
                + n(r.fix.coordinate.longitude) + "," + (r.fix.horizontalAccuracyMeters.map(n) ?? "") + ","
                + r.state.description + "," + n(r.state.desiredAccuracyMeters) + "," + r.activity.description + "\n"
        }
        return out
    }

    /// An RFC 7946 FeatureCollection: one Point per fix with properties `time`,
    /// `accuracyMeters` (null when unknown), `trackingState`, `desiredAccuracyMeters`,
    /// `motionActivity`; then one feature without geometry per state change (`kind`
    /// "tracking", `from`, `to`, `rule`, `time`). - Complexity: O(fixes).
    public var geoJSON: String {
        var w = JSONWriter(.compact)
        w.beginFeatureCollection()
        for r in fixes {
            Diary.feature(&w, kind: "fix", geometry: "Point") { w in
                w.position(longitude: r.fix.coordinate.longitude, latitude: r.fix.coordinate.latitude)
            } properties: { w in
                w.member("time", TimeText.iso8601(r.fix.timestamp))
                w.member("accuracyMeters", r.fix.horizontalAccuracyMeters)
                w.member("trackingState", r.state.description)
                w.member("desiredAccuracyMeters", r.state.desiredAccuracyMeters)
                w.member("motionActivity", r.activity.description)
            }
        }
        for t in transitions { Diary.trackingFeature(t, into: &w) }
        w.endFeatureCollection()
        return w.text
    }
}
