// The planar Douglas–Peucker kernel: an explicit stack of sections and a scan for the
// farthest vertex of each, four vertices per step.
//
// The distance of vertex p to the closed segment a–b, squared, is computed in exactly
// this order, in the scalar and in the SIMD code alike (Swift never fuses a*b + c, so
// both give the same bits and therefore the same decisions):
//
//   s = b − a, inv = 1/|s|² (0 when |s|² is 0 or subnormal), d = p − a,
//   t = min(max((d.x·s.x + d.y·s.y)·inv, 0), 1), e = d − t·s, distance² = e.x² + e.y².
//
// In unoptimised (DEBUG) builds the four-lane scan is not used: generic SIMD code runs
// there about a hundred times slower than scalar code (every lane operation is an
// unspecialised call), which would make the quadratic worst case take minutes. Both
// scans give the same bits; the tests call each of them directly.
//
// The four-lane scan uses plain SIMDMask selects: measured against integer bit tricks
// (as in SIMD/SIMDMath.swift) and a two-pass max-then-find scan, they were the fastest
// both on baseline x86-64 and with -march=x86-64-v3.

extension DouglasPeucker {
    /// Planar Douglas–Peucker on validated input (finite, |value| ≤ 1e150, tolerance
    /// finite and ≥ 0): the kept indices, ascending.
    ///
    /// - Complexity: O(n log n) typical, O(n²) worst case; O(n) memory.
    static func planarKeptIndices(
        x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, tolerance: Double, options: Options
    ) -> [Int] {
        let n = x.count
        guard n > 2, let bx = x.baseAddress, let by = y.baseAddress else { return Array(0..<n) }
        let tol2 = tolerance * tolerance
        if options.radialPrePass {
            let survivors = radialSurvivors(bx, by, n, tol2)
            if survivors.count < n {
                let gx = survivors.map { bx[$0] }
                let gy = survivors.map { by[$0] }
                let kept = gx.withUnsafeBufferPointer { xs in
                    gy.withUnsafeBufferPointer { ys in
                        keptIndices(xs.baseAddress!, ys.baseAddress!, survivors.count, tol2)
                    }
                }
                return kept.map { survivors[$0] }
            }
        }
        return keptIndices(bx, by, n, tol2)
    }

    /// simplify-js's `simplifyRadialDist`: keeps vertex 0, then every vertex farther than
    /// the tolerance from the last one kept, and always the last vertex.
    static func radialSurvivors(
        _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ n: Int, _ tol2: Double
    ) -> [Int] {
        var out = [0]
        var prev = 0
        for i in 1..<n {
            let dx = x[i] - x[prev], dy = y[i] - y[prev]
            if dx * dx + dy * dy > tol2 {
                out.append(i)
                prev = i
            }
        }
        if prev != n - 1 { out.append(n - 1) }
        return out
    }

    /// Runs the kernel on n ≥ 2 contiguous vertices and collects the kept indices.
    static func keptIndices(
        _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ n: Int, _ tol2: Double
    ) -> [Int] {
        let keep = UnsafeMutablePointer<Bool>.allocate(capacity: n)
        keep.initialize(repeating: false, count: n)
        defer { keep.deallocate() }
        let count = markKept(x, y, n, tol2, keep)
        return [Int](unsafeUninitializedCapacity: count) { buffer, initialized in
            var j = 0
            for i in 0..<n where keep[i] {
                buffer[j] = i
                j += 1
            }
            initialized = j
        }
    }

    /// The Douglas–Peucker loop: sets `keep[i]` for every kept vertex of the n ≥ 2
    /// vertices (x[i], y[i]) and returns how many are kept. `keep` starts all false.
    ///
    /// Sections wait on a heap-allocated stack; only sections with interior vertices are
    /// pushed, so it never holds more than n/2 entries.
    static func markKept(
        _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ n: Int, _ tol2: Double,
        _ keep: UnsafeMutablePointer<Bool>
    ) -> Int {
        keep[0] = true
        keep[n - 1] = true
        guard n > 2 else { return n }
        var kept = 2
        var stack = SectionStack()
        defer { stack.deallocate() }
        stack.push(0, n - 1)
        while let (first, last) = stack.pop() {
            let (index, d2) = farthest(x, y, first, last)
            guard d2 > tol2 else { continue }
            keep[index] = true
            kept += 1
            if last - index >= 2 { stack.push(index, last) }
            if index - first >= 2 { stack.push(first, index) }
        }
        return kept
    }

    /// The farthest interior vertex of the section first…last (last − first ≥ 2) from
    /// the closed segment between its ends: the first strict maximum of the squared
    /// distance, and that squared distance.
    @inline(__always)
    static func farthest(
        _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ first: Int, _ last: Int,
        blocks: Bool = scansInBlocks
    ) -> (Int, Double) {
        let ax = x[first], ay = y[first]
        let sx = x[last] - ax, sy = y[last] - ay
        let len2 = sx * sx + sy * sy
        let inv = len2 >= Double.leastNormalMagnitude ? 1 / len2 : 0
        var i = first + 1
        var bestIndex = i
        var best = -1.0
        if blocks && last - i >= 8 {
            (bestIndex, best) = farthestBlocks(x, y, &i, last, ax, ay, sx, sy, inv)
        }
        while i < last {
            let d = segmentDistanceSquared(x[i], y[i], ax, ay, sx, sy, inv)
            if d > best {
                best = d
                bestIndex = i
            }
            i += 1
        }
        return (bestIndex, best)
    }

    /// Whether sections of eight or more interior vertices are scanned four vertices
    /// at a time (optimised builds) or one at a time (DEBUG builds).
    static var scansInBlocks: Bool {
        #if DEBUG
        false
        #else
        true
        #endif
    }

    /// The farthest interior vertex of the section first…last of the planar line (x, y)
    /// and its squared distance, as the kernel finds it with the four-lane scan
    /// (`blocks`, used from eight interior vertices on) or the scalar one; for tests of
    /// both in every build. Requires last − first ≥ 2 and valid indices.
    package static func _farthestVertex(
        x: UnsafePointer<Double>, y: UnsafePointer<Double>, first: Int, last: Int, blocks: Bool
    ) -> (index: Int, distanceSquared: Double) {
        precondition(last - first >= 2, "a section needs an interior vertex")
        let (i, d) = farthest(x, y, first, last, blocks: blocks)
        return (i, d)
    }

    /// The squared distance of (px, py) to the closed segment from (ax, ay) along
    /// (sx, sy), with inv = 1/(sx² + sy²) or 0; see the comment at the top of the file.
    @inline(__always)
    static func segmentDistanceSquared(
        _ px: Double, _ py: Double, _ ax: Double, _ ay: Double, _ sx: Double, _ sy: Double, _ inv: Double
    ) -> Double {
        let dx = px - ax, dy = py - ay
        let t = Swift.min(Swift.max((dx * sx + dy * sy) * inv, 0), 1)
        let ex = dx - t * sx, ey = dy - t * sy
        return ex * ex + ey * ey
    }

    /// Scans whole blocks of four vertices from `i` (at least one block before `last`),
    /// advancing `i` past them; returns the first strict maximum over those vertices.
    @inline(__always)
    static func farthestBlocks(
        _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ i: inout Int, _ last: Int,
        _ ax: Double, _ ay: Double, _ sx: Double, _ sy: Double, _ inv: Double
    ) -> (Int, Double) {
        let ax4 = D4(repeating: ax), ay4 = D4(repeating: ay)
        let sx4 = D4(repeating: sx), sy4 = D4(repeating: sy), inv4 = D4(repeating: inv)
        let zero = D4(repeating: 0), one = D4(repeating: 1), four = D4(repeating: 4)
        let rx = UnsafeRawPointer(x), ry = UnsafeRawPointer(y)
        // Per lane: the largest squared distance so far and the index (exact as a Double
        // below 2^53) where it first occurred; lanes only move on a strict increase.
        var best = D4(repeating: -1)
        var bestIndex = D4(repeating: 0)
        var index = D4(Double(i), Double(i + 1), Double(i + 2), Double(i + 3))
        while i &+ 4 <= last {
            let dx = rx.loadUnaligned(fromByteOffset: i &* 8, as: D4.self) - ax4
            let dy = ry.loadUnaligned(fromByteOffset: i &* 8, as: D4.self) - ay4
            var t = (dx * sx4 + dy * sy4) * inv4
            t.replace(with: zero, where: t .< zero)  // −0 stays −0: e = d − t·s is the same
            t.replace(with: one, where: t .> one)
            let ex = dx - t * sx4, ey = dy - t * sy4
            let d2 = ex * ex + ey * ey
            let larger = d2 .> best
            best.replace(with: d2, where: larger)
            bestIndex.replace(with: index, where: larger)
            index += four
            i &+= 4
        }
        // The largest value; among equal values the smallest index (first strict max).
        var value = best[0]
        var at = bestIndex[0]
        for lane in 1..<4 where best[lane] > value || (best[lane] == value && bestIndex[lane] < at) {
            value = best[lane]
            at = bestIndex[lane]
        }
        return (Int(at), value)
    }
}

/// A growable stack of (first, last) sections on the heap.
struct SectionStack {
    private var base: UnsafeMutablePointer<Int>
    private var capacity: Int  // in sections
    private var count = 0

    init() {
        capacity = 64
        base = .allocate(capacity: 2 * capacity)
    }

    @inline(__always)
    mutating func push(_ first: Int, _ last: Int) {
        if count == capacity { grow() }
        base[2 &* count] = first
        base[2 &* count &+ 1] = last
        count &+= 1
    }

    @inline(__always)
    mutating func pop() -> (Int, Int)? {
        guard count > 0 else { return nil }
        count &-= 1
        return (base[2 &* count], base[2 &* count &+ 1])
    }

    private mutating func grow() {
        let bigger = UnsafeMutablePointer<Int>.allocate(capacity: 4 * capacity)
        bigger.moveInitialize(from: base, count: 2 * count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }

    func deallocate() { base.deallocate() }
}
