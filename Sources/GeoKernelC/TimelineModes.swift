import GeoKernel
import Matching
import Timeline

// Section "timeline", travel modes: the legs of a timeline's moves with their modes
// (gk_timeline_legs), the motion activity and the thresholds they use. Road evidence comes
// from a gk_matcher when one is given.

/// The C layout of `struct gk_trip_leg`: nine doubles, two uint64_t, two int32_t (96 bytes).
struct CTripLeg {
    var startS: Double, endS: Double, distanceM: Double, confidence: Double, medianSpeedMPS: Double
    var topSpeedMPS: Double, stopsPerKm: Double, turnsPerKm: Double, roadShare: Double
    var firstFix: UInt64, lastFix: UInt64
    var mode: Int32, reserved: Int32

    init(_ l: TripLeg) {
        startS = l.start; endS = l.end; distanceM = l.distanceMeters; confidence = l.confidence
        medianSpeedMPS = l.medianSpeed; topSpeedMPS = l.topSpeed; stopsPerKm = l.stopsPerKilometer
        turnsPerKm = l.turnsPerKilometer; roadShare = l.roadShare ?? .nan
        firstFix = UInt64(l.fixes.lowerBound); lastFix = UInt64(l.fixes.upperBound)
        mode = l.mode.rawValue; reserved = 0
    }
}

/// Delivers legs as `struct gk_trip_leg` entries (the array rule).
func deliverLegs(
    _ legs: [TripLeg], _ out: UnsafeMutableRawPointer?, _ capacity: UInt, _ outCount: UnsafeMutablePointer<UInt>?
) throws(GeoKernelError) {
    try deliver(count: legs.count, capacity: capacity, outCount: outCount, "the legs",
                requiring: [(UnsafeRawPointer(out), "out")]) { i in
        out!.storeBytes(of: CTripLeg(legs[i]), toByteOffset: i * MemoryLayout<CTripLeg>.stride, as: CTripLeg.self)
    }
}

@c public func gk_timeline_add_activity(_ ctx: OpaquePointer?, _ tl: OpaquePointer?, _ activity: CInt, _ timeS: Double) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(tl, as: TimelineBox.self), "tl")
        try box.recorder.add(activity: try MotionSample(try MotionActivity(cValue: activity), at: timeS))
    }
}

@c public func gk_timeline_set_mode_thresholds(
    _ ctx: OpaquePointer?, _ tl: OpaquePointer?, _ json: UnsafePointer<CChar>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(tl, as: TimelineBox.self), "tl")
        let thresholds = try ModeThresholds(json: try cString(json, "json"))
        box.recorder.modeClassifier = try ModeClassifier(thresholds: thresholds)
    }
}

@c public func gk_timeline_legs(
    _ ctx: OpaquePointer?, _ tl: OpaquePointer?, _ fromIndex: Int, _ roads: OpaquePointer?,
    _ out: UnsafeMutableRawPointer?, _ capacity: UInt, _ outCount: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(tl, as: TimelineBox.self), "tl")
        let matcher = borrow(roads, as: RoadMatcher.self)
        guard let legs = try box.recorder.legs(leaving: fromIndex, roadShare: matcher?.roadShare(of:)) else {
            throw moveNotKnown(fromIndex)
        }
        try deliverLegs(legs, out, capacity, outCount)
    }
}

@c public func gk_travel_modes(
    _ ctx: OpaquePointer?, _ thresholdsJSON: UnsafePointer<CChar>?, _ lat: UnsafePointer<Double>?,
    _ lon: UnsafePointer<Double>?, _ timeS: UnsafePointer<Double>?, _ accuracyM: UnsafePointer<Double>?, _ count: UInt,
    _ strideBytes: UInt, _ activity: UnsafePointer<CInt>?, _ activityTimeS: UnsafePointer<Double>?, _ activityCount: UInt,
    _ roads: OpaquePointer?, _ out: UnsafeMutableRawPointer?, _ capacity: UInt, _ outCount: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let classifier = try thresholdsJSON.map { p throws(GeoKernelError) in
            try ModeClassifier(thresholds: try ModeThresholds(json: try cString(p, "thresholds_json")))
        } ?? .standard
        var fixes: [Fix] = []
        try forEachFix(lat, lon, timeS, accuracyM, count, Int(clamping: strideBytes)) { _, f in fixes.append(f) }
        var samples: [MotionSample] = []
        let n = try checkedCount(activityCount)
        if n > 0 {
            let kinds = try required(activity, "activity"), times = try required(activityTimeS, "activity_time_s")
            for i in 0..<n {
                do throws(GeoKernelError) {
                    samples.append(try MotionSample(try MotionActivity(cValue: kinds[i]), at: times[i]))
                } catch {
                    throw GeoKernelError(error.code, "activity sample \(i): \(error.message)")
                }
            }
        }
        let matcher = borrow(roads, as: RoadMatcher.self)
        let legs = try classifier.legs(of: fixes, activities: samples, roadShare: matcher?.roadShare(of:))
        try deliverLegs(legs, out, capacity, outCount)
    }
}
