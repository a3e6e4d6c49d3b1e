/// A map from 64-bit keys to 32-bit values for keys that are mostly small and dense
/// (landmark ids given in order, table rows): keys below `dense.count` live in a flat
/// array (no hashing: one load per lookup), the rest in a dictionary. The array grows to
/// take a new key only while it stays within twice the number of keys plus 1 024, so a
/// few huge keys (a forged file's row numbers, ids from a saved file) cost dictionary
/// entries, never memory by their size.
///
/// Thread safety: a value; callers synchronise (the landmark index's lock, the store's).
package struct DenseKeyMap {
    /// `dense[k]` is the value of key k, or `absent`.
    private var dense: [UInt32] = []
    /// Keys ≥ dense.count.
    private var sparse: [UInt64: UInt32] = [:]
    /// The number of keys.
    package private(set) var count = 0
    /// The length of the flat array (for tests of its bound).
    package var denseCount: Int { dense.count }

    package init() {}

    private static let absent = UInt32.max

    /// Makes room for the keys 0..<n without growing again.
    package mutating func reserveDense(_ n: Int) {
        if n > dense.count { grow(to: n) }
    }

    /// The value of `key`, or nil; setting nil removes the key. Values must be below
    /// UInt32.max.
    ///
    /// - Complexity: O(1) (amortised when the array grows).
    package subscript(key: UInt64) -> UInt32? {
        get {
            if key < UInt64(dense.count) {
                let v = dense[Int(key)]
                return v == Self.absent ? nil : v
            }
            return sparse.isEmpty ? nil : sparse[key]
        }
        set {
            precondition(newValue != Self.absent, "DenseKeyMap values are below UInt32.max")
            if key >= UInt64(dense.count), newValue != nil, key < UInt64(2 * count + 1_024) {
                grow(to: Int(key) + 1)
            }
            if key < UInt64(dense.count) {
                let old = dense[Int(key)]
                dense[Int(key)] = newValue ?? Self.absent
                count += (old == Self.absent ? 0 : -1) + (newValue == nil ? 0 : 1)
            } else {
                let old = newValue.map { sparse.updateValue($0, forKey: key) } ?? sparse.removeValue(forKey: key)
                count += (old == nil ? 0 : -1) + (newValue == nil ? 0 : 1)
            }
        }
    }

    /// Grows the array to at least `n` keys (doubling), moving the dictionary's keys that
    /// now fall inside it.
    private mutating func grow(to n: Int) {
        let size = Swift.max(n, Swift.min(2 * dense.count, 2 * count + 1_024))
        dense.append(contentsOf: repeatElement(Self.absent, count: size - dense.count))
        guard !sparse.isEmpty else { return }
        for (key, value) in sparse where key < UInt64(size) {
            dense[Int(key)] = value
            sparse[key] = nil
        }
    }
}
