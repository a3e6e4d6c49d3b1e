import CSIMDShim

// Search results copy strings (notes, owners, ids) out of large arrays in random order:
// each copy reads the array element and retains the string's heap storage, an atomic
// write that waits for that cache line, so twenty results meet forty misses one after
// the other. Prefetching every result's elements, then their strings' storage, lets the
// misses overlap.

/// Cache prefetch hints for the elements of an array's bytes (hints only: prefetching
/// never faults, whatever the address).
struct Prefetch {
    let base: UnsafeRawPointer?
    let count: Int
    let stride: Int

    /// The elements of an array of `T` whose bytes are `bytes`.
    init<T>(_ bytes: UnsafeRawBufferPointer, of _: T.Type) {
        base = bytes.baseAddress
        stride = MemoryLayout<T>.stride
        count = bytes.count / stride
    }

    /// Starts loading both ends of element `i` (an element may straddle two cache lines);
    /// nothing when `i` is out of range.
    @inline(__always)
    func element(_ i: Int) {
        guard i >= 0, i < count, let base else { return }
        CSIMDShim_prefetch(base + i * stride)
        CSIMDShim_prefetch(base + i * stride + stride - 1)
    }

    /// Starts loading the heap storage of the `String` at byte `offset` of element `i`
    /// (this reads the element; prefetch it with `element(_:)` first, for all elements).
    ///
    /// A string's second word is its object (64-bit layout: count and flags, then the
    /// object); a native string's storage address is the object's low 60 bits, and a
    /// small string keeps its bytes inline (bit 61 set) and needs nothing. Any other bit
    /// pattern only makes a useless hint.
    @inline(__always)
    func stringStorage(_ i: Int, offset: Int) {
        // Only the 64-bit layout is known (a 32-bit String is 12 bytes: reading its second
        // word could pass the element's end).
        guard MemoryLayout<String>.size == 16, i >= 0, i < count, let base else { return }
        let object = base.loadUnaligned(fromByteOffset: i * stride + offset + 8, as: UInt64.self)
        guard object & (1 << 61) == 0 else { return }
        CSIMDShim_prefetch(UnsafeRawPointer(bitPattern: UInt(object & 0x0FFF_FFFF_FFFF_FFFF)))
    }
}
