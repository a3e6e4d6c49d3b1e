/// Strongly connected components by Tarjan's algorithm (R. Tarjan, "Depth-first search
/// and linear graph algorithms", SIAM J. Comput. 1(2), 1972), iterative so that a
/// million-node path cannot overflow the stack.
///
/// - Parameters:
///   - first: CSR offsets (count n + 1) into `heads`.
///   - heads: arc heads, each < n.
/// - Returns: the component of each node (0-based) and the number of components.
/// - Complexity: O(n + arcs) time and memory.
package func stronglyConnectedComponents(first: [Int], heads: [Int]) -> (component: [Int], count: Int) {
    let n = first.count - 1
    var index = [Int](repeating: -1, count: n)
    var low = [Int](repeating: 0, count: n)
    var component = [Int](repeating: -1, count: n)
    var onStack = [Bool](repeating: false, count: n)
    var stack: [Int] = []
    var call: [(node: Int, next: Int)] = []
    var counter = 0, count = 0
    for root in 0..<n where index[root] < 0 {
        call.append((root, first[root]))
        index[root] = counter; low[root] = counter; counter += 1
        stack.append(root); onStack[root] = true
        while let top = call.last {
            let v = top.node
            if top.next < first[v + 1] {
                call[call.count - 1].next += 1
                let w = heads[top.next]
                if index[w] < 0 {
                    index[w] = counter; low[w] = counter; counter += 1
                    stack.append(w); onStack[w] = true
                    call.append((w, first[w]))
                } else if onStack[w] {
                    low[v] = min(low[v], index[w])
                }
                continue
            }
            call.removeLast()
            if let parent = call.last { low[parent.node] = min(low[parent.node], low[v]) }
            if low[v] == index[v] {
                while true {
                    let w = stack.removeLast()
                    onStack[w] = false
                    component[w] = count
                    if w == v { break }
                }
                count += 1
            }
        }
    }
    return (component, count)
}

extension RoadNetwork {
    /// The nodes of the largest strongly connected component over all traversable arcs
    /// (forward and backward travel, destination-only included); ties go to the component
    /// holding the lowest node index.
    ///
    /// - Complexity: O(nodes + edges).
    package func largestComponentMask() -> [Bool] {
        let n = nodes.count
        var first = [Int](repeating: 0, count: n + 1)
        for e in edges {
            if e.forward != nil { first[e.from + 1] += 1 }
            if e.backward != nil { first[e.to + 1] += 1 }
        }
        for i in 0..<n { first[i + 1] += first[i] }
        var fill = first
        var heads = [Int](repeating: 0, count: first[n])
        for e in edges {
            if e.forward != nil { heads[fill[e.from]] = e.to; fill[e.from] += 1 }
            if e.backward != nil { heads[fill[e.to]] = e.from; fill[e.to] += 1 }
        }
        let (component, count) = stronglyConnectedComponents(first: first, heads: heads)
        var size = [Int](repeating: 0, count: count)
        for c in component { size[c] += 1 }
        var best = -1
        for v in 0..<n where best < 0 || size[component[v]] > size[best] { best = component[v] }
        return component.map { $0 == best }
    }
}

extension RoadNetwork {
    /// The nodes of the largest strongly connected component over all traversable arcs
    /// (forward and backward travel, destination-only included; ties go to the component
    /// holding the lowest node index) and every node that can reach it or be reached from
    /// it: all but the islands no route to or from that component can use.
    ///
    /// - Complexity: O(nodes + edges).
    package func connectedComponentMask() -> [Bool] {
        let core = largestComponentMask()
        var keep = core
        let n = nodes.count
        var outs = [[Int]](repeating: [], count: n), ins = outs
        for e in edges {
            if e.forward != nil { outs[e.from].append(e.to); ins[e.to].append(e.from) }
            if e.backward != nil { outs[e.to].append(e.from); ins[e.from].append(e.to) }
        }
        for adjacency in [outs, ins] {
            var seen = core
            var stack = (0..<n).filter { seen[$0] }
            while let v = stack.popLast() {
                for w in adjacency[v] where !seen[w] {
                    seen[w] = true
                    keep[w] = true
                    stack.append(w)
                }
            }
        }
        return keep
    }
}
