import CGeoKernelHeader
import GeoKernel
import Geofence

// Section "geofence" of include/geokernel.h. A gk_geofence_monitor * is a retained
// GeofenceBox: a Geofence.GeofenceMonitor plus the queue of events not yet read. C fence
// ids are int64_t; the Swift monitor sees them as their decimal strings.

/// The object behind a `gk_geofence_monitor *`.
private final class GeofenceBox {
    var monitor: GeofenceMonitor
    var configuration: GeofenceConfiguration
    /// Events not yet read (gk_geofence_monitor_read_events).
    var events = EventQueue<GeofenceEvent>()

    init() throws(GeoKernelError) {
        configuration = GeofenceConfiguration()
        monitor = try GeofenceMonitor(configuration: configuration)
    }
}

/// The C id of a Swift fence id made by `gk_geofence_monitor_add`.
@inline(__always)
private func geofenceCID(_ id: String) throws(GeoKernelError) -> Int64 {
    guard let v = Int64(id) else { throw GeoKernelError(.internal, "fence id \"\(id)\" is not an int64") }
    return v
}

/// Delivers fence ids (the one output rule: all of them, or nothing).
private func geofenceWriteIDs(
    _ ids: [String], _ out: UnsafeMutablePointer<Int64>?, _ capacity: UInt, _ outCount: UnsafeMutablePointer<UInt>?
) throws(GeoKernelError) {
    var values: [Int64] = []
    values.reserveCapacity(ids.count)
    for id in ids { values.append(try geofenceCID(id)) }
    try deliver(values, to: out, "out_ids", capacity: capacity, outCount: outCount)
}

/// The configuration field of a `GK_GEOFENCE_OPT_*` option.
private func geofenceOption(_ option: CInt) throws(GeoKernelError) -> WritableKeyPath<GeofenceConfiguration, Double>? {
    switch option {
    case GK_GEOFENCE_OPT_HYSTERESIS_M: \.hysteresisMeters
    case GK_GEOFENCE_OPT_ENTER_MARGIN_M: \.enterMarginMeters
    case GK_GEOFENCE_OPT_ENTER_FIXES, GK_GEOFENCE_OPT_EXIT_FIXES: nil  // counts, handled by the callers
    case GK_GEOFENCE_OPT_ENTER_SECONDS: \.enterConfirmationSeconds
    case GK_GEOFENCE_OPT_EXIT_SECONDS: \.exitConfirmationSeconds
    case GK_GEOFENCE_OPT_MAX_ACCURACY_M: \.maximumAccuracyMeters
    case GK_GEOFENCE_OPT_DWELL_SECONDS: \.dwellSeconds
    case GK_GEOFENCE_OPT_ASSUMED_ACCURACY_M: \.assumedAccuracyMeters
    default: throw .invalid("unknown geofence option \(option) (GK_GEOFENCE_OPT_* are 1 to 9)")
    }
}

@c public func gk_geofence_monitor_create(_ ctx: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        outHandle.pointee = retainedHandle(try GeofenceBox())
    }
}

@c public func gk_geofence_monitor_set_option(
    _ ctx: OpaquePointer?, _ m: OpaquePointer?, _ option: CInt, _ value: Double
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(m, as: GeofenceBox.self), "m")
        var c = box.configuration
        if let field = try geofenceOption(option) {
            c[keyPath: field] = value
        } else {
            guard value.isFinite, value.rounded() == value, value >= 1, value <= Double(Int32.max) else {
                throw .invalid("geofence option \(option): \(value) must be a whole number of fixes in [1, \(Int32.max)]")
            }
            if option == 3 { c.enterConfirmationFixes = Int(value) } else { c.exitConfirmationFixes = Int(value) }
        }
        guard box.monitor.count == 0, box.monitor.fixCount == 0 else {
            throw GeoKernelError(.misuse, "geofence options must be set before the first fence or fix")
        }
        box.monitor = try GeofenceMonitor(configuration: c)
        box.configuration = c
    }
}

@c public func gk_geofence_monitor_get_option(
    _ ctx: OpaquePointer?, _ m: OpaquePointer?, _ option: CInt, _ outValue: UnsafeMutablePointer<Double>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(m, as: GeofenceBox.self), "m")
        let out = try required(outValue, "out_value")
        let c = box.configuration
        if let field = try geofenceOption(option) {
            out.pointee = c[keyPath: field]
        } else {
            out.pointee = Double(option == 3 ? c.enterConfirmationFixes : c.exitConfirmationFixes)
        }
    }
}

@c public func gk_geofence_monitor_add(
    _ ctx: OpaquePointer?, _ m: OpaquePointer?, _ id: Int64, _ lat: Double, _ lon: Double, _ radiusM: Double
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(m, as: GeofenceBox.self), "m")
        try box.monitor.add(try CircularFence(id: String(id), latitude: lat, longitude: lon, radiusMeters: radiusM))
    }
}

@c public func gk_geofence_monitor_add_polygon(
    _ ctx: OpaquePointer?, _ m: OpaquePointer?, _ id: Int64, _ p: OpaquePointer?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(m, as: GeofenceBox.self), "m")
        let shape = try required(borrow(p, as: PreparedPolygon.self), "p")
        try box.monitor.add(try PolygonFence(id: String(id), shape: shape))
    }
}

@c public func gk_geofence_monitor_remove(_ ctx: OpaquePointer?, _ m: OpaquePointer?, _ id: Int64) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(m, as: GeofenceBox.self), "m")
        try box.monitor.remove(id: String(id))
    }
}

@c public func gk_geofence_monitor_count(_ m: OpaquePointer?) -> UInt {
    UInt(borrow(m, as: GeofenceBox.self)?.monitor.count ?? 0)
}

/// A fix from C arguments; NaN accuracy means "not given".
@c public func gk_geofence_monitor_update(
    _ ctx: OpaquePointer?, _ m: OpaquePointer?, _ lat: Double, _ lon: Double, _ timeS: Double, _ accuracyM: Double,
    _ outEvents: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(m, as: GeofenceBox.self), "m")
        let fix = try cFix(lat, lon, timeS, accuracyM)
        let added = try box.events.appending { (events) throws(GeoKernelError) in
            try box.monitor.update(with: fix, into: &events)
        }
        outEvents?.pointee = UInt(added)
    }
}

@c public func gk_geofence_monitor_update_batch(
    _ ctx: OpaquePointer?, _ m: OpaquePointer?, _ lat: UnsafePointer<Double>?, _ lon: UnsafePointer<Double>?,
    _ timeS: UnsafePointer<Double>?, _ accuracyM: UnsafePointer<Double>?, _ count: UInt, _ strideBytes: Int,
    _ outEvents: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(m, as: GeofenceBox.self), "m")
        var fixes: [Fix] = []
        fixes.reserveCapacity(Int(min(count, 1 << 20)))
        try forEachFix(lat, lon, timeS, accuracyM, count, strideBytes) { (_, fix) throws(GeoKernelError) in fixes.append(fix) }
        let events = try box.monitor.update(with: fixes)  // checks the order before feeding any
        box.events.append(contentsOf: events)
        outEvents?.pointee = UInt(events.count)
    }
}

@c public func gk_geofence_monitor_read_events(
    _ ctx: OpaquePointer?, _ m: OpaquePointer?, _ outKinds: UnsafeMutablePointer<CInt>?,
    _ outIDs: UnsafeMutablePointer<Int64>?, _ outTimes: UnsafeMutablePointer<Double>?, _ capacity: UInt,
    _ outCount: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(m, as: GeofenceBox.self), "m")
        try box.events.read(capacity: capacity, outCount: outCount) { (k, e) throws(GeoKernelError) in
            outKinds?[k] = e.kind.cValue
            outIDs?[k] = try geofenceCID(e.fenceID)
            outTimes?[k] = e.timestamp
        }
    }
}

@c public func gk_geofence_monitor_pending_events(_ m: OpaquePointer?) -> UInt {
    UInt(borrow(m, as: GeofenceBox.self)?.events.pending ?? 0)
}

@c public func gk_geofence_monitor_inside(
    _ ctx: OpaquePointer?, _ m: OpaquePointer?, _ outInside: UnsafeMutablePointer<CInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(m, as: GeofenceBox.self), "m")
        try required(outInside, "out_inside").pointee = box.monitor.isInsideAnyFence ? 1 : 0
    }
}

@c public func gk_geofence_monitor_inside_ids(
    _ ctx: OpaquePointer?, _ m: OpaquePointer?, _ outIDs: UnsafeMutablePointer<Int64>?, _ capacity: UInt,
    _ outCount: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(m, as: GeofenceBox.self), "m")
        try geofenceWriteIDs(box.monitor.insideFenceIDs, outIDs, capacity, outCount)
    }
}

@c public func gk_geofence_monitor_containing(
    _ ctx: OpaquePointer?, _ m: OpaquePointer?, _ lat: Double, _ lon: Double,
    _ outIDs: UnsafeMutablePointer<Int64>?, _ capacity: UInt, _ outCount: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(m, as: GeofenceBox.self), "m")
        let ids = box.monitor.fences(containing: try coordinate(lat, lon))
        try geofenceWriteIDs(ids, outIDs, capacity, outCount)
    }
}

@c public func gk_geofence_monitor_destroy(_ m: OpaquePointer?) {
    releaseHandle(m, as: GeofenceBox.self)
}
