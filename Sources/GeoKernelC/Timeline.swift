import GeoKernel
import Timeline

// Section "timeline" of include/geokernel.h: the recorder (gk_timeline) and the tracking
// policy (gk_tracking_policy). Each handle is a retained box around the Swift value.

/// The object behind a `gk_timeline *`: a `Recorder` as it is (the detector, the diary,
/// the live events, the naming).
///
/// A `gk_timeline` is used by one thread at a time (the header's rule), so the runtime's
/// exclusivity check on the recorder (a thread-local access set per access, a noticeable
/// part of the work per fix) is turned off.
final class TimelineBox {
    @exclusivity(unchecked) var recorder: Recorder
    init(_ recorder: Recorder) { self.recorder = recorder }
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
        outHandle.pointee = retainedHandle(TimelineBox(Recorder(preset: p)))
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
        outHandle.pointee = retainedHandle(TimelineBox(Recorder(parameters: parameters)))
    }
}

@c public func gk_timeline_add(
    _ ctx: OpaquePointer?, _ tl: OpaquePointer?, _ lat: Double, _ lon: Double, _ timeS: Double, _ accuracyM: Double,
    _ outPlacemarks: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(tl, as: TimelineBox.self), "tl")
        try box.recorder.add(try cFix(lat, lon, timeS, accuracyM))
        storeCount(box.recorder.placemarks.count, outPlacemarks)
    }
}

@c public func gk_timeline_add_batch(
    _ ctx: OpaquePointer?, _ tl: OpaquePointer?, _ lat: UnsafePointer<Double>?, _ lon: UnsafePointer<Double>?,
    _ timeS: UnsafePointer<Double>?, _ accuracyM: UnsafePointer<Double>?, _ count: UInt, _ strideBytes: Int,
    _ outPlacemarks: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(tl, as: TimelineBox.self), "tl")
        defer { storeCount(box.recorder.placemarks.count, outPlacemarks) }
        try forEachFix(lat, lon, timeS, accuracyM, count, strideBytes, note: { " (fixes 0..<\($0) were added)" }) {
            (_, fix) throws(GeoKernelError) in try box.recorder.add(fix)
        }
    }
}

@c public func gk_timeline_finish(
    _ ctx: OpaquePointer?, _ tl: OpaquePointer?, _ includeOpenStay: CInt, _ outPlacemarks: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(tl, as: TimelineBox.self), "tl")
        box.recorder.finish(includeOpenStay: includeOpenStay != 0)
        storeCount(box.recorder.placemarks.count, outPlacemarks)
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
        let places = box.recorder.placemarks
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
        let fixes = try box.recorder.move(leaving: fromIndex)?.fixes ?? []
        try deliver(count: fixes.count, capacity: capacity, outCount: outCount, "fixes") { i in
            let f = fixes[i]
            lat?[i] = f.coordinate.latitude
            lon?[i] = f.coordinate.longitude
            timeS?[i] = f.timestamp
        }
    }
}

/// The error of a move not closed yet (or no fixes before the first placemark).
func moveNotKnown(_ fromIndex: Int) -> GeoKernelError {
    GeoKernelError(
        .notFound,
        fromIndex < 0
            ? "no fixes before the first placemark"
            : "the move leaving placemark \(fromIndex) is not known yet (it is, once a later placemark or gk_timeline_finish closes it)")
}

@c public func gk_timeline_move(
    _ ctx: OpaquePointer?, _ tl: OpaquePointer?, _ fromIndex: Int, _ outStart: UnsafeMutablePointer<Double>?,
    _ outEnd: UnsafeMutablePointer<Double>?, _ outDistanceM: UnsafeMutablePointer<Double>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(tl, as: TimelineBox.self), "tl")
        guard let m = try box.recorder.move(leaving: fromIndex) else { throw moveNotKnown(fromIndex) }
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
        storeCount(box.recorder.live.detector.storedFixes, outStored)
        storeCount(box.recorder.live.detector.ignoredInaccurateFixes, outIgnoredInaccurate)
        storeCount(box.recorder.live.detector.repeatedFixes, outRepeated)
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
