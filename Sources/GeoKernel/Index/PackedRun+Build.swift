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

    /// Columns for `capacity` points; aborts when out of memory, as arrays do.
    convenience init(capacity: Int) {
        do {
            try self.init(checkedCapacity: capacity)
        } catch {
            fatalError(error.message)
        }
    }

    /// Columns for `capacity` points (28 bytes each). - Throws: `.outOfMemory`.
    init(checkedCapacity capacity: Int) throws(GeoKernelError) {
        self.capacity = capacity
        let c = Swift.max(capacity, 1)
        let what = { (column: String) in "the \(column) of \(capacity) points" }
        x = try CheckedAllocation.allocate(Double.self, count: c, what("x column"))
        do throws(GeoKernelError) {
            y = try CheckedAllocation.allocate(Double.self, count: c, what("y column"))
        } catch {
            CheckedAllocation.release(x)
            throw error
        }
        do throws(GeoKernelError) {
            z = try CheckedAllocation.allocate(Double.self, count: c, what("z column"))
        } catch {
            CheckedAllocation.release(x); CheckedAllocation.release(y)
            throw error
        }
        do throws(GeoKernelError) {
            ids = try CheckedAllocation.allocate(UInt32.self, count: c, what("ids"))
        } catch {
            CheckedAllocation.release(x); CheckedAllocation.release(y); CheckedAllocation.release(z)
            throw error
        }
    }

    deinit {
        CheckedAllocation.release(x); CheckedAllocation.release(y); CheckedAllocation.release(z)
        CheckedAllocation.release(ids)
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
        do {
            return try checkedBuild(points)
        } catch {
            fatalError(error.message)
        }
    }

    /// As `build`, with every buffer from `CheckedAllocation` (the C entry point's path).
    ///
    /// - Throws: `.outOfMemory` when a buffer cannot be allocated (nothing leaks).
    static func checkedBuild(_ points: PointColumns) throws(GeoKernelError) -> PackedRun {
        let n = points.count
        // Keys, order and the radix sort's scratch: 24 bytes per point, one block.
        let block = try CheckedAllocation.allocate(UInt64.self, count: 3 * n, "the sort keys of \(n) points")
        defer { CheckedAllocation.release(block) }
        let keys = block, keys2 = block + n
        let order = UnsafeMutableRawPointer(block + 2 * n).bindMemory(to: UInt32.self, capacity: 2 * n)
        let values2 = order + n
        for i in 0..<n {
            keys[i] = SphereMetric.packingKey(points.x[i], points.y[i], points.z[i])
            order[i] = UInt32(truncatingIfNeeded: i)
        }
        RadixSort.sort(keys: keys, values: order, count: n, scratch: (keys2, values2))
        let run = try PackedRun(checkedCapacityFor: n)
        for slot in 0..<n {
            let i = Int(order[slot])
            run.setPoint(slot, points.x[i], points.y[i], points.z[i], points.ids[i])
        }
        run.computeBoxes()
        return run
    }
}
