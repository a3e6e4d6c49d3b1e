import GeoKernel

/// A stay while it is going on: established (the person has been within the place's
/// radius for the minimum duration and is still there) but not yet left.
///
/// Thread safety: a value; `Sendable`. C twin: one event of `gk_timeline_read_events`
/// (`GK_TIMELINE_ARRIVED`, `_UPDATED`, `_CANCELLED`). \since 0.4
public struct LiveStay: Sendable, Hashable {
    /// The index the placemark will have in the diary (`Placemark.index`).
    public var index: Int
    /// Provisional location (degrees): the mean latitude and mean longitude of the stay's
    /// fixes so far, every fix counted (O(1)). The departed `Placemark` carries the
    /// detector's location (distinct positions only, trackintel's rule); the two differ
    /// only where positions repeat, by a fraction of the radius.
    public var coordinate: Coordinate {
        let n = Double(fixCount)
        return Coordinate(
            uncheckedLatitude: latitudeSum / n, longitude: firstLongitude + longitudeOffsetSum / n)
    }
    /// Sums over the stay's fixes: latitudes, and longitude offsets from the first fix's.
    private var latitudeSum: Double, longitudeOffsetSum: Double, firstLongitude: Double
    /// Time of the stay's first fix (s since the Unix epoch, UTC): the arrival.
    public var arrival: Double
    /// Time of the latest fix inside (s since the Unix epoch, UTC).
    public var lastSeen: Double
    /// Stored fixes in the stay so far.
    public var fixCount: Int

    /// `lastSeen - arrival`, seconds.
    public var durationSeconds: Double { lastSeen - arrival }

    /// A live stay from the window's running sums.
    init(
        index: Int, latitudeSum: Double, longitudeOffsetSum: Double, firstLongitude: Double, arrival: Double,
        lastSeen: Double, fixCount: Int
    ) {
        self.index = index
        self.latitudeSum = latitudeSum
        self.longitudeOffsetSum = longitudeOffsetSum
        self.firstLongitude = firstLongitude
        self.arrival = arrival
        self.lastSeen = lastSeen
        self.fixCount = fixCount
    }

    /// A live stay at a known location (a placemark's).
    init(index: Int, coordinate: Coordinate, arrival: Double, lastSeen: Double, fixCount: Int) {
        self.init(
            index: index, latitudeSum: coordinate.latitude * Double(fixCount), longitudeOffsetSum: 0,
            firstLongitude: coordinate.longitude, arrival: arrival, lastSeen: lastSeen, fixCount: fixCount)
    }
}

/// What a `LiveStopDetector` reports.
///
/// For each stay: `.arrived` once, as soon as it is established; `.updated` for every
/// later fix that joins it; then either `.departed` with the final placemark, or
/// `.cancelled` when the stay never becomes a placemark after all (a pause longer than
/// `gapSeconds` drops the window, as trackintel does; or the track ends and the open stay
/// was not asked for). A stay that is only established by the fix that leaves it (the
/// `firstFixOutside` rule: the leaving fix came late enough) gets `.arrived` and
/// `.departed` from that same fix (in the order move, arrived, departed). `.move` is the
/// movement that led to the placemark departed next (or to the end of the track),
/// reported with that departure, just before it, as the batch detector reports it.
///
/// Keeping only `.move` and `.departed` gives exactly `StopDetector`'s `TimelineEvent`s
/// (moves and placemarks), in the same order.
///
/// Thread safety: a value; `Sendable`. C twin: `GK_TIMELINE_ARRIVED`, `_UPDATED`,
/// `_DEPARTED`, `_CANCELLED` (moves: `gk_timeline_move`). \since 0.4
public enum StayEvent: Sendable, Hashable {
    /// A stay is established: the minimum duration has passed and the person is still there.
    case arrived(LiveStay)
    /// A fix joined an established stay.
    case updated(LiveStay)
    /// The stay closed: the placemark as the batch detector reports it (open when
    /// `finish(includeOpenStay: true)` closes it).
    indirect case departed(Placemark)
    /// An announced stay will not become a placemark (see the type's documentation).
    case cancelled(LiveStay)
    /// The movement that led to the placemark departed next, or to the end of the track.
    indirect case move(Move)

    /// The batch detector's event this live event corresponds to, if any (`.move` and
    /// `.departed` do).
    public var timelineEvent: TimelineEvent? {
        switch self {
        case .move(let m): .move(m)
        case .departed(let p): .placemark(p)
        case .arrived, .updated, .cancelled: nil
        }
    }
}

/// A stop detector that reports stays while they happen: an arrival as soon as a stay is
/// established, updates while it grows, the departure when it closes (see `StayEvent`).
///
/// It is a `StopDetector` (same parameters, same optional cleaning stage, same naming)
/// plus O(1) bookkeeping per fix, so its placemarks and moves are exactly the batch
/// detector's, for every preset (tested on seeded random tracks and on every shared
/// trace, `trackintel` included).
///
/// - Complexity: as `StopDetector.add(_:)`, plus O(1) per fix.
/// - Thread safety: a value; `Sendable`. One thread at a time may mutate it.
/// - C twin: a `gk_timeline` after `gk_timeline_enable_events`, its events read with
///   `gk_timeline_read_events`. \since 0.4
public struct LiveStopDetector: Sendable {
    /// The underlying detector (its counts: `storedFixes`, `ignoredInaccurateFixes`, …).
    public private(set) var detector: StopDetector
    /// The established stay the person is in now, or nil.
    public private(set) var currentStay: LiveStay?

    /// Running sums of the open window: latitude and longitude offset from its first fix.
    private var sumLatitude = 0.0, sumLongitudeOffset = 0.0, firstLongitude = 0.0
    /// The serial of the window the sums describe (the detector's before its first window: 0).
    private var serial = 0
    private var released: [Fix] = []

    /// Creates a live detector (the arguments are `StopDetector`'s).
    public init(
        parameters: StopDetector.Parameters = .trackintel, cleaning: TrackCleaning? = nil,
        naming: (any PlacemarkNaming)? = nil
    ) {
        detector = StopDetector(parameters: parameters, cleaning: cleaning, naming: naming)
    }

    /// Creates a live detector with a preset's parameters.
    public init(preset: StopDetector.Preset, cleaning: TrackCleaning? = nil, naming: (any PlacemarkNaming)? = nil) {
        self.init(parameters: preset.parameters, cleaning: cleaning, naming: naming)
    }

    /// Adds the next fix and appends what it revealed to `events` (usually one
    /// `.updated` inside a stay, nothing while moving).
    ///
    /// - Throws: as `StopDetector.add(_:)` (`.order`, `.misuse`); nothing changes then.
    /// - Complexity: O(1) amortised; O(w) when a placemark of w fixes departs.
    public mutating func add(_ fix: Fix, into events: inout [StayEvent]) throws(GeoKernelError) {
        try detector.checkNext(fix)
        if detector.clean(fix, into: &released) {
            for f in released { step(f, &events) }
        } else {
            step(fix, &events)
        }
    }

    /// Adds the next fix to the inner batch detector only and returns its events (moves and
    /// placemarks): what a caller that reads no live events needs, without building them.
    /// The live state (the stay announced so far) is not kept, so use it for a whole
    /// stream or not at all (the C timeline does when events are off; enabling them is
    /// allowed only before the first fix). Keeping only moves and departures of `add`
    /// gives the same events (tested), so the results are the same.
    package mutating func addBatchOnly(_ fix: Fix) throws(GeoKernelError) -> [TimelineEvent] {
        try detector.add(fix)
    }

    /// Adds the next fix; returns its events (see `add(_:into:)`, which reuses the caller's array).
    public mutating func add(_ fix: Fix) throws(GeoKernelError) -> [StayEvent] {
        var events: [StayEvent] = []
        try add(fix, into: &events)
        return events
    }

    /// Ends the track (see `StopDetector.finish(includeOpenStay:)`): the last move, then
    /// the open stay as `.departed` (an open placemark) when asked for and long enough,
    /// else `.cancelled` for a stay still announced.
    public mutating func finish(includeOpenStay: Bool = false, into events: inout [StayEvent]) {
        let wasFinished = detector.isFinished
        record(detector.finish(includeOpenStay: includeOpenStay), &events)
        if !wasFinished, let s = currentStay {
            events.append(.cancelled(s))
            currentStay = nil
        }
    }

    /// Ends the track; returns its events (see `finish(includeOpenStay:into:)`).
    public mutating func finish(includeOpenStay: Bool = false) -> [StayEvent] {
        var events: [StayEvent] = []
        finish(includeOpenStay: includeOpenStay, into: &events)
        return events
    }

    /// One fix that reached the detector.
    @inline(__always)
    private mutating func step(_ fix: Fix, _ events: inout [StayEvent]) {
        let countBefore = detector.windowCount
        let out = detector.addInOrder(fix)
        if !out.isEmpty { record(out, &events) }
        let count = detector.windowCount
        if detector.windowSerial != serial {
            // A new window began with this fix (the old one became a placemark, or moves).
            if let s = currentStay {
                events.append(.cancelled(s))  // dropped by a pause longer than gapSeconds
                currentStay = nil
            }
            serial = detector.windowSerial
            sumLatitude = fix.coordinate.latitude
            firstLongitude = fix.coordinate.longitude
            sumLongitudeOffset = 0
        } else if count == countBefore + 1 {
            sumLatitude += fix.coordinate.latitude
            var d = fix.coordinate.longitude - firstLongitude
            if d > 180 { d -= 360 } else if d < -180 { d += 360 }
            sumLongitudeOffset += d
        } else {
            return  // ignored (inaccurate) or repeated
        }
        let (start, end) = detector.windowSpan
        if currentStay != nil {
            currentStay = stay(start, end, count)
            events.append(.updated(currentStay!))
        } else if end - start >= detector.parameters.durationSeconds {
            currentStay = stay(start, end, count)
            events.append(.arrived(currentStay!))
        }
    }

    @inline(__always)
    private func stay(_ start: Double, _ end: Double, _ count: Int) -> LiveStay {
        LiveStay(
            index: detector.placemarkCount, latitudeSum: sumLatitude, longitudeOffsetSum: sumLongitudeOffset,
            firstLongitude: firstLongitude, arrival: start, lastSeen: end, fixCount: count)
    }

    /// Turns the detector's events into live ones.
    private mutating func record(_ out: [TimelineEvent], _ events: inout [StayEvent]) {
        for e in out {
            switch e {
            case .move(let m):
                events.append(.move(m))
            case .placemark(let p):
                if currentStay == nil {
                    events.append(.arrived(LiveStay(
                        index: p.index, coordinate: p.coordinate, arrival: p.arrival, lastSeen: p.departure,
                        fixCount: p.fixCount)))
                }
                events.append(.departed(p))
                currentStay = nil
            }
        }
    }
}
