#if canImport(Glibc)
import Glibc
#endif
import GeoKernel

// The one path every export takes: NULL checks become GK_ERR_MISUSE, Swift errors become
// a status code plus a message stored in the context. No Swift error crosses the ABI,
// and nothing here traps on caller input (counts, strides and pointers are checked
// before any arithmetic that could overflow).

/// The state behind a `gk_context *`: the outcome of the most recent call. A context is
/// used by one thread at a time (the header's rule) and no call overlaps two accesses to
/// one property, so the runtime's exclusivity checks are off for it (every export
/// writes `code`: one check per call saved).
final class ContextBox {
    @exclusivity(unchecked) var code: CInt = 0
    @exclusivity(unchecked) private var message: UnsafeMutablePointer<CChar>?

    init() {}
    deinit { free(message) }

    func succeed() { code = 0 }

    func fail(_ error: GeoKernelError) {
        code = error.code.cStatus
        free(message)
        message = strdup(error.message)
    }

    var messagePointer: UnsafePointer<CChar> {
        if code == 0 { return StaticCStrings.noError }
        return UnsafePointer(message ?? StaticCStrings.noMessage)
    }

    static func from(_ p: OpaquePointer?) -> ContextBox? {
        guard let p else { return nil }
        return Unmanaged<ContextBox>.fromOpaque(UnsafeRawPointer(p)).takeUnretainedValue()
    }
}

/// C strings that live as long as the process; written once, never mutated, so they are
/// safe to read from any thread (hence nonisolated(unsafe)).
enum StaticCStrings {
    nonisolated(unsafe) static let noError = UnsafePointer(strdup("no error")!)
    nonisolated(unsafe) static let noMessage = strdup("error without a message")!
    nonisolated(unsafe) static let noContext = UnsafePointer(strdup("NULL context")!)
}

/// Runs `body` for an export that takes a context: returns GK_OK or the error's code and
/// records the outcome in the context.
@inline(__always)
func withContext(_ ctx: OpaquePointer?, _ body: () throws(GeoKernelError) -> Void) -> CInt {
    guard let box = ContextBox.from(ctx) else { return GeoKernelError.Code.misuse.cStatus }
    do {
        try body()
        box.succeed()
        return 0
    } catch {
        box.fail(error)
        return error.code.cStatus
    }
}

/// Unwraps a required pointer argument or throws GK_ERR_MISUSE naming it.
@inline(__always)
func required<T>(_ p: T?, _ name: StaticString) throws(GeoKernelError) -> T {
    guard let p else { throw GeoKernelError(.misuse, "\(name) is NULL") }
    return p
}

/// Converts a C count to Int, refusing values that cannot be addressed with `strideBytes`.
func checkedCount(_ count: UInt, strideBytes: Int = 8) throws(GeoKernelError) -> Int {
    guard count <= UInt(Int.max / max(strideBytes, 8)) else {
        throw .invalid("count \(count) is too large")
    }
    return Int(count)
}

/// Checks a stride in bytes between consecutive doubles.
func checkedStride(_ strideBytes: Int) throws(GeoKernelError) {
    guard strideBytes >= 8, strideBytes % 8 == 0 else {
        throw .invalid("stride \(strideBytes) bytes must be a positive multiple of 8")
    }
}

/// Retains a Swift object and hands it out as an opaque C handle.
func retainedHandle(_ object: AnyObject) -> OpaquePointer {
    OpaquePointer(Unmanaged.passRetained(object).toOpaque())
}

/// Borrows the object behind a handle created by `retainedHandle`.
func borrow<T: AnyObject>(_ handle: OpaquePointer?, as: T.Type) -> T? {
    guard let handle else { return nil }
    return Unmanaged<T>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
}

/// Releases the object behind a handle; NULL is a no-op.
func releaseHandle<T: AnyObject>(_ handle: OpaquePointer?, as: T.Type) {
    guard let handle else { return }
    Unmanaged<T>.fromOpaque(UnsafeRawPointer(handle)).release()
}

/// A required C string, which must be valid UTF-8: bytes are never rewritten (no U+FFFD).
@inline(__always)
func cString(_ p: UnsafePointer<CChar>?, _ name: StaticString) throws(GeoKernelError) -> String {
    guard let s = String(validatingCString: try required(p, name)) else {
        throw .invalid("\(name) is not valid UTF-8 (refused, never rewritten)")
    }
    return s
}

/// An optional C string (NULL means nil), which must be valid UTF-8.
@inline(__always)
func optionalString(_ p: UnsafePointer<CChar>?, _ name: StaticString) throws(GeoKernelError) -> String? {
    guard let p else { return nil }
    return try cString(p, name)
}

/// NUL-terminated UTF-8 copies of a table of strings (`rows` × `fields`) in one
/// allocation, lent to C callers (`const char *`) for as long as the handle that owns the
/// arena lives. A NUL byte inside a string becomes "?" so that C sees the whole text.
final class CStringArena {
    private let bytes: UnsafeMutablePointer<CChar>
    /// Offset of row r, field f at `fields * r + f`.
    private let offsets: [Int]
    private let fields: Int

    init(rows: Int, fields: Int, _ text: (_ row: Int, _ field: Int) -> String) {
        self.fields = fields
        var all: [CChar] = []
        var offsets: [Int] = []
        offsets.reserveCapacity(rows * fields)
        for r in 0..<rows {
            for f in 0..<fields {
                offsets.append(all.count)
                all.append(contentsOf: text(r, f).utf8.map { CChar(bitPattern: $0 == 0 ? 0x3F : $0) })
                all.append(0)
            }
        }
        bytes = .allocate(capacity: max(1, all.count))
        bytes.initialize(from: all, count: all.count)
        self.offsets = offsets
    }

    deinit { bytes.deallocate() }

    /// Field `field` of row `row`, valid while the arena lives.
    func text(_ row: Int, _ field: Int) -> UnsafePointer<CChar> { UnsafePointer(bytes + offsets[fields * row + field]) }
}
