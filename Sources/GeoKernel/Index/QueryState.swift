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

/// The k best results so far, a max-heap ordered by (metres, id), so the root is the
/// one to drop next. It keeps each entry's squared chord to derive the prefilter
/// threshold of the search.
///
/// Thread safety: one query at a time.
struct NeighborHeap: ~Copyable {
    let k: Int
    let limitMeters: Double
    private let limitChordSquared: Double
    private let meters: UnsafeMutablePointer<Double>
    private let ids: UnsafeMutablePointer<UInt32>
    private let chords: UnsafeMutablePointer<Double>
    private(set) var count = 0
    /// Points with a larger squared chord cannot enter.
    private(set) var threshold: Double
    /// `threshold` rounded up to Float, for node bounds.
    private(set) var thresholdFloat: Float

    init(k: Int, limitMeters: Double) {
        self.k = k
        self.limitMeters = limitMeters
        limitChordSquared = SphereMetric.chordSquaredBound(meters: limitMeters)
        threshold = limitChordSquared
        thresholdFloat = PackedRun.floatUp(limitChordSquared)
        let c = Swift.max(k, 1)
        meters = .allocate(capacity: c)
        ids = .allocate(capacity: c)
        chords = .allocate(capacity: c)
    }

    deinit {
        meters.deallocate(); ids.deallocate(); chords.deallocate()
    }

    /// Offers a candidate that passed the chord prefilter. The thresholds are not
    /// updated here (a stale, larger threshold only lets more candidates through):
    /// call `refreshThreshold()` after a batch of offers.
    @inline(__always)
    mutating func offer(meters m: Double, id: UInt32, chordSquared c2: Double) {
        if count < k {
            guard m <= limitMeters else { return }
            siftUp(m, id, c2)
            changed = count == k
        } else {
            let rm = meters[0]
            guard m < rm || (m == rm && id < ids[0]) else { return }
            siftDownRoot(m, id, c2)
            changed = true
        }
    }

    /// Whether the root changed since the thresholds were last computed.
    private var changed = false

    /// Brings `threshold` and `thresholdFloat` up to date after offers.
    @inline(__always)
    mutating func refreshThreshold() {
        if changed {
            updateThreshold()
            changed = false
        }
    }

    @inline(__always)
    private func worse(_ m1: Double, _ id1: UInt32, than m2: Double, _ id2: UInt32) -> Bool {
        m1 > m2 || (m1 == m2 && id1 > id2)
    }

    private mutating func siftUp(_ m: Double, _ id: UInt32, _ c2: Double) {
        var i = count
        count &+= 1
        while i > 0 {
            let parent = (i &- 1) >> 1
            if !worse(m, id, than: meters[parent], ids[parent]) { break }
            meters[i] = meters[parent]; ids[i] = ids[parent]; chords[i] = chords[parent]
            i = parent
        }
        meters[i] = m; ids[i] = id; chords[i] = c2
    }

    private mutating func siftDownRoot(_ m: Double, _ id: UInt32, _ c2: Double) {
        var i = 0
        while true {
            var child = 2 &* i &+ 1
            if child >= count { break }
            let r = child &+ 1
            if r < count && worse(meters[r], ids[r], than: meters[child], ids[child]) { child = r }
            if !worse(meters[child], ids[child], than: m, id) { break }
            meters[i] = meters[child]; ids[i] = ids[child]; chords[i] = chords[child]
            i = child
        }
        meters[i] = m; ids[i] = id; chords[i] = c2
    }

    private mutating func updateThreshold() {
        let t = Swift.min(limitChordSquared, SphereMetric.chordSquaredBound(chordSquared: chords[0]))
        threshold = t
        thresholdFloat = PackedRun.floatUp(t)
    }

    /// The results, nearest first (ties: lower id first), by taking the root of the
    /// max-heap k times (the heap is consumed).
    mutating func sorted() -> [SpatialIndex.Neighbor] {
        let n = count
        return [SpatialIndex.Neighbor](unsafeUninitializedCapacity: n) { buf, initialized in
            var i = n
            while count > 0 {
                i -= 1
                buf[i] = SpatialIndex.Neighbor(id: ids[0], distanceMeters: meters[0])
                let last = count - 1
                let (m, id, c2) = (meters[last], ids[last], chords[last])
                count = last
                if last > 0 { siftDownRoot(m, id, c2) }
            }
            initialized = n
        }
    }
}
