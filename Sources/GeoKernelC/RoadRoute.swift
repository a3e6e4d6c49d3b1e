import GeoKernel
import Route

// Section "road" of include/geokernel.h, part 2: route plans whose legs follow a road
// network, and the steps of any plan's legs as fields. A plan made here is an ordinary
// gk_route (a RouteBox); the route section's functions work on it unchanged.

/// The C layout of `struct gk_route_step`: four ints, three doubles, two size_t, in this
/// order (56 bytes on LP64; Swift lays out these fields as C does). Written whole.
fileprivate struct CRouteStep {
    var maneuver: CInt
    var modifier: CInt
    var exitNumber: CInt
    var side: CInt
    var headingDeg: Double
    var distanceM: Double
    var durationS: Double
    var firstVertex: UInt
    var lastVertex: UInt

    init(_ s: RouteStep) {
        maneuver = s.maneuver.cValue
        modifier = s.modifier.cValue
        exitNumber = s.exitNumber.map { CInt(clamping: $0) } ?? 0
        side = s.arrivalSide.cValue
        headingDeg = Double(CompassDirection.allCases.firstIndex(of: s.heading) ?? 0) * 45
        distanceM = s.distanceMeters
        durationS = s.durationSeconds
        firstVertex = UInt(s.vertexIndex)
        lastVertex = UInt(s.endVertexIndex)
    }
}

/// Step `index` of leg `leg`; `.notFound` for either index out of range.
fileprivate func roadStep(_ route: OpaquePointer?, _ leg: UInt, _ index: UInt) throws(GeoKernelError) -> RouteStep {
    let legs = try routeBox(route).plan.legs
    let l = try routeCheckedIndex(leg, legs.count, "leg")
    let steps = legs[l].steps
    guard index < UInt(steps.count) else {
        throw GeoKernelError(.notFound, "step index \(index) is past the last one (leg \(l) has \(steps.count) steps)")
    }
    return steps[Int(index)]
}

@c public func gk_route_create_road(
    _ ctx: OpaquePointer?, _ maxPins: UInt, _ router: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        let box = try routerBox(router)
        guard maxPins <= UInt(Int.max) else { throw .invalid("max_pins \(maxPins) is too large") }
        let plan = try RoutePlan(configuration: .init(maxPins: Int(maxPins)), router: box.router)
        outHandle.pointee = retainedHandle(RouteBox(plan))
    }
}

@c public func gk_route_leg_name(
    _ ctx: OpaquePointer?, _ route: OpaquePointer?, _ leg: UInt,
    _ buf: UnsafeMutablePointer<CChar>?, _ capacity: UInt, _ outLen: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let legs = try routeBox(route).plan.legs
        try deliver(legs[try routeCheckedIndex(leg, legs.count, "leg")].name, to: buf, capacity: capacity, outLen: outLen)
    }
}

@c public func gk_route_step_count(_ route: OpaquePointer?, _ leg: UInt) -> UInt {
    guard let legs = borrow(route, as: RouteBox.self)?.plan.legs, leg < UInt(legs.count) else { return 0 }
    return UInt(legs[Int(leg)].steps.count)
}

@c public func gk_route_step(
    _ ctx: OpaquePointer?, _ route: OpaquePointer?, _ leg: UInt, _ index: UInt, _ out: UnsafeMutableRawPointer?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let dst = try required(out, "out")
        dst.storeBytes(of: CRouteStep(try roadStep(route, leg, index)), as: CRouteStep.self)
    }
}

@c public func gk_route_step_text(
    _ ctx: OpaquePointer?, _ route: OpaquePointer?, _ leg: UInt, _ index: UInt,
    _ buf: UnsafeMutablePointer<CChar>?, _ capacity: UInt, _ outLen: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let language = try routeBox(route).plan.language
        try deliver(try roadStep(route, leg, index).instruction(in: language), to: buf, capacity: capacity, outLen: outLen)
    }
}

@c public func gk_route_step_road(
    _ ctx: OpaquePointer?, _ route: OpaquePointer?, _ leg: UInt, _ index: UInt,
    _ nameBuf: UnsafeMutablePointer<CChar>?, _ nameCapacity: UInt, _ outNameLen: UnsafeMutablePointer<UInt>?,
    _ refBuf: UnsafeMutablePointer<CChar>?, _ refCapacity: UInt, _ outRefLen: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let step = try roadStep(route, leg, index)
        try deliverPair(
            (step.roadName, nameBuf, nameCapacity, outNameLen, "name_buf", "out_name_len"),
            (step.roadRef, refBuf, refCapacity, outRefLen, "ref_buf", "out_ref_len"))
    }
}

@c public func gk_route_set_language(_ ctx: OpaquePointer?, _ route: OpaquePointer?, _ language: UnsafePointer<CChar>?) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try routeBox(route)
        box.plan.language = try DirectionsLanguage(code: try cString(language, "language"))
    }
}

@c public func gk_route_step_signs(
    _ ctx: OpaquePointer?, _ route: OpaquePointer?, _ leg: UInt, _ index: UInt,
    _ destBuf: UnsafeMutablePointer<CChar>?, _ destCapacity: UInt, _ outDestLen: UnsafeMutablePointer<UInt>?,
    _ exitBuf: UnsafeMutablePointer<CChar>?, _ exitCapacity: UInt, _ outExitLen: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let step = try roadStep(route, leg, index)
        try deliverPair(
            (step.destination, destBuf, destCapacity, outDestLen, "dest_buf", "out_dest_len"),
            (step.exitRef, exitBuf, exitCapacity, outExitLen, "exit_buf", "out_exit_len"))
    }
}

@c public func gk_route_step_lanes(
    _ ctx: OpaquePointer?, _ route: OpaquePointer?, _ leg: UInt, _ index: UInt, _ outMasks: UnsafeMutablePointer<UInt32>?,
    _ capacity: UInt, _ outCount: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let lanes = try roadStep(route, leg, index).lanes
        try deliver(lanes.map(laneMask), to: outMasks, "out_masks", capacity: capacity, outCount: outCount)
    }
}

/// The GK_LANE_* bits of a lane.
fileprivate func laneMask(_ lane: RouteStep.Lane) -> UInt32 {
    let bits: [String: UInt32] = [
        "through": 1 << 0, "left": 1 << 1, "slight_left": 1 << 2, "sharp_left": 1 << 3, "right": 1 << 4,
        "slight_right": 1 << 5, "sharp_right": 1 << 6, "reverse": 1 << 7, "merge_to_left": 1 << 8,
        "merge_to_right": 1 << 9,
    ]
    var mask: UInt32 = lane.isValid ? 1 << 31 : 0
    for m in lane.indications { mask |= bits[m] ?? 1 << 30 }
    return mask
}
