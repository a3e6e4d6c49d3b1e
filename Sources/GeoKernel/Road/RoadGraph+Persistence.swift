// A road graph file is its arrays as they are in memory (a `SectionedFile`), behind a
// 64-byte header (little-endian, 8 UInt64 words):
//
//   0 magic "GKROAD\0\0"      2 node count      4 section count    6 payload bytes
//   1 version | BOM << 32     3 edge count      5 contracted mask  7 XXH64 of bytes 0..<56
//                                                                     and of the payload
//
// Payload: the byte length of each section (UInt64 × section count), then the sections
// back to back in the order of `forEachSection`. Version 2 added the signs (a section
// after the way ids) and the turn graph (four sections after the grid); version 1 files (node-based hierarchies) are refused with a
// message saying to build the graph again. Loading reads them into arrays: no
// hierarchy or grid is rebuilt. The contents are then validated, so that a file forged
// with a correct checksum cannot trap or produce impossible paths.

extension RoadGraph {
    static let fileMagic: UInt64 = 0x0000_4441_4F52_4B47  // "GKROAD\0\0"
    static let fileVersion: UInt32 = 2
    static let byteOrderMark = FileIO.byteOrderMark
    static let sectionCount = 21 + 4 + 16

    /// Saves the graph atomically (temporary file, fsync, rename): a crash leaves the
    /// previous file.
    ///
    /// - Throws: `.io` naming the path and the reason.
    /// - Complexity: O(size); `byteCount` + 64 + 288 bytes.
    /// - Thread safety: reads the graph only. C twin: `gk_road_graph_save`.
    public func save(to path: String) throws(GeoKernelError) {
        let s = storage
        try SectionedFile.save(
            to: path, magic: Self.fileMagic, version: Self.fileVersion,
            words: (UInt64(nodeCount), UInt64(edgeCount), (s.hierarchies[0] != nil ? 1 : 0) | (s.hierarchies[1] != nil ? 2 : 0)),
            sectionCount: Self.sectionCount, sections: s.forEachSection)
    }

    /// Loads a graph saved by `save(to:)`: reads the arrays one by one, checks the
    /// checksum and validates them (no rebuilding).
    ///
    /// - Throws: `.io` when the file cannot be read; `.corrupt` when it is not a road
    ///   graph file, has another version or byte order, is truncated, damaged (checksum),
    ///   or its contents are inconsistent — the message says which.
    /// - Complexity: O(size); about a millisecond per few megabytes.
    /// - Thread safety: builds a new value. C twin: `gk_road_graph_load`.
    public init(contentsOf path: String) throws(GeoKernelError) {
        func corrupt(_ what: String) -> GeoKernelError {
            GeoKernelError(.corrupt, "'\(path)' is not a valid GeoKernel road graph file: \(what)")
        }
        let loaded = try SectionedFile.load(
            path, magic: Self.fileMagic, version: Self.fileVersion, sectionCount: Self.sectionCount, kind: "a road graph",
            corrupt)
        let header = loaded.header
        var reader = loaded.sections
        guard header[2] < 1 << 30, header[3] < 1 << 30, header[5] < 4 else { throw corrupt("impossible counts or flags") }
        storage = try RoadGraphStorage(
            reading: &reader, nodeCount: Int(header[2]), edgeCount: Int(header[3]), contracted: Int(header[5]), corrupt)
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

    /// The bytes of every section, in file order.
    func forEachSection(_ body: (UnsafeRawBufferPointer) throws(GeoKernelError) -> Void) throws(GeoKernelError) {
        func s<T: BitwiseCopyable>(_ a: [T]) throws(GeoKernelError) { try forEachBytes(a, body) }
        try s(scalars); try s(nodeCoord); try s(edgeEnds); try s(edgeLength); try s(edgeDist); try s(arcTime)
        try s(arcSpeed); try s(edgeFlags); try s(edgeClass); try s(edgeName); try s(edgeRef); try s(edgeWay)
        try s(edgeSigns)
        try s(geomFirst); try s(geom); try s(stringFirst); try s(stringBytes); try s(incFirst); try s(incArc)
        try s(grid.cellFirst); try s(grid.cellSeg)
        try s(turns.stateArc); try s(turns.turnFirst); try s(turns.turnTo); try s(turns.turnCost)
        for h in hierarchies {
            try s(h?.rank ?? []); try s(h?.order ?? []); try s(h?.upFirst ?? []); try s(h?.upArc ?? [])
            try s(h?.upMid ?? []); try s(h?.downFirst ?? []); try s(h?.downArc ?? []); try s(h?.downMid ?? [])
        }
    }

    /// Bytes of all sections.
    package var payloadByteCount: Int {
        var n = 0
        try? forEachSection { n += $0.count }
        return n
    }
}
