/// Least-significant-digit radix sort of (UInt64 key, UInt32 value) pairs, 8-bit digits,
/// stable: pairs with equal keys keep their order. Digits that are the same for every
/// key are skipped, so 35-bit packing keys take five passes and distances in metres
/// (positive doubles, ordered like their bit patterns) take five to seven.
///
/// Used to sort points by packing key in a build and query results by distance.
/// Complexity: O(n) per pass, at most 8 passes; 16 bytes of scratch per pair.
/// Thread safety: works on the caller's buffers only.
enum RadixSort {
    /// Sorts `keys[0..<n]` ascending and permutes `values` alike; `scratch`, when given,
    /// holds room for n keys and n values (otherwise it is allocated here).
    static func sort(
        keys: UnsafeMutablePointer<UInt64>, values: UnsafeMutablePointer<UInt32>, count n: Int,
        scratch: (keys: UnsafeMutablePointer<UInt64>, values: UnsafeMutablePointer<UInt32>)? = nil
    ) {
        if n < 2 { return }
        if n <= 32 {
            insertionSort(keys: keys, values: values, count: n)
            return
        }
        // One pass over the keys builds the eight histograms.
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: 8 * 256)
        defer { counts.deallocate() }
        counts.initialize(repeating: 0, count: 8 * 256)
        for i in 0..<n {
            let k = keys[i]
            for d in 0..<8 { counts[d &* 256 &+ Int((k >> UInt64(d &* 8)) & 0xFF)] &+= 1 }
        }
        let keys2 = scratch?.keys ?? UnsafeMutablePointer<UInt64>.allocate(capacity: n)
        let values2 = scratch?.values ?? UnsafeMutablePointer<UInt32>.allocate(capacity: n)
        defer { if scratch == nil { keys2.deallocate(); values2.deallocate() } }
        var srcK = keys, srcV = values, dstK = keys2, dstV = values2
        for d in 0..<8 {
            let h = counts + d &* 256
            // A digit shared by all keys leaves the order as it is.
            var trivial = false
            for b in 0..<256 where h[b] != 0 {
                trivial = h[b] == n
                break
            }
            if trivial { continue }
            var sum = 0
            for b in 0..<256 {
                let c = h[b]
                h[b] = sum
                sum &+= c
            }
            let shift = UInt64(d &* 8)
            for i in 0..<n {
                let k = srcK[i]
                let b = Int((k >> shift) & 0xFF)
                let p = h[b]
                h[b] = p &+ 1
                dstK[p] = k
                dstV[p] = srcV[i]
            }
            swap(&srcK, &dstK)
            swap(&srcV, &dstV)
        }
        if srcK != keys {
            keys.update(from: srcK, count: n)
            values.update(from: srcV, count: n)
        }
    }

    /// Stable insertion sort for short runs.
    static func insertionSort(
        keys: UnsafeMutablePointer<UInt64>, values: UnsafeMutablePointer<UInt32>, count n: Int
    ) {
        var i = 1
        while i < n {
            let k = keys[i], v = values[i]
            var j = i
            while j > 0 && keys[j &- 1] > k {
                keys[j] = keys[j &- 1]
                values[j] = values[j &- 1]
                j &-= 1
            }
            keys[j] = k
            values[j] = v
            i &+= 1
        }
    }
}
