import CSIMDShim

// The two searches over one packed run: best-first k-nearest (Hjaltason & Samet 1999)
// and depth-first within-radius. Node bounds are computed 16 children at a time in
// Float; leaf chords four points at a time in Double. The lane maxima, minima and masks
// go through CSIMDShim: Swift's own (pointwiseMax, .min(), SIMDMask reductions) become
// per-lane loops through the stack on baseline x86-64.

extension PackedRun {
    /// Guards of the node bounds, so that a bound never exceeds the chord to any point in
    /// the box. Per axis, the gap max(lo − q, 0) + max(q − hi, 0) is computed in Float
    /// from the query rounded to Float (error ≤ 2⁻²⁵ ≈ 3e-8, as |q| ≤ 1) with one rounded
    /// subtraction (relative error ≤ 2⁻²⁴); the computed gap is therefore shrunk by
    /// 4 ulps and reduced by 4e-8 (0.25 m on the sphere). Box corners are rounded
    /// outwards to Float when stored. The final shrink covers the rounding of the three
    /// squares and two sums.
    static let axisGuard: Float = 4e-8
    static let axisShrink: Float = 1 - 2.4e-7
    static let boundShrink: Float = 0.999_999

    /// Lower bounds of the squared chord from `q` to the 16 child boxes of node `n`;
    /// +∞ for unused slots.
    @inline(__always)
    func childBounds(_ n: Int, _ q: QueryVector) -> SIMD16<Float> {
        let p = UnsafeRawPointer(node(n))
        let guardV = SIMD16<Float>(repeating: Self.axisGuard)
        let gx = Self.gap(p, 0, SIMD16<Float>(repeating: q.fx), guardV)
        let gy = Self.gap(p, 64, SIMD16<Float>(repeating: q.fy), guardV)
        let gz = Self.gap(p, 128, SIMD16<Float>(repeating: q.fz), guardV)
        let xy: SIMD16<Float> = gx * gx + gy * gy
        let s: SIMD16<Float> = xy + gz * gz
        return s * Self.boundShrink
    }

    /// The distance from q to [lo, hi] along one axis, less the guards, at least 0.
    @inline(__always)
    private static func gap(
        _ p: UnsafeRawPointer, _ off: Int, _ q: SIMD16<Float>, _ guardV: SIMD16<Float>
    ) -> SIMD16<Float> {
        let lo = p.loadUnaligned(fromByteOffset: off, as: SIMD16<Float>.self)
        let hi = p.loadUnaligned(fromByteOffset: off &+ 192, as: SIMD16<Float>.self)
        let below: SIMD16<Float> = CSIMDShim_positive16(lo - q)
        let above: SIMD16<Float> = CSIMDShim_positive16(q - hi)
        let gap: SIMD16<Float> = (below + above) * Self.axisShrink
        return CSIMDShim_positive16(gap - guardV)
    }

    /// Bit j set when bound j ≤ t.
    @inline(__always)
    static func lanes(_ b: SIMD16<Float>, atMost t: Float) -> UInt32 {
        CSIMDShim_atMost16(b, t)
    }

    /// Queue reference of a node: level (4 bits; the level after the last internal one
    /// means leaf blocks) and index within the level (28 bits).
    @inline(__always)
    static func ref(level: Int, index: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: level << 28 | index)
    }

    // MARK: k nearest

    /// Best-first search of this run, offering every point that may be among the k
    /// nearest to `heap`.
    ///
    /// While the heap is not full it starts with a greedy descent to the leaf with the
    /// nearest box, keeping the child bounds met on the way: that leaf's points give a
    /// finite threshold, and only the siblings on the path whose bound is within it are
    /// queued, so the path is not expanded twice and hopeless nodes never enter the queue.
    func nearest(_ q: QueryVector, _ heap: inout NeighborHeap, _ queue: inout NodeQueue, _ filter: PointFilter) {
        let internalLevels = levelCounts.count
        queue.removeAll()
        if heap.count < heap.k {
            greedyStart(q, &heap, &queue, filter)
        } else {
            queue.push(0)
        }
        while !queue.isEmpty {
            let e = queue.popMin()
            let t = heap.thresholdFloat
            if UInt32(truncatingIfNeeded: e >> 32) > t.bitPattern { break }
            let r = UInt32(truncatingIfNeeded: e)
            let level = Int(r >> 28), index = Int(r & 0x0FFF_FFFF)
            if level < internalLevels {
                push(childBounds(levelStarts[level] &+ index, q), level, index, except: -1, t, &queue)
            } else {
                nearestInBlock(index, q, &heap, filter)
            }
        }
    }

    /// The greedy descent: evaluates the leaf reached by always taking the child with
    /// the smallest bound, then queues the siblings along the path that may still hold
    /// a result.
    @inline(__always)
    private func greedyStart(_ q: QueryVector, _ heap: inout NeighborHeap, _ queue: inout NodeQueue, _ filter: PointFilter) {
        let internalLevels = levelCounts.count
        withUnsafeTemporaryAllocation(of: SIMD16<Float>.self, capacity: 16) { path in
            var index = 0
            for level in 0..<internalLevels {
                let b = childBounds(levelStarts[level] &+ index, q)
                path[level] = b
                index = index << 4 | Self.argmin(b)
            }
            nearestInBlock(index, q, &heap, filter)
            let t = heap.thresholdFloat
            var level = internalLevels &- 1
            while level >= 0 {
                let chosen = index & 15
                index >>= 4
                push(path[level], level, index, except: chosen, t, &queue)
                level &-= 1
            }
        }
    }

    /// Queues the children of node (level, index) whose bound is within `t`, except
    /// child `except`.
    @inline(__always)
    private func push(_ b: SIMD16<Float>, _ level: Int, _ index: Int, except: Int, _ t: Float, _ queue: inout NodeQueue) {
        var bits = Self.lanes(b, atMost: t)
        if except >= 0 { bits &= ~(1 << UInt32(except)) }
        if bits == 0 { return }
        let first = index << 4
        // The bounds stored once and read back by lane (b[j] would store all 16 again
        // for every child pushed).
        withUnsafeBytes(of: b) { bounds in
            while bits != 0 {
                let j = bits.trailingZeroBitCount
                bits &= bits &- 1
                let child = Self.ref(level: level &+ 1, index: first &+ j)
                let bound = bounds.load(fromByteOffset: j &* 4, as: UInt32.self)
                queue.push(UInt64(bound) << 32 | UInt64(child))
            }
        }
    }

    /// The lane of the smallest bound (the first on ties).
    @inline(__always)
    static func argmin(_ b: SIMD16<Float>) -> Int {
        let bits = lanes(b, atMost: CSIMDShim_min16(b))
        return bits == 0 ? 0 : bits.trailingZeroBitCount
    }

    @inline(__always)
    private func nearestInBlock(_ b: Int, _ q: QueryVector, _ heap: inout NeighborHeap, _ filter: PointFilter) {
        let p = UnsafeRawPointer(block(b))
        let qx = D4(repeating: q.x), qy = D4(repeating: q.y), qz = D4(repeating: q.z)
        for g in 0..<4 {
            let off = g &* 32
            let c2 = SphereMetric.chordSquared(
                p.loadUnaligned(fromByteOffset: off, as: D4.self),
                p.loadUnaligned(fromByteOffset: 128 &+ off, as: D4.self),
                p.loadUnaligned(fromByteOffset: 256 &+ off, as: D4.self), qx, qy, qz)
            var pass = SphereMetric.lanes(c2, atMost: heap.threshold)
            if pass == 0 { continue }
            let m = SphereMetric.meters(chordSquared: c2)
            let ids = p + (384 &+ g &* 16)
            repeat {
                let lane = pass.trailingZeroBitCount
                pass &= pass &- 1
                let id = ids.load(fromByteOffset: lane &* 4, as: UInt32.self)
                if filter.accepts(id) { heap.offer(meters: m[lane], id: id, chordSquared: c2[lane]) }
            } while pass != 0
            heap.refreshThreshold()
        }
    }

    // MARK: within radius

    /// Appends every accepted point within `radiusMeters` (metres computed by
    /// `SphereMetric.meters`) to `out`, in storage order.
    func within(
        _ q: QueryVector, radiusMeters: Double, chordBound: Double, _ out: inout ResultBuffer, _ filter: PointFilter
    ) {
        let t = PackedRun.floatUp(chordBound)
        let internalLevels = levelCounts.count
        // Depth-first: at most 16 entries per level are waiting, so 16 · 16 suffice.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { stack in
            var top = 0
            stack[0] = 0
            top = 1
            while top > 0 {
                top &-= 1
                let r = stack[top]
                let level = Int(r >> 28), index = Int(r & 0x0FFF_FFFF)
                if level < internalLevels {
                    let b = childBounds(levelStarts[level] &+ index, q)
                    var bits = Self.lanes(b, atMost: t)
                    let first = index << 4
                    // Push in reverse so children are visited in storage order.
                    while bits != 0 {
                        let j = 31 &- bits.leadingZeroBitCount
                        bits &= ~(1 << UInt32(j))
                        stack[top] = Self.ref(level: level &+ 1, index: first &+ j)
                        top &+= 1
                    }
                } else {
                    withinBlock(index, q, radiusMeters, chordBound, &out, filter)
                }
            }
        }
    }

    @inline(__always)
    private func withinBlock(
        _ b: Int, _ q: QueryVector, _ radius: Double, _ chordBound: Double, _ out: inout ResultBuffer,
        _ filter: PointFilter
    ) {
        let p = UnsafeRawPointer(block(b))
        let qx = D4(repeating: q.x), qy = D4(repeating: q.y), qz = D4(repeating: q.z)
        for g in 0..<4 {
            let off = g &* 32
            let c2 = SphereMetric.chordSquared(
                p.loadUnaligned(fromByteOffset: off, as: D4.self),
                p.loadUnaligned(fromByteOffset: 128 &+ off, as: D4.self),
                p.loadUnaligned(fromByteOffset: 256 &+ off, as: D4.self), qx, qy, qz)
            let pass = SphereMetric.lanes(c2, atMost: chordBound)
            if pass == 0 { continue }
            let m = SphereMetric.meters(chordSquared: c2)
            var inside = pass & SphereMetric.lanes(m, atMost: radius)
            let ids = p + (384 &+ g &* 16)
            while inside != 0 {
                let lane = inside.trailingZeroBitCount
                inside &= inside &- 1
                let id = ids.load(fromByteOffset: lane &* 4, as: UInt32.self)
                if filter.accepts(id) { out.append(meters: m[lane], id: id) }
            }
        }
    }
}

