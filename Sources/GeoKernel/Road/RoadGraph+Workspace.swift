extension RoadGraph {
    /// Reusable scratch state for queries on one graph: tentative distances, parents and
    /// queues, reset in O(1) by timestamps, so a query allocates nothing proportional to
    /// the graph.
    ///
    /// Create one per thread (or task) and reuse it: a workspace is not `Sendable` and
    /// must not be used by two queries at once. It fits any graph with the same node count
    /// (queries check this). Memory: about 60 bytes per node.
    /// C twin: inside a `gk_router` (`gk_router_create`, `gk_router_destroy`).
    /// - Since: 0.2
    public final class Workspace {
        package let nodeCount: Int
        /// Core search forward / backward; zone searches at the source / target.
        package var forward: SearchLabels, backward: SearchLabels
        package var sourceZone: SearchLabels, targetZone: SearchLabels
        package var seedsF: [Seed] = [], seedsB: [Seed] = []
        /// Matrix buckets: per node the head of a linked list of entries.
        package var bucketStamp: [UInt32], bucketHead: [UInt32]
        package var bucketStampValue: UInt32 = 0
        package var bucketEntries: [BucketEntry] = []
        package var arcStack: [UInt32] = []

        /// A workspace for queries on `graph`.
        ///
        /// - Complexity: O(n) time and memory, once. C twin: `gk_router_create` (a router owns one workspace).
        public init(for graph: RoadGraph) {
            nodeCount = graph.nodeCount
            forward = SearchLabels(nodeCount); backward = SearchLabels(nodeCount)
            sourceZone = SearchLabels(nodeCount); targetZone = SearchLabels(nodeCount)
            bucketStamp = [UInt32](repeating: 0, count: nodeCount)
            bucketHead = [UInt32](repeating: 0, count: nodeCount)
        }

        func check(_ graph: RoadGraph) throws(GeoKernelError) {
            guard graph.nodeCount == nodeCount else {
                throw GeoKernelError(.misuse, "the workspace was made for a graph of \(nodeCount) nodes, not \(graph.nodeCount)")
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

    /// A place a search starts from: a node, its initial cost, and how it was reached
    /// (`via`: `phantomBit | arc` straight from the snap, or `zoneVia` through the
    /// destination-only zone search's labels).
    package struct Seed {
        package var node: UInt32
        package var cost: UInt64
        package var via: UInt32
    }

    package struct BucketEntry {
        package var target: UInt32
        package var next: UInt32
        package var cost: UInt64
    }
}

package let phantomBit: UInt32 = 0x8000_0000
package let zoneVia: UInt32 = 0xFFFF_FFFF
package let noParent: UInt32 = 0xFFFF_FFFF

/// The label of a node in one search: valid when `stamp` equals the search's current
/// stamp. 16 bytes, so a node's label is one memory access.
package struct NodeLabel {
    package var stamp: UInt32
    package var parent: UInt32
    package var dist: UInt64
}

/// Tentative distances and parents of one search, reset in O(1) by a stamp, plus its
/// queue.
package struct SearchLabels {
    package var labels: [NodeLabel]
    package var current: UInt32 = 0
    package var heap = BinaryHeap()

    init(_ n: Int) { labels = [NodeLabel](repeating: NodeLabel(stamp: 0, parent: 0, dist: 0), count: n) }

    /// Forgets every label in O(1) (O(n) once every 2³² resets).
    package mutating func reset() {
        heap.removeAll()
        current &+= 1
        if current == 0 {
            for i in labels.indices { labels[i].stamp = 0 }
            current = 1
        }
    }

    @inline(__always) package func reached(_ v: Int) -> Bool { labels[v].stamp == current }
    /// The tentative distance of a reached node.
    @inline(__always) package func dist(_ v: Int) -> UInt64 { labels[v].dist }
    @inline(__always) package func parent(_ v: Int) -> UInt32 { labels[v].parent }

    /// Lowers the label of `v` to `d` (pushing it) when that improves it.
    @inline(__always) @discardableResult
    package mutating func improve(_ v: Int, _ d: UInt64, parent p: UInt32) -> Bool {
        if labels[v].stamp == current && labels[v].dist <= d { return false }
        labels[v] = NodeLabel(stamp: current, parent: p, dist: d)
        heap.push(d, UInt32(v))
        return true
    }
}
