/// The query point as the search loops use it: its unit vector in Double (for chords)
/// and in Float (for the node bounds).
struct QueryVector {
    let x: Double, y: Double, z: Double
    let fx: Float, fy: Float, fz: Float

    init(_ c: Coordinate) {
        let v = SphereMetric.vector(c)
        x = v.x; y = v.y; z = v.z
        fx = Float(v.x); fy = Float(v.y); fz = Float(v.z)
    }
}

/// Which stored points a query may return: not removed, and accepted by the caller's
/// predicate, if any.
struct PointFilter {
    /// The removed-id bitset, or nil when no removed point is still stored.
    let removed: UnsafePointer<UInt64>?
    let removedWords: Int
    let predicate: ((UInt32) -> Bool)?

    @inline(__always)
    func accepts(_ id: UInt32) -> Bool {
        if let removed {
            let w = Int(id >> 6)
            if w < removedWords, (removed[w] >> UInt64(id & 63)) & 1 != 0 { return false }
        }
        if let predicate { return predicate(id) }
        return true
    }
}

/// A min-priority queue of packed (lower bound, node reference) entries: the Float
/// bits of a non-negative bound, which order like the bounds, in the high half and the
/// reference in the low half, so one UInt64 comparison orders entries. Binary heap in
/// memory it owns; grows by doubling.
///
/// Thread safety: one query at a time.
struct NodeQueue: ~Copyable {
    private var heap: UnsafeMutablePointer<UInt64>
    private var capacity: Int
    /// Whether `heap` was allocated here (after growing) rather than lent by the caller.
    private var owned = false
    private(set) var count = 0

    /// A queue in the caller's memory (e.g. on the stack); it moves to the heap if it
    /// outgrows it.
    init(storage: UnsafeMutableBufferPointer<UInt64>) {
        heap = storage.baseAddress!
        capacity = storage.count
    }

    deinit { if owned { heap.deallocate() } }

    var isEmpty: Bool { count == 0 }

    mutating func removeAll() { count = 0 }

    @inline(__always)
    mutating func push(_ v: UInt64) {
        if count == capacity { grow() }
        var i = count
        count &+= 1
        while i > 0 {
            let parent = (i &- 1) >> 1
            let p = heap[parent]
            if p <= v { break }
            heap[i] = p
            i = parent
        }
        heap[i] = v
    }

    @inline(__always)
    mutating func popMin() -> UInt64 {
        let top = heap[0]
        count &-= 1
        let v = heap[count]
        var i = 0
        while true {
            var child = 2 &* i &+ 1
            if child >= count { break }
            let r = child &+ 1
            if r < count && heap[r] < heap[child] { child = r }
            let c = heap[child]
            if v <= c { break }
            heap[i] = c
            i = child
        }
        heap[i] = v
        return top
    }

    @inline(never)
    private mutating func grow() {
        let bigger = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: heap, count: count)
        if owned { heap.deallocate() }
        heap = bigger
        capacity *= 2
        owned = true
    }

    /// Runs `body` with a queue whose first 512 entries live on the stack.
    @inline(__always)
    static func withQueue<R>(_ body: (inout NodeQueue) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 512) { storage in
            var queue = NodeQueue(storage: storage)
            return body(&queue)
        }
    }
}
