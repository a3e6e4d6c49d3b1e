/// The tags of an OpenStreetMap element, in file order.
///
/// Thread safety: a value; `Sendable`. Lookup is a linear scan (elements carry a handful
/// of tags).
/// \since 0.2
public struct OSMTags: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// The (key, value) pairs in file order.
    public var pairs: [(key: String, value: String)]

    public init(_ pairs: [(key: String, value: String)] = []) { self.pairs = pairs }

    public init(dictionaryLiteral elements: (String, String)...) {
        pairs = elements.map { (key: $0.0, value: $0.1) }
    }

    /// The value of `key`, or nil.
    public subscript(key: String) -> String? {
        for p in pairs where p.key == key { return p.value }
        return nil
    }

    public var isEmpty: Bool { pairs.isEmpty }
    public var count: Int { pairs.count }

    public func makeIterator() -> IndexingIterator<[(key: String, value: String)]> { pairs.makeIterator() }

    public static func == (a: OSMTags, b: OSMTags) -> Bool {
        a.pairs.count == b.pairs.count && zip(a.pairs, b.pairs).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into h: inout Hasher) {
        h.combine(pairs.count)
        for p in pairs {
            h.combine(p.key)
            h.combine(p.value)
        }
    }
}

/// An OpenStreetMap node: a point with an id and tags.
///
/// Units: degrees (WGS84), as stored in the file (PBF: granularity and offsets applied).
/// \since 0.2
public struct OSMNode: Sendable, Hashable {
    public var id: Int64
    public var latitude: Double
    public var longitude: Double
    public var tags: OSMTags

    public init(id: Int64, latitude: Double, longitude: Double, tags: OSMTags = OSMTags()) {
        self.id = id
        self.latitude = latitude
        self.longitude = longitude
        self.tags = tags
    }
}

/// An OpenStreetMap way: an ordered list of node ids with tags.
/// \since 0.2
public struct OSMWay: Sendable, Hashable {
    public var id: Int64
    public var nodeIDs: [Int64]
    public var tags: OSMTags

    public init(id: Int64, nodeIDs: [Int64], tags: OSMTags = OSMTags()) {
        self.id = id
        self.nodeIDs = nodeIDs
        self.tags = tags
    }
}

/// An OpenStreetMap relation: members with roles, and tags.
/// \since 0.2
public struct OSMRelation: Sendable, Hashable {
    /// A member of a relation.
    public struct Member: Sendable, Hashable {
        public enum Kind: UInt8, Sendable, Hashable { case node = 0, way = 1, relation = 2 }
        public var kind: Kind
        public var ref: Int64
        public var role: String

        public init(kind: Kind, ref: Int64, role: String) {
            self.kind = kind
            self.ref = ref
            self.role = role
        }
    }

    public var id: Int64
    public var members: [Member]
    public var tags: OSMTags

    public init(id: Int64, members: [Member], tags: OSMTags = OSMTags()) {
        self.id = id
        self.members = members
        self.tags = tags
    }
}

/// One element of an OpenStreetMap file, as the readers hand them out in file order.
/// \since 0.2
public enum OSMElement: Sendable, Hashable {
    case node(OSMNode)
    case way(OSMWay)
    case relation(OSMRelation)
}

/// Which kinds of element a read hands out (`OSMFile.read(_:format:kinds:threads:_:)`): a PBF
/// reader skips the others' bytes without decoding them, so a pass that needs only the
/// ways of a file does not pay for its nodes.
///
/// Thread safety: a value; `Sendable`. C twin: none.
/// \since 0.8
public struct OSMElementKinds: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let nodes = OSMElementKinds(rawValue: 1)
    public static let ways = OSMElementKinds(rawValue: 2)
    public static let relations = OSMElementKinds(rawValue: 4)
    /// Every element.
    public static let all: OSMElementKinds = [.nodes, .ways, .relations]

    /// Whether `element` is of one of these kinds.
    public func contains(_ element: OSMElement) -> Bool {
        switch element {
        case .node: contains(.nodes)
        case .way: contains(.ways)
        case .relation: contains(.relations)
        }
    }
}
