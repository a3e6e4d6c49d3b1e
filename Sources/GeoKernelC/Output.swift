import GeoKernel

// The one rule for what a call writes into caller-owned buffers (include/geokernel.h,
// "Output buffers" in the preamble), and the only code that applies it:
//
//  - arrays: `*out_count` always receives the number of entries; when that exceeds
//    `capacity` the call fails with GK_ERR_BUFFER_TOO_SMALL and writes no entry;
//  - strings: `*out_len` (may be NULL) always receives the length in bytes without the
//    NUL; when the text and its NUL exceed `capacity` the call fails with
//    GK_ERR_BUFFER_TOO_SMALL and writes nothing; else the exact bytes and a NUL.
//
// Queues (gk_geofence_monitor_read_events) are the one documented exception: they hand
// out up to `capacity` entries and keep the rest.

/// Delivers `n` entries: stores `n` in `outCount`, refuses a `capacity` below `n`
/// (nothing written), checks the required column pointers, then calls `write(i)` for
/// every entry. `write` must not fail: compute fallible values before delivering.
func deliver(
    count n: Int, capacity: UInt, outCount: UnsafeMutablePointer<UInt>?, _ what: @autoclosure () -> String,
    requiring columns: [(pointer: UnsafeRawPointer?, name: StaticString)] = [], write: (Int) -> Void
) throws(GeoKernelError) {
    let countOut = try required(outCount, "out_count")
    countOut.pointee = UInt(n)
    guard UInt(n) <= capacity else {
        throw GeoKernelError(.bufferTooSmall, "\(what()): \(n) entries do not fit in a capacity of \(capacity)")
    }
    guard n > 0 else { return }
    for c in columns where c.pointer == nil { throw GeoKernelError(.misuse, "\(c.name) is NULL") }
    for i in 0..<n { write(i) }
}

/// Delivers one array `values` into `out` (required when `values` is not empty).
func deliver<T>(
    _ values: [T], to out: UnsafeMutablePointer<T>?, _ name: StaticString, capacity: UInt,
    outCount: UnsafeMutablePointer<UInt>?
) throws(GeoKernelError) {
    try deliver(count: values.count, capacity: capacity, outCount: outCount, "\(name)",
                requiring: [(UnsafeRawPointer(out), name)]) { i in out![i] = values[i] }
}

/// Delivers a string's UTF-8 bytes and a NUL into `buf` (required when it fits);
/// `outLen` (optional) receives the length without the NUL. `name` is the buffer's C
/// parameter name, for messages.
func deliver(
    _ s: String, to buf: UnsafeMutablePointer<CChar>?, capacity: UInt, outLen: UnsafeMutablePointer<UInt>?,
    name: StaticString = "buf"
) throws(GeoKernelError) {
    let bytes = Array(s.utf8)
    outLen?.pointee = UInt(bytes.count)
    guard UInt(bytes.count) < capacity else {
        throw GeoKernelError(
            .bufferTooSmall, "\(name) holds \(capacity) bytes; \(bytes.count + 1) are needed (text and NUL)")
    }
    let dst = try required(buf, name)
    for (i, b) in bytes.enumerated() { dst[i] = CChar(bitPattern: b) }
    dst[bytes.count] = 0
}

/// A string and where it goes: buffer, capacity, length out (required), their C names.
typealias StringDelivery = (
    text: String, buf: UnsafeMutablePointer<CChar>?, capacity: UInt, outLen: UnsafeMutablePointer<UInt>?,
    name: StaticString, lenName: StaticString
)

/// Delivers two strings into two buffers: both lengths (required) are always set; when
/// either does not fit, neither is written.
func deliverPair(_ a: StringDelivery, _ b: StringDelivery) throws(GeoKernelError) {
    let lenA = try required(a.outLen, a.lenName), lenB = try required(b.outLen, b.lenName)
    let na = a.text.utf8.count, nb = b.text.utf8.count
    lenA.pointee = UInt(na)
    lenB.pointee = UInt(nb)
    guard UInt(na) < a.capacity, UInt(nb) < b.capacity else {
        throw GeoKernelError(
            .bufferTooSmall,
            "\(a.name) holds \(a.capacity) bytes and \(b.name) \(b.capacity); \(na + 1) and \(nb + 1) are needed")
    }
    _ = try required(a.buf, a.name)
    _ = try required(b.buf, b.name)
    try deliver(a.text, to: a.buf, capacity: a.capacity, outLen: a.outLen, name: a.name)
    try deliver(b.text, to: b.buf, capacity: b.capacity, outLen: b.outLen, name: b.name)
}

/// Delivers coordinates as two columns, `out_lat` and `out_lon` (both required).
func deliverCoordinates(
    _ points: [Coordinate], _ outLat: UnsafeMutablePointer<Double>?, _ outLon: UnsafeMutablePointer<Double>?,
    _ capacity: UInt, _ outCount: UnsafeMutablePointer<UInt>?, _ what: @autoclosure () -> String
) throws(GeoKernelError) {
    try deliver(count: points.count, capacity: capacity, outCount: outCount, what(),
                requiring: [(UnsafeRawPointer(outLat), "out_lat"), (UnsafeRawPointer(outLon), "out_lon")]) { i in
        outLat![i] = points[i].latitude
        outLon![i] = points[i].longitude
    }
}

/// The queue exception to the output rule, shared by the geofence monitor, the live
/// timeline and the map-matching stream: events wait in an `EventQueue` until a read call hands out up to its capacity
/// and keeps the rest.
extension EventQueue {
    /// Hands out up to `capacity` events, oldest first: `write(k, event)` fills output row
    /// k; `*outCount` (required) receives how many. When `write` throws, nothing is taken
    /// from the queue.
    mutating func read(
        capacity: UInt, outCount: UnsafeMutablePointer<UInt>?, write: (Int, Event) throws(GeoKernelError) -> Void
    ) throws(GeoKernelError) {
        let count = try required(outCount, "out_count")
        let unread = self.unread
        let n = Int(min(UInt(unread.count), capacity))
        for (k, event) in unread.prefix(n).enumerated() { try write(k, event) }
        consume(n)
        count.pointee = UInt(n)
    }
}
