import GeoKernel
import Nearby

// Section "batch queries" of include/geokernel.h: the k nearest neighbours of many query
// points in one call (for bindings such as Python's, where one call per query costs more
// than the query itself).

/// The k nearest indexed points of each of `count` query points (degrees), written row by
/// row: ids, and distances in metres along the sphere (R = 6 371 008.8 m), nearest first,
/// equal distances in id order, exactly as `gk_index_nearest` one query at a time. Unused
/// slots of a row get id UInt32.max and distance +infinity.
///
/// - Throws (as a status code): `.invalidArgument` naming the first bad query point (the
///   rows before it are written), k 0, a negative or NaN limit or a bad stride; `.misuse`
///   for NULL.
/// - Complexity: `count` best-first searches, O(log n + k log k) each, answered in the
///   order of the points' packing keys (cache-friendly; rows still go where their query
///   is); the read lock is taken once for the whole batch. Nothing is allocated per query.
/// - Thread safety: as `gk_index_nearest`: many threads may query one index at once, each
///   with its own context, while others insert or remove (they wait for the batch).
/// - Swift twin: `SpatialIndex.nearest(to:k:maxDistanceMeters:)` with an array of queries.
/// - C declaration: `gk_index_nearest_batch` in include/geokernel.h (section "batch queries").
@c public func gk_index_nearest_batch(
    _ ctx: OpaquePointer?, _ index: OpaquePointer?, _ lat: UnsafePointer<Double>?, _ lon: UnsafePointer<Double>?,
    _ count: UInt, _ strideBytes: Int, _ k: UInt, _ maxM: Double,
    _ outIDs: UnsafeMutablePointer<UInt32>?, _ outM: UnsafeMutablePointer<Double>?,
    _ outCounts: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try indexBox(index)
        try checkedStride(strideBytes)
        let n = try checkedCount(count, strideBytes: strideBytes)
        let la = try required(lat, "lat")
        let lo = try required(lon, "lon")
        let ids = try required(outIDs, "out_ids")
        guard k >= 1, k <= UInt(Int32.max) else { throw .invalid("k \(k) must be in [1, 2147483647]") }
        let kk = Int(k)
        guard !n.multipliedReportingOverflow(by: kk).overflow else {
            throw .invalid("count \(n) × k \(kk) results overflow")
        }
        guard maxM >= 0 else { throw .invalid("maximum distance \(maxM) m must be at least 0") }
        let step = strideBytes / MemoryLayout<Double>.stride
        try box.lock.read { () throws(GeoKernelError) in
            // One copy of the index for the batch; queries answered in a cache-friendly
            // order, each row written where its query is.
            try box.index.nearestRows(count: n, k: kk, maxDistanceMeters: maxM, point: { i throws(GeoKernelError) in
                do throws(GeoKernelError) {
                    return try coordinate(la[i * step], lo[i * step])
                } catch {
                    throw GeoKernelError(error.code, "query point \(i): \(error.message)")
                }
            }) { i, hitIDs, hitMeters in
                let row = i * kk
                for j in 0..<kk {
                    if j < hitIDs.count {
                        ids[row + j] = hitIDs[j]
                        outM?[row + j] = hitMeters[j]
                    } else {
                        ids[row + j] = UInt32.max
                        outM?[row + j] = .infinity
                    }
                }
                outCounts?[i] = UInt(hitIDs.count)
            }
        }
    }
}
