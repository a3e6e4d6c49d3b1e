import GeoKernel

/// The string table of one PrimitiveBlock, decoded lazily: each string is validated as
/// UTF-8 and turned into a `String` the first time an element refers to it, then shared
/// (interned) by every element of the block that uses it. Strings no element uses (user
/// names of the metadata, which the readers skip) are never decoded.
///
/// Reused across blocks: `reset` keeps the arrays' capacity.
/// Complexity: O(1) amortised per lookup. Thread safety: belongs to one read call.
struct PBFStringTable {
    private var starts: [Int] = []
    private var ends: [Int] = []
    private var cache: [String?] = []
    private var bytes = UnsafeRawBufferPointer(start: nil, count: 0)

    /// Records the strings of a StringTable message (field 1, repeated bytes).
    mutating func reset(_ table: ProtobufReader?) throws(GeoKernelError) {
        starts.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        cache.removeAll(keepingCapacity: true)
        guard var r = table else { return }
        bytes = r.bytes
        while let (number, wire) = try r.field() {
            if number == 1 {
                try r.expect(wire, .lengthDelimited, field: "StringTable.s")
                let range = try r.range()
                starts.append(range.lowerBound)
                ends.append(range.upperBound)
            } else {
                try r.skip(wireType: wire)
            }
        }
        cache.append(contentsOf: repeatElement(nil, count: starts.count))
    }

    var count: Int { starts.count }

    /// The string at `index`; throws when the index is out of range or the bytes are not
    /// valid UTF-8.
    @inline(__always)
    mutating func string(_ index: UInt64, _ r: ProtobufReader, field: StaticString) throws(GeoKernelError) -> String {
        guard index < UInt64(starts.count) else {
            throw r.error("string index \(index) of '\(field)' is outside the string table (\(starts.count) strings)")
        }
        let i = Int(index)
        if let s = cache[i] { return s }
        return try decode(i, r, field: field)
    }

    @inline(never)
    private mutating func decode(_ i: Int, _ r: ProtobufReader, field: StaticString) throws(GeoKernelError) -> String {
        let raw = UnsafeRawBufferPointer(rebasing: bytes[starts[i]..<ends[i]])
        guard let s = String(validating: raw.assumingMemoryBound(to: UInt8.self), as: UTF8.self) else {
            throw r.error("string \(i) of the string table (used by '\(field)') is not valid UTF-8")
        }
        cache[i] = s
        return s
    }
}
