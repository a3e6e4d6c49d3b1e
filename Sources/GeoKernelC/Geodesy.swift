import GeoKernel

// Section "geodesy" of include/geokernel.h.

@inline(__always)
func coordinate(_ lat: Double, _ lon: Double) throws(GeoKernelError) -> Coordinate {
    try Coordinate(latitude: lat, longitude: lon)
}

@inline(__always)
func store(_ value: Double, _ p: UnsafeMutablePointer<Double>?) { p?.pointee = value }

@c public func gk_coord_check(
    _ ctx: OpaquePointer?, _ lat: Double, _ lon: Double,
    _ outLat: UnsafeMutablePointer<Double>?, _ outLon: UnsafeMutablePointer<Double>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let c = try coordinate(lat, lon)
        store(c.latitude, outLat)
        store(c.longitude, outLon)
    }
}

@c public func gk_haversine(
    _ ctx: OpaquePointer?, _ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double,
    _ outM: UnsafeMutablePointer<Double>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let out = try required(outM, "out_m")
        out.pointee = haversineDistance(try coordinate(lat1, lon1), try coordinate(lat2, lon2))
    }
}

@c public func gk_geodesic_inverse(
    _ ctx: OpaquePointer?, _ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double,
    _ outS12: UnsafeMutablePointer<Double>?, _ outAzi1: UnsafeMutablePointer<Double>?,
    _ outAzi2: UnsafeMutablePointer<Double>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let r = Geodesic.wgs84.inverse(from: try coordinate(lat1, lon1), to: try coordinate(lat2, lon2))
        store(r.distanceMeters, outS12)
        store(r.initialAzimuthDegrees, outAzi1)
        store(r.finalAzimuthDegrees, outAzi2)
    }
}

@c public func gk_geodesic_direct(
    _ ctx: OpaquePointer?, _ lat1: Double, _ lon1: Double, _ azi1: Double, _ s12: Double,
    _ outLat2: UnsafeMutablePointer<Double>?, _ outLon2: UnsafeMutablePointer<Double>?,
    _ outAzi2: UnsafeMutablePointer<Double>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let r = try Geodesic.wgs84.direct(
            from: try coordinate(lat1, lon1), azimuthDegrees: azi1, distanceMeters: s12)
        store(r.destination.latitude, outLat2)
        store(r.destination.longitude, outLon2)
        store(r.finalAzimuthDegrees, outAzi2)
    }
}

@c public func gk_initial_bearing(
    _ ctx: OpaquePointer?, _ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double,
    _ outDeg: UnsafeMutablePointer<Double>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let out = try required(outDeg, "out_deg")
        out.pointee = try coordinate(lat1, lon1).initialBearing(to: try coordinate(lat2, lon2))
    }
}

@c public func gk_destination(
    _ ctx: OpaquePointer?, _ lat: Double, _ lon: Double, _ bearingDeg: Double, _ distanceM: Double,
    _ outLat: UnsafeMutablePointer<Double>?, _ outLon: UnsafeMutablePointer<Double>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let d = try coordinate(lat, lon).destination(bearingDegrees: bearingDeg, distanceMeters: distanceM)
        store(d.latitude, outLat)
        store(d.longitude, outLon)
    }
}

@c public func gk_cross_track_distance(
    _ ctx: OpaquePointer?, _ lat: Double, _ lon: Double,
    _ startLat: Double, _ startLon: Double, _ endLat: Double, _ endLon: Double,
    _ outM: UnsafeMutablePointer<Double>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let out = try required(outM, "out_m")
        out.pointee = try coordinate(lat, lon).crossTrackDistance(
            start: try coordinate(startLat, startLon), end: try coordinate(endLat, endLon))
    }
}

@c public func gk_along_track_distance(
    _ ctx: OpaquePointer?, _ lat: Double, _ lon: Double,
    _ startLat: Double, _ startLon: Double, _ endLat: Double, _ endLon: Double,
    _ outM: UnsafeMutablePointer<Double>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let out = try required(outM, "out_m")
        out.pointee = try coordinate(lat, lon).alongTrackDistance(
            start: try coordinate(startLat, startLon), end: try coordinate(endLat, endLon))
    }
}

@c public func gk_bbox_of_circle(
    _ ctx: OpaquePointer?, _ lat: Double, _ lon: Double, _ radiusM: Double,
    _ outSouth: UnsafeMutablePointer<Double>?, _ outNorth: UnsafeMutablePointer<Double>?,
    _ outWest: UnsafeMutablePointer<Double>?, _ outEast: UnsafeMutablePointer<Double>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let b = try BoundingBox(circleAround: try coordinate(lat, lon), radiusMeters: radiusM)
        store(b.south, outSouth)
        store(b.north, outNorth)
        store(b.west, outWest)
        store(b.east, outEast)
    }
}
