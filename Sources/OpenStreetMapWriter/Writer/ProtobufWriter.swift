import OpenStreetMap
/// Builds protobuf-encoded bytes (https://protobuf.dev/programming-guides/encoding/):
/// varints, zigzag-encoded signed values, length-delimited fields and packed repeated
/// fields; the counterpart of `ProtobufReader`.
///
/// Complexity: O(1) amortised per byte. Thread safety: a value.
struct ProtobufWriter {
    private(set) var bytes: [UInt8] = []

    var count: Int { bytes.count }

    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// A base-128 varint (1 to 10 bytes).
    @inline(__always)
    mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    /// A zigzag-encoded signed varint (protobuf's sint32/sint64).
    @inline(__always)
    mutating func signed(_ value: Int64) {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    private mutating func key(_ field: Int, _ wire: ProtobufWireType) {
        varint(UInt64(field) << 3 | UInt64(wire.rawValue))
    }

    /// Field `field` as a varint.
    mutating func field(_ field: Int, varint value: UInt64) {
        key(field, .varint)
        varint(value)
    }

    /// Field `field` as a zigzag-encoded signed varint.
    mutating func field(_ field: Int, signed value: Int64) {
        key(field, .varint)
        signed(value)
    }

    /// Field `field` as length-delimited bytes (a string, bytes or an encoded message).
    mutating func field(_ field: Int, bytes value: some Collection<UInt8>) {
        key(field, .lengthDelimited)
        varint(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    /// Field `field` as a length-delimited message or packed run built by `body` in
    /// `scratch` (emptied first; passed in so that its storage is reused).
    mutating func field(_ field: Int, using scratch: inout ProtobufWriter, _ body: (inout ProtobufWriter) -> Void) {
        scratch.removeAll()
        body(&scratch)
        self.field(field, bytes: scratch.bytes)
    }
}
