#if canImport(Glibc)
import Glibc
#endif
import CGeoKernelHeader
import GeoKernel
import Nearby

// Section "landmark store" of include/geokernel.h. A gk_landmark_store * is a retained
// LandmarkStore (thread-safe itself); a gk_landmark_list * a LandmarkListBox: the
// landmarks of one answer (get, search, changes) with their strings as NUL-terminated
// C strings in one arena, which gk_landmark_list_get lends out until the list is destroyed.

/// The object behind a `gk_landmark_list *`: immutable once made.
final class LandmarkListBox {
    let landmarks: [StoredLandmark]
    /// Distances in metres (NaN outside searches).
    let distances: [Double]
    /// Id, note, owner and hint of each entry.
    private let texts: CStringArena

    init(_ landmarks: [StoredLandmark], distances: [Double]? = nil, hints: [String]? = nil) {
        self.landmarks = landmarks
        self.distances = distances ?? Array(repeating: .nan, count: landmarks.count)
        // Stored texts never hold NUL (checked on the way in).
        texts = CStringArena(rows: landmarks.count, fields: 4) { i, f in
            let l = landmarks[i]
            switch f {
            case 0: return l.id
            case 1: return l.note
            case 2: return l.owner
            default: return hints?[i] ?? ""
            }
        }
    }

    func text(_ i: Int, _ field: Int) -> UnsafePointer<CChar> { texts.text(i, field) }
}

@inline(__always)
func landmarkStore(_ p: OpaquePointer?) throws(GeoKernelError) -> LandmarkStore {
    try required(borrow(p, as: LandmarkStore.self), "store")
}

extension LandmarkStore.Durability {
    /// A GK_DURABILITY_* value.
    init(cValue: CInt) throws(GeoKernelError) {
        switch cValue {
        case GK_DURABILITY_FULL: self = .full
        case GK_DURABILITY_NORMAL: self = .normal
        default: throw .invalid("durability \(cValue) must be GK_DURABILITY_FULL or GK_DURABILITY_NORMAL")
        }
    }
}

@c public func gk_landmark_store_open(
    _ ctx: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ durability: CInt, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        let store = try LandmarkStore(path: try cString(path, "path"), durability: try .init(cValue: durability))
        outHandle.pointee = retainedHandle(store)
    }
}

@c public func gk_landmark_store_close(_ store: OpaquePointer?) {
    borrow(store, as: LandmarkStore.self)?.close()
    releaseHandle(store, as: LandmarkStore.self)
}

@c public func gk_landmark_store_add(
    _ ctx: OpaquePointer?, _ store: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ lat: Double, _ lon: Double,
    _ note: UnsafePointer<CChar>?, _ owner: UnsafePointer<CChar>?, _ createdAtMs: Int64,
    _ outID: UnsafeMutablePointer<CChar>?, _ idCapacity: UInt, _ outIDLen: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let s = try landmarkStore(store)
        // The id buffer is checked before the change, so a too small buffer changes nothing.
        let given = try optionalString(id, "id")
        let wantsID = outID != nil || idCapacity != 0
        if wantsID {
            let needed = UInt((given?.utf8.count ?? 32) + 1)
            guard needed <= idCapacity else {
                outIDLen?.pointee = needed - 1
                throw GeoKernelError(.bufferTooSmall, "out_id holds \(idCapacity) bytes; \(needed) are needed (id and NUL)")
            }
        }
        let l = try s.add(
            id: given, at: try coordinate(lat, lon), note: try cString(note, "note"), owner: try cString(owner, "owner"),
            createdAt: createdAtMs)
        if wantsID {
            try deliver(l.id, to: outID, capacity: idCapacity, outLen: outIDLen, name: "out_id")
        } else {
            outIDLen?.pointee = UInt(l.id.utf8.count)
        }
    }
}

@c public func gk_landmark_store_edit(
    _ ctx: OpaquePointer?, _ store: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ user: UnsafePointer<CChar>?,
    _ note: UnsafePointer<CChar>?, _ move: Bool, _ lat: Double, _ lon: Double, _ updatedAtMs: Int64
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let s = try landmarkStore(store)
        let place = move ? try coordinate(lat, lon) : nil
        try s.edit(
            id: try cString(id, "id"), note: try optionalString(note, "note"), coordinate: place,
            by: try cString(user, "user"), at: updatedAtMs)
    }
}

@c public func gk_landmark_store_delete(
    _ ctx: OpaquePointer?, _ store: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ user: UnsafePointer<CChar>?,
    _ updatedAtMs: Int64
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        try landmarkStore(store).delete(id: try cString(id, "id"), by: try cString(user, "user"), at: updatedAtMs)
    }
}

@c public func gk_landmark_store_get(
    _ ctx: OpaquePointer?, _ store: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outList = try required(out, "out")
        let key = try cString(id, "id")
        guard let l = try landmarkStore(store).landmark(id: key) else {
            throw GeoKernelError(.notFound, "no landmark with id '\(key)'")
        }
        outList.pointee = retainedHandle(LandmarkListBox([l]))
    }
}

@c public func gk_landmark_store_search(
    _ ctx: OpaquePointer?, _ store: OpaquePointer?, _ lat: Double, _ lon: Double, _ user: UnsafePointer<CChar>?,
    _ radius: CInt, _ text: UnsafePointer<CChar>?, _ scope: CInt, _ limit: UInt, _ accuracyM: Double,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outList = try required(out, "out")
        let s = try landmarkStore(store)
        let searchRadius = try SearchRadius(cValue: radius), searchScope = try SearchScope(cValue: scope)
        if searchScope != .all { _ = try required(user, "user") }
        let search = LandmarkSearch(
            position: try coordinate(lat, lon), user: try optionalString(user, "user") ?? "", radius: searchRadius,
            text: try optionalString(text, "text"), scope: searchScope, limit: Int(clamping: limit),
            accuracyMeters: accuracyM >= 0 ? accuracyM : nil)
        let results = try s.search(search)
        outList.pointee = retainedHandle(
            LandmarkListBox(results.map(\.landmark), distances: results.map(\.distanceMeters), hints: results.map(\.hint)))
    }
}

@c public func gk_landmark_store_changes(
    _ ctx: OpaquePointer?, _ store: OpaquePointer?, _ since: Int64, _ limit: UInt,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outList = try required(out, "out")
        let changes = try landmarkStore(store).changes(since: since, limit: Int(clamping: limit))
        outList.pointee = retainedHandle(LandmarkListBox(changes))
    }
}

@c public func gk_landmark_store_apply(
    _ ctx: OpaquePointer?, _ store: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ lat: Double, _ lon: Double,
    _ note: UnsafePointer<CChar>?, _ owner: UnsafePointer<CChar>?, _ createdAtMs: Int64, _ updatedAtMs: Int64,
    _ deleted: Bool, _ outApplied: UnsafeMutablePointer<Bool>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let s = try landmarkStore(store)
        let change = StoredLandmark(
            id: try cString(id, "id"), coordinate: try coordinate(lat, lon), note: try cString(note, "note"),
            owner: try cString(owner, "owner"), createdAt: createdAtMs, updatedAt: updatedAtMs, deleted: deleted)
        let n = try s.apply([change])
        outApplied?.pointee = n == 1
    }
}

@c public func gk_landmark_store_count(
    _ ctx: OpaquePointer?, _ store: OpaquePointer?, _ outCount: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let out = try required(outCount, "out_count")
        out.pointee = UInt(try landmarkStore(store).count())
    }
}

@c public func gk_landmark_store_sequence(
    _ ctx: OpaquePointer?, _ store: OpaquePointer?, _ outSequence: UnsafeMutablePointer<Int64>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let out = try required(outSequence, "out_sequence")
        out.pointee = try landmarkStore(store).sequence()
    }
}

@c public func gk_landmark_store_compact(
    _ ctx: OpaquePointer?, _ store: OpaquePointer?, _ through: Int64, _ outRemoved: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let n = try landmarkStore(store).compact(through: through)
        outRemoved?.pointee = UInt(n)
    }
}

@c public func gk_landmark_store_import(
    _ ctx: OpaquePointer?, _ store: OpaquePointer?, _ snapshot: UnsafePointer<CChar>?, _ idPrefix: UnsafePointer<CChar>?,
    _ createdAtMs: Int64, _ outCount: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let s = try landmarkStore(store)
        let n = try s.importSnapshot(
            from: try cString(snapshot, "snapshot"), idPrefix: try optionalString(idPrefix, "id_prefix") ?? "",
            createdAt: createdAtMs)
        outCount?.pointee = UInt(n)
    }
}

@c public func gk_landmark_list_count(_ list: OpaquePointer?) -> UInt {
    UInt(borrow(list, as: LandmarkListBox.self)?.landmarks.count ?? 0)
}

@c public func gk_landmark_list_get(
    _ ctx: OpaquePointer?, _ list: OpaquePointer?, _ index: UInt, _ outID: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
    _ outLat: UnsafeMutablePointer<Double>?, _ outLon: UnsafeMutablePointer<Double>?,
    _ outNote: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ outOwner: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
    _ outCreatedAtMs: UnsafeMutablePointer<Int64>?, _ outUpdatedAtMs: UnsafeMutablePointer<Int64>?,
    _ outDeleted: UnsafeMutablePointer<Bool>?, _ outSequence: UnsafeMutablePointer<Int64>?,
    _ outDistanceM: UnsafeMutablePointer<Double>?, _ outHint: UnsafeMutablePointer<UnsafePointer<CChar>?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(list, as: LandmarkListBox.self), "list")
        guard index < UInt(box.landmarks.count) else {
            throw GeoKernelError(.notFound, "entry \(index) of a list of \(box.landmarks.count)")
        }
        let i = Int(index), l = box.landmarks[i]
        outID?.pointee = box.text(i, 0)
        store(l.coordinate.latitude, outLat)
        store(l.coordinate.longitude, outLon)
        outNote?.pointee = box.text(i, 1)
        outOwner?.pointee = box.text(i, 2)
        outCreatedAtMs?.pointee = l.createdAt
        outUpdatedAtMs?.pointee = l.updatedAt
        outDeleted?.pointee = l.deleted
        outSequence?.pointee = l.sequence
        store(box.distances[i], outDistanceM)
        outHint?.pointee = box.text(i, 3)
    }
}

@c public func gk_landmark_list_destroy(_ list: OpaquePointer?) {
    releaseHandle(list, as: LandmarkListBox.self)
}
