extension SpatialIndex {
    /// Checks every structural invariant and throws `.internal` naming the first broken
    /// one. The tests call it after builds, inserts, removes, compactions and loads.
    ///
    /// - every stored id is below `nextID` and stored once; the points that are not
    ///   removed are exactly `count` points; `deadInRuns` counts the removed points
    ///   still stored; the buffer holds no removed point and is not full;
    /// - each run is ordered by packing key, its vectors are unit vectors, every point
    ///   lies inside its leaf's box and every box inside its parent's box; unused slots
    ///   hold NaN and id `UInt32.max`, unused child boxes are empty;
    /// - run sizes more than halve from one run to the next (so there are O(log n)).
    ///
    /// - Complexity: O(n). Not for production paths.
    package func checkInvariants() throws(GeoKernelError) {
        func fail(_ what: String) -> GeoKernelError { GeoKernelError(.internal, "index invariant: \(what)") }
        guard removed.reduce(0, { $0 + $1.nonzeroBitCount }) == removedCount else {
            throw fail("removedCount \(removedCount) differs from the bitset")
        }
        var seen = Set<UInt32>()
        var live = 0, dead = 0
        for (r, run) in runs.enumerated() {
            if r > 0, runs[r - 1].count <= 2 * run.count {
                throw fail("run \(r) has \(run.count) points, run \(r - 1) only \(runs[r - 1].count)")
            }
            try checkRun(run, r, fail)
            for slot in 0..<run.count {
                let id = run.point(slot).id
                guard id < nextIDValue, seen.insert(id).inserted else { throw fail("run \(r): id \(id) invalid or repeated") }
                if isRemoved(id) { dead += 1 } else { live += 1 }
            }
        }
        guard buffer.count < Self.bufferCapacity else { throw fail("the insert buffer is full") }
        for i in 0..<Self.bufferCapacity {
            let id = buffer.ids[i]
            if i < buffer.count {
                guard id < nextIDValue, seen.insert(id).inserted, !isRemoved(id) else {
                    throw fail("buffer: id \(id) invalid, repeated or removed")
                }
                try checkUnit(buffer.x[i], buffer.y[i], buffer.z[i], "buffer slot \(i)", fail)
                live += 1
            } else if id != PackedRun.paddingID || !buffer.x[i].isNaN {
                throw fail("buffer slot \(i) beyond the count is not padding")
            }
        }
        guard live == count else { throw fail("\(live) live points stored, count is \(count)") }
        guard dead == deadInRuns else { throw fail("\(dead) removed points stored, deadInRuns is \(deadInRuns)") }
    }

    private func checkUnit(
        _ x: Double, _ y: Double, _ z: Double, _ where_: String, _ fail: (String) -> GeoKernelError
    ) throws(GeoKernelError) {
        let n = x * x + y * y + z * z
        guard abs(n - 1) < 1e-12 else { throw fail("\(where_): |v|² = \(n), not a unit vector") }
    }

    private func checkRun(_ run: PackedRun, _ r: Int, _ fail: (String) -> GeoKernelError) throws(GeoKernelError) {
        let layout = PackedRun.layout(count: run.count)
        guard layout.blocks == run.blockCount, layout.levels == run.levelCounts, layout.bytes == run.byteCount else {
            throw fail("run \(r): layout differs from its count \(run.count)")
        }
        var previousKey: UInt64 = 0
        let last = run.levelCounts.count - 1
        for slot in 0..<(run.blockCount * PackedRun.leafSize) {
            let p = run.point(slot)
            if slot >= run.count {
                guard p.id == PackedRun.paddingID, p.x.isNaN, p.y.isNaN, p.z.isNaN else {
                    throw fail("run \(r): unused slot \(slot) is not padding")
                }
                continue
            }
            try checkUnit(p.x, p.y, p.z, "run \(r) slot \(slot)", fail)
            let key = SphereMetric.packingKey(p.x, p.y, p.z)
            guard key >= previousKey else { throw fail("run \(r): slot \(slot) is out of packing order") }
            previousKey = key
            let b = slot >> 4
            let box = run.box(slot: b & 15, ofNode: run.levelStarts[last] + (b >> 4))
            guard box.contains(p.x, p.y, p.z) else { throw fail("run \(r): point in slot \(slot) outside its leaf box") }
        }
        for level in 0...last {
            let childCount = level == last ? run.blockCount : run.levelCounts[level + 1]
            for i in 0..<run.levelCounts[level] {
                let n = run.levelStarts[level] + i
                for j in 0..<PackedRun.fanout {
                    let child = i * PackedRun.fanout + j
                    let box = run.box(slot: j, ofNode: n)
                    if child >= childCount {
                        guard box.isEmpty else { throw fail("run \(r): node \(n) slot \(j) should be empty") }
                    } else if level < last {
                        let c = run.levelStarts[level + 1] + child
                        for k in 0..<PackedRun.fanout where !run.box(slot: k, ofNode: c).isEmpty {
                            guard box.contains(run.box(slot: k, ofNode: c)) else {
                                throw fail("run \(r): node \(c) child \(k) outside its parent's box")
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A node's box for one child, read back for checks.
struct ChildBox {
    var lo: SIMD3<Float>
    var hi: SIMD3<Float>

    var isEmpty: Bool { lo.x == .infinity && lo.y == .infinity && lo.z == .infinity && hi.x == -.infinity }

    func contains(_ x: Double, _ y: Double, _ z: Double) -> Bool {
        Double(lo.x) <= x && x <= Double(hi.x) && Double(lo.y) <= y && y <= Double(hi.y)
            && Double(lo.z) <= z && z <= Double(hi.z)
    }

    func contains(_ b: ChildBox) -> Bool {
        all(lo .<= b.lo) && all(b.hi .<= hi)
    }
}

extension PackedRun {
    /// The box node `n` holds for child `j`.
    func box(slot j: Int, ofNode n: Int) -> ChildBox {
        let p = UnsafeRawPointer(node(n))
        func f(_ field: Int) -> Float { p.load(fromByteOffset: (field * 16 + j) * 4, as: Float.self) }
        return ChildBox(lo: SIMD3(f(0), f(1), f(2)), hi: SIMD3(f(3), f(4), f(5)))
    }
}
