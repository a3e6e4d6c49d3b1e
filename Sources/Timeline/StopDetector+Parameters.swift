import GeoKernel

extension StopDetector {
    /// The four numbers that define a stay, in metres and seconds.
    ///
    /// A stay is a run of fixes that all lie less than `distanceMeters` from the run's
    /// first fix (the anchor) and that lasted at least `durationSeconds` when the first
    /// fix outside arrived; a pause longer than `gapSeconds` (strictly) between two fixes
    /// drops the run; fixes whose horizontal accuracy is worse than `minimumAccuracyMeters`
    /// are ignored. Distances are trackintel's (the spherical law of cosines) on the sphere
    /// of radius `StopDetector.earthRadiusMeters` (6 371 000 m, the sphere trackintel
    /// measures on).
    ///
    /// Three optional rules (off in `trackintel`, `timelyMovesSeed` and `travelDiary`) make the
    /// diary readable on real phone tracks, at the price of trackintel identity:
    /// - `signalGapSeconds`: a pause longer than this between two stored fixes is a signal
    ///   gap. When the fix after it still lies within `distanceMeters` of the window's
    ///   anchor, the positions before and after agree and the stay goes on across the gap;
    ///   otherwise the window ends at the last fix *before* the gap (a stay when it lasted
    ///   `durationSeconds` by then, departing at that fix) and the move that follows spans
    ///   the gap, so it is never drawn at infinite speed.
    /// - `departure`: `.firstFixOutside` (trackintel: departure = the fix that left; a
    ///   one-fix window followed by a long pause is then a "stay"), or `.lastFixInside`
    ///   (departure = the last fix still inside: a stay is a window whose own fixes span
    ///   `durationSeconds`, so a stay holds at least two fixes when the duration is > 0,
    ///   and the move after it starts when the person was last seen there).
    /// - `anchor`: `.firstFix` (trackintel: distances from the window's first fix, so a
    ///   noisy first fix can split a stay), `.centroid` (from the mean of the window's
    ///   fixes so far; slow walking then makes chains of short stays, as the centre follows
    ///   the walker), or `.centroidOnceEstablished` (the first fix until the window has
    ///   lasted `durationSeconds`, then the mean).
    ///
    /// Thread safety: a value; `Sendable`. C twin: the arguments of
    /// `gk_timeline_create_custom` (the two rules: `gk_timeline_create` with
    /// `GK_TIMELINE_TIMELY_MOVES`). \since 0.1
    public struct Parameters: Sendable, Hashable, CustomStringConvertible {
        /// What the distance of a fix is measured from (see `Parameters`). \since 0.4
        public enum Anchor: String, Sendable, Hashable, CaseIterable {
            /// The window's first fix (trackintel).
            case firstFix
            /// The mean of the window's fixes so far (latitude, and longitude about the
            /// first fix's), updated with every fix that joins.
            case centroid
            /// The first fix until the window has lasted `durationSeconds` (so walking never
            /// makes a stay), then the mean of its fixes (so a noisy first fix does not
            /// split a long stay).
            case centroidOnceEstablished
        }

        /// When a stay ends (see `Parameters`). \since 0.4
        public enum Departure: String, Sendable, Hashable, CaseIterable {
            /// The time of the first fix outside the place (trackintel).
            case firstFixOutside
            /// The time of the last fix inside the place.
            case lastFixInside
        }

        /// Radius of "the same place" around the anchor fix, metres (> 0, finite).
        public let distanceMeters: Double
        /// Shortest stay, seconds (≥ 0, finite).
        public let durationSeconds: Double
        /// Longest pause between two consecutive stored fixes that keeps a window open,
        /// seconds (> 0; `.infinity` for no limit).
        public let gapSeconds: Double
        /// Fixes whose horizontal accuracy (m) is larger than this are ignored (> 0;
        /// `.infinity` keeps every fix). Fixes without an accuracy are always kept.
        public let minimumAccuracyMeters: Double
        /// A pause between two stored fixes longer than this (seconds, > 0) is a signal gap
        /// (see `Parameters`); `.infinity` (the default) turns the rule off. \since 0.4
        public let signalGapSeconds: Double
        /// When a stay ends (see `Parameters`); default `.firstFixOutside`. \since 0.4
        public let departure: Departure
        /// What distances are measured from (see `Parameters`); default `.firstFix`. \since 0.4
        public let anchor: Anchor

        /// Creates parameters. The defaults are trackintel's sliding-window values with the
        /// "Timely Moves" rule's accuracy limit: 100 m, 5 min, gap 15 min, 160 m.
        ///
        /// - Throws: `.invalidArgument` naming the first value out of range (NaN included).
        /// - Complexity: O(1).
        public init(
            distanceMeters: Double = 100, durationSeconds: Double = 300, gapSeconds: Double = 900,
            minimumAccuracyMeters: Double = 160, signalGapSeconds: Double = .infinity,
            departure: Departure = .firstFixOutside, anchor: Anchor = .firstFix
        ) throws(GeoKernelError) {
            guard distanceMeters.isFinite, distanceMeters > 0 else {
                throw .invalid("distance \(distanceMeters) m must be finite and > 0")
            }
            guard durationSeconds.isFinite, durationSeconds >= 0 else {
                throw .invalid("duration \(durationSeconds) s must be finite and >= 0")
            }
            guard gapSeconds > 0 else { throw .invalid("gap \(gapSeconds) s must be > 0 (or infinity for none)") }
            guard minimumAccuracyMeters > 0 else {
                throw .invalid("minimum accuracy \(minimumAccuracyMeters) m must be > 0 (or infinity for none)")
            }
            guard signalGapSeconds > 0 else {
                throw .invalid("signal gap \(signalGapSeconds) s must be > 0 (or infinity for none)")
            }
            self.distanceMeters = distanceMeters
            self.durationSeconds = durationSeconds
            self.gapSeconds = gapSeconds
            self.minimumAccuracyMeters = minimumAccuracyMeters
            self.signalGapSeconds = signalGapSeconds
            self.departure = departure
            self.anchor = anchor
        }

        private init(
            unchecked d: Double, _ t: Double, _ g: Double, _ a: Double, signalGap: Double = .infinity,
            departure: Departure = .firstFixOutside, anchor: Anchor = .firstFix
        ) {
            distanceMeters = d
            durationSeconds = t
            gapSeconds = g
            minimumAccuracyMeters = a
            signalGapSeconds = signalGap
            self.departure = departure
            self.anchor = anchor
        }

        /// trackintel's `generate_staypoints(method="sliding", dist_threshold=100,
        /// time_threshold=5, gap_threshold=15)`: 100 m, 300 s, gap 900 s, no accuracy
        /// limit (trackintel has none). With `finish(includeOpenStay:)` as its
        /// `include_last`, stays equal trackintel's (times to the second, locations
        /// within 1 cm: tested on the shared korita-zbevnica and google_trajectory traces).
        public static let trackintel = Parameters(unchecked: 100, 300, 900, .infinity)

        /// The literal "Timely Moves" rule of a diary that places a stop after 3 s: a fix
        /// that does not move for `STOP_BY_SECONDS` = 3 s makes a placemark; fixes worse than 160 m are
        /// ignored. Real fixes never repeat exactly, so "does not move" means "stays within
        /// 20 m", the rule's configurable same-location distance (a typical phone distance
        /// filter). No gap limit. On dense fixes this is twitchy by design: anything slower
        /// than 20 m per 3 s (24 km/h) for a few fixes becomes a placemark, as the rule says
        /// (245 placemarks in the 3.7 h korita-zbevnica hike). Until 0.3 this was
        /// `timelyMoves`. \since 0.4
        public static let timelyMovesSeed = Parameters(unchecked: 20, 3, .infinity, 160)

        /// A diary a person would accept: a place is where the fixes stay
        /// within 50 m of the first one for at least 3 minutes (a coffee to go, a shop, a
        /// bus change; not a red light, which lasts up to 2 minutes, nor a pause for a
        /// photo); the stay departs at the last fix still inside it; a pause longer than
        /// 2 minutes is a signal gap (a stay across it only when the positions before and
        /// after agree); no trackintel gap limit; fixes worse than 100 m are ignored.
        /// Distances are from the first fix until the stay is established, then from the
        /// mean of its fixes (`.centroidOnceEstablished`): a noisy first fix no longer
        /// splits a long stay, and walking still never makes one.
        /// Meant to run behind `TrackCleaning.standard` (`StopDetector(preset:cleaning:)`),
        /// as `geokernel timeline --preset timelyMoves` does. The literal 3 s rule
        /// is `timelyMovesSeed`. \since 0.1 (these values since 0.4)
        public static let timelyMoves = Parameters(
            unchecked: 50, 180, .infinity, 100, signalGap: 120, departure: .lastFixInside,
            anchor: .centroidOnceEstablished)

        /// A travel survey's rule ("Travel Diary"): the same location within
        /// `SameLocationDistanceMetres` = 100 m for `StopMovingSameLocationSeconds` = 900 s
        /// (the thresholds `TrackingPolicy` stops on); fixes worse than 160 m ignored; no
        /// gap limit, because a battery-saving tracker records sparsely while stopped.
        public static let travelDiary = Parameters(unchecked: 100, 900, .infinity, 160)

        /// "100 m for 300 s, gap limit 900 s, accuracy limit none".
        public var description: String {
            func s(_ v: Double, _ unit: String) -> String {
                v.isFinite ? (v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)") + " " + unit : "none"
            }
            var text = "\(s(distanceMeters, "m")) for \(s(durationSeconds, "s")), gap limit \(s(gapSeconds, "s")), "
                + "accuracy limit \(s(minimumAccuracyMeters, "m"))"
            if signalGapSeconds.isFinite { text += ", signal gap \(s(signalGapSeconds, "s"))" }
            if departure == .lastFixInside { text += ", departure at the last fix inside" }
            if anchor == .centroid { text += ", distances from the centroid" }
            return text
        }
    }

    /// The named parameter sets. C twin: `GK_TIMELINE_TRACKINTEL`,
    /// `GK_TIMELINE_TIMELY_MOVES`, `GK_TIMELINE_TRAVEL_DIARY`, `GK_TIMELINE_TIMELY_MOVES_SEED`.
    /// \since 0.1
    public enum Preset: String, Sendable, CaseIterable {
        /// `Parameters.trackintel`: trackintel's sliding window.
        case trackintel
        /// `Parameters.timelyMoves`: a diary a person would accept (use it with
        /// `TrackCleaning.standard`).
        case timelyMoves
        /// `Parameters.travelDiary`: a travel survey's settings.
        case travelDiary
        /// `Parameters.timelyMovesSeed`: the literal 3 s rule. \since 0.4
        case timelyMovesSeed

        /// The preset's parameters (see `Parameters.trackintel` etc.).
        public var parameters: Parameters {
            switch self {
            case .trackintel: .trackintel
            case .timelyMoves: .timelyMoves
            case .travelDiary: .travelDiary
            case .timelyMovesSeed: .timelyMovesSeed
            }
        }
    }
}
