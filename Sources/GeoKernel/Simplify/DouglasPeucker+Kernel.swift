import CSIMDShim

// The planar Douglas–Peucker kernel: an explicit stack of sections and a scan for the
// farthest vertex of each, four vertices per step.
//
// The distance of vertex p to the closed segment a–b is GEOS's
// (geos::algorithm::Distance::pointToSegment), computed in exactly its order, in the
// scalar and in the SIMD code alike (Swift never fuses a*b + c, and sqrtpd and sqrt are
// both correctly rounded, so both give the same bits and therefore the same decisions):
//
//   s = b − a, len2 = s.x·s.x + s.y·s.y, d = p − a,
//   r = (d.x·s.x + d.y·s.y) / len2;
//   r ≤ 0: √(d.x² + d.y²);  r ≥ 1: √(e.x² + e.y²) with e = p − b;
//   else: |((a.y − p.y)·s.x − (a.x − p.x)·s.y) / len2| · √len2.
//   A section whose ends coincide (a = b) measures √(d.x² + d.y²).
//
// GEOS's cross product (a.y − p.y)·s.x − (a.x − p.x)·s.y is computed here as
// d.x·s.y − d.y·s.x: rounding to nearest is symmetric (fl(−u) = −fl(u)), so a.y − p.y
// rounds to −d.y, each product to the negated product, and the difference to the same
// value (at most the sign of a zero differs, which |s| and squares discard).
//
// Every section first looks for its farthest vertex by an estimate of the squared
// distance (no division or root; `farthestByEstimate`), and measures exactly only the
// vertex it names, and only when its estimate lies too near the squared tolerance to
// settle GEOS's comparison (`ToleranceBand`); near ties and nearly straight sections are
// scanned exactly, so the decisions stay GEOS's.
//
// In unoptimised (DEBUG) builds the four-lane scan is not used: generic SIMD code runs
// there about a hundred times slower than scalar code (every lane operation is an
// unspecialised call), which would make the quadratic worst case take minutes. Both
// scans give the same bits; the tests call each of them directly.

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
        if options.radialPrePass {
            let survivors = radialSurvivors(bx, by, n, tolerance * tolerance)
            if survivors.count < n {
                let gx = survivors.map { bx[$0] }
                let gy = survivors.map { by[$0] }
                let kept = gx.withUnsafeBufferPointer { xs in
                    gy.withUnsafeBufferPointer { ys in
                        keptIndices(xs.baseAddress!, ys.baseAddress!, survivors.count, tolerance)
                    }
                }
                return kept.map { survivors[$0] }
            }
        }
        return keptIndices(bx, by, n, tolerance)
    }

    /// simplify-js's `simplifyRadialDist`: keeps vertex 0, then every vertex farther than
    /// the tolerance from the last one kept, and always the last vertex.
    static func radialSurvivors(
        _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ n: Int, _ tol2: Double
    ) -> [Int] {
        [Int](unsafeUninitializedCapacity: n) { buffer, initialized in
            initialized = radialSurvivors(x, y, n, tol2, into: buffer.baseAddress!)
        }
    }

    /// As `radialSurvivors`, into `out` (room for n indices); returns how many.
    static func radialSurvivors(
        _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ n: Int, _ tol2: Double,
        into out: UnsafeMutablePointer<Int>
    ) -> Int {
        out[0] = 0
        var count = 1
        var prev = 0
        for i in 1..<n {
            let dx = x[i] - x[prev], dy = y[i] - y[prev]
            if dx * dx + dy * dy > tol2 {
                out[count] = i
                count += 1
                prev = i
            }
        }
        if prev != n - 1 {
            out[count] = n - 1
            count += 1
        }
        return count
    }

    /// Runs the kernel on n ≥ 2 contiguous vertices and collects the kept indices.
    static func keptIndices(
        _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ n: Int, _ tolerance: Double
    ) -> [Int] {
        let keep = UnsafeMutablePointer<Bool>.allocate(capacity: n)
        keep.initialize(repeating: false, count: n)
        defer { keep.deallocate() }
        var stack = SectionStack()
        defer { stack.deallocate() }
        let count = markKept(x, y, n, tolerance, keep, &stack)
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
        _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ n: Int, _ tolerance: Double,
        _ keep: UnsafeMutablePointer<Bool>, _ stack: inout SectionStack
    ) -> Int {
        keep[0] = true
        keep[n - 1] = true
        guard n > 2 else { return n }
        var kept = 2
        let band = ToleranceBand(tolerance)
        stack.push(0, n - 1)
        while let (first, last) = stack.pop() {
            // GEOS: a section is dropped when its largest distance is ≤ the tolerance
            // (`farthest` answers ±∞ when its estimate alone settles that).
            let (index, distance) = farthest(x, y, first, last, band: band)
            guard distance > tolerance else { continue }
            keep[index] = true
            kept += 1
            if last - index >= 2 { stack.push(index, last) }
            if index - first >= 2 { stack.push(first, index) }
        }
        return kept
    }

    /// Where an estimate of the farthest vertex's squared distance settles GEOS's comparison
    /// of its distance with the tolerance t, so that neither its root nor a division is
    /// needed: above `above` = t²·(1 + 2⁻³⁰) the vertex is beyond t, below `below` =
    /// t²·(1 − 2⁻³⁰) within it; between them (and for every estimate when t² is below 2⁻⁹⁰⁰
    /// or overflows) the distance is measured. The estimates that `farthestByEstimate`
    /// accepts are within 2⁻³³ (relative) of the square of GEOS's distance, and t² within
    /// one unit in the last place of the square of t, so the margin of 2⁻³⁰ holds eight
    /// times over. `farthestByEstimate` compares len2 times the estimate with len2 times
    /// these bounds (a product that overflows or falls below the normal range still
    /// compares the right way: the estimates it accepts are normal and far from both).
    struct ToleranceBand {
        let below: Double
        let above: Double

        /// The band of tolerance t (finite, ≥ 0).
        init(_ t: Double) {
            let t2 = t * t
            if t2 >= 0x1p-900 && t2.isFinite {
                below = t2 - t2 * 0x1p-30
                above = t2 + t2 * 0x1p-30
            } else {
                below = -.infinity
                above = .infinity
            }
        }

        private init(below: Double, above: Double) {
            self.below = below
            self.above = above
        }

        /// No estimate settles anything: every farthest vertex is measured.
        static let measureAlways = ToleranceBand(below: -.infinity, above: .infinity)
    }

    /// The farthest interior vertex of the section first…last (last − first ≥ 2) from
    /// the closed segment between its ends: the first strict maximum of GEOS's distance,
    /// and that distance, or +∞ (beyond the tolerance) or −∞ (within it) when the vertex
    /// was found by estimate and `band` settles its comparison with the tolerance.
    @inline(__always)
    static func farthest(
        _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ first: Int, _ last: Int,
        band: ToleranceBand = .measureAlways, blocks: Bool = scansInBlocks
    ) -> (Int, Double) {
        let ax = x[first], ay = y[first], bx = x[last], by = y[last]
        var i = first + 1
        var bestIndex = i
        var best = -1.0
        if ax == bx && ay == by {
            // GEOS: if (A == B) return p.distance(A).
            while i < last {
                let dx = x[i] - ax, dy = y[i] - ay
                let d = (dx * dx + dy * dy).squareRoot()
                if d > best {
                    best = d
                    bestIndex = i
                }
                i += 1
            }
            return (bestIndex, best)
        }
        let sx = bx - ax, sy = by - ay
        let len2 = sx * sx + sy * sy
        if blocks, let found = farthestByEstimate(x, y, first, last, ax, ay, bx, by, len2, band) { return found }
        let length = len2.squareRoot()
        if blocks && last - i >= 8 {
            (bestIndex, best) = farthestBlocks(x, y, &i, last, ax, ay, bx, by, len2, length)
        }
        while i < last {
            let d = segmentDistance(x[i], y[i], ax, ay, bx, by, len2, length)
            if d > best {
                best = d
                bestIndex = i
            }
            i += 1
        }
        return (bestIndex, best)
    }

    /// Whether sections are searched by estimate first and, from eight interior vertices
    /// on, scanned four vertices at a time (optimised builds), or scanned exactly one
    /// vertex at a time (DEBUG builds).
    static var scansInBlocks: Bool {
        #if DEBUG
        false
        #else
        true
        #endif
    }

    /// The farthest interior vertex of the section first…last of the planar line (x, y)
    /// and its distance (GEOS's), as the kernel finds it with the four-lane scan
    /// (`blocks`, used from eight interior vertices on) or the scalar one; for tests of
    /// both in every build. Requires last − first ≥ 2 and valid indices.
    package static func _farthestVertex(
        x: UnsafePointer<Double>, y: UnsafePointer<Double>, first: Int, last: Int, blocks: Bool
    ) -> (index: Int, distance: Double) {
        precondition(last - first >= 2, "a section needs an interior vertex")
        let (i, d) = farthest(x, y, first, last, blocks: blocks)
        return (i, d)
    }

    /// GEOS's distance of (px, py) to the closed segment (ax, ay)–(bx, by) whose ends
    /// differ, with len2 = |b − a|² and length = √len2; see the comment at the top of
    /// the file.
    ///
    /// GEOS's r = dot / len2 only decides which of the three formulas applies, so it is
    /// divided only when comparing dot with len2 cannot tell how the quotient rounds: the
    /// quotient is ≤ 0 exactly when dot ≤ 0 (unless it underflows, which needs
    /// dot < 2⁻¹⁰⁰⁰·len2), ≥ 1 when dot ≥ len2, and < 1 when dot < (1 − 2⁻⁴⁹)·len2 (it
    /// rounds to 1 only from 1 − 2⁻⁵⁴ up). len2 under 2⁻⁹⁰⁰ always divides, so the
    /// products here never leave the normal range (and a len2 that underflowed to 0
    /// gives GEOS's NaN).
    @inline(__always)
    static func segmentDistance(
        _ px: Double, _ py: Double, _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double,
        _ len2: Double, _ length: Double
    ) -> Double {
        let sx = bx - ax, sy = by - ay
        let dx = px - ax, dy = py - ay
        let dot = dx * sx + dy * sy
        var nearA = dot <= 0, nearB = dot >= len2
        if len2 < 0x1p-900 || !nearA && !nearB && !(dot < len2 * 0x1.ffffffffffff0p-1 && dot * 0x1p1000 > len2) {
            let r = dot / len2
            nearA = r <= 0
            nearB = r >= 1
        }
        if nearA { return (dx * dx + dy * dy).squareRoot() }
        if nearB {
            let ex = px - bx, ey = py - by
            return (ex * ex + ey * ey).squareRoot()
        }
        let s = (dx * sy - dy * sx) / len2
        return Swift.abs(s) * length
    }

    /// The farthest interior vertex of first…last by GEOS's distance, found without a
    /// division or square root per vertex, with its distance (or ±∞ where `band` settles
    /// the comparison with the tolerance, as `farthest` answers), or nil when the caller
    /// must scan exactly.
    ///
    /// One pass computes, for each vertex p, an estimate n of len2 = |b − a|² times its
    /// squared distance to the segment: n = c² + t², with GEOS's own cross product
    /// c = (p − a) × (b − a) and t = dot − min(max(dot, 0), len2), dot = (p − a)·(b − a),
    /// how far the projection falls outside the segment (Lagrange's identity: c² + dot² =
    /// |p − a|²·len2, and c² + (dot − len2)² = |p − b|²·len2). It keeps the largest and
    /// the runner-up. When the runner-up is more than 2⁻³⁰ below the largest, the vertex of
    /// the largest is GEOS's farthest, and its squared distance is n/len2 (measured exactly
    /// by `segmentDistance` only when `band` cannot settle the comparison).
    ///
    /// Why: between the ends n/len2 is GEOS's c²/len2 to a few units in the last place.
    /// Beyond an end it is not computed from p − a or p − b as GEOS does; the rounding of
    /// dot, c and len2 moves it by at most about 32·2⁻⁵³·|p − b|·|b − a| (or the same with
    /// a), and with the largest n at least 2⁻³⁰·len2² (the farthest vertex at least 2⁻¹⁵·|b − a|
    /// from the segment) every vertex that competes with it is within 2⁻³³ of GEOS's
    /// squared distance, relative to the largest. So every other vertex is strictly nearer,
    /// and the band's margin of 2⁻³⁰ holds eight times over. Where GEOS and the estimate
    /// classify a vertex on different sides of an end (GEOS rounds r = dot/len2 to 0 or 1)
    /// the two differ by at most 2⁻¹⁰⁸·len2. Near ties (a runner-up within 2⁻³⁰), nearly
    /// straight sections (a smaller largest n), and len2 outside 2⁻⁴⁵⁰…2⁴⁵⁰ (where n could
    /// leave the normal range; an n that overflows to +∞ fails the runner-up test) return nil.
    @inline(__always)
    static func farthestByEstimate(
        _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ first: Int, _ last: Int,
        _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ len2: Double, _ band: ToleranceBand
    ) -> (Int, Double)? {
        guard len2 >= 0x1p-450 && len2 <= 0x1p450 else { return nil }
        let (best, bestIndex, runnerUp) = estimates(x, y, first, last, ax, ay, bx, by, len2, level: SIMDMath.vectorLevel)
        guard best >= len2 * len2 * 0x1p-30, runnerUp < best - best * 0x1p-30 else { return nil }
        // best/len2 against the band, without the division (the products round by 2⁻⁵³ at
        // most, far inside the band's margin).
        if best > band.above * len2 { return (bestIndex, .infinity) }
        if best < band.below * len2 { return (bestIndex, -.infinity) }
        return (bestIndex, segmentDistance(x[bestIndex], y[bestIndex], ax, ay, bx, by, len2, len2.squareRoot()))
    }

    /// `farthestByEstimate`'s pass over the interior of first…last: the largest estimate n,
    /// its first index, and the runner-up (the second largest, or the largest again when
    /// it occurs twice). Sections of `wideEstimatesFrom` interior vertices or more run on
    /// the C build for `level` (AVX2 or AVX-512F) when it is above 0, else on Swift's four
    /// lanes from eight on; the rest one vertex at a time. Every way gives the same answer.
    @inline(__always)
    static func estimates(
        _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ first: Int, _ last: Int,
        _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ len2: Double, level: CInt
    ) -> (Double, Int, Double) {
        let sx = bx - ax, sy = by - ay
        var best = -1.0, bestIndex = first + 1, runnerUp = -1.0
        var i = first + 1
        if last - i >= wideEstimatesFrom, level > 0 {
            // The same pass on AVX2 or AVX-512F (the same estimates, bit for bit).
            let found = CSIMDShim_dp_top_estimates(level, x, y, i, last, ax, ay, bx, by, len2)
            (best, bestIndex, runnerUp, i) = (found.best, found.bestIndex, found.runnerUp, found.next)
        } else if last - i >= 8 {
            (best, bestIndex, runnerUp) = topEstimates(x, y, &i, last, ax, ay, bx, by, len2)
        }
        // One vertex at a time without a branch on its data (whether a vertex is the
        // largest so far is a coin toss in a wiggly line): the estimate, then selects.
        while i < last {
            let dx = x[i] - ax, dy = y[i] - ay
            let dot = dx * sx + dy * sy
            let c = dx * sy - dy * sx
            var inside = dot > 0 ? dot : 0
            inside = inside < len2 ? inside : len2
            let t = dot - inside
            let q = c * c + t * t
            // The smaller of q and the largest so far competes for the runner-up.
            let larger = q > best
            let displaced = q < best ? q : best
            runnerUp = displaced > runnerUp ? displaced : runnerUp
            bestIndex = larger ? i : bestIndex
            best = larger ? q : best
            i += 1
        }
        return (best, bestIndex, runnerUp)
    }

    /// `estimates` over the interior of first…last (last − first ≥ 2, valid indices, a ≠ b)
    /// on the given build: `level` 0 Swift's own pass, 1 AVX2, 2 AVX-512F (only levels up
    /// to `SIMDMath.vectorLevel` run on this CPU); for tests that every build answers the
    /// same.
    package static func _estimates(
        x: UnsafePointer<Double>, y: UnsafePointer<Double>, first: Int, last: Int, level: CInt
    ) -> (best: Double, index: Int, runnerUp: Double) {
        let ax = x[first], ay = y[first], bx = x[last], by = y[last]
        let sx = bx - ax, sy = by - ay
        let len2 = sx * sx + sy * sy
        let (best, index, runnerUp) = estimates(
            x, y, first, last, ax, ay, bx, by, len2, level: Swift.min(level, SIMDMath.vectorLevel))
        return (best, index, runnerUp)
    }

    /// The build level of this CPU's wide kernels (`SIMDMath.vectorLevel`), for tests.
    package static var _vectorLevel: CInt { SIMDMath.vectorLevel }

    /// The fewest interior vertices for which `farthestByEstimate` calls the C builds of
    /// its pass (when the CPU has AVX2 or AVX-512F); shorter sections stay in Swift, where
    /// a few scalar steps cost less than the call and the reductions across lanes.
    static let wideEstimatesFrom = 8

    /// `farthestByEstimate`'s four-lane pass over whole blocks of four from `i` (advanced
    /// past them): the largest estimate, its first index, and the runner-up.
    @inline(__always)
    static func topEstimates(
        _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ i: inout Int, _ last: Int,
        _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ len2: Double
    ) -> (Double, Int, Double) {
        let ax4 = D4(repeating: ax), ay4 = D4(repeating: ay)
        let sx4 = D4(repeating: bx - ax), sy4 = D4(repeating: by - ay)
        let len24 = D4(repeating: len2), zero = D4(repeating: 0), four = D4(repeating: 4)
        let rx = UnsafeRawPointer(x), ry = UnsafeRawPointer(y)
        // Per lane: the largest estimate, where it first occurred, and the runner-up.
        var top = D4(repeating: -1), second = D4(repeating: -1), topIndex = D4(repeating: 0)
        var index = D4(Double(i), Double(i + 1), Double(i + 2), Double(i + 3))
        while i &+ 4 <= last {
            let px = rx.loadUnaligned(fromByteOffset: i &* 8, as: D4.self)
            let py = ry.loadUnaligned(fromByteOffset: i &* 8, as: D4.self)
            let dx = px - ax4, dy = py - ay4
            let dot = dx * sx4 + dy * sy4
            let c = dx * sy4 - dy * sx4
            var inside = zero
            inside.replace(with: dot, where: dot .> zero)
            inside.replace(with: len24, where: .!(inside .< len24))
            let t = dot - inside
            let q = c * c + t * t
            let larger = q .> top
            var displaced = top  // min(q, top) goes on to compete for the runner-up
            displaced.replace(with: q, where: q .< top)
            second.replace(with: displaced, where: displaced .> second)
            top.replace(with: q, where: larger)
            topIndex.replace(with: index, where: larger)
            index += four
            i &+= 4
        }
        // Across lanes: the first index among equal tops.
        var best = top[0], bestIndex = Int(topIndex[0]), runnerUp = second[0]
        for lane in 1..<4 {
            if top[lane] > best || (top[lane] == best && Int(topIndex[lane]) < bestIndex) {
                runnerUp = Swift.max(runnerUp, best)
                best = top[lane]
                bestIndex = Int(topIndex[lane])
            } else {
                runnerUp = Swift.max(runnerUp, top[lane])
            }
            runnerUp = Swift.max(runnerUp, second[lane])
        }
        return (best, bestIndex, runnerUp)
    }

    /// Scans whole blocks of four vertices from `i` (at least one block before `last`),
    /// advancing `i` past them; returns the first strict maximum over those vertices.
    @inline(__always)
    static func farthestBlocks(
        _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ i: inout Int, _ last: Int,
        _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ len2: Double, _ length: Double
    ) -> (Int, Double) {
        let ax4 = D4(repeating: ax), ay4 = D4(repeating: ay), bx4 = D4(repeating: bx), by4 = D4(repeating: by)
        let sx4 = D4(repeating: bx - ax), sy4 = D4(repeating: by - ay)
        let len24 = D4(repeating: len2), length4 = D4(repeating: length)
        let zero = D4(repeating: 0), one = D4(repeating: 1), four = D4(repeating: 4)
        let rx = UnsafeRawPointer(x), ry = UnsafeRawPointer(y)
        // Per lane: the largest distance so far and the index (exact as a Double below
        // 2^53) where it first occurred; lanes only move on a strict increase.
        var best = D4(repeating: -1)
        var bestIndex = D4(repeating: 0)
        var index = D4(Double(i), Double(i + 1), Double(i + 2), Double(i + 3))
        while i &+ 4 <= last {
            let px = rx.loadUnaligned(fromByteOffset: i &* 8, as: D4.self)
            let py = ry.loadUnaligned(fromByteOffset: i &* 8, as: D4.self)
            let dx = px - ax4, dy = py - ay4
            let r = (dx * sx4 + dy * sy4) / len24
            let ex = px - bx4, ey = py - by4
            // The end distances squared, then one square root (the same bits as the
            // scalar code's root of whichever it picks).
            var ends = dx * dx + dy * dy
            ends.replace(with: ex * ex + ey * ey, where: r .>= one)
            let endDistance = SIMDMath.sqrt(ends)
            let s = (dx * sy4 - dy * sx4) / len24
            var d = SIMDMath.abs(s) * length4
            d.replace(with: endDistance, where: (r .<= zero) .| (r .>= one))
            let larger = d .> best
            best.replace(with: d, where: larger)
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

/// A stack of (first, last) sections on the heap: growable, or of a fixed capacity from
/// `CheckedAllocation` (the C path, which must not abort when memory runs out).
struct SectionStack {
    private var base: UnsafeMutablePointer<Int>
    private var capacity: Int  // in sections
    private var count = 0
    private let fixed: Bool

    init() {
        capacity = 64
        base = .allocate(capacity: 2 * capacity)
        fixed = false
    }

    /// A stack that never grows, for the sections of n vertices (at most n/2 pending).
    ///
    /// - Throws: `.outOfMemory`.
    init(checkedFor n: Int) throws(GeoKernelError) {
        capacity = n / 2 + 1
        base = try CheckedAllocation.allocate(Int.self, count: 2 * capacity, "the work stack of \(n) vertices")
        fixed = true
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
        precondition(!fixed, "a fixed section stack holds every pending section of its line")
        let bigger = UnsafeMutablePointer<Int>.allocate(capacity: 4 * capacity)
        bigger.moveInitialize(from: base, count: 2 * count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }

    func deallocate() {
        if fixed { CheckedAllocation.release(base) } else { base.deallocate() }
    }
}
