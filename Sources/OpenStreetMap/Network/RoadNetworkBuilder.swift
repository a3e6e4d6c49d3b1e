import GeoKernel

/// Turns OpenStreetMap elements into a `RoadNetwork` for one routing profile: the ways
/// the profile may use, cut into edges at junctions, with names, refs, road classes,
/// speeds and one-way rules from the profile; barriers that block the profile cut the
/// road; turn restrictions (via a node or via ways) become the network's `restrictions`
/// and the profile's turn costs its `turnCosts`.
///
/// Feed it the elements of a file in any order with `add(_:)`, then call `build()`: it
/// keeps every node's position (24 bytes per node) and the routable ways; nothing else.
/// `build(osmFile:profile:)` reads the file twice instead and keeps only the positions of
/// the nodes that routable ways and turn restrictions reference.
///
/// Rules, as a user sees them in the network:
/// - A node becomes a graph node when it ends a routable way, is shared by two routable
///   ways (or twice by one), or is the via node of a turn restriction. Other nodes are
///   geometry.
/// - A way that leaves the extract (a node missing from the file) is cut there; the
///   report counts the missing references.
/// - A blocking barrier (`RoutingProfile.blocks(nodeTags:)`) on a way ends the road on
///   both sides: the two sides meet at the barrier's position but are not connected.
/// - Turn restrictions: `type=restriction` relations that apply to the profile (see
///   `RoutingProfile.restriction(relationTags:)`, `except=*` included), with `from` and
///   `to` ways and either one `via` node they reach or `via` way(s) that join them. Via a
///   node, `no_*` forbids each from→to turn (`no_u_turn` included) and `only_*` forbids
///   every other turn from the from way there; via ways, `no_*` forbids driving from the
///   from way along the via ways onto the to way, and `only_*` makes that the only way on
///   once the via ways are entered from the from way. Restrictions with missing members,
///   ways that do not meet, or several to ways for `only_*` are skipped and counted.
///
/// Thread safety: a value; use from one thread. Complexity: O(n log n) in the nodes read
/// when they are not sorted by id, else O(n) plus the ways.
/// C twin: inside `gk_road_graph_build_osm`.
/// \since 0.2
public struct RoadNetworkBuilder: Sendable {
    /// What a build read, kept and skipped.
    public struct Report: Sendable, Hashable, CustomStringConvertible {
        public var nodesRead = 0, waysRead = 0, relationsRead = 0
        /// Ways this profile may use.
        public var routableWays = 0
        /// References from routable ways to nodes that the file does not contain.
        public var missingNodeReferences = 0
        /// Occurrences of blocking barrier nodes on routable ways.
        public var blockingBarriers = 0
        /// Turn restrictions for this profile that were resolved into the topology.
        public var restrictionsApplied = 0
        /// Turn restrictions for this profile that could not be applied.
        public var restrictionsSkipped = 0
        /// Why, for the first few skipped restrictions ("relation 42: via a way").
        public var skippedRestrictionReasons: [String] = []
        /// Zero-length pieces (a node repeated in a row) and pieces a way repeats
        /// (A B A B …), collapsed rather than added again.
        public var repeatedPieces = 0
        /// Graph nodes and edges of the resulting network (before the kernel keeps its
        /// largest strongly connected component).
        public var nodes = 0, edges = 0
        /// Node positions kept: every node read, when fed by `add(_:)`; by
        /// `build(osmFile:profile:)`, only those the routable ways and the turn restrictions
        /// reference (in a country extract, a small part of its nodes).
        public var nodesKept = 0

        public init() {}

        public var description: String {
            "\(nodesRead) nodes (\(nodesKept) kept), \(waysRead) ways, \(relationsRead) relations read; \(routableWays) routable ways → "
                + "\(nodes) graph nodes, \(edges) edges; \(blockingBarriers) blocking barriers, "
                + "\(missingNodeReferences) missing node references, \(repeatedPieces) repeated pieces collapsed; turn restrictions: \(restrictionsApplied) applied, "
                + "\(restrictionsSkipped) skipped"
        }
    }

    /// A way kept for the build: its node ids (a range of `refs`), travel and names.
    struct KeptWay: Sendable {
        var id: Int64
        var refs: Range<Int>
        var travel: WayTravel
        var name: String
        var ref: String
        var signs: RoadNetwork.Signs
    }

    /// A turn restriction as read from its relation.
    struct PendingRestriction: Sendable {
        var relationID: Int64
        var kind: TurnRestrictionKind
        var from: [Int64]
        var to: [Int64]
        /// The via node, or nil for a restriction via ways.
        var viaNode: Int64?
        var viaWays: [Int64]
    }

    /// The profile that decides which ways, barriers and restrictions count.
    public let profile: RoutingProfile
    var nodeTable = OSMNodeTable()
    /// The sorted ids of the only nodes whose positions `add(_:)` keeps, or nil for every
    /// node (`keepOnlyReferencedNodes()`), and where the last look-up ended in it.
    var wantedNodes: [Int64]?
    var wantedCursor = 0
    var blockingNodes = Set<Int64>()
    /// Motorway junctions' exit numbers (`highway=motorway_junction` + `ref`) by node id.
    var junctionRefs: [Int64: String] = [:]
    var ways: [KeptWay] = []
    var refs: [Int64] = []
    var restrictions: [PendingRestriction] = []
    var report = Report()

    /// A builder for `profile`.
    public init(profile: RoutingProfile) { self.profile = profile }

    /// Takes one element (any order).
    ///
    /// - Complexity: O(tags + nodes of a way).
    public mutating func add(_ element: OSMElement) {
        switch element {
        case .node(let n):
            report.nodesRead += 1
            guard wants(n.id) else { return }
            report.nodesKept += 1
            nodeTable.append(id: n.id, latitude: n.latitude, longitude: n.longitude)
            if !n.tags.isEmpty && profile.blocks(nodeTags: n.tags) { blockingNodes.insert(n.id) }
            if n.tags["highway"] == "motorway_junction", let ref = n.tags["ref"] { junctionRefs[n.id] = ref }
        case .way(let w):
            report.waysRead += 1
            guard w.nodeIDs.count >= 2, let travel = profile.travel(wayTags: w.tags),
                travel.forward != nil || travel.backward != nil
            else { return }
            report.routableWays += 1
            let start = refs.count
            refs.append(contentsOf: w.nodeIDs)
            ways.append(KeptWay(
                id: w.id, refs: start..<refs.count, travel: travel, name: w.tags["name"] ?? "", ref: w.tags["ref"] ?? "",
                signs: Self.signs(w.tags, travel)))
        case .relation(let r):
            report.relationsRead += 1
            guard let kind = profile.restriction(relationTags: r.tags) else { return }
            addRestriction(r, kind)
        }
    }

    private mutating func addRestriction(_ r: OSMRelation, _ kind: TurnRestrictionKind) {
        var from: [Int64] = [], to: [Int64] = [], viaNodes: [Int64] = [], viaWays: [Int64] = []
        for m in r.members {
            switch (m.role, m.kind) {
            case ("from", .way): from.append(m.ref)
            case ("to", .way): to.append(m.ref)
            case ("via", .node): viaNodes.append(m.ref)
            case ("via", .way): viaWays.append(m.ref)
            default: break
            }
        }
        guard viaNodes.count + (viaWays.isEmpty ? 0 : 1) == 1 else {
            return skip(r.id, "\(viaNodes.count) via nodes and \(viaWays.count) via ways (one via node, or via ways)")
        }
        guard !from.isEmpty, !to.isEmpty else { return skip(r.id, "no from or no to way") }
        guard kind == .no || to.count == 1 else { return skip(r.id, "an only_* restriction with \(to.count) to ways") }
        restrictions.append(PendingRestriction(
            relationID: r.id, kind: kind, from: from, to: to, viaNode: viaNodes.first, viaWays: viaWays))
    }

    /// A way's destination and lane tags: `destination` (or `destination:forward`),
    /// `destination:ref`; `turn:lanes:forward` / `:backward`, and plain `turn:lanes` for
    /// the one direction a one-way road allows.
    static func signs(_ tags: OSMTags, _ travel: WayTravel) -> RoadNetwork.Signs {
        let lanes = tags["turn:lanes"] ?? ""
        return RoadNetwork.Signs(
            destination: tags["destination:forward"] ?? tags["destination"] ?? "",
            destinationRef: tags["destination:ref:forward"] ?? tags["destination:ref"] ?? "",
            turnLanesForward: tags["turn:lanes:forward"] ?? (travel.backward == nil ? lanes : ""),
            turnLanesBackward: tags["turn:lanes:backward"] ?? (travel.forward == nil ? lanes : ""))
    }

    mutating func skip(_ relation: Int64, _ why: String) {
        report.restrictionsSkipped += 1
        if report.skippedRestrictionReasons.count < 20 {
            report.skippedRestrictionReasons.append("relation \(relation): \(why)")
        }
    }

    /// Reads a whole `.osm.pbf`, `.osm` or `.osm.gz` file and builds its network.
    ///
    /// Files list nodes before the ways that use them, so the file is read twice: first
    /// its ways and relations, then the positions of only the nodes that the routable ways
    /// and the turn restrictions reference (`Report.nodesKept`); a PBF pass skips the other
    /// kinds' bytes undecoded. The network is the one `add(_:)` would build from the whole
    /// file; memory grows with the roads, not with the buildings, trees and other nodes a
    /// country's file holds.
    ///
    /// - Parameters:
    ///   - path: a regular file (it is read twice).
    ///   - profile: the routing profile that decides which ways count.
    ///   - format: the file's encoding, or nil to detect it.
    /// - Throws: the reader's `.io`/`.parse`/`.corrupt` errors (naming the blob or line
    ///   and byte offset); `.parse` for a node outside the valid coordinate range.
    ///   Nothing is half-built.
    /// - Complexity: O(file size), read twice; the Andorra extract in tens of milliseconds.
    /// - C twin: `gk_road_graph_build_osm`.
    public static func build(
        osmFile path: String, profile: RoutingProfile, format: OSMFileFormat? = nil
    ) throws(GeoKernelError) -> (network: RoadNetwork, report: Report) {
        var builder = RoadNetworkBuilder(profile: profile)
        try OSMFile.read(path, format: format, kinds: [.ways, .relations]) { builder.add($0) }
        builder.keepOnlyReferencedNodes()
        try OSMFile.read(path, format: format, kinds: .nodes) { builder.add($0) }
        return try builder.build()
    }

    /// From now on `add(_:)` keeps the position of a node only when a routable way or a
    /// turn restriction added so far references it (for a second pass over a file whose
    /// ways and relations were added first).
    ///
    /// - Complexity: O(r log r) for r references.
    mutating func keepOnlyReferencedNodes() {
        var wanted = refs
        for r in restrictions { if let v = r.viaNode { wanted.append(v) } }
        wanted.sort()
        var unique = 0
        for id in wanted where unique == 0 || wanted[unique - 1] != id {
            wanted[unique] = id
            unique += 1
        }
        wanted.removeLast(wanted.count - unique)
        wantedNodes = wanted
        wantedCursor = 0
    }

    /// Whether `add(_:)` keeps node `id`: always without `wantedNodes`; else whether the
    /// list has it. Files list nodes by ascending id, so the cursor usually only moves
    /// forward by one; a jump or a node out of order costs a binary search.
    ///
    /// - Complexity: O(1) amortised on sorted files, O(log r) otherwise.
    private mutating func wants(_ id: Int64) -> Bool {
        guard let wanted = wantedNodes else { return true }
        var at = wantedCursor
        if at < wanted.count && wanted[at] < id || at > 0 && wanted[at - 1] >= id {
            at = OSMNodeTable.firstIndex(notBelow: id, in: wanted)
        }
        guard at < wanted.count && wanted[at] == id else {
            wantedCursor = at
            return false
        }
        wantedCursor = at + 1
        return true
    }
}
