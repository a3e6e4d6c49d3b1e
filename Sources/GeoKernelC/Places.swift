import CGeoKernelHeader
import GeoKernel
import Nearby
import OpenStreetMap
import Timeline

// Section "places" of include/geokernel.h: reverse geocoding by address (gk_address_index
// * is a retained AddressIndexBox) and the places a timeline's stays return to.

/// The object behind a `gk_address_index *`.
final class AddressIndexBox {
    let index: AddressIndex
    init(_ index: AddressIndex) { self.index = index }
}

@c public func gk_address_index_build(
    _ ctx: OpaquePointer?, _ osmPath: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        let built = try AddressIndex.build(osmFile: try cString(osmPath, "osm_path"))
        outHandle.pointee = retainedHandle(AddressIndexBox(built.index))
    }
}

@c public func gk_address_index_save(
    _ ctx: OpaquePointer?, _ index: OpaquePointer?, _ path: UnsafePointer<CChar>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(index, as: AddressIndexBox.self), "index")
        try box.index.save(to: try cString(path, "path"))
    }
}

@c public func gk_address_index_load(
    _ ctx: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        outHandle.pointee = retainedHandle(AddressIndexBox(try AddressIndex(contentsOf: try cString(path, "path"))))
    }
}

@c public func gk_address_index_destroy(_ index: OpaquePointer?) {
    releaseHandle(index, as: AddressIndexBox.self)
}

@c public func gk_address_index_count(_ index: OpaquePointer?, _ kind: CInt) -> UInt {
    guard let box = borrow(index, as: AddressIndexBox.self), let k = AddressKind(cValue: kind) else { return 0 }
    return UInt(box.index.count(k))
}

@c public func gk_address_index_lookup(
    _ ctx: OpaquePointer?, _ index: OpaquePointer?, _ towns: OpaquePointer?, _ lat: Double, _ lon: Double,
    _ placeM: Double, _ addressM: Double, _ streetM: Double, _ outKind: UnsafeMutablePointer<CInt>?,
    _ buf: UnsafeMutablePointer<CChar>?, _ capacity: UInt, _ outLen: UnsafeMutablePointer<UInt>?,
    _ outM: UnsafeMutablePointer<Double>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(index, as: AddressIndexBox.self), "index")
        let c = try coordinate(lat, lon)
        for (r, name) in [(placeM, "place_m"), (addressM, "address_m"), (streetM, "street_m")] where !(r >= 0) {
            throw GeoKernelError.invalid("\(name) \(r) must be ≥ 0 metres")
        }
        let fallback = borrow(towns, as: GeocoderBox.self)?.geocoder
        let radii = AddressRadii(placeMeters: placeM, addressMeters: addressM, streetMeters: streetM)
        guard let m = box.index.lookup(c, radii: radii, fallback: fallback) else {
            throw GeoKernelError(.notFound, "no place, address or street within the radii of \(c)")
        }
        try deliver(m.text, to: buf, capacity: capacity, outLen: outLen)
        outKind?.pointee = m.kind.cValue
        store(m.distanceMeters, outM)
    }
}

@c public func gk_timeline_places(
    _ ctx: OpaquePointer?, _ tl: OpaquePointer?, _ radiusM: Double, _ utcOffsetS: Double,
    _ lat: UnsafeMutablePointer<Double>?, _ lon: UnsafeMutablePointer<Double>?,
    _ visitCount: UnsafeMutablePointer<UInt>?, _ totalS: UnsafeMutablePointer<Double>?, _ capacity: UInt,
    _ outCount: UnsafeMutablePointer<UInt>?, _ outHome: UnsafeMutablePointer<Int>?, _ outWork: UnsafeMutablePointer<Int>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(tl, as: TimelineBox.self), "tl")
        guard utcOffsetS.isFinite, abs(utcOffsetS) <= PlaceVisits.maximumUTCOffsetSeconds else {
            throw GeoKernelError.invalid("utc_offset_s \(utcOffsetS) is not within a day (±86 400 s)")
        }
        let visits = try PlaceVisits(placemarks: box.recorder.placemarks, radiusMeters: radiusM, utcOffset: { _ in utcOffsetS })
        outHome?.pointee = visits.home ?? -1
        outWork?.pointee = visits.work ?? -1
        try deliver(count: visits.places.count, capacity: capacity, outCount: outCount, "places") { i in
            let p = visits.places[i]
            lat?[i] = p.coordinate.latitude
            lon?[i] = p.coordinate.longitude
            visitCount?[i] = UInt(p.visitCount)
            totalS?[i] = p.totalSeconds
        }
    }
}

@c public func gk_timeline_set_naming(
    _ ctx: OpaquePointer?, _ tl: OpaquePointer?, _ index: OpaquePointer?, _ towns: OpaquePointer?, _ maxDistanceM: Double
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(tl, as: TimelineBox.self), "tl")
        let addresses = borrow(index, as: AddressIndexBox.self)?.index
        let gazetteer = borrow(towns, as: GeocoderBox.self)?.geocoder
        if let addresses {
            try box.recorder.configure(naming: AddressNaming(index: addresses, towns: gazetteer))
        } else if let gazetteer {
            try box.recorder.configure(naming: try GazetteerNaming(geocoder: gazetteer, maxDistanceMeters: maxDistanceM))
        } else {
            try box.recorder.removeNaming()
        }
    }
}

@c public func gk_timeline_placemark_name(
    _ ctx: OpaquePointer?, _ tl: OpaquePointer?, _ placemark: UInt, _ buf: UnsafeMutablePointer<CChar>?,
    _ capacity: UInt, _ outLen: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(tl, as: TimelineBox.self), "tl")
        let placemarks = box.recorder.placemarks
        guard placemark < UInt(placemarks.count) else {
            throw GeoKernelError(.notFound, "placemark \(placemark) is outside 0..<\(placemarks.count)")
        }
        try deliver(placemarks[Int(placemark)].name ?? "", to: buf, capacity: capacity, outLen: outLen)
    }
}
