/// The sign of the planar orientation determinant
/// (bx − ax)(py − ay) − (by − ay)(px − ax): +1 when p lies to the left of the directed line
/// a → b, −1 to the right, 0 exactly on it. Exact for all finite doubles whose products
/// neither overflow nor fall below 2⁻⁹⁶⁹ (two-product's exactness; coordinates in degrees are
/// far from both).
///
/// A floating-point filter decides almost every call (Shewchuk's first error bound for
/// this determinant, "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric
/// Predicates", 1997); when it cannot, the determinant is expanded into six products of
/// the inputs, each split exactly by a fused multiply-add, and their sum is formed exactly
/// as a non-overlapping expansion whose largest component carries the sign.
///
/// - Complexity: O(1). Thread safety: pure.
@inline(__always)
package func planarOrientation(
    _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ px: Double, _ py: Double
) -> Int {
    let left = (bx - ax) * (py - ay)
    let right = (by - ay) * (px - ax)
    let det = left - right
    // (3 + 16ε)ε with ε = 2⁻⁵³.
    let bound = 3.3306690738754716e-16 * (abs(left) + abs(right))
    if det > bound { return 1 }
    if -det > bound { return -1 }
    return exactPlanarOrientation(ax, ay, bx, by, px, py)
}

/// The exact sign of `planarOrientation`'s determinant, by expansion arithmetic. The terms
/// ax·ay cancel, leaving bx·py − bx·ay − ax·py − by·px + by·ax + ay·px.
@inline(never)
package func exactPlanarOrientation(
    _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ px: Double, _ py: Double
) -> Int {
    var e = ExactSum()
    e.addProduct(bx, py)
    e.addProduct(-bx, ay)
    e.addProduct(-ax, py)
    e.addProduct(-by, px)
    e.addProduct(by, ax)
    e.addProduct(ay, px)
    return e.sign
}

/// A sum of doubles kept exactly as a non-overlapping expansion (Shewchuk's
/// Grow-Expansion with zero elimination): components in increasing magnitude, so the sign
/// of the sum is that of the last one. At most 12 components (six exact products).
struct ExactSum {
    private var parts = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    private var count = 0

    /// Adds a·b exactly (the product and its rounding error, by one fused multiply-add).
    mutating func addProduct(_ a: Double, _ b: Double) {
        let p = a * b
        let err = (-p).addingProduct(a, b)  // a·b − p, exact
        add(err)
        add(p)
    }

    /// Adds x exactly.
    mutating func add(_ x: Double) {
        guard x != 0 else { return }
        withUnsafeMutableBytes(of: &parts) { raw in
            let c = raw.bindMemory(to: Double.self)
            var q = x
            var n = 0
            for i in 0..<count {
                let s = q + c[i]
                let bv = s - q
                let err = (q - (s - bv)) + (c[i] - bv)  // Two-Sum
                q = s
                if err != 0 { c[n] = err; n += 1 }
            }
            if q != 0 { c[n] = q; n += 1 }
            count = n
        }
    }

    /// −1, 0 or +1: the sign of the exact sum.
    var sign: Int {
        guard count > 0 else { return 0 }
        let top = withUnsafeBytes(of: parts) { $0.load(fromByteOffset: 8 * (count - 1), as: Double.self) }
        return top > 0 ? 1 : (top < 0 ? -1 : 0)
    }
}
