// Array conveniences over the pointer batch: both work on the arrays' own storage (no
// copy), through the native engine or one call into PROJ.

extension Transformer {
    /// Transforms the points (x[i], y[i]) in place.
    ///
    /// Units and axis order as described on `Transformer` (x = longitude for geographic
    /// CRS with the default options). Failures become +infinity in both arrays and are
    /// counted; NaN input counts as a failure.
    ///
    /// - Returns: the number of points that could not be transformed.
    /// - Throws: `.invalidArgument` when the arrays have different lengths (nothing is
    ///   changed then).
    /// - Thread safety: one thread at a time; `clone()` for another thread.
    /// - Complexity: O(n), the engine's per-point cost. C twin: `gk_transformer_transform`
    ///   with stride 8.
    @discardableResult
    public func transform(
        x: inout [Double], y: inout [Double], direction: Direction = .forward
    ) throws(GeoKernelError) -> Int {
        guard x.count == y.count else {
            throw .invalid("x has \(x.count) values but y has \(y.count)")
        }
        let n = x.count
        if n == 0 { return 0 }
        return x.withUnsafeMutableBufferPointer { xs in
            y.withUnsafeMutableBufferPointer { ys in
                transformUnchecked(
                    x: xs.baseAddress!, y: ys.baseAddress!, z: nil, count: n,
                    strideBytes: MemoryLayout<Double>.stride, direction: direction)
            }
        }
    }

    /// Transforms interleaved points x0, y0, x1, y1, … in place.
    ///
    /// Units and axis order as described on `Transformer`. Failures become +infinity in
    /// both coordinates and are counted; NaN input counts as a failure.
    ///
    /// - Returns: the number of points that could not be transformed.
    /// - Throws: `.invalidArgument` when the array has an odd number of values.
    /// - Thread safety: one thread at a time; `clone()` for another thread.
    /// - Complexity: O(n). C twin: `gk_transformer_transform` with `y = x + 1` and
    ///   stride 16.
    @discardableResult
    public func transform(interleaved xy: inout [Double], direction: Direction = .forward) throws(GeoKernelError) -> Int {
        guard xy.count % 2 == 0 else {
            throw .invalid("interleaved array has \(xy.count) values, not an even number")
        }
        let n = xy.count / 2
        if n == 0 { return 0 }
        return xy.withUnsafeMutableBufferPointer { b in
            let base = b.baseAddress!
            return transformUnchecked(
                x: base, y: base + 1, z: nil, count: n,
                strideBytes: 2 * MemoryLayout<Double>.stride, direction: direction)
        }
    }
}
