/// A 4-ary min-heap of (key, value) pairs without decrease-key: searches push a node
/// again when its distance improves and skip stale entries when popped (lazy deletion).
/// Four children per node halve the depth of a binary heap and keep siblings in one
/// cache line.
///
/// - Complexity: push and pop O(log n). Thread safety: a value; one thread per heap.
package struct BinaryHeap {
    package struct Entry {
        package var key: UInt64
        package var value: UInt32
    }

    private var items: [Entry] = []

    package init() {}

    package var isEmpty: Bool { items.isEmpty }
    package var count: Int { items.count }
    /// The smallest key; `UInt64.max` when empty.
    package var minKey: UInt64 { items.first?.key ?? .max }

    package mutating func removeAll() { items.removeAll(keepingCapacity: true) }

    package mutating func push(_ key: UInt64, _ value: UInt32) {
        items.append(Entry(key: key, value: value))
        items.withUnsafeMutableBufferPointer { h in
            var i = h.count - 1
            let e = h[i]
            while i > 0 {
                let p = (i - 1) >> 2
                if h[p].key <= e.key { break }
                h[i] = h[p]
                i = p
            }
            h[i] = e
        }
    }

    /// Removes and returns the entry with the smallest key. Precondition: not empty.
    package mutating func pop() -> Entry {
        let top = items[0]
        let last = items.removeLast()
        if items.isEmpty { return top }
        items.withUnsafeMutableBufferPointer { h in
            let n = h.count
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
        return top
    }
}
