/// The indices `0..<count` ordered by `areInIncreasingOrder` (a strict weak order over
/// indices), equal ones in increasing index: a stable sort whatever the standard
/// library's sort guarantees.
///
/// Why it exists: every `sort(by:)` with its own closure is compiled into its own copy of
/// the standard library's sort (about 1.5 KB each in `libgeokernel.so`); the library's
/// cold paths (listings, reports, directions, outlines) sort through this one copy.
///
/// - Complexity: O(count log count) calls of `areInIncreasingOrder` (two per comparison).
/// - Thread safety: pure. C twin: none.
@inline(never)
@_optimize(size)
package func stableOrder(_ count: Int, by areInIncreasingOrder: (Int, Int) -> Bool) -> [Int] {
    var order = Array(0..<count)
    withoutActuallyEscaping(areInIncreasingOrder) { before in
        let box = OrderBox(before)
        order.sort { box.before($0, $1) || (!box.before($1, $0) && $0 < $1) }
    }
    return order
}

/// The comparison behind an opaque reference, so that the compiler does not copy the sort
/// for each caller's closure.
private final class OrderBox {
    let before: (Int, Int) -> Bool
    init(_ before: @escaping (Int, Int) -> Bool) { self.before = before }
}
