extension RoadGraph {
    /// Reusable scratch state for queries on one graph: tentative distances, parents and
    /// queues, reset in O(1) by timestamps, so a query allocates nothing proportional to
    /// the graph.
    ///
    /// Create one per thread (or task) and reuse it: a workspace is not `Sendable` and
    /// must not be used by two queries at once. It fits any graph with the same number of
    /// turn states (queries check this). Memory: about 56 bytes per state (two labels and
    /// two pending bits, bucket heads), a state per allowed arc.
    /// C twin: inside a `gk_router` (`gk_router_create`, `gk_router_destroy`).
    /// \since 0.2
    public final class Workspace {
        /// The graph's states (`TurnGraph.stateCount`).
        package let nodeCount: Int
        // The state below is used by one query at a time (the type is not `Sendable`)
        // and no query holds two overlapping accesses to one property, so the runtime's
        // exclusivity checks (a thread-local access set per read or write, about a tenth
        // of a hierarchy query) are turned off for these properties only.
        /// The searches forward and backward.
        @exclusivity(unchecked) package var forward: SearchLabels, backward: SearchLabels
        @exclusivity(unchecked) package var seedsF = SeedList(), seedsB = SeedList()
        /// Matrix buckets: per node the head of a linked list of entries.
        @exclusivity(unchecked) package var bucketStamp: [UInt32], bucketHead: [UInt32]
        @exclusivity(unchecked) package var bucketStampValue: UInt32 = 0
        @exclusivity(unchecked) package var bucketEntries: [BucketEntry] = []
        @exclusivity(unchecked) package var arcStack: [UInt32] = []

        /// A workspace for queries on `graph`.
        ///
        /// - Complexity: O(n) time and memory, once. C twin: `gk_router_create` (a router owns one workspace).
        public init(for graph: RoadGraph) {
            nodeCount = graph.storage.turns.stateCount
            forward = SearchLabels(nodeCount); backward = SearchLabels(nodeCount)
            bucketStamp = [UInt32](repeating: 0, count: nodeCount)
            bucketHead = [UInt32](repeating: 0, count: nodeCount)
        }

        deinit {
            forward.deallocate(); backward.deallocate()
            seedsF.deallocate(); seedsB.deallocate()
        }

        /// Runs `body` on local copies of the core search labels and writes them back,
        /// so that the hot loops touch local values (no exclusivity checks).
        @inline(__always)
        func withLabels<R>(_ body: (inout SearchLabels, inout SearchLabels) -> R) -> R {
            var f = forward, b = backward
            defer { forward = f; backward = b }
            return body(&f, &b)
        }

        func check(_ graph: RoadGraph) throws(GeoKernelError) {
            let states = graph.storage.turns.stateCount
            guard states == nodeCount else {
                throw GeoKernelError(.misuse, "the workspace was made for a graph of \(nodeCount) turn states, not \(states)")
            }
        }

        /// Starts a new matrix bucket set.
        func resetBuckets() {
            bucketEntries.removeAll(keepingCapacity: true)
            bucketStampValue &+= 1
            if bucketStampValue == 0 {
                for i in bucketStamp.indices { bucketStamp[i] = 0 }
                bucketStampValue = 1
            }
        }
    }

    /// A place a search starts from: a state, its initial cost, and for a backward seed
    /// `via`, the turn from it into the target edge's arc (`noParent` for a forward seed).
    package struct Seed {
        package var node: UInt32
        package var cost: UInt64
        package var via: UInt32
    }

    /// The seeds of one side of a query, on storage its workspace owns and frees (as
    /// `QueryHeap`), so that refilling them for each query makes no runtime calls (an
    /// array's `removeAll(keepingCapacity:)` and uniqueness checks were a fifth of a
    /// hierarchy query). A value that refers to that storage: copies alias it, and a copy
    /// that grew must be written back (`seeds(_:_:backward:into:)` takes it `inout`).
    ///
    /// - Complexity: append amortised O(1). Thread safety: one query at a time, as its workspace.
    package struct SeedList: RandomAccessCollection {
        private(set) var base: UnsafeMutablePointer<Seed>
        private(set) var capacity: Int
        package private(set) var count = 0

        init() {
            capacity = 8
            base = .allocate(capacity: capacity)
        }

        /// Frees the storage (the owning workspace's `deinit`).
        func deallocate() { base.deallocate() }

        package var startIndex: Int { 0 }
        package var endIndex: Int { count }

        package subscript(i: Int) -> Seed {
            precondition(i >= 0 && i < count, "seed index out of range")
            return base[i]
        }

        @inline(__always) package mutating func removeAll() { count = 0 }

        @inline(__always) package mutating func append(_ seed: Seed) {
            if count == capacity { grow() }
            (base + count).initialize(to: seed)
            count += 1
        }

        private mutating func grow() { doubleStorage(&base, capacity: &capacity, count: count) }
    }

    package struct BucketEntry {
        package var target: UInt32
        package var next: UInt32
        package var cost: UInt64
    }
}

package let phantomBit: UInt32 = 0x8000_0000
package let noParent: UInt32 = 0xFFFF_FFFF

/// The label of a node in one search: valid when `stamp` equals the search's current
/// stamp. 16 bytes, so a node's label is one memory access.
package struct NodeLabel {
    package var stamp: UInt32
    package var parent: UInt32
    package var dist: UInt64
}

/// Tentative distances and parents of one search, reset in O(1) by a stamp, plus its
/// queue. A value that refers to memory its workspace owns and frees: copies alias it.
/// A search copies the labels it uses into a local variable and writes them back
/// (`RoadGraph.Workspace.withLabels`), so the hot loops make no runtime calls.
package struct SearchLabels {
    package let labels: UnsafeMutablePointer<NodeLabel>
    package let nodeCount: Int
    package var current: UInt32 = 0
    package var heap: QueryHeap
    /// One bit per node: reached and not yet scanned by a hierarchy's rank sweep. All
    /// clear between queries (a sweep scans every bit it sets).
    package let pending: UnsafeMutablePointer<UInt64>
    package let wordCount: Int

    init(_ n: Int) {
        nodeCount = n
        labels = .allocate(capacity: max(1, n))
        labels.initialize(repeating: NodeLabel(stamp: 0, parent: 0, dist: 0), count: max(1, n))
        heap = QueryHeap(capacity: 64)
        wordCount = (n + 63) / 64
        pending = .allocate(capacity: wordCount)
        pending.initialize(repeating: 0, count: wordCount)
    }

    /// Frees the labels and the queue (the owning workspace's `deinit`).
    func deallocate() {
        labels.deallocate()
        heap.deallocate()
        pending.deallocate()
    }

    /// Forgets every label in O(1) (O(n) once every 2³² resets).
    package mutating func reset() {
        heap.removeAll()
        current &+= 1
        if current == 0 {
            for i in 0..<nodeCount { labels[i].stamp = 0 }
            current = 1
        }
    }

    /// No rank is pending (the state between queries; for tests). O(n / 64).
    package var pendingIsClear: Bool { (0..<wordCount).allSatisfy { pending[$0] == 0 } }

    @inline(__always) package func reached(_ v: Int) -> Bool { at(v).pointee.stamp == current }
    /// The tentative distance of a reached node.
    @inline(__always) package func dist(_ v: Int) -> UInt64 { at(v).pointee.dist }
    @inline(__always) package func parent(_ v: Int) -> UInt32 { at(v).pointee.parent }

    /// Lowers the label of `v` to `d` (marking it pending, not queued) when that improves
    /// it; returns the index of `v`'s pending word.
    @inline(__always)
    package mutating func mark(_ v: Int, _ d: UInt64, parent p: UInt32) -> Int {
        let l = at(v)
        if l.pointee.stamp != current || d < l.pointee.dist {
            l.pointee = NodeLabel(stamp: current, parent: p, dist: d)
            pending[v >> 6] |= 1 << UInt64(v & 63)
        }
        return v >> 6
    }

    /// Lowers the label of `v` to `d` (pushing it) when that improves it.
    @inline(__always) @discardableResult
    package mutating func improve(_ v: Int, _ d: UInt64, parent p: UInt32) -> Bool {
        let l = at(v)
        if l.pointee.stamp == current && l.pointee.dist <= d { return false }
        l.pointee = NodeLabel(stamp: current, parent: p, dist: d)
        heap.push(d, UInt32(v))
        return true
    }

    /// The label of node `v`; a node outside the graph is a programming error (checked).
    @inline(__always) private func at(_ v: Int) -> UnsafeMutablePointer<NodeLabel> {
        precondition(UInt(bitPattern: v) < UInt(bitPattern: nodeCount), "node outside the workspace's graph")
        return labels + v
    }
}
