import GeoKernel

/// A place where the user stayed: a "stay point" (trackintel's word) or "placemark"
/// (a diary's).
///
/// Times are seconds since 1970-01-01T00:00:00Z (UTC), as carried by the fixes. The
/// location is the mean latitude and the circular mean of the longitudes (so a stay on
/// the antimeridian stays there) of the *distinct* positions among the stay's fixes,
/// trackintel's rule; it is computed in degrees and is exact to rounding.
///
/// Thread safety: a value; `Sendable`.
/// C twin: one row of `gk_timeline_placemarks` (`lat`, `lon`, `arrival`, `departure`,
/// `fix_count`; names are not carried over C). \since 0.1
public struct Placemark: Sendable, Hashable {
    /// Position of the placemark in the diary: 0 for the first place of the track, then
    /// 1, 2, … (the key `Transit.fixesLeaving` uses).
    public var index: Int
    /// Where the user stayed (degrees; see the type's documentation).
    public var coordinate: Coordinate
    /// Time of the stay's first fix (s since the Unix epoch, UTC).
    public var arrival: Double
    /// Time of the first fix that left the place (s since the Unix epoch, UTC). For an open
    /// placemark (`isOpen`) the time of the last fix seen.
    public var departure: Double
    /// How many stored fixes the stay holds (ignored and repeated fixes are not stored).
    public var fixCount: Int
    /// A name from the detector's `PlacemarkNaming`, or nil.
    public var name: String?
    /// True for the last, still open window that `finish(includeOpenStay: true)` emits:
    /// the user had not been seen leaving when the track ended.
    public var isOpen: Bool

    /// Creates a placemark. Detectors create them; this initialiser is for tests and
    /// for callers that rebuild a diary from storage.
    public init(
        index: Int, coordinate: Coordinate, arrival: Double, departure: Double, fixCount: Int,
        name: String? = nil, isOpen: Bool = false
    ) {
        self.index = index
        self.coordinate = coordinate
        self.arrival = arrival
        self.departure = departure
        self.fixCount = fixCount
        self.name = name
        self.isOpen = isOpen
    }

    /// `departure - arrival`, in seconds.
    public var durationSeconds: Double { departure - arrival }
}

/// The movement between two placemarks (or before the first, or after the last): the
/// stored fixes that lie between them, in time order.
///
/// A move leaving placemark A starts at A's departure (its first fix is the fix that
/// left A) and ends at the next placemark's arrival. It may hold no fixes at all, when
/// the fix that left A is already the first fix of the next stay.
///
/// Thread safety: a value; `Sendable`.
/// C twin: `gk_timeline_transit` (fixes) and `gk_timeline_move` (summary). \since 0.1
public struct Move: Sendable, Hashable {
    /// Index of the placemark this move leaves; nil for the fixes before the first placemark.
    public var fromPlacemark: Int?
    /// Index of the placemark this move reaches; nil after the last placemark.
    public var toPlacemark: Int?
    /// The fixes of the move, in time order.
    public var fixes: [Fix]
    /// Start (s since the Unix epoch): the departure of `fromPlacemark`, else the first fix.
    public var start: Double
    /// End (s since the Unix epoch): the arrival at `toPlacemark`, else the last fix.
    public var end: Double
    /// Length in metres of the path from the placemark left, through every fix, to the
    /// placemark reached (haversine on R = 6 371 000 m, `StopDetector.earthRadiusMeters`).
    public var distanceMeters: Double

    /// Creates a move. Detectors create them; this initialiser is for tests and storage.
    public init(
        fromPlacemark: Int?, toPlacemark: Int?, fixes: [Fix], start: Double, end: Double, distanceMeters: Double
    ) {
        self.fromPlacemark = fromPlacemark
        self.toPlacemark = toPlacemark
        self.fixes = fixes
        self.start = start
        self.end = end
        self.distanceMeters = distanceMeters
    }

    /// `end - start`, in seconds.
    public var durationSeconds: Double { end - start }
}

/// What a `StopDetector` reports, as soon as it is known.
///
/// A fix that shows the user has left a place produces, in this order, the `.move` that
/// led to that place (possibly with no fixes) and the `.placemark` itself. `finish`
/// produces the last move, and the open placemark when asked for.
///
/// Thread safety: a value; `Sendable`. C twin: the counts returned by `gk_timeline_add`.
/// \since 0.1
public enum TimelineEvent: Sendable, Hashable {
    /// The movement that led to the placemark reported next (or to the end of the track).
    case move(Move)
    /// A stay, closed when a fix left it (or open, from `finish(includeOpenStay: true)`).
    case placemark(Placemark)
}
