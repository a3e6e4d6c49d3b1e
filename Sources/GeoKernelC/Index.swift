import GeoKernel
import Nearby

// Section "nearby" of include/geokernel.h, part 1: the spatial index. A gk_index * is a
// retained IndexBox: a SpatialIndex value behind a reader-writer lock, so C callers may
// query from many threads while others insert or remove.

/// The object behind a `gk_index *`.
final class IndexBox: @unchecked Sendable {
    let lock = ReadWriteLock()
    var index: SpatialIndex
    init(_ index: SpatialIndex) { self.index = index }
}

@inline(__always)
func indexBox(_ p: OpaquePointer?) throws(GeoKernelError) -> IndexBox {
    try required(borrow(p, as: IndexBox.self), "index")
}

/// Delivers query results (the output rule): ids (required) and distances in metres
/// (optional column).
func deliverHits<ID>(
    _ ids: [ID], _ meters: [Double], _ outIDs: UnsafeMutablePointer<ID>?, _ outM: UnsafeMutablePointer<Double>?,
    _ capacity: UInt, _ outCount: UnsafeMutablePointer<UInt>?
) throws(GeoKernelError) {
    try deliver(count: ids.count, capacity: capacity, outCount: outCount, "results",
                requiring: [(UnsafeRawPointer(outIDs), "out_ids")]) { i in
        outIDs![i] = ids[i]
        outM?[i] = meters[i]
    }
}

@c public func gk_index_build(
    _ ctx: OpaquePointer?, _ lat: UnsafePointer<Double>?, _ lon: UnsafePointer<Double>?, _ count: UInt,
    _ strideBytes: Int, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        let index: SpatialIndex
        if count == 0 {
            try checkedStride(strideBytes)
            index = SpatialIndex()
        } else {
            index = try SpatialIndex(try columns(lat, lon, count, strideBytes))
        }
        outHandle.pointee = retainedHandle(IndexBox(index))
    }
}

@c public func gk_index_count(_ index: OpaquePointer?) -> UInt {
    guard let box = borrow(index, as: IndexBox.self) else { return 0 }
    return UInt(box.lock.read { box.index.count })
}

@c public func gk_index_insert(
    _ ctx: OpaquePointer?, _ index: OpaquePointer?, _ lat: Double, _ lon: Double, _ outID: UnsafeMutablePointer<UInt32>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try indexBox(index)
        let c = try coordinate(lat, lon)
        let id = try box.lock.write { () throws(GeoKernelError) -> UInt32 in try box.index.insert(c) }
        outID?.pointee = id
    }
}

@c public func gk_index_remove(_ ctx: OpaquePointer?, _ index: OpaquePointer?, _ id: UInt32) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try indexBox(index)
        try box.lock.write { () throws(GeoKernelError) in try box.index.remove(id: id) }
    }
}

@c public func gk_index_nearest(
    _ ctx: OpaquePointer?, _ index: OpaquePointer?, _ lat: Double, _ lon: Double, _ k: UInt, _ maxM: Double,
    _ outIDs: UnsafeMutablePointer<UInt32>?, _ outM: UnsafeMutablePointer<Double>?, _ capacity: UInt,
    _ outCount: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try indexBox(index)
        let c = try coordinate(lat, lon)
        let hits = try box.lock.read { () throws(GeoKernelError) -> [SpatialIndex.Neighbor] in
            try box.index.nearest(to: c, k: Int(clamping: k), maxDistanceMeters: maxM)
        }
        try deliverHits(hits.map(\.id), hits.map(\.distanceMeters), outIDs, outM, capacity, outCount)
    }
}

@c public func gk_index_within(
    _ ctx: OpaquePointer?, _ index: OpaquePointer?, _ lat: Double, _ lon: Double, _ radiusM: Double, _ order: CInt,
    _ outIDs: UnsafeMutablePointer<UInt32>?, _ outM: UnsafeMutablePointer<Double>?, _ capacity: UInt,
    _ outCount: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try indexBox(index)
        let sorted = try sortedOrder(order)
        let c = try coordinate(lat, lon)
        let hits = try box.lock.read { () throws(GeoKernelError) -> [SpatialIndex.Neighbor] in
            try box.index.within(radiusMeters: radiusM, of: c, sorted: sorted)
        }
        try deliverHits(hits.map(\.id), hits.map(\.distanceMeters), outIDs, outM, capacity, outCount)
    }
}

@c public func gk_index_save(_ ctx: OpaquePointer?, _ index: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try indexBox(index)
        let p = try cString(path, "path")
        // A copy of the value (shared storage) is saved, so queries are not held up.
        let snapshot = box.lock.read { box.index }
        try snapshot.save(to: p)
    }
}

@c public func gk_index_load(
    _ ctx: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        let index = try SpatialIndex(contentsOf: try cString(path, "path"))
        outHandle.pointee = retainedHandle(IndexBox(index))
    }
}

@c public func gk_index_destroy(_ index: OpaquePointer?) {
    releaseHandle(index, as: IndexBox.self)
}
