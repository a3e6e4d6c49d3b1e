// The planar kernel for the C ABI (`gk_simplify_planar`): the same decisions as
// `keptIndices(x:y:tolerance:options:)`, with every buffer that grows with the line taken
// from `CheckedAllocation`, so a line too large for memory is `.outOfMemory`
// (GK_ERR_OUT_OF_MEMORY), never an abort of the host process.

extension DouglasPeucker {
    /// Validates and simplifies the planar line (x[i], y[i]) as
    /// `keptIndices(x:y:tolerance:options:)` does, then calls `body` with one flag per
    /// vertex (true: kept) and the number kept.
    ///
    /// - Throws: as `keptIndices(x:y:tolerance:options:)`; `.outOfMemory` when a buffer
    ///   (about 1 + 16·n bytes, 41·n with the radial pre-pass) cannot be allocated; what
    ///   `body` throws.
    /// - Complexity: as `keptIndices`. Thread safety: pure.
    package static func withKeptFlags<R>(
        x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, tolerance: Double, options: Options,
        _ body: (UnsafeBufferPointer<Bool>, Int) throws(GeoKernelError) -> R
    ) throws(GeoKernelError) -> R {
        guard x.count == y.count else { throw .invalid("x has \(x.count) values but y has \(y.count)") }
        try checkTolerance(tolerance, unit: "")
        for i in 0..<x.count {
            try checkPlanar(x[i], "x", i)
            try checkPlanar(y[i], "y", i)
        }
        let n = x.count
        let keep = try CheckedAllocation.allocate(Bool.self, count: n, "the kept flags of \(n) vertices")
        defer { CheckedAllocation.release(keep) }
        keep.initialize(repeating: n <= 2, count: Swift.max(n, 1))
        var kept = n
        if n > 2, let bx = x.baseAddress, let by = y.baseAddress {
            kept = try options.radialPrePass
                ? markKeptAfterRadialPass(bx, by, n, tolerance, keep)
                : markKeptChecked(bx, by, n, tolerance, keep)
        }
        return try body(UnsafeBufferPointer(start: keep, count: n), kept)
    }

    private static func markKeptChecked(
        _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ n: Int, _ tolerance: Double,
        _ keep: UnsafeMutablePointer<Bool>
    ) throws(GeoKernelError) -> Int {
        var stack = try SectionStack(checkedFor: n)
        defer { stack.deallocate() }
        return markKept(x, y, n, tolerance, keep, &stack)
    }

    private static func markKeptAfterRadialPass(
        _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ n: Int, _ tolerance: Double,
        _ keep: UnsafeMutablePointer<Bool>
    ) throws(GeoKernelError) -> Int {
        let survivors = try CheckedAllocation.allocate(Int.self, count: n, "the radial pass over \(n) vertices")
        defer { CheckedAllocation.release(survivors) }
        let m = radialSurvivors(x, y, n, tolerance * tolerance, into: survivors)
        guard m < n else { return try markKeptChecked(x, y, n, tolerance, keep) }
        // The survivors' coordinates (2m doubles) and flags (m), in one block.
        let block = try CheckedAllocation.allocate(Double.self, count: 2 * m + (m + 7) / 8, "\(m) radial survivors")
        defer { CheckedAllocation.release(block) }
        let gx = block, gy = block + m
        let subKeep = UnsafeMutableRawPointer(block + 2 * m).bindMemory(to: Bool.self, capacity: m)
        subKeep.initialize(repeating: false, count: m)
        for k in 0..<m {
            gx[k] = x[survivors[k]]
            gy[k] = y[survivors[k]]
        }
        var kept = m
        if m > 2 {
            kept = try markKeptChecked(gx, gy, m, tolerance, subKeep)
        } else {
            for k in 0..<m { subKeep[k] = true }
        }
        for k in 0..<m where subKeep[k] { keep[survivors[k]] = true }
        return kept
    }
}
