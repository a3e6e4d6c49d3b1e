#if canImport(Glibc)
import Glibc
#endif
import GeoKernel
import Nearby

// Section "nearby" of include/geokernel.h, part 2: landmarks, distance hints and reverse
// geocoding. A gk_landmarks * is a retained LandmarkIndex (thread-safe itself); a
// gk_geocoder * a GeocoderBox holding the immutable ReverseGeocoder and its strings as
// C strings, which gk_geocoder_place lends out.

@inline(__always)
func landmarks(_ p: OpaquePointer?) throws(GeoKernelError) -> LandmarkIndex {
    try required(borrow(p, as: LandmarkIndex.self), "lm")
}

@c public func gk_landmarks_create(_ ctx: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        try required(out, "out").pointee = retainedHandle(LandmarkIndex())
    }
}

@c public func gk_landmarks_count(_ lm: OpaquePointer?) -> UInt {
    UInt(borrow(lm, as: LandmarkIndex.self)?.count ?? 0)
}

@c public func gk_landmarks_add(
    _ ctx: OpaquePointer?, _ lm: OpaquePointer?, _ lat: Double, _ lon: Double, _ note: UnsafePointer<CChar>?,
    _ owner: UnsafePointer<CChar>?, _ outID: UnsafeMutablePointer<UInt64>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let set = try landmarks(lm)
        let l = try set.add(at: try coordinate(lat, lon), note: try cString(note, "note"), owner: try cString(owner, "owner"))
        outID?.pointee = l.id
    }
}

@c public func gk_landmarks_edit_note(
    _ ctx: OpaquePointer?, _ lm: OpaquePointer?, _ id: UInt64, _ user: UnsafePointer<CChar>?,
    _ note: UnsafePointer<CChar>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        try landmarks(lm).editNote(id: id, note: try cString(note, "note"), by: try cString(user, "user"))
    }
}

@c public func gk_landmarks_delete(
    _ ctx: OpaquePointer?, _ lm: OpaquePointer?, _ id: UInt64, _ user: UnsafePointer<CChar>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        try landmarks(lm).delete(id: id, by: try cString(user, "user"))
    }
}

@c public func gk_landmarks_search(
    _ ctx: OpaquePointer?, _ lm: OpaquePointer?, _ lat: Double, _ lon: Double, _ user: UnsafePointer<CChar>?,
    _ radius: CInt, _ text: UnsafePointer<CChar>?, _ scope: CInt, _ limit: UInt,
    _ outIDs: UnsafeMutablePointer<UInt64>?, _ outM: UnsafeMutablePointer<Double>?, _ capacity: UInt,
    _ outCount: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let set = try landmarks(lm)
        let searchRadius = try SearchRadius(cValue: radius), searchScope = try SearchScope(cValue: scope)
        if searchScope != .all { _ = try required(user, "user") }
        let search = LandmarkSearch(
            position: try coordinate(lat, lon), user: try optionalString(user, "user") ?? "", radius: searchRadius,
            text: try optionalString(text, "text"), scope: searchScope, limit: Int(clamping: limit))
        let results = try set.search(search)
        try deliverHits(results.map(\.landmark.id), results.map(\.distanceMeters), outIDs, outM, capacity, outCount)
    }
}

@c public func gk_landmarks_get(
    _ ctx: OpaquePointer?, _ lm: OpaquePointer?, _ id: UInt64, _ outLat: UnsafeMutablePointer<Double>?,
    _ outLon: UnsafeMutablePointer<Double>?, _ note: UnsafeMutablePointer<CChar>?, _ noteCapacity: UInt,
    _ owner: UnsafeMutablePointer<CChar>?, _ ownerCapacity: UInt, _ outNoteBytes: UnsafeMutablePointer<UInt>?,
    _ outOwnerBytes: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        guard let l = try landmarks(lm).landmark(id: id) else {
            throw GeoKernelError(.notFound, "no landmark with id \(id)")
        }
        store(l.coordinate.latitude, outLat)
        store(l.coordinate.longitude, outLon)
        // Both texts are optional outputs (NULL with capacity 0 skips one): both fit, or
        // neither is written.
        let noteLength = UInt(l.note.utf8.count), ownerLength = UInt(l.owner.utf8.count)
        let wantsNote = note != nil || noteCapacity != 0, wantsOwner = owner != nil || ownerCapacity != 0
        outNoteBytes?.pointee = noteLength
        outOwnerBytes?.pointee = ownerLength
        guard !wantsNote || noteLength < noteCapacity, !wantsOwner || ownerLength < ownerCapacity else {
            throw GeoKernelError(.bufferTooSmall, "the note needs \(noteLength + 1) bytes and the owner \(ownerLength + 1)")
        }
        if wantsNote { try deliver(l.note, to: note, capacity: noteCapacity, outLen: nil, name: "note") }
        if wantsOwner { try deliver(l.owner, to: owner, capacity: ownerCapacity, outLen: nil, name: "owner") }
    }
}

@c public func gk_landmarks_save(_ ctx: OpaquePointer?, _ lm: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        try landmarks(lm).save(to: try cString(path, "path"))
    }
}

@c public func gk_landmarks_load(
    _ ctx: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        outHandle.pointee = retainedHandle(try LandmarkIndex(contentsOf: try cString(path, "path")))
    }
}

@c public func gk_landmarks_destroy(_ lm: OpaquePointer?) {
    releaseHandle(lm, as: LandmarkIndex.self)
}

@c public func gk_distance_hint(
    _ ctx: OpaquePointer?, _ meters: Double, _ accuracyM: Double, _ buf: UnsafeMutablePointer<CChar>?,
    _ capacity: UInt, _ outBytes: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let text = DistanceHint.text(meters: meters, accuracyMeters: accuracyM >= 0 ? accuracyM : nil)
        try deliver(text, to: buf, capacity: capacity, outLen: outBytes)
    }
}

/// The object behind a `gk_geocoder *`: the geocoder and, per place, its four strings as
/// NUL-terminated C strings (name, admin1, admin2, country code).
final class GeocoderBox {
    let geocoder: ReverseGeocoder
    private let texts: CStringArena

    init(_ g: ReverseGeocoder) {
        geocoder = g
        texts = CStringArena(rows: g.count, fields: 4) { i, f in
            let p = g.places[i]
            switch f {
            case 0: return p.name
            case 1: return p.admin1
            case 2: return p.admin2
            default: return p.countryCode
            }
        }
    }

    func string(_ place: Int, _ field: Int) -> UnsafePointer<CChar> { texts.text(place, field) }
}

@c public func gk_geocoder_load(
    _ ctx: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ format: CInt, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        let g = try ReverseGeocoder(contentsOf: try cString(path, "path"), format: try GazetteerFormat(cValue: format))
        outHandle.pointee = retainedHandle(GeocoderBox(g))
    }
}

@c public func gk_geocoder_count(_ g: OpaquePointer?) -> UInt {
    UInt(borrow(g, as: GeocoderBox.self)?.geocoder.count ?? 0)
}

@c public func gk_geocoder_nearest(
    _ ctx: OpaquePointer?, _ g: OpaquePointer?, _ lat: Double, _ lon: Double, _ outPlace: UnsafeMutablePointer<UInt>?,
    _ outM: UnsafeMutablePointer<Double>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(g, as: GeocoderBox.self), "g")
        let place = try required(outPlace, "out_place")
        guard let m = box.geocoder.nearest(to: try coordinate(lat, lon)) else {
            throw GeoKernelError(.notFound, "the gazetteer has no places")
        }
        place.pointee = UInt(m.index)
        store(m.distanceMeters, outM)
    }
}

@c public func gk_geocoder_place(
    _ ctx: OpaquePointer?, _ g: OpaquePointer?, _ place: UInt, _ outName: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
    _ outAdmin1: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ outAdmin2: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
    _ outCC: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ outLat: UnsafeMutablePointer<Double>?,
    _ outLon: UnsafeMutablePointer<Double>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(g, as: GeocoderBox.self), "g")
        guard place < UInt(box.geocoder.count) else {
            throw GeoKernelError(.notFound, "place \(place) is beyond the \(box.geocoder.count) places")
        }
        let i = Int(place)
        outName?.pointee = box.string(i, 0)
        outAdmin1?.pointee = box.string(i, 1)
        outAdmin2?.pointee = box.string(i, 2)
        outCC?.pointee = box.string(i, 3)
        store(box.geocoder.places[i].coordinate.latitude, outLat)
        store(box.geocoder.places[i].coordinate.longitude, outLon)
    }
}

@c public func gk_geocoder_destroy(_ g: OpaquePointer?) {
    releaseHandle(g, as: GeocoderBox.self)
}
