/// A deduplicated table of UTF-8 strings in two flat arrays (CSR: string `i` is
/// `bytes[first[i]..<first[i + 1]]`); string 0 is "". Saved as two sections by the road
/// graph and the address index.
///
/// Thread safety: a value; build from one thread.
package struct StringTable {
    package private(set) var first: [UInt32] = [0, 0]
    package private(set) var bytes: [UInt8] = []
    private var ids: [String: UInt32] = ["": 0]

    package init() {}

    /// The id of `s`, adding it when new.
    package mutating func id(_ s: String) -> UInt32 {
        if let i = ids[s] { return i }
        let i = UInt32(first.count - 1)
        bytes += Array(s.utf8)
        first.append(UInt32(bytes.count))
        ids[s] = i
        return i
    }

    /// String `i` of a table stored as `first` and `bytes` (validated by `problems`).
    @inline(__always)
    package static func string<F: RandomAccessCollection<UInt32>, B: RandomAccessCollection<UInt8>>(
        _ i: UInt32, first: F, bytes: B
    ) -> String where F.Index == Int, B.Index == Int {
        let lo = Int(first[Int(i)]), hi = Int(first[Int(i) + 1])
        return String(decoding: bytes[lo..<hi], as: UTF8.self)
    }

    /// The first inconsistency of a loaded table, or nil: string 0 must be empty, the
    /// offsets must span the bytes, and every id in `ids` must name a string.
    package static func problems<F: RandomAccessCollection<UInt32>, B: RandomAccessCollection<UInt8>>(
        first: F, bytes: B, ids: some Sequence<UInt32>
    ) -> String? where F.Index == Int, B.Index == Int {
        guard first.count >= 2, first[0] == 0, first[1] == 0 else { return "bad string table" }
        if let p = csr(first, count: first.count - 1, total: bytes.count, "string table") { return p }
        for i in ids where Int(i) >= first.count - 1 { return "string index \(i) out of range" }
        return nil
    }
}
