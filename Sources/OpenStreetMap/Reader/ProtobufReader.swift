import GeoKernel

/// Where in a PBF file a decoder is, for error messages:
/// "blob 12 (OSMData) at byte offset 345678: ...".
struct PBFLocation: Sendable {
    enum Part: UInt8, Sendable { case blobHeader, blob, osmHeader, osmData }
    /// 0-based index of the blob in the file.
    var blobIndex: Int
    /// File offset of the blob's 4-byte length prefix.
    var offset: Int
    var part: Part

    /// A `.corrupt` error naming this place.
    func error(_ message: String) -> GeoKernelError {
        let what: String
        switch part {
        case .blobHeader: what = "BlobHeader"
        case .blob: what = "Blob"
        case .osmHeader: what = "OSMHeader"
        case .osmData: what = "OSMData"
        }
        return GeoKernelError(.corrupt, "blob \(blobIndex) (\(what)) at byte offset \(offset): \(message)")
    }
}

/// Protobuf wire types (https://protobuf.dev/programming-guides/encoding/).
package enum ProtobufWireType: UInt8 {
    case varint = 0, fixed64 = 1, lengthDelimited = 2, startGroup = 3, endGroup = 4, fixed32 = 5
}

/// A cursor over protobuf-encoded bytes: varints, zigzag, length-delimited fields, and
/// skipping unknown fields. Every read is bounds-checked explicitly and throws
/// `.corrupt` (naming `location`) instead of trapping; byte loads themselves are unchecked.
///
/// The bytes must outlive the reader (it holds a pointer into a caller's buffer).
/// Complexity: O(1) per scalar and per skipped field. Thread safety: a value.
struct ProtobufReader {
    let bytes: UnsafeRawBufferPointer
    /// Next byte to read (index into `bytes`).
    var position: Int
    /// One past the last byte of this message.
    let end: Int
    let location: PBFLocation

    init(_ bytes: UnsafeRawBufferPointer, location: PBFLocation) {
        self.bytes = bytes
        position = 0
        end = bytes.count
        self.location = location
    }

    private init(_ bytes: UnsafeRawBufferPointer, from: Int, to: Int, location: PBFLocation) {
        self.bytes = bytes
        position = from
        end = to
        self.location = location
    }

    var isAtEnd: Bool { position >= end }

    func error(_ message: String) -> GeoKernelError { location.error(message) }

    /// Reads a base-128 varint (at most 10 bytes).
    @inline(__always)
    mutating func varint() throws(GeoKernelError) -> UInt64 {
        // Fast path: one byte.
        if position < end {
            let b = bytes[position]
            if b < 0x80 {
                position += 1
                return UInt64(b)
            }
        }
        return try varintSlow()
    }

    @inline(never)
    private mutating func varintSlow() throws(GeoKernelError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end else { throw error("a varint runs past the end of its message") }
            let b = bytes[position]
            position += 1
            result |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return result }
            shift += 7
            guard shift < 70 else { throw error("a varint is longer than 10 bytes") }
        }
    }

    /// Reads a zigzag-encoded signed varint (sint32/sint64).
    @inline(__always)
    mutating func signedVarint() throws(GeoKernelError) -> Int64 {
        let v = try varint()
        return Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1)))
    }

    /// Reads a field key; nil at the end of the message.
    @inline(__always)
    mutating func field() throws(GeoKernelError) -> (number: UInt64, wireType: UInt8)? {
        guard position < end else { return nil }
        let key = try varint()
        let number = key >> 3
        guard number > 0 else { throw error("a field has number 0") }
        return (number, UInt8(truncatingIfNeeded: key & 7))
    }

    /// Reads a length-delimited field's payload as a reader of its own.
    mutating func message() throws(GeoKernelError) -> ProtobufReader {
        let r = try range()
        return ProtobufReader(bytes, from: r.lowerBound, to: r.upperBound, location: location)
    }

    /// Reads a length-delimited field's payload as a range of `bytes`.
    mutating func range() throws(GeoKernelError) -> Range<Int> {
        let length = try varint()
        guard length <= UInt64(end - position) else {
            throw error("a field of \(length) bytes runs past the end of its message (\(end - position) left)")
        }
        let start = position
        position += Int(length)
        return start..<position
    }

    /// A reader over a range previously returned by `range()`.
    func reader(over r: Range<Int>) -> ProtobufReader {
        ProtobufReader(bytes, from: r.lowerBound, to: r.upperBound, location: location)
    }

    /// Skips a field of the given wire type (0, 1, 2 and 5; groups are an error).
    mutating func skip(wireType: UInt8) throws(GeoKernelError) {
        switch wireType {
        case ProtobufWireType.varint.rawValue: _ = try varint()
        case ProtobufWireType.fixed64.rawValue: try skipBytes(8)
        case ProtobufWireType.lengthDelimited.rawValue: _ = try range()
        case ProtobufWireType.fixed32.rawValue: try skipBytes(4)
        default: throw error("unsupported protobuf wire type \(wireType)")
        }
    }

    private mutating func skipBytes(_ n: Int) throws(GeoKernelError) {
        guard end - position >= n else { throw error("a fixed-size field runs past the end of its message") }
        position += n
    }

    /// Checks that a field has the wire type its schema gives.
    @inline(__always)
    func expect(_ wireType: UInt8, _ wanted: ProtobufWireType, field: StaticString) throws(GeoKernelError) {
        guard wireType == wanted.rawValue else {
            throw error("field '\(field)' has wire type \(wireType), expected \(wanted.rawValue)")
        }
    }

    /// The number of varints in a packed field's payload (bytes below 0x80 end a varint).
    /// Throws when the last varint is unterminated.
    func packedCount(_ r: Range<Int>, field: StaticString) throws(GeoKernelError) -> Int {
        var n = 0
        var i = r.lowerBound
        while i < r.upperBound {
            n &+= Int(bytes[i] >> 7 ^ 1)
            i += 1
        }
        if !r.isEmpty && bytes[r.upperBound - 1] >= 0x80 {
            throw error("the packed field '\(field)' ends inside a varint")
        }
        return n
    }
}
