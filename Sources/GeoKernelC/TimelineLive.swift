import CGeoKernelHeader
import GeoKernel
import Timeline

// Section "timeline live" of include/geokernel.h: the live events of a gk_timeline
// (arrived, updated, departed, cancelled) in a queue like the geofence monitor's, and the
// cleaning stage. The box is TimelineBox (Timeline.swift).

extension StayEvent {
    /// GK_TIMELINE_ARRIVED … GK_TIMELINE_CANCELLED.
    var cKind: CInt {
        switch self {
        case .arrived: GK_TIMELINE_ARRIVED
        case .updated: GK_TIMELINE_UPDATED
        case .departed: GK_TIMELINE_DEPARTED
        case .cancelled: GK_TIMELINE_CANCELLED
        case .move: 0  // never queued
        }
    }
}

@c public func gk_timeline_enable_events(_ ctx: OpaquePointer?, _ tl: OpaquePointer?) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(tl, as: TimelineBox.self), "tl")
        try box.recorder.enableLiveEvents()
    }
}

@c public func gk_timeline_set_cleaning(
    _ ctx: OpaquePointer?, _ tl: OpaquePointer?, _ maxSpeedMps: Double, _ maxAccuracyM: Double
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(tl, as: TimelineBox.self), "tl")
        let rules = try TrackCleaning(maximumSpeedMetersPerSecond: maxSpeedMps, maximumAccuracyMeters: maxAccuracyM)
        try box.recorder.configure(cleaning: rules)
    }
}

@c public func gk_timeline_set_rules(
    _ ctx: OpaquePointer?, _ tl: OpaquePointer?, _ signalGapS: Double, _ departure: CInt, _ anchor: CInt
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(tl, as: TimelineBox.self), "tl")
        let rule: StopDetector.Parameters.Departure
        switch departure {
        case GK_TIMELINE_DEPART_FIRST_OUTSIDE: rule = .firstFixOutside
        case GK_TIMELINE_DEPART_LAST_INSIDE: rule = .lastFixInside
        default:
            throw .invalid("departure \(departure) must be GK_TIMELINE_DEPART_FIRST_OUTSIDE or GK_TIMELINE_DEPART_LAST_INSIDE")
        }
        let anchorRule: StopDetector.Parameters.Anchor
        switch anchor {
        case GK_TIMELINE_ANCHOR_FIRST_FIX: anchorRule = .firstFix
        case GK_TIMELINE_ANCHOR_CENTROID: anchorRule = .centroid
        case GK_TIMELINE_ANCHOR_CENTROID_ONCE_ESTABLISHED: anchorRule = .centroidOnceEstablished
        default:
            throw .invalid("anchor \(anchor) must be GK_TIMELINE_ANCHOR_FIRST_FIX, _CENTROID or _CENTROID_ONCE_ESTABLISHED")
        }
        let p = box.recorder.parameters
        let parameters = try StopDetector.Parameters(
            distanceMeters: p.distanceMeters, durationSeconds: p.durationSeconds, gapSeconds: p.gapSeconds,
            minimumAccuracyMeters: p.minimumAccuracyMeters, signalGapSeconds: signalGapS, departure: rule,
            anchor: anchorRule)
        try box.recorder.configure(parameters: parameters)
    }
}

@c public func gk_timeline_read_events(
    _ ctx: OpaquePointer?, _ tl: OpaquePointer?, _ outKinds: UnsafeMutablePointer<CInt>?,
    _ outIndex: UnsafeMutablePointer<Int>?, _ outLat: UnsafeMutablePointer<Double>?,
    _ outLon: UnsafeMutablePointer<Double>?, _ outArrival: UnsafeMutablePointer<Double>?,
    _ outTime: UnsafeMutablePointer<Double>?, _ outFixCount: UnsafeMutablePointer<UInt>?, _ capacity: UInt,
    _ outCount: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(tl, as: TimelineBox.self), "tl")
        let count = try required(outCount, "out_count")
        let pending = box.recorder.pendingEvents
        let n = Int(min(UInt(pending.count), capacity))
        for (k, e) in pending.prefix(n).enumerated() {
            outKinds?[k] = e.cKind
            let row: (index: Int, at: Coordinate, arrival: Double, time: Double, fixes: Int)
            switch e {
            case .arrived(let s), .updated(let s), .cancelled(let s):
                row = (s.index, s.coordinate, s.arrival, s.lastSeen, s.fixCount)
            case .departed(let p):
                row = (p.index, p.coordinate, p.arrival, p.departure, p.fixCount)
            case .move:
                continue  // never queued
            }
            outIndex?[k] = row.index
            outLat?[k] = row.at.latitude
            outLon?[k] = row.at.longitude
            outArrival?[k] = row.arrival
            outTime?[k] = row.time
            outFixCount?[k] = UInt(row.fixes)
        }
        box.recorder.dropEvents(n)
        count.pointee = UInt(n)
    }
}

@c public func gk_timeline_pending_events(_ tl: OpaquePointer?) -> UInt {
    UInt(borrow(tl, as: TimelineBox.self)?.recorder.pendingEvents.count ?? 0)
}
