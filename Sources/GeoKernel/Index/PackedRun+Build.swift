/// Unit vectors with ids in four owned columns: the input of a packed build, filled from
/// degrees (a bulk build) or from existing runs and the insert buffer (a merge).
///
/// Thread safety: a plain owner of memory, used by one thread.
final class PointColumns {
    private(set) var count = 0
    let capacity: Int
    let x: UnsafeMutablePointer<Double>
    let y: UnsafeMutablePointer<Double>
    let z: UnsafeMutablePointer<Double>
    let ids: UnsafeMutablePointer<UInt32>

    init(capacity: Int) {
        self.capacity = capacity
        let c = Swift.max(capacity, 1)
        x = .allocate(capacity: c)
        y = .allocate(capacity: c)
        z = .allocate(capacity: c)
        ids = .allocate(capacity: c)
    }

    deinit {
        x.deallocate(); y.deallocate(); z.deallocate(); ids.deallocate()
    }

    @inline(__always)
    func append(_ px: Double, _ py: Double, _ pz: Double, _ id: UInt32) {
        x[count] = px; y[count] = py; z[count] = pz; ids[count] = id
        count &+= 1
    }

    /// Sets the count after the columns were written directly.
    func setCount(_ n: Int) { count = n }

    /// Appends the points of `run` whose ids `keep` accepts; returns how many it skipped.
    func append(_ run: PackedRun, keep: (UInt32) -> Bool) -> Int {
        var skipped = 0
        for slot in 0..<run.count {
            let p = run.point(slot)
            if keep(p.id) { append(p.x, p.y, p.z, p.id) } else { skipped += 1 }
        }
        return skipped
    }
}

extension PackedRun {
    /// A packed run over the points of `points` (at least one), ordered by packing key;
    /// equal keys keep their order in `points`, so a build is deterministic.
    ///
    /// - Complexity: O(n): keys, a radix sort (five passes), the gather, the boxes.
    static func build(_ points: PointColumns) -> PackedRun {
        let n = points.count
        let keys = UnsafeMutablePointer<UInt64>.allocate(capacity: n)
        let order = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
        defer { keys.deallocate(); order.deallocate() }
        for i in 0..<n {
            keys[i] = SphereMetric.packingKey(points.x[i], points.y[i], points.z[i])
            order[i] = UInt32(truncatingIfNeeded: i)
        }
        RadixSort.sort(keys: keys, values: order, count: n)
        let run = PackedRun(capacityFor: n)
        for slot in 0..<n {
            let i = Int(order[slot])
            run.setPoint(slot, points.x[i], points.y[i], points.z[i], points.ids[i])
        }
        run.computeBoxes()
        return run
    }
}
