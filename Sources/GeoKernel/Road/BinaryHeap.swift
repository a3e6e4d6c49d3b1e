/// A heap entry: a key (a distance or a priority) and a value (a node).
package struct HeapEntry {
    package var key: UInt64
    package var value: UInt32
}

/// The 4-ary min-heap sifts on raw storage, shared by `BinaryHeap` and `QueryHeap`.
/// Four children per node halve the depth of a binary heap and keep siblings in one
/// cache line.
enum FourAryHeap {
    /// Places `e` at hole `i` or above.
    @inline(__always)
    static func siftUp(_ h: UnsafeMutablePointer<HeapEntry>, hole: Int, _ e: HeapEntry) {
        var i = hole
        while i > 0 {
            let p = (i - 1) >> 2
            if h[p].key <= e.key { break }
            h[i] = h[p]
            i = p
        }
        h[i] = e
    }

    /// Places `last` at the root hole or below, in a heap of `n` entries.
    @inline(__always)
    static func siftDown(_ h: UnsafeMutablePointer<HeapEntry>, count n: Int, _ last: HeapEntry) {
        var i = 0
        while true {
            let c = 4 * i + 1
            if c >= n { break }
            var best = c
            var bk = h[c].key
            let end = min(c + 4, n)
            var j = c + 1
            while j < end {
                if h[j].key < bk { bk = h[j].key; best = j }
                j += 1
            }
            if bk >= last.key { break }
            h[i] = h[best]
            i = best
        }
        h[i] = last
    }
}

/// A 4-ary min-heap of (key, value) pairs without decrease-key: searches push a node
/// again when its distance improves and skip stale entries when popped (lazy deletion).
/// Array storage; for the graph's build. Queries use `QueryHeap`.
///
/// - Complexity: push and pop O(log n). Thread safety: a value; one thread per heap.
package struct BinaryHeap {
    package typealias Entry = HeapEntry
    private var items: [Entry] = []

    package init() {}

    package var isEmpty: Bool { items.isEmpty }
    package var count: Int { items.count }
    /// The smallest key; `UInt64.max` when empty.
    package var minKey: UInt64 { items.first?.key ?? .max }

    package mutating func removeAll() { items.removeAll(keepingCapacity: true) }

    package mutating func push(_ key: UInt64, _ value: UInt32) {
        let e = Entry(key: key, value: value)
        items.append(e)
        items.withUnsafeMutableBufferPointer { h in FourAryHeap.siftUp(h.baseAddress!, hole: h.count - 1, e) }
    }

    /// Removes and returns the entry with the smallest key. Precondition: not empty.
    package mutating func pop() -> Entry {
        let top = items[0]
        let last = items.removeLast()
        if items.isEmpty { return top }
        items.withUnsafeMutableBufferPointer { h in FourAryHeap.siftDown(h.baseAddress!, count: h.count, last) }
        return top
    }
}

/// The queue of a query search: the same 4-ary heap on storage that a
/// `RoadGraph.Workspace` owns, so that a query's pushes and pops make no runtime calls
/// (no uniqueness or exclusivity checks). A value that refers to that storage: copies
/// alias it, and a copy that grew the storage must be written back (the workspace's
/// searches copy their labels in and out around each query).
///
/// - Complexity: push and pop O(log n); push grows the storage (amortised O(1)).
///   Thread safety: one query at a time, as its workspace.
package struct QueryHeap {
    private(set) var base: UnsafeMutablePointer<HeapEntry>
    private(set) var capacity: Int
    package private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    /// Frees the storage (the owning workspace's `deinit`).
    func deallocate() { base.deallocate() }

    package var isEmpty: Bool { @inline(__always) get { count == 0 } }
    /// The smallest key; `UInt64.max` when empty.
    package var minKey: UInt64 { @inline(__always) get { count == 0 ? .max : base[0].key } }

    @inline(__always) package mutating func removeAll() { count = 0 }

    @inline(__always)
    package mutating func push(_ key: UInt64, _ value: UInt32) {
        if count == capacity { grow() }
        FourAryHeap.siftUp(base, hole: count, HeapEntry(key: key, value: value))
        count += 1
    }

    /// Removes and returns the entry with the smallest key. Precondition: not empty.
    @inline(__always)
    package mutating func pop() -> HeapEntry {
        let top = base[0]
        count -= 1
        if count > 0 { FourAryHeap.siftDown(base, count: count, base[count]) }
        return top
    }

    private mutating func grow() { doubleStorage(&base, capacity: &capacity, count: count) }
}

/// Doubles the capacity of storage a workspace owns (`QueryHeap`, `RoadGraph.SeedList`),
/// moving its first `count` elements.
func doubleStorage<T>(_ base: inout UnsafeMutablePointer<T>, capacity: inout Int, count: Int) {
    let bigger = UnsafeMutablePointer<T>.allocate(capacity: 2 * capacity)
    bigger.moveInitialize(from: base, count: count)
    base.deallocate()
    base = bigger
    capacity *= 2
}
