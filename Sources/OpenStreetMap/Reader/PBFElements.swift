import GeoKernel

/// Node, DenseNodes, Way and Relation messages of a PrimitiveGroup.
extension PBFPrimitiveBlockDecoder {
    /// Records a packed repeated field's payload; a second occurrence is refused (encoders
    /// write each packed field once).
    @inline(__always)
    private func packed(
        _ slot: inout Range<Int>?, _ r: inout ProtobufReader, _ wire: UInt8, field: StaticString
    ) throws(GeoKernelError) {
        try r.expect(wire, .lengthDelimited, field: field)
        guard slot == nil else { throw r.error("the packed field '\(field)' appears twice") }
        slot = try r.range()
    }

    mutating func decodeNode(_ message: ProtobufReader) throws(GeoKernelError) -> OSMNode {
        var r = message
        var id: Int64?, lat: Int64?, lon: Int64?
        var keys: Range<Int>?, vals: Range<Int>?
        while let (number, wire) = try r.field() {
            switch number {
            case 1: try r.expect(wire, .varint, field: "Node.id"); id = try r.signedVarint()
            case 2: try packed(&keys, &r, wire, field: "Node.keys")
            case 3: try packed(&vals, &r, wire, field: "Node.vals")
            case 8: try r.expect(wire, .varint, field: "Node.lat"); lat = try r.signedVarint()
            case 9: try r.expect(wire, .varint, field: "Node.lon"); lon = try r.signedVarint()
            default: try r.skip(wireType: wire)
            }
        }
        guard let id, let lat, let lon else { throw message.error("a Node lacks its id, lat or lon") }
        let tags = try tags(keys: keys, vals: vals, message, element: "Node")
        return try checkedNode(id: id, lat: lat, lon: lon, tags: tags, message)
    }

    mutating func decodeDense(
        _ message: ProtobufReader, _ visitor: PBFVisitor
    ) throws(GeoKernelError) {
        var r = message
        var ids: Range<Int>?, lats: Range<Int>?, lons: Range<Int>?, keysVals: Range<Int>?
        while let (number, wire) = try r.field() {
            switch number {
            case 1: try packed(&ids, &r, wire, field: "DenseNodes.id")
            case 8: try packed(&lats, &r, wire, field: "DenseNodes.lat")
            case 9: try packed(&lons, &r, wire, field: "DenseNodes.lon")
            case 10: try packed(&keysVals, &r, wire, field: "DenseNodes.keys_vals")
            default: try r.skip(wireType: wire)  // 5: denseinfo
            }
        }
        let n = try message.packedCount(ids ?? 0..<0, field: "DenseNodes.id")
        guard n == (try message.packedCount(lats ?? 0..<0, field: "DenseNodes.lat")),
            n == (try message.packedCount(lons ?? 0..<0, field: "DenseNodes.lon"))
        else { throw message.error("DenseNodes has different numbers of ids, lats and lons") }
        var idR = message.reader(over: ids ?? 0..<0)
        var latR = message.reader(over: lats ?? 0..<0)
        var lonR = message.reader(over: lons ?? 0..<0)
        var kvR = message.reader(over: keysVals ?? 0..<0)
        let hasTags = !kvR.isAtEnd
        var id: Int64 = 0, lat: Int64 = 0, lon: Int64 = 0
        for _ in 0..<n {
            id &+= try idR.signedVarint()
            lat &+= try latR.signedVarint()
            lon &+= try lonR.signedVarint()
            var tags = OSMTags()
            if hasTags {
                // keys_vals: (key, value)* 0 per node.
                guard !kvR.isAtEnd else { throw message.error("DenseNodes.keys_vals ends before node \(id)") }
                var key = try kvR.varint()
                if key != 0 {
                    var pairs: [(key: String, value: String)] = []
                    pairs.reserveCapacity(4)
                    while key != 0 {
                        guard !kvR.isAtEnd else {
                            throw message.error("DenseNodes.keys_vals ends inside the tags of node \(id)")
                        }
                        let k = try strings.string(key, message, field: "DenseNodes.keys_vals")
                        let v = try strings.string(try kvR.varint(), message, field: "DenseNodes.keys_vals")
                        pairs.append((key: k, value: v))
                        guard !kvR.isAtEnd else {
                            throw message.error("DenseNodes.keys_vals ends inside the tags of node \(id)")
                        }
                        key = try kvR.varint()
                    }
                    tags = OSMTags(pairs)
                }
            }
            try visitor.visit(.node(try checkedNode(id: id, lat: lat, lon: lon, tags: tags, message)))
        }
        guard kvR.isAtEnd else { throw message.error("DenseNodes.keys_vals has entries after the last node") }
    }

    mutating func decodeWay(_ message: ProtobufReader) throws(GeoKernelError) -> OSMWay {
        var r = message
        var id: Int64?
        var keys: Range<Int>?, vals: Range<Int>?, refs: Range<Int>?
        while let (number, wire) = try r.field() {
            switch number {
            case 1: try r.expect(wire, .varint, field: "Way.id"); id = Int64(bitPattern: try r.varint())
            case 2: try packed(&keys, &r, wire, field: "Way.keys")
            case 3: try packed(&vals, &r, wire, field: "Way.vals")
            case 8: try packed(&refs, &r, wire, field: "Way.refs")
            default: try r.skip(wireType: wire)  // 4: info; 9, 10: lat/lon of LocationsOnWays
            }
        }
        guard let id else { throw message.error("a Way lacks its id") }
        let tags = try tags(keys: keys, vals: vals, message, element: "Way")
        let refRange = refs ?? 0..<0
        let n = try message.packedCount(refRange, field: "Way.refs")
        var nodeIDs: [Int64] = []
        nodeIDs.reserveCapacity(n)
        var refR = message.reader(over: refRange)
        var ref: Int64 = 0
        for _ in 0..<n {
            ref &+= try refR.signedVarint()
            nodeIDs.append(ref)
        }
        return OSMWay(id: id, nodeIDs: nodeIDs, tags: tags)
    }

    mutating func decodeRelation(_ message: ProtobufReader) throws(GeoKernelError) -> OSMRelation {
        var r = message
        var id: Int64?
        var keys: Range<Int>?, vals: Range<Int>?, roles: Range<Int>?, memids: Range<Int>?, types: Range<Int>?
        while let (number, wire) = try r.field() {
            switch number {
            case 1: try r.expect(wire, .varint, field: "Relation.id"); id = Int64(bitPattern: try r.varint())
            case 2: try packed(&keys, &r, wire, field: "Relation.keys")
            case 3: try packed(&vals, &r, wire, field: "Relation.vals")
            case 8: try packed(&roles, &r, wire, field: "Relation.roles_sid")
            case 9: try packed(&memids, &r, wire, field: "Relation.memids")
            case 10: try packed(&types, &r, wire, field: "Relation.types")
            default: try r.skip(wireType: wire)  // 4: info
            }
        }
        guard let id else { throw message.error("a Relation lacks its id") }
        let tags = try tags(keys: keys, vals: vals, message, element: "Relation")
        let n = try message.packedCount(memids ?? 0..<0, field: "Relation.memids")
        guard n == (try message.packedCount(roles ?? 0..<0, field: "Relation.roles_sid")),
            n == (try message.packedCount(types ?? 0..<0, field: "Relation.types"))
        else { throw message.error("relation \(id) has different numbers of member ids, roles and types") }
        var members: [OSMRelation.Member] = []
        members.reserveCapacity(n)
        var roleR = message.reader(over: roles ?? 0..<0)
        var idR = message.reader(over: memids ?? 0..<0)
        var typeR = message.reader(over: types ?? 0..<0)
        var ref: Int64 = 0
        for _ in 0..<n {
            let role = try strings.string(try roleR.varint(), message, field: "Relation.roles_sid")
            ref &+= try idR.signedVarint()
            let t = try typeR.varint()
            guard t <= 2, let kind = OSMRelation.Member.Kind(rawValue: UInt8(t)) else {
                throw message.error("relation \(id) has a member of unknown type \(t)")
            }
            members.append(OSMRelation.Member(kind: kind, ref: ref, role: role))
        }
        return OSMRelation(id: id, members: members, tags: tags)
    }
}
