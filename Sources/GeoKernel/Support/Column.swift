/// An immutable array of trivial values whose memory belongs to an owner: either a heap
/// block copied from a Swift array, or a region of a memory-mapped file (`MappedFile`),
/// so that a saved graph is read in place. Subscripts are bounds-checked, as an array's.
///
/// Thread safety: immutable; `Sendable` (the owner is never written after creation).
package struct Column<Element: BitwiseCopyable>: RandomAccessCollection, @unchecked Sendable {
    package let base: UnsafePointer<Element>
    package let count: Int
    /// Keeps the memory alive: a `ColumnBlock` or a `MappedFile`.
    package let owner: AnyObject

    /// Values in memory that `owner` keeps alive and never changes.
    package init(base: UnsafePointer<Element>, count: Int, owner: AnyObject) {
        self.base = base; self.count = count; self.owner = owner
    }

    /// A copy of `array` (one allocation; the array may be dropped afterwards).
    package init(_ array: [Element]) {
        let block = ColumnBlock(byteCount: array.count * MemoryLayout<Element>.stride)
        let p = block.pointer.bindMemory(to: Element.self, capacity: Swift.max(array.count, 1))
        array.withUnsafeBufferPointer { b in
            if let a = b.baseAddress { p.initialize(from: a, count: b.count) }
        }
        self.init(base: UnsafePointer(p), count: array.count, owner: block)
    }

    /// An empty column.
    package init() { self.init([]) }

    @inlinable package var startIndex: Int { 0 }
    @inlinable package var endIndex: Int { count }

    @inlinable
    package subscript(i: Int) -> Element {
        @inline(__always) get {
            precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "Column index out of range")
            return base[i]
        }
    }

    /// The values as a buffer, valid inside `body` only.
    @inlinable
    package func withUnsafeBufferPointer<R, E: Error>(_ body: (UnsafeBufferPointer<Element>) throws(E) -> R) throws(E) -> R {
        try withExtendedLifetime(owner) { () throws(E) -> R in try body(UnsafeBufferPointer(start: base, count: count)) }
    }

    /// The values as bytes, valid inside `body` only.
    package func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try withUnsafeBufferPointer { (b) throws(E) -> R in try body(UnsafeRawBufferPointer(b)) }
    }

    /// The values copied into an array.
    package var array: [Element] { withUnsafeBufferPointer { Array($0) } }
}

extension Column: ExpressibleByArrayLiteral {
    package init(arrayLiteral elements: Element...) { self.init(elements) }
}

/// A heap block owned by columns copied from arrays (aligned for any trivial value).
package final class ColumnBlock: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer

    init(byteCount: Int) {
        pointer = UnsafeMutableRawPointer.allocate(byteCount: Swift.max(byteCount, 1), alignment: 16)
    }

    deinit { pointer.deallocate() }
}

/// Writes a column's bytes: the sections of a saved file come from arrays or columns.
package func forEachBytes<T: BitwiseCopyable>(
    _ c: Column<T>, _ body: (UnsafeRawBufferPointer) throws(GeoKernelError) -> Void
) throws(GeoKernelError) {
    try c.withUnsafeBytes { (b) throws(GeoKernelError) in try body(b) }
}
