import GeoKernel

/// A recording session, the way an app keeps a diary: fixes go in one at a time, and the
/// recorder keeps the live stop detector, the `Diary` its placemarks and moves make (each
/// placemark named once by `naming`, when given), and — when asked for — the queue of live
/// events (arrived, updated, departed, cancelled) for the app to read at its pace.
///
/// The C `gk_timeline` is a `Recorder` as it is; the command line's `timeline --live` and
/// Python's `Timeline` go through it, so all give the same diary and the same events.
///
/// Rules: the detector's parameters, cleaning, naming and whether live events are queued
/// are set before the first fix (`.misuse` afterwards, nothing changed). Without live
/// events the fixes go to the batch detector alone (no live event is built only to be
/// dropped): the diary is the same (tested).
///
/// - Complexity: `add` as `LiveStopDetector.add` (O(1) amortised), plus O(1) per event.
/// - Thread safety: a value; `Sendable`. One thread at a time may mutate it.
/// - C twin: `gk_timeline` (`gk_timeline_create`, `_add`, `_finish`, `_placemarks`,
///   `_placemark_name`, `_move`, `_enable_events`, `_read_events`, `_set_naming`, `_legs`,
///   `_add_activity`, `_set_mode_thresholds`, …).
/// \since 0.5
public struct Recorder: Sendable {
    /// The live detector (its counts: `detector.storedFixes`, `detector.ignoredInaccurateFixes`, …).
    public private(set) var live: LiveStopDetector
    /// The placemarks and moves recorded so far.
    private var recorded = Diary()
    /// The placemarks and moves so far (a move once the next placemark or `finish` closes
    /// it), with the detector's counts of ignored and cleaned fixes. O(1) (copy-on-write).
    public var diary: Diary {
        var d = recorded
        let detector = live.detector
        d.ignoredInaccurateFixes = detector.ignoredInaccurateFixes
        d.repeatedFixes = detector.repeatedFixes
        d.cleanedInaccurateFixes = detector.cleanedInaccurateFixes
        d.cleanedImpossibleFixes = detector.cleanedImpossibleFixes
        return d
    }

    /// The placemarks so far (the diary's, without copying it).
    public var placemarks: [Placemark] { recorded.placemarks }

    /// Fixes the detector accepted so far.
    public private(set) var fixCount = 0
    /// Whether live events are queued (`enableLiveEvents()`).
    public private(set) var queuesLiveEvents = false
    /// Whether `.move` events are queued with them (`enableLiveEvents(includingMoves: true)`).
    public private(set) var queuesMoves = false
    /// Index in `diary.moves` of the move leaving each placemark (-1: before the first).
    private var moveLeaving: [Int: Int] = [:]
    private var events = EventQueue<StayEvent>()
    /// Scratch space for one call's events.
    private var scratch: [StayEvent] = []
    /// The rules of travel modes (`legs(leaving:roadShare:)`); may change at any time.
    public var modeClassifier: ModeClassifier = .standard
    /// Motion-activity samples so far, in time order (`add(activity:)`).
    public internal(set) var activities: [MotionSample] = []

    /// A recorder with the detector's parameters (default: trackintel's), cleaning and naming.
    public init(
        parameters: StopDetector.Parameters = .trackintel, cleaning: TrackCleaning? = nil,
        naming: (any PlacemarkNaming)? = nil
    ) {
        live = LiveStopDetector(parameters: parameters, cleaning: cleaning, naming: naming)
    }

    /// A recorder with a preset's parameters.
    public init(preset: StopDetector.Preset, cleaning: TrackCleaning? = nil, naming: (any PlacemarkNaming)? = nil) {
        self.init(parameters: preset.parameters, cleaning: cleaning, naming: naming)
    }

    /// The detector's parameters (metres, seconds; see `StopDetector.Parameters`).
    public var parameters: StopDetector.Parameters { live.detector.parameters }
    /// The cleaning stage, or nil.
    public var cleaning: TrackCleaning? { live.detector.cleaning }
    /// What names the placemarks, or nil.
    public var naming: (any PlacemarkNaming)? { live.detector.naming }

    /// True once a fix was given or the recording was finished.
    public var hasStarted: Bool { fixCount > 0 || live.detector.isFinished }

    private func checkNotStarted(_ what: String) throws(GeoKernelError) {
        guard !hasStarted else { throw GeoKernelError(.misuse, "\(what) must be set before the first fix") }
    }

    /// Replaces the detector's parameters, cleaning and naming (each kept when nil).
    /// - Throws: `.misuse` after the first fix; nothing changes then.
    public mutating func configure(
        parameters: StopDetector.Parameters? = nil, cleaning: TrackCleaning? = nil, naming: (any PlacemarkNaming)? = nil
    ) throws(GeoKernelError) {
        try checkNotStarted("the detector's rules, cleaning and naming")
        live = LiveStopDetector(
            parameters: parameters ?? self.parameters, cleaning: cleaning ?? self.cleaning, naming: naming ?? self.naming)
    }

    /// Removes the naming (placemarks stay unnamed).
    /// - Throws: `.misuse` after the first fix.
    public mutating func removeNaming() throws(GeoKernelError) {
        try checkNotStarted("the naming")
        live = LiveStopDetector(parameters: parameters, cleaning: cleaning, naming: nil)
    }

    /// Queues live events from now on, for `pendingEvents` / `takeEvents`: arrived,
    /// updated, departed and cancelled, and with `includingMoves` the moves too, each where
    /// it happens among them (the moves are in the diary either way).
    /// - Throws: `.misuse` after the first fix.
    public mutating func enableLiveEvents(includingMoves: Bool = false) throws(GeoKernelError) {
        try checkNotStarted("live events")
        queuesLiveEvents = true
        queuesMoves = includingMoves
    }

    /// Adds the next fix: records the placemarks and moves it completes into the diary and
    /// queues its live events (when enabled).
    /// - Throws: as `StopDetector.add(_:)` (`.order` for a fix before the last one,
    ///   `.misuse` after `finish`); nothing changes then.
    public mutating func add(_ fix: Fix) throws(GeoKernelError) {
        guard queuesLiveEvents else {
            let out = try live.addBatchOnly(fix)
            fixCount += 1
            for e in out { record(e) }
            return
        }
        if !scratch.isEmpty { scratch.removeAll(keepingCapacity: true) }
        try live.add(fix, into: &scratch)
        fixCount += 1
        if !scratch.isEmpty { record(scratch) }  // most fixes have no event
    }

    /// Ends the recording: the last move, and the open stay as an open placemark when
    /// asked for and long enough. Later fixes are refused (`.misuse`); calling it again
    /// does nothing.
    public mutating func finish(includeOpenStay: Bool = false) {
        scratch.removeAll(keepingCapacity: true)
        live.finish(includeOpenStay: includeOpenStay, into: &scratch)
        record(scratch)
    }

    private mutating func record(_ stayEvents: [StayEvent]) {
        for e in stayEvents {
            if let t = e.timelineEvent { record(t) }
        }
        if queuesMoves {
            events.append(contentsOf: stayEvents)
        } else if queuesLiveEvents {
            events.append(contentsOf: stayEvents.lazy.filter { if case .move = $0 { false } else { true } })
        }
    }

    private mutating func record(_ t: TimelineEvent) {
        if case .move(let m) = t { moveLeaving[m.fromPlacemark ?? -1] = recorded.moves.count }
        recorded.record(t)
    }

    /// The move leaving placemark `index` (-1: the fixes before the first placemark), or nil
    /// while it is not closed yet.
    /// - Throws: `.notFound` for an index outside -1 ..< placemarks.
    public func move(leaving index: Int) throws(GeoKernelError) -> Move? {
        guard index >= -1, index < recorded.placemarks.count else {
            throw GeoKernelError(
                .notFound, "placemark index \(index) is outside -1..<\(recorded.placemarks.count) (-1: before the first)")
        }
        return moveLeaving[index].map { recorded.moves[$0] }
    }

    /// The live events not yet taken, oldest first (`.move` only when asked for).
    public var pendingEvents: ArraySlice<StayEvent> { events.unread }

    /// Takes up to `maxCount` live events, oldest first; the rest stay queued.
    public mutating func takeEvents(_ maxCount: Int = .max) -> [StayEvent] {
        let taken = Array(events.unread.prefix(Swift.max(0, maxCount)))
        events.consume(taken.count)
        return taken
    }

    /// Marks the oldest `count` pending events taken (for readers that copied them out of
    /// `pendingEvents`).
    public mutating func dropEvents(_ count: Int) { events.consume(count) }
}
