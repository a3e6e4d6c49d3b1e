/// The k best results so far, a max-heap ordered by (metres, id), so the root is the
/// one to drop next. It keeps each entry's squared chord to derive the prefilter
/// threshold of the search.
///
/// Memory: 20 bytes per entry (metres, squared chord, id) in one block, either its own
/// (`init(k:limitMeters:)`) or lent by the caller (`withHeap`: on the stack for k ≤ 48),
/// so that a query or a whole batch of queries allocates nothing; `reset()` and
/// `drain(ids:meters:)` let one heap serve query after query.
///
/// Thread safety: one query at a time.
struct NeighborHeap: ~Copyable {
    let k: Int
    let limitMeters: Double
    private let limitChordSquared: Double
    private let meters: UnsafeMutablePointer<Double>
    private let chords: UnsafeMutablePointer<Double>
    private let ids: UnsafeMutablePointer<UInt32>
    /// Whether the entries' memory was allocated here (and is freed by deinit).
    private let owned: Bool
    private(set) var count = 0
    /// Points with a larger squared chord cannot enter.
    private(set) var threshold: Double
    /// `threshold` rounded up to Float, for node bounds.
    private(set) var thresholdFloat: Float

    /// Bytes of entry memory for a heap of `k` entries (8-byte aligned).
    static func bytes(k: Int) -> Int { Swift.max(k, 1) &* 20 &+ 8 }

    /// A heap that allocates its own entries.
    init(k: Int, limitMeters: Double) {
        let storage = UnsafeMutableRawPointer.allocate(byteCount: Self.bytes(k: k), alignment: 8)
        self.init(k: k, limitMeters: limitMeters, storage: storage, owned: true)
    }

    /// A heap whose entries live in `storage` (at least `bytes(k:)` bytes, 8-byte
    /// aligned), which must outlive it.
    private init(k: Int, limitMeters: Double, storage: UnsafeMutableRawPointer, owned: Bool) {
        self.k = k
        self.limitMeters = limitMeters
        self.owned = owned
        limitChordSquared = SphereMetric.chordSquaredBound(meters: limitMeters)
        threshold = limitChordSquared
        thresholdFloat = PackedRun.floatUp(limitChordSquared)
        let c = Swift.max(k, 1)
        meters = storage.bindMemory(to: Double.self, capacity: c)
        chords = (storage + c &* 8).bindMemory(to: Double.self, capacity: c)
        ids = (storage + c &* 16).bindMemory(to: UInt32.self, capacity: c)
    }

    deinit {
        if owned { UnsafeMutableRawPointer(meters).deallocate() }
    }

    /// Runs `body` with an empty heap whose entries live on the stack when k ≤ 48
    /// (968 bytes: under the 1 KiB that `withUnsafeTemporaryAllocation` always puts on
    /// the stack), in memory allocated here otherwise.
    @inline(__always)
    static func withHeap<R>(k: Int, limitMeters: Double, _ body: (inout NeighborHeap) -> R) -> R {
        if k > 48 {
            var heap = NeighborHeap(k: k, limitMeters: limitMeters)
            return body(&heap)
        }
        return withUnsafeTemporaryAllocation(byteCount: bytes(k: 48), alignment: 8) { storage in
            var heap = NeighborHeap(k: k, limitMeters: limitMeters, storage: storage.baseAddress!, owned: false)
            return body(&heap)
        }
    }

    /// Empties the heap for the next query (same k and limit).
    @inline(__always)
    mutating func reset() {
        count = 0
        changed = false
        threshold = limitChordSquared
        thresholdFloat = PackedRun.floatUp(limitChordSquared)
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

    /// Writes the results nearest first (ties: lower id first) to `outIDs` and
    /// `outMeters` (room for `count` each) by taking the root of the max-heap `count`
    /// times, and returns how many. The heap is empty afterwards (call `reset()` before
    /// the next query: the thresholds still hold this query's).
    @inline(__always)
    mutating func drain(ids outIDs: UnsafeMutablePointer<UInt32>, meters outMeters: UnsafeMutablePointer<Double>) -> Int {
        let n = count
        var i = n
        while count > 0 {
            i &-= 1
            outIDs[i] = ids[0]
            outMeters[i] = meters[0]
            let last = count &- 1
            let (m, id, c2) = (meters[last], ids[last], chords[last])
            count = last
            if last > 0 { siftDownRoot(m, id, c2) }
        }
        return n
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
