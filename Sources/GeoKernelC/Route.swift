import GeoKernel
import Route

// Section "route" of include/geokernel.h. A gk_route * is a retained RouteBox holding a
// RoutePlan value; every call reads or replaces that value (one thread at a time).

/// The object behind a `gk_route *`.
final class RouteBox {
    var plan: RoutePlan
    init(_ plan: RoutePlan) { self.plan = plan }
}

func routeBox(_ route: OpaquePointer?) throws(GeoKernelError) -> RouteBox {
    try required(borrow(route, as: RouteBox.self), "route")
}

/// Pin `index` of a plan; `.notFound` past the last.
func routePin(_ route: OpaquePointer?, _ index: UInt) throws(GeoKernelError) -> RoutePin {
    let pins = try routeBox(route).plan.pins
    return pins[try routeCheckedIndex(index, pins.count, "pin")]
}

/// A C index checked against `count` items; `.notFound` names both.
func routeCheckedIndex(_ index: UInt, _ count: Int, _ what: String) throws(GeoKernelError) -> Int {
    guard index < UInt(count) else {
        throw GeoKernelError(.notFound, "\(what) index \(index) is past the last one (the route has \(count))")
    }
    return Int(index)
}

fileprivate func routeStoreRegion(
    _ r: MapRegion, _ lat: UnsafeMutablePointer<Double>?, _ lon: UnsafeMutablePointer<Double>?,
    _ latDelta: UnsafeMutablePointer<Double>?, _ lonDelta: UnsafeMutablePointer<Double>?
) {
    store(r.center.latitude, lat)
    store(r.center.longitude, lon)
    store(r.latitudeDeltaDegrees, latDelta)
    store(r.longitudeDeltaDegrees, lonDelta)
}

@c public func gk_route_create(
    _ ctx: OpaquePointer?, _ maxPins: UInt, _ speedMps: Double, _ spacingM: Double,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        guard maxPins <= UInt(Int.max) else { throw .invalid("max_pins \(maxPins) is too large") }
        let speed = try SpeedProfile(name: "custom", metersPerSecond: speedMps)
        let plan = try RoutePlan(
            configuration: .init(maxPins: Int(maxPins), speed: speed, spacingMeters: spacingM))
        outHandle.pointee = retainedHandle(RouteBox(plan))
    }
}

@c public func gk_route_destroy(_ route: OpaquePointer?) {
    releaseHandle(route, as: RouteBox.self)
}

@c public func gk_route_add_pin(_ ctx: OpaquePointer?, _ route: OpaquePointer?, _ lat: Double, _ lon: Double) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        try routeBox(route).plan.addPin(latitude: lat, longitude: lon)
    }
}

@c public func gk_route_add_pin_with_leg(
    _ ctx: OpaquePointer?, _ route: OpaquePointer?, _ lat: Double, _ lon: Double,
    _ legLat: UnsafePointer<Double>?, _ legLon: UnsafePointer<Double>?, _ legCount: UInt, _ strideBytes: Int,
    _ travelTimeS: UnsafePointer<Double>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try routeBox(route)
        let pin = try Coordinate(latitude: lat, longitude: lon)
        let geometry = legCount == 0 ? nil : try routeGatherCoordinates(legLat, legLon, legCount, strideBytes)
        try box.plan.addPin(pin, legGeometry: geometry, travelTimeSeconds: travelTimeS?.pointee)
    }
}

@c public func gk_route_reset(_ ctx: OpaquePointer?, _ route: OpaquePointer?) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        try routeBox(route).plan.reset()
    }
}

@c public func gk_route_pin_count(_ route: OpaquePointer?) -> UInt {
    UInt(borrow(route, as: RouteBox.self)?.plan.pins.count ?? 0)
}

@c public func gk_route_pin(
    _ ctx: OpaquePointer?, _ route: OpaquePointer?, _ index: UInt,
    _ outLat: UnsafeMutablePointer<Double>?, _ outLon: UnsafeMutablePointer<Double>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let pin = try routePin(route, index)
        store(pin.coordinate.latitude, outLat)
        store(pin.coordinate.longitude, outLon)
    }
}

@c public func gk_route_pin_label(
    _ ctx: OpaquePointer?, _ route: OpaquePointer?, _ index: UInt,
    _ buf: UnsafeMutablePointer<CChar>?, _ capacity: UInt, _ outLen: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        try deliver(try routePin(route, index).label, to: buf, capacity: capacity, outLen: outLen)
    }
}

@c public func gk_route_pin_snap(
    _ ctx: OpaquePointer?, _ route: OpaquePointer?, _ index: UInt,
    _ buf: UnsafeMutablePointer<CChar>?, _ capacity: UInt, _ outLen: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        try deliver(try routePin(route, index).snapDescription, to: buf, capacity: capacity, outLen: outLen)
    }
}

@c public func gk_route_leg(
    _ ctx: OpaquePointer?, _ route: OpaquePointer?, _ index: UInt,
    _ outLengthM: UnsafeMutablePointer<Double>?, _ outTimeS: UnsafeMutablePointer<Double>?,
    _ outVertexCount: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let legs = try routeBox(route).plan.legs
        let leg = legs[try routeCheckedIndex(index, legs.count, "leg")]
        store(leg.lengthMeters, outLengthM)
        store(leg.travelTime.seconds, outTimeS)
        outVertexCount?.pointee = UInt(leg.geometry.count)
    }
}

@c public func gk_route_leg_geometry(
    _ ctx: OpaquePointer?, _ route: OpaquePointer?, _ index: UInt,
    _ outLat: UnsafeMutablePointer<Double>?, _ outLon: UnsafeMutablePointer<Double>?, _ capacity: UInt,
    _ outCount: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let legs = try routeBox(route).plan.legs
        let geometry = legs[try routeCheckedIndex(index, legs.count, "leg")].geometry
        try deliverCoordinates(geometry, outLat, outLon, capacity, outCount, "leg \(index)")
    }
}

@c public func gk_route_direction_count(_ route: OpaquePointer?) -> UInt {
    UInt(borrow(route, as: RouteBox.self)?.plan.directions.count ?? 0)
}

@c public func gk_route_direction(
    _ ctx: OpaquePointer?, _ route: OpaquePointer?, _ index: UInt,
    _ buf: UnsafeMutablePointer<CChar>?, _ capacity: UInt, _ outLen: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let lines = try routeBox(route).plan.directions
        try deliver(lines[try routeCheckedIndex(index, lines.count, "direction line")], to: buf, capacity: capacity, outLen: outLen)
    }
}

@c public func gk_route_geojson(
    _ ctx: OpaquePointer?, _ route: OpaquePointer?,
    _ buf: UnsafeMutablePointer<CChar>?, _ capacity: UInt, _ outLen: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        try deliver(try routeBox(route).plan.geoJSON(), to: buf, capacity: capacity, outLen: outLen)
    }
}

@c public func gk_route_region(
    _ ctx: OpaquePointer?, _ route: OpaquePointer?, _ paddingFactor: Double,
    _ outCenterLat: UnsafeMutablePointer<Double>?, _ outCenterLon: UnsafeMutablePointer<Double>?,
    _ outLatDelta: UnsafeMutablePointer<Double>?, _ outLonDelta: UnsafeMutablePointer<Double>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        guard let region = try routeBox(route).plan.region(paddingFactor: paddingFactor) else {
            throw GeoKernelError(.notFound, "the route has no pins, so no region")
        }
        routeStoreRegion(region, outCenterLat, outCenterLon, outLatDelta, outLonDelta)
    }
}

@c public func gk_region_around(
    _ ctx: OpaquePointer?, _ lat: Double, _ lon: Double, _ latitudinalM: Double, _ longitudinalM: Double,
    _ outCenterLat: UnsafeMutablePointer<Double>?, _ outCenterLon: UnsafeMutablePointer<Double>?,
    _ outLatDelta: UnsafeMutablePointer<Double>?, _ outLonDelta: UnsafeMutablePointer<Double>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let region = try MapRegion(
            center: try coordinate(lat, lon), latitudinalMeters: latitudinalM, longitudinalMeters: longitudinalM)
        routeStoreRegion(region, outCenterLat, outCenterLon, outLatDelta, outLonDelta)
    }
}

@c public func gk_region_of_points(
    _ ctx: OpaquePointer?, _ lat: UnsafePointer<Double>?, _ lon: UnsafePointer<Double>?, _ count: UInt,
    _ strideBytes: Int, _ paddingFactor: Double,
    _ outCenterLat: UnsafeMutablePointer<Double>?, _ outCenterLon: UnsafeMutablePointer<Double>?,
    _ outLatDelta: UnsafeMutablePointer<Double>?, _ outLonDelta: UnsafeMutablePointer<Double>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let points = try routeGatherCoordinates(lat, lon, count, strideBytes)
        let region = try MapRegion(showing: points, paddingFactor: paddingFactor)
        routeStoreRegion(region, outCenterLat, outCenterLon, outLatDelta, outLonDelta)
    }
}

@c public func gk_travel_time_format(
    _ ctx: OpaquePointer?, _ seconds: Double,
    _ buf: UnsafeMutablePointer<CChar>?, _ capacity: UInt, _ outLen: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        try deliver(try TravelTime(seconds: seconds).description, to: buf, capacity: capacity, outLen: outLen)
    }
}

@c public func gk_polyline_encode(
    _ ctx: OpaquePointer?, _ lat: UnsafePointer<Double>?, _ lon: UnsafePointer<Double>?, _ count: UInt,
    _ strideBytes: Int, _ precision: CInt,
    _ buf: UnsafeMutablePointer<CChar>?, _ capacity: UInt, _ outLen: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let points = try routeGatherCoordinates(lat, lon, count, strideBytes)
        try deliver(try EncodedPolyline.encode(points, precision: Int(precision)), to: buf, capacity: capacity, outLen: outLen)
    }
}

@c public func gk_polyline_decode(
    _ ctx: OpaquePointer?, _ encoded: UnsafePointer<CChar>?, _ precision: CInt,
    _ outLat: UnsafeMutablePointer<Double>?, _ outLon: UnsafeMutablePointer<Double>?, _ capacity: UInt,
    _ outCount: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        // Invalid UTF-8 becomes U+FFFD, which the decoder refuses like any byte outside '?'…'~'.
        let text = try required(encoded, "encoded")
        let length = strlen(text)
        let bytes = UnsafeRawBufferPointer(start: text, count: length)
        let points = try EncodedPolyline.decode(String(decoding: bytes, as: UTF8.self), precision: Int(precision))
        try deliverCoordinates(points, outLat, outLon, capacity, outCount, "decoded polyline")
    }
}

#if canImport(Glibc)
import Glibc
#endif
