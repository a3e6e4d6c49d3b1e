import GeoKernel
import Timeline

// Section "timeline" of include/geokernel.h: the stop detector (gk_timeline) and the
// tracking policy (gk_tracking_policy). Each handle is a retained box around the Swift
// value; the timeline box also records the detector's events into a Diary.

/// The object behind a `gk_timeline *`: a live detector (section "timeline live"), the
/// diary its moves and departures make, and the queue of live events when enabled.
///
/// A `gk_timeline` is used by one thread at a time (the header's rule), and no call holds
/// two overlapping accesses to one property, so the runtime's exclusivity checks (a
/// thread-local access set per read or write: about 300 instructions per fix, a third of
/// the work) are turned off for its state.
final class TimelineBox {
    @exclusivity(unchecked) var live: LiveStopDetector
    var detector: StopDetector { live.detector }
    @exclusivity(unchecked) var diary = Diary()
    /// Index in `diary.moves` of the move leaving each placemark (-1: before the first).
    @exclusivity(unchecked) var moveLeaving: [Int: Int] = [:]
    /// Fixes given so far (accepted by the detector), for the "before the first fix" rules.
    @exclusivity(unchecked) var givenFixes = 0
    /// Whether live events are queued (gk_timeline_enable_events).
    @exclusivity(unchecked) var queueEvents = false
    /// Live events not yet read (gk_timeline_read_events).
    @exclusivity(unchecked) var events = EventQueue<StayEvent>()
    /// Scratch space for one call's events.
    @exclusivity(unchecked) private var scratch: [StayEvent] = []

    init(_ detector: LiveStopDetector) { live = detector }

    /// Adds a fix and records its events. Without live events (gk_timeline_enable_events, allowed only before the first fix)
    /// the fix goes to the batch detector alone: the diary is the same, and no live event
    /// is built only to be dropped.
    func add(_ fix: Fix) throws(GeoKernelError) {
        guard queueEvents else {
            let out = try live.addBatchOnly(fix)
            givenFixes += 1
            for e in out { record(e) }
            return
        }
        if !scratch.isEmpty { scratch.removeAll(keepingCapacity: true) }
        try live.add(fix, into: &scratch)
        givenFixes += 1
        if !scratch.isEmpty { record(scratch) }  // most fixes have no event: no array retained
    }

    /// Finishes the live detector and records its events.
    func finish(includeOpenStay: Bool) {
        scratch.removeAll(keepingCapacity: true)
        live.finish(includeOpenStay: includeOpenStay, into: &scratch)
        record(scratch)
    }

    private func record(_ events: [StayEvent]) {
        guard !events.isEmpty else { return }
        for e in events {
            if let t = e.timelineEvent { record(t) }
        }
        if queueEvents {
            self.events.append(contentsOf: events.lazy.filter { if case .move = $0 { false } else { true } })
        }
    }

    /// Writes a move or placemark into the diary.
    private func record(_ t: TimelineEvent) {
        if case .move(let m) = t { moveLeaving[m.fromPlacemark ?? -1] = diary.moves.count }
        diary.record(t)
    }

    /// The move leaving placemark `index` (-1: the one before the first placemark).
    func move(leaving index: Int) throws(GeoKernelError) -> Move? {
        guard index >= -1, index < diary.placemarks.count else {
            throw GeoKernelError(
                .notFound, "placemark index \(index) is outside -1..<\(diary.placemarks.count) (-1: before the first)")
        }
        return moveLeaving[index].map { diary.moves[$0] }
    }
}

/// The object behind a `gk_tracking_policy *`.
final class TrackingPolicyBox {
    var policy: TrackingPolicy
    init(_ policy: TrackingPolicy) { self.policy = policy }
}

/// A fix from C arguments: NAN accuracy means "unknown".
@inline(__always)
func cFix(_ lat: Double, _ lon: Double, _ time: Double, _ accuracy: Double) throws(GeoKernelError) -> Fix {
    try Fix(
        coordinate: try coordinate(lat, lon), timestamp: time,
        horizontalAccuracyMeters: accuracy.isNaN ? nil : accuracy)
}

/// The one reader of the batch entry points' strided fix columns (`lat`, `lon`, `time_s`
/// required, `accuracy_m` optional, `count`, `stride_bytes`): fix i at byte offset
/// i · stride of each column, read unaligned, handed to `body` in order with its index.
/// A fix that `cFix` refuses, or that `body` refuses, ends the loop as "fix i: …" plus
/// `note(i)`.
func forEachFix(
    _ lat: UnsafePointer<Double>?, _ lon: UnsafePointer<Double>?, _ timeS: UnsafePointer<Double>?,
    _ accuracyM: UnsafePointer<Double>?, _ count: UInt, _ strideBytes: Int, note: (Int) -> String = { _ in "" },
    _ body: (Int, Fix) throws(GeoKernelError) -> Void
) throws(GeoKernelError) {
    try checkedStride(strideBytes)
    let n = try checkedCount(count, strideBytes: strideBytes)
    let lats = UnsafeRawPointer(try required(lat, "lat")), lons = UnsafeRawPointer(try required(lon, "lon"))
    let times = UnsafeRawPointer(try required(timeS, "time_s"))
    let accuracies = accuracyM.map(UnsafeRawPointer.init)
    for i in 0..<n {
        let offset = i * strideBytes
        do throws(GeoKernelError) {
            try body(i, try cFix(
                lats.loadUnaligned(fromByteOffset: offset, as: Double.self),
                lons.loadUnaligned(fromByteOffset: offset, as: Double.self),
                times.loadUnaligned(fromByteOffset: offset, as: Double.self),
                accuracies?.loadUnaligned(fromByteOffset: offset, as: Double.self) ?? .nan))
        } catch {
            throw GeoKernelError(error.code, "fix \(i): \(error.message)\(note(i))")
        }
    }
}

@inline(__always)
func storeCount(_ n: Int, _ p: UnsafeMutablePointer<UInt>?) { p?.pointee = UInt(n) }

@c public func gk_timeline_create(_ ctx: OpaquePointer?, _ preset: CInt, _ out: UnsafeMutablePointer<OpaquePointer?>?)
    -> CInt
{
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        let p = try StopDetector.Preset(cValue: preset)
        outHandle.pointee = retainedHandle(TimelineBox(LiveStopDetector(preset: p)))
    }
}

@c public func gk_timeline_create_custom(
    _ ctx: OpaquePointer?, _ distanceM: Double, _ durationS: Double, _ gapS: Double, _ minAccuracyM: Double,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        let parameters = try StopDetector.Parameters(
            distanceMeters: distanceM, durationSeconds: durationS, gapSeconds: gapS, minimumAccuracyMeters: minAccuracyM)
        outHandle.pointee = retainedHandle(TimelineBox(LiveStopDetector(parameters: parameters)))
    }
}

@c public func gk_timeline_add(
    _ ctx: OpaquePointer?, _ tl: OpaquePointer?, _ lat: Double, _ lon: Double, _ timeS: Double, _ accuracyM: Double,
    _ outPlacemarks: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(tl, as: TimelineBox.self), "tl")
        try box.add(try cFix(lat, lon, timeS, accuracyM))
        storeCount(box.diary.placemarks.count, outPlacemarks)
    }
}

@c public func gk_timeline_add_batch(
    _ ctx: OpaquePointer?, _ tl: OpaquePointer?, _ lat: UnsafePointer<Double>?, _ lon: UnsafePointer<Double>?,
    _ timeS: UnsafePointer<Double>?, _ accuracyM: UnsafePointer<Double>?, _ count: UInt, _ strideBytes: Int,
    _ outPlacemarks: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(tl, as: TimelineBox.self), "tl")
        defer { storeCount(box.diary.placemarks.count, outPlacemarks) }
        try forEachFix(lat, lon, timeS, accuracyM, count, strideBytes, note: { " (fixes 0..<\($0) were added)" }) {
            (_, fix) throws(GeoKernelError) in try box.add(fix)
        }
    }
}

@c public func gk_timeline_finish(
    _ ctx: OpaquePointer?, _ tl: OpaquePointer?, _ includeOpenStay: CInt, _ outPlacemarks: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(tl, as: TimelineBox.self), "tl")
        box.finish(includeOpenStay: includeOpenStay != 0)
        storeCount(box.diary.placemarks.count, outPlacemarks)
    }
}

@c public func gk_timeline_placemarks(
    _ ctx: OpaquePointer?, _ tl: OpaquePointer?, _ lat: UnsafeMutablePointer<Double>?,
    _ lon: UnsafeMutablePointer<Double>?, _ arrival: UnsafeMutablePointer<Double>?,
    _ departure: UnsafeMutablePointer<Double>?, _ fixCount: UnsafeMutablePointer<UInt>?, _ capacity: UInt,
    _ outCount: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(tl, as: TimelineBox.self), "tl")
        let places = box.diary.placemarks
        try deliver(count: places.count, capacity: capacity, outCount: outCount, "placemarks") { i in
            let p = places[i]
            lat?[i] = p.coordinate.latitude
            lon?[i] = p.coordinate.longitude
            arrival?[i] = p.arrival
            departure?[i] = p.departure
            fixCount?[i] = UInt(p.fixCount)
        }
    }
}

@c public func gk_timeline_transit(
    _ ctx: OpaquePointer?, _ tl: OpaquePointer?, _ fromIndex: Int, _ lat: UnsafeMutablePointer<Double>?,
    _ lon: UnsafeMutablePointer<Double>?, _ timeS: UnsafeMutablePointer<Double>?, _ capacity: UInt,
    _ outCount: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(tl, as: TimelineBox.self), "tl")
        let fixes = try box.move(leaving: fromIndex)?.fixes ?? []
        try deliver(count: fixes.count, capacity: capacity, outCount: outCount, "fixes") { i in
            let f = fixes[i]
            lat?[i] = f.coordinate.latitude
            lon?[i] = f.coordinate.longitude
            timeS?[i] = f.timestamp
        }
    }
}

@c public func gk_timeline_move(
    _ ctx: OpaquePointer?, _ tl: OpaquePointer?, _ fromIndex: Int, _ outStart: UnsafeMutablePointer<Double>?,
    _ outEnd: UnsafeMutablePointer<Double>?, _ outDistanceM: UnsafeMutablePointer<Double>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(tl, as: TimelineBox.self), "tl")
        guard let m = try box.move(leaving: fromIndex) else {
            throw GeoKernelError(
                .notFound,
                fromIndex < 0
                    ? "no fixes before the first placemark"
                    : "the move leaving placemark \(fromIndex) is not known yet (it is, once a later placemark or gk_timeline_finish closes it)")
        }
        store(m.start, outStart)
        store(m.end, outEnd)
        store(m.distanceMeters, outDistanceM)
    }
}

@c public func gk_timeline_fix_counts(
    _ ctx: OpaquePointer?, _ tl: OpaquePointer?, _ outStored: UnsafeMutablePointer<UInt>?,
    _ outIgnoredInaccurate: UnsafeMutablePointer<UInt>?, _ outRepeated: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(tl, as: TimelineBox.self), "tl")
        storeCount(box.detector.storedFixes, outStored)
        storeCount(box.detector.ignoredInaccurateFixes, outIgnoredInaccurate)
        storeCount(box.detector.repeatedFixes, outRepeated)
    }
}

@c public func gk_timeline_destroy(_ tl: OpaquePointer?) {
    releaseHandle(tl, as: TimelineBox.self)
}

// MARK: - Tracking policy

@inline(__always)
func storeState(_ box: TrackingPolicyBox, _ p: UnsafeMutablePointer<CInt>?) { p?.pointee = box.policy.state.cValue }

@c public func gk_tracking_policy_create(
    _ ctx: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        let configuration = try TrackingPolicy.Configuration(json: try cString(json, "json"))
        outHandle.pointee = retainedHandle(TrackingPolicyBox(TrackingPolicy(configuration: configuration)))
    }
}

@c public func gk_tracking_policy_add_fix(
    _ ctx: OpaquePointer?, _ policy: OpaquePointer?, _ lat: Double, _ lon: Double, _ timeS: Double,
    _ accuracyM: Double, _ outState: UnsafeMutablePointer<CInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(policy, as: TrackingPolicyBox.self), "policy")
        _ = try box.policy.add(try cFix(lat, lon, timeS, accuracyM))
        storeState(box, outState)
    }
}

@c public func gk_tracking_policy_add_activity(
    _ ctx: OpaquePointer?, _ policy: OpaquePointer?, _ activity: CInt, _ timeS: Double,
    _ outState: UnsafeMutablePointer<CInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(policy, as: TrackingPolicyBox.self), "policy")
        _ = try box.policy.add(try MotionSample(try MotionActivity(cValue: activity), at: timeS))
        storeState(box, outState)
    }
}

@c public func gk_tracking_policy_advance(
    _ ctx: OpaquePointer?, _ policy: OpaquePointer?, _ timeS: Double, _ outState: UnsafeMutablePointer<CInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(policy, as: TrackingPolicyBox.self), "policy")
        _ = try box.policy.advance(to: timeS)
        storeState(box, outState)
    }
}

@c public func gk_tracking_policy_state(
    _ ctx: OpaquePointer?, _ policy: OpaquePointer?, _ outState: UnsafeMutablePointer<CInt>?,
    _ outAccuracyM: UnsafeMutablePointer<Double>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(policy, as: TrackingPolicyBox.self), "policy")
        storeState(box, outState)
        store(box.policy.desiredAccuracyMeters, outAccuracyM)
    }
}

@c public func gk_tracking_policy_destroy(_ policy: OpaquePointer?) {
    releaseHandle(policy, as: TrackingPolicyBox.self)
}
