#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Allocations that may fail with `.outOfMemory` instead of aborting the process.
///
/// Swift's own allocations (arrays, `UnsafeMutablePointer.allocate`) abort when `malloc`
/// fails; that is acceptable inside Swift but not behind the C ABI, where a host must get
/// `GK_ERR_OUT_OF_MEMORY`. The large buffers of the C entry points that take a caller's
/// count (`gk_unitvec_create`, `gk_index_build`, `gk_simplify_planar`) come from here;
/// memory from here is released with `release`, never with `deallocate()`.
///
/// Thread safety: reentrant.
package enum CheckedAllocation {
    /// Uninitialised memory for `count` values of `T` (at least one), from `malloc`.
    ///
    /// - Throws: `.outOfMemory` naming `what` and the byte count when `malloc` fails or
    ///   the byte count overflows.
    package static func allocate<T>(_: T.Type, count: Int, _ what: @autoclosure () -> String) throws(GeoKernelError)
        -> UnsafeMutablePointer<T>
    {
        let (bytes, overflow) = MemoryLayout<T>.stride.multipliedReportingOverflow(by: Swift.max(count, 1))
        guard !overflow, count >= 0, let raw = malloc(bytes) else {
            let shown = overflow ? "more than \(Int.max)" : "\(bytes)"
            throw GeoKernelError(.outOfMemory, "cannot allocate \(shown) bytes for \(what())")
        }
        return raw.bindMemory(to: T.self, capacity: Swift.max(count, 1))
    }

    /// As `allocate`, for callers that cannot throw: aborts with a message on failure,
    /// like Swift's own allocations.
    package static func allocateOrAbort<T>(_: T.Type, count: Int, _ what: @autoclosure () -> String)
        -> UnsafeMutablePointer<T>
    {
        do {
            return try allocate(T.self, count: count, what())
        } catch {
            fatalError(error.message)
        }
    }

    /// Uninitialised memory of `byteCount` bytes (at least one) aligned to `alignment` (a
    /// power of two, at least the pointer size), from `posix_memalign`.
    ///
    /// - Throws: `.outOfMemory` naming `what` and the byte count.
    package static func allocateRaw(byteCount: Int, alignment: Int, _ what: @autoclosure () -> String)
        throws(GeoKernelError) -> UnsafeMutableRawPointer
    {
        var p: UnsafeMutableRawPointer?
        guard byteCount >= 0, posix_memalign(&p, alignment, Swift.max(byteCount, 1)) == 0, let p else {
            throw GeoKernelError(.outOfMemory, "cannot allocate \(byteCount) bytes for \(what())")
        }
        return p
    }

    /// Fails with `.outOfMemory` unless `bytes` could be allocated now (mapped and
    /// released at once; untouched pages cost nothing). A builder or loader whose peak is
    /// at most `bytes` asks before it starts, so that a process near its memory limit gets
    /// an error instead of an abort halfway (Swift's own allocations abort when `malloc`
    /// fails). The callers' estimates are multiples of their input's size, measured
    /// generously against their peaks (see `peakFactor`).
    package static func requireHeadroom(_ bytes: Int, _ what: @autoclosure () -> String) throws(GeoKernelError) {
        let wanted = bytes < 0 ? Int.max : bytes
        // A private anonymous mapping, as malloc makes for large blocks (the same address-
        // space and overcommit checks), and never elided the way an unused malloc may be.
        let p = mmap(nil, Swift.max(wanted, 1), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let p, p != MAP_FAILED else {
            throw GeoKernelError(.outOfMemory, "cannot set aside \(wanted) bytes for \(what())")
        }
        munmap(p, Swift.max(wanted, 1))
    }

    /// The headroom a builder or loader asks for before it reads `inputBytes`:
    /// `factor` × the input plus 4 MiB for the fixed costs (saturating). Measured peaks
    /// (VmPeak over the call, Monaco and Andorra): loading a saved file, 1.9–2.3× its size;
    /// building a road graph or an address index from a PBF file, 9–10× its size.
    package static func peakEstimate(inputBytes: Int, factor: Int) -> Int {
        let (scaled, overflow) = Swift.max(inputBytes, 0).multipliedReportingOverflow(by: factor)
        return overflow ? Int.max : scaled &+ (4 << 20) < scaled ? Int.max : scaled + (4 << 20)
    }

    /// Releases memory from `allocate`.
    package static func release<T>(_ p: UnsafeMutablePointer<T>) { free(p) }

    /// Releases memory from `allocateRaw`.
    package static func release(_ p: UnsafeMutableRawPointer) { free(p) }
}
