/// The hits of a within-radius query: (metres, id) pairs in memory it owns, growing by
/// doubling, sorted on request by (metres, id) with a radix sort on the distance bits.
///
/// Thread safety: one query at a time.
struct ResultBuffer: ~Copyable {
    private var meters: UnsafeMutablePointer<Double>
    private var ids: UnsafeMutablePointer<UInt32>
    private var capacity: Int
    /// Whether the storage was allocated here (after growing) rather than lent.
    private var owned: Bool
    private(set) var count = 0

    init(capacity: Int = 64) {
        self.capacity = capacity
        meters = .allocate(capacity: capacity)
        ids = .allocate(capacity: capacity)
        owned = true
    }

    /// A buffer in the caller's memory (e.g. on the stack), moving to the heap if it
    /// outgrows it.
    init(meters: UnsafeMutableBufferPointer<Double>, ids: UnsafeMutableBufferPointer<UInt32>) {
        self.meters = meters.baseAddress!
        self.ids = ids.baseAddress!
        capacity = Swift.min(meters.count, ids.count)
        owned = false
    }

    deinit {
        if owned {
            meters.deallocate()
            ids.deallocate()
        }
    }

    /// Runs `body` with a buffer whose first 128 hits live on the stack.
    @inline(__always)
    static func withBuffer<R>(_ body: (inout ResultBuffer) -> R) -> R {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 128) { m in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 128) { i in
                var buffer = ResultBuffer(meters: m, ids: i)
                return body(&buffer)
            }
        }
    }

    @inline(__always)
    mutating func append(meters m: Double, id: UInt32) {
        if count == capacity { grow() }
        meters[count] = m
        ids[count] = id
        count &+= 1
    }

    @inline(never)
    private mutating func grow() {
        let c = capacity * 2
        let m2 = UnsafeMutablePointer<Double>.allocate(capacity: c)
        let i2 = UnsafeMutablePointer<UInt32>.allocate(capacity: c)
        m2.moveInitialize(from: meters, count: count)
        i2.moveInitialize(from: ids, count: count)
        if owned {
            meters.deallocate()
            ids.deallocate()
        }
        meters = m2
        ids = i2
        capacity = c
        owned = true
    }

    /// Sorts by distance, then id. Distances are non-negative doubles, whose bit
    /// patterns order like their values, so the radix sort runs on the bits; runs of
    /// equal distance are then put in id order.
    mutating func sort() {
        let n = count
        guard n > 1 else { return }
        let raw = UnsafeMutableRawPointer(meters)
        let keys = raw.bindMemory(to: UInt64.self, capacity: n)
        RadixSort.sort(keys: keys, values: ids, count: n)
        let back = raw.bindMemory(to: Double.self, capacity: n)
        var i = 0
        while i < n {
            var j = i &+ 1
            while j < n && back[j] == back[i] { j &+= 1 }
            if j &- i > 1 { sortIDs(i, j) }
            i = j
        }
    }

    private func sortIDs(_ from: Int, _ to: Int) {
        var i = from &+ 1
        while i < to {
            let v = ids[i]
            var j = i
            while j > from && ids[j &- 1] > v {
                ids[j] = ids[j &- 1]
                j &-= 1
            }
            ids[j] = v
            i &+= 1
        }
    }

    /// The hits as neighbours, in the current order.
    func neighbors() -> [SpatialIndex.Neighbor] {
        [SpatialIndex.Neighbor](unsafeUninitializedCapacity: count) { buf, initialized in
            for i in 0..<count { buf[i] = SpatialIndex.Neighbor(id: ids[i], distanceMeters: meters[i]) }
            initialized = count
        }
    }
}
