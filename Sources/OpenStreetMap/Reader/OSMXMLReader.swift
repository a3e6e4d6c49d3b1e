import GeoKernel
import GeoText

/// Turns the tags of an OSM XML file (API 0.6 schema) into elements: `<node id lat lon>`
/// with `<tag k v/>`, `<way id>` with `<nd ref/>` and `<tag>`, `<relation id>` with
/// `<member type ref role/>` and `<tag>`, all directly inside the root `<osm>`. Other
/// attributes (version, timestamp, user...) and other elements (bounds, changeset, note,
/// meta) are skipped; end tags must match their start tags.
///
/// Complexity: O(file size). Thread safety: belongs to one read call.
struct OSMXMLReader<Source: ByteSource> {
    static var maxDepth: Int { 256 }
    /// Caps that keep one element's memory bounded whatever the file holds (the OSM API
    /// allows 2 000 nodes per way and 32 000 members per relation).
    static var maxTags: Int { 1 << 16 }
    static var maxItems: Int { 1 << 20 }

    private let t: XMLTokenizer<Source>
    private var open = XMLElementStack(maxDepth: maxDepth)

    private enum Kind { case none, node, way, relation }
    private var kind = Kind.none
    private var id: Int64 = 0
    private var latitude = 0.0, longitude = 0.0
    private var pairs: [(key: String, value: String)] = []
    private var refs: [Int64] = []
    private var members: [OSMRelation.Member] = []

    init(_ tokenizer: XMLTokenizer<Source>) { t = tokenizer }

    mutating func read(_ visit: (OSMElement) throws(GeoKernelError) -> Void) throws(GeoKernelError) {
        var sawRoot = false
        while true {
            switch try t.next() {
            case .endOfInput:
                try open.checkClosed(t)
                guard sawRoot else { throw t.error("the input holds no <osm> element") }
                return
            case .start(let selfClosing):
                let depth = open.depth
                if depth == 0 {
                    guard !sawRoot else { throw t.error("a second root element <\(t.text(t.name))> after </osm>") }
                    guard t.matches(t.name, "osm") else {
                        throw t.error("the root element is <\(t.text(t.name))>, expected <osm>")
                    }
                    sawRoot = true
                } else if depth == 1 {
                    try begin()
                    if selfClosing, kind != .none { try visit(finish()) }
                } else if depth == 2 && kind != .none {
                    try child()
                }
                if !selfClosing { try open.push(t) }
            case .end:
                try open.pop(t)
                if open.depth == 1 && kind != .none { try visit(finish()) }
            case .text: break
            }
        }
    }

    private func required(
        _ name: StaticString, of element: @autoclosure () -> String
    ) throws(GeoKernelError) -> XMLAttribute {
        guard let a = t.attribute(name) else { throw t.error("<\(element())> lacks its '\(name)' attribute") }
        return a
    }

    /// A start tag directly inside <osm>.
    private mutating func begin() throws(GeoKernelError) {
        if t.matches(t.name, "node") {
            id = try t.int64(try required("id", of: "node"))
            latitude = try t.double(try required("lat", of: "node \(id)"))
            longitude = try t.double(try required("lon", of: "node \(id)"))
            guard latitude >= -90 && latitude <= 90 else {
                throw t.error("node \(id) has latitude \(latitude) outside [-90, 90]")
            }
            guard longitude >= -180 && longitude <= 180 else {
                throw t.error("node \(id) has longitude \(longitude) outside [-180, 180]")
            }
            kind = .node
        } else if t.matches(t.name, "way") {
            id = try t.int64(try required("id", of: "way"))
            kind = .way
        } else if t.matches(t.name, "relation") {
            id = try t.int64(try required("id", of: "relation"))
            kind = .relation
        }
    }

    /// A start tag directly inside the current node, way or relation.
    private mutating func child() throws(GeoKernelError) {
        if t.matches(t.name, "tag") {
            let key = try t.string(try required("k", of: "tag"))
            let value = try t.string(try required("v", of: "tag"))
            guard pairs.count < Self.maxTags else { throw t.error("element \(id) has more than \(Self.maxTags) tags") }
            pairs.append((key: key, value: value))
        } else if kind == .way && t.matches(t.name, "nd") {
            guard refs.count < Self.maxItems else { throw t.error("way \(id) has more than \(Self.maxItems) nodes") }
            refs.append(try t.int64(try required("ref", of: "nd")))
        } else if kind == .relation && t.matches(t.name, "member") {
            guard members.count < Self.maxItems else {
                throw t.error("relation \(id) has more than \(Self.maxItems) members")
            }
            let typeAttribute = try required("type", of: "member")
            let memberKind: OSMRelation.Member.Kind
            if t.matches(typeAttribute.value, "node") {
                memberKind = .node
            } else if t.matches(typeAttribute.value, "way") {
                memberKind = .way
            } else if t.matches(typeAttribute.value, "relation") {
                memberKind = .relation
            } else {
                throw t.error("member of relation \(id) has unknown type '\(t.text(typeAttribute.value))'")
            }
            let ref = try t.int64(try required("ref", of: "member"))
            let role = try t.attribute("role").map { (a) throws(GeoKernelError) in try t.string(a) } ?? ""
            members.append(OSMRelation.Member(kind: memberKind, ref: ref, role: role))
        }
    }

    /// The element built since `begin`, handing over the collected arrays.
    private mutating func finish() -> OSMElement {
        let tags = OSMTags(pairs)
        pairs = []
        let element: OSMElement
        switch kind {
        case .node: element = .node(OSMNode(id: id, latitude: latitude, longitude: longitude, tags: tags))
        case .way:
            element = .way(OSMWay(id: id, nodeIDs: refs, tags: tags))
            refs = []
        default:
            element = .relation(OSMRelation(id: id, members: members, tags: tags))
            members = []
        }
        kind = .none
        return element
    }
}
