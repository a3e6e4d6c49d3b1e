// A road graph file is its arrays as they are in memory (a `SectionedFile`), behind a
// 64-byte header (little-endian, 8 UInt64 words):
//
//   0 magic "GKROAD\0\0"      2 node count      4 section count    6 payload bytes
//   1 version | BOM << 32     3 edge count      5 contracted mask  7 XXH64 of bytes 0..<56
//                                                                     and of the payload
//
// Payload: the byte length of each section (UInt64 × section count), then the sections
// in the order of `forEachSection`. Version 3 (saved now) pads every section to a multiple
// of 8 bytes, so that a loaded file is mapped into memory and routed on in place: the
// checksum and the validation read it where it lies, nothing is copied; its hierarchies
// store each arc's link (`ContractionHierarchy`), so only the turn graph's incoming lists
// are derived at load.
// Version 2 (unpadded, the middle node of each shortcut instead of its halves) is still
// read, into memory, the halves found at load. Version 2 added the signs (a
// section after the way ids) and the turn graph (four sections after the grid); version 1
// files (node-based hierarchies) are refused with a message saying to build the graph
// again. No hierarchy or grid is rebuilt at load. The contents are validated, so that a
// file forged with a correct checksum cannot trap or produce impossible paths.

extension RoadGraph {
    static let fileMagic: UInt64 = 0x0000_4441_4F52_4B47  // "GKROAD\0\0"
    static let fileVersion: UInt32 = 3
    /// The unpadded layout, still read (into memory).
    static let streamedVersion: UInt32 = 2
    static let byteOrderMark = FileIO.byteOrderMark
    static let sectionCount = 21 + 4 + 16

    /// Saves the graph atomically (temporary file, fsync, rename): a crash leaves the
    /// previous file.
    ///
    /// - Throws: `.io` naming the path and the reason.
    /// - Complexity: O(size); `byteCount` + 64 + 328 bytes (header and section table).
    /// - Thread safety: reads the graph only. C twin: `gk_road_graph_save`.
    public func save(to path: String) throws(GeoKernelError) {
        try save(to: path, version: Self.fileVersion)
    }

    /// Saves in file format `version` (3, or 2 for tests of reading older files).
    package func save(to path: String, version: UInt32) throws(GeoKernelError) {
        let s = storage
        try SectionedFile.save(
            to: path, magic: Self.fileMagic, version: version,
            words: (UInt64(nodeCount), UInt64(edgeCount), (s.hierarchies[0] != nil ? 1 : 0) | (s.hierarchies[1] != nil ? 2 : 0)),
            sectionCount: Self.sectionCount, aligned: version >= 3
        ) { (body) throws(GeoKernelError) in try s.forEachSection(version: version, body) }
    }

    /// Loads a graph saved by `save(to:)`: maps the file into memory, checks the checksum
    /// and validates the arrays where they lie; routing then reads them in place (the
    /// pages are shared with every other process that maps the same file). Files of the
    /// previous version (2) are read into memory instead.
    ///
    /// The file must not be truncated or rewritten in place while the graph lives (saving
    /// over it with `save(to:)` is safe: it replaces the file by rename).
    ///
    /// - Throws: `.io` when the file cannot be read; `.corrupt` when it is not a road
    ///   graph file, has another version or byte order, is truncated, damaged (checksum),
    ///   or its contents are inconsistent — the message says which; `.outOfMemory` when
    ///   the derived tables would not fit.
    /// - Complexity: O(size): one pass for the checksum and one for the validation.
    /// - Thread safety: builds a new value. C twin: `gk_road_graph_load`.
    @_optimize(size)  // cold: once per load
    public init(contentsOf path: String) throws(GeoKernelError) {
        let corrupt = FileIO.corruption(path, kind: "road graph")
        let version = try SectionedFile.version(of: path, magic: Self.fileMagic, kind: "a road graph", corrupt)
        let header: [UInt64]
        if version == Self.streamedVersion {
            let loaded = try SectionedFile.load(
                path, magic: Self.fileMagic, version: version, sectionCount: Self.sectionCount, kind: "a road graph",
                corrupt)
            header = loaded.header
            var reader: any SectionSource = loaded.sections  // one copy of the reading code for both sources
            try Self.checkCounts(header, corrupt)
            storage = try RoadGraphStorage(
                reading: &reader, nodeCount: Int(header[2]), edgeCount: Int(header[3]),
                contracted: Int(header[5]), linked: false, path: path)
        } else {
            let mapped = try SectionedFile.map(
                path, magic: Self.fileMagic, version: Self.fileVersion, sectionCount: Self.sectionCount, kind: "a road graph",
                corrupt)
            header = mapped.header
            var sections: any SectionSource = mapped.sections
            try Self.checkCounts(header, corrupt)
            // The turn graph's incoming lists and the validation's scratch are built in memory.
            try CheckedAllocation.requireHeadroom(
                CheckedAllocation.peakEstimate(inputBytes: mapped.sections.file.bytes.count, factor: 2),
                "loading a road graph of \(mapped.sections.file.bytes.count) bytes")
            storage = try RoadGraphStorage(
                reading: &sections, nodeCount: Int(header[2]), edgeCount: Int(header[3]), contracted: Int(header[5]),
                linked: true, path: path)
        }
    }

    private static func checkCounts(_ header: [UInt64], _ corrupt: (String) -> GeoKernelError) throws(GeoKernelError) {
        guard header[2] < 1 << 30, header[3] < 1 << 30, header[5] < 4 else { throw corrupt("impossible counts or flags") }
    }
}

extension RoadGraphStorage {
    /// The scalars section: report counts and grid geometry.
    var scalars: [UInt64] {
        [UInt64(report.droppedNodes), UInt64(report.droppedEdges), UInt64(report.shortcuts[0]),
         UInt64(report.shortcuts[1]), UInt64(grid.rows), UInt64(grid.cols), grid.lat0.bitPattern,
         grid.lon0.bitPattern, grid.cellLat.bitPattern, grid.cellLon.bitPattern, UInt64(report.restrictionsApplied),
         UInt64(report.restrictionsSkipped)]
    }

    /// The bytes of every section, in file order (version 2 writes middle nodes instead of
    /// links).
    @_optimize(size)  // cold (saving), and 41 sections: keep it small in the library
    func forEachSection(
        version: UInt32 = RoadGraph.fileVersion, _ body: (UnsafeRawBufferPointer) throws(GeoKernelError) -> Void
    ) throws(GeoKernelError) {
        let (parts, keep) = sectionBytes(version: version)
        try withExtendedLifetime(keep) { () throws(GeoKernelError) in
            for p in parts { try body(p) }
        }
    }

    /// The bytes of every section, in file order, valid while `keep` lives.
    @_optimize(size)
    @inline(never)
    private func sectionBytes(version: UInt32) -> (parts: [UnsafeRawBufferPointer], keep: [AnyObject]) {
        // One list of buffers, then one loop: the columns (and the scalars, and version 2's
        // middles, kept alive here) outlive the calls.
        let scalars = Column(self.scalars)
        var keep: [AnyObject] = [scalars.owner]
        var parts: [UnsafeRawBufferPointer] = []
        func add<T>(_ c: Column<T>) {
            parts.append(UnsafeRawBufferPointer(start: c.base, count: c.count * MemoryLayout<T>.stride))
        }
        add(scalars); add(nodeCoord); add(edgeEnds); add(edgeLength); add(edgeDist); add(arcTime); add(arcSpeed)
        add(edgeFlags); add(edgeClass); add(edgeName); add(edgeRef); add(edgeWay); add(edgeSigns); add(geomFirst)
        add(geom); add(stringFirst); add(stringBytes); add(incFirst); add(incArc); add(grid.cellFirst); add(grid.cellSeg)
        add(turns.stateArc); add(turns.turnFirst); add(turns.turnTo); add(turns.turnCost)
        let none = UnsafeRawBufferPointer(start: nil, count: 0)
        for h in hierarchies {
            guard let h else {
                parts += [UnsafeRawBufferPointer](repeating: none, count: 8)
                continue
            }
            add(h.rank); add(h.order); add(h.upFirst); add(h.upArc)
            if version >= 3 {
                add(h.upLink); add(h.downFirst); add(h.downArc); add(h.downLink)
            } else {
                let up = h.middles(up: true), down = h.middles(up: false)
                keep += [up.owner, down.owner]
                add(up); add(h.downFirst); add(h.downArc); add(down)
            }
        }
        return (parts, keep)
    }

    /// Bytes of all sections, each padded to a multiple of 8 as saved.
    package var payloadByteCount: Int {
        var n = 0
        try? forEachSection { n += ($0.count + 7) / 8 * 8 }
        return n
    }
}

extension ContractionHierarchy {
    /// Version 2's middle-node array for the `up` (or `down`) entries: `originalBit | turn`
    /// for an original arc, else the rank of the shortcut's middle node.
    func middles(up: Bool) -> Column<UInt32> {
        let links = up ? upLink : downLink
        return Column(links.map { link in
            link & Self.originalLink != 0
                ? Self.originalBit | UInt32(truncatingIfNeeded: link) : UInt32(Self.owner(downFirst, Int(link >> 32)))
        })
    }
}
