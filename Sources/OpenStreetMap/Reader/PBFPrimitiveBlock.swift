import GeoKernel

/// Decodes OSMData blobs (PrimitiveBlock messages of the OSM PBF format,
/// https://wiki.openstreetmap.org/wiki/PBF_Format) into elements, in file order.
///
/// Metadata (Info, DenseInfo) and changesets are skipped. Counts of parallel arrays are
/// checked, string indices are range-checked, coordinates must be within
/// [-90, 90] × [-180, 180] degrees; every violation throws `.corrupt` naming the blob.
/// Complexity: O(block size). Thread safety: belongs to one read call; reused across
/// blocks so the string table keeps its capacity.
struct PBFPrimitiveBlockDecoder {
    /// The kinds of element handed out; the others' bytes are skipped, not decoded.
    let kinds: OSMElementKinds
    var strings = PBFStringTable()
    /// Coordinate scaling of the current block: degrees = (offset + granularity * value) / 1e9.
    var granularity: Int64 = 100
    var latOffset: Int64 = 0
    var lonOffset: Int64 = 0

    init(kinds: OSMElementKinds = .all) { self.kinds = kinds }

    /// Decodes one PrimitiveBlock and hands each element to the visitor.
    mutating func decode(
        _ block: ProtobufReader, _ visitor: PBFVisitor
    ) throws(GeoKernelError) {
        // Pass 1: scalars and the string table (encoders write granularity and offsets
        // after the groups, so they must be known before any group is decoded).
        granularity = 100
        latOffset = 0
        lonOffset = 0
        var table: ProtobufReader?
        var r = block
        while let (number, wire) = try r.field() {
            switch number {
            case 1:
                try r.expect(wire, .lengthDelimited, field: "PrimitiveBlock.stringtable")
                table = try r.message()
            case 17:
                try r.expect(wire, .varint, field: "PrimitiveBlock.granularity")
                granularity = Int64(Int32(truncatingIfNeeded: try r.varint()))
            case 19:
                try r.expect(wire, .varint, field: "PrimitiveBlock.lat_offset")
                latOffset = Int64(bitPattern: try r.varint())
            case 20:
                try r.expect(wire, .varint, field: "PrimitiveBlock.lon_offset")
                lonOffset = Int64(bitPattern: try r.varint())
            default:
                try r.skip(wireType: wire)
            }
        }
        guard granularity > 0 else { throw block.error("granularity \(granularity) is not positive") }
        try strings.reset(table)
        // Pass 2: the groups, in order.
        r = block
        while let (number, wire) = try r.field() {
            if number == 2 {
                try r.expect(wire, .lengthDelimited, field: "PrimitiveBlock.primitivegroup")
                try decodeGroup(try r.message(), visitor)
            } else {
                try r.skip(wireType: wire)
            }
        }
    }

    private mutating func decodeGroup(
        _ group: ProtobufReader, _ visitor: PBFVisitor
    ) throws(GeoKernelError) {
        var r = group
        while let (number, wire) = try r.field() {
            switch number {
            case 1 where kinds.contains(.nodes):
                try r.expect(wire, .lengthDelimited, field: "PrimitiveGroup.nodes")
                try visitor.visit(.node(try decodeNode(try r.message())))
            case 2 where kinds.contains(.nodes):
                try r.expect(wire, .lengthDelimited, field: "PrimitiveGroup.dense")
                try decodeDense(try r.message(), visitor)
            case 3 where kinds.contains(.ways):
                try r.expect(wire, .lengthDelimited, field: "PrimitiveGroup.ways")
                try visitor.visit(.way(try decodeWay(try r.message())))
            case 4 where kinds.contains(.relations):
                try r.expect(wire, .lengthDelimited, field: "PrimitiveGroup.relations")
                try visitor.visit(.relation(try decodeRelation(try r.message())))
            default:
                try r.skip(wireType: wire)  // kinds not asked for, 5: changesets, and unknown fields
            }
        }
    }

    /// Degrees from a raw coordinate; wrapping arithmetic, so forged values cannot trap
    /// (they fail the range check instead). Division, not multiplication by 1e-9, gives
    /// the double nearest the decimal value, as a text parser would.
    @inline(__always)
    func degrees(_ value: Int64, offset: Int64) -> Double {
        Double(offset &+ granularity &* value) / 1e9
    }

    func checkedNode(
        id: Int64, lat: Int64, lon: Int64, tags: OSMTags, _ r: ProtobufReader
    ) throws(GeoKernelError) -> OSMNode {
        let latitude = degrees(lat, offset: latOffset)
        let longitude = degrees(lon, offset: lonOffset)
        guard latitude >= -90, latitude <= 90, longitude >= -180, longitude <= 180 else {
            throw r.error("node \(id) has coordinates (\(latitude), \(longitude)) outside [-90, 90] × [-180, 180]")
        }
        return OSMNode(id: id, latitude: latitude, longitude: longitude, tags: tags)
    }

    /// Tags from parallel packed `keys` and `vals` string indices (Node, Way, Relation).
    mutating func tags(
        keys: Range<Int>?, vals: Range<Int>?, _ r: ProtobufReader, element: StaticString
    ) throws(GeoKernelError) -> OSMTags {
        guard keys != nil || vals != nil else { return OSMTags() }
        let k = keys ?? 0..<0
        let v = vals ?? 0..<0
        let n = try r.packedCount(k, field: "keys")
        guard n == (try r.packedCount(v, field: "vals")) else {
            throw r.error("a \(element) has \(n) tag keys but a different number of values")
        }
        guard n > 0 else { return OSMTags() }
        var pairs: [(key: String, value: String)] = []
        pairs.reserveCapacity(n)
        var kr = r.reader(over: k)
        var vr = r.reader(over: v)
        for _ in 0..<n {
            let key = try strings.string(try kr.varint(), r, field: "keys")
            let value = try strings.string(try vr.varint(), r, field: "vals")
            pairs.append((key: key, value: value))
        }
        return OSMTags(pairs)
    }
}
