// A road graph file is its arrays as they are in memory, behind a 64-byte header
// (little-endian, 8 UInt64 words):
//
//   0 magic "GKROAD\0\0"      2 node count      4 section count    6 payload bytes
//   1 version | BOM << 32     3 edge count      5 contracted mask  7 XXH64 of bytes 0..<56
//                                                                     and of the payload
//
// Payload: the byte length of each section (UInt64 × section count), then the sections
// back to back in the order of `forEachSection`. Loading copies them into arrays: no
// hierarchy or grid is rebuilt. The contents are then validated, so that a file forged
// with a correct checksum cannot trap or produce impossible paths.

extension RoadGraph {
    static let fileMagic: UInt64 = 0x0000_4441_4F52_4B47  // "GKROAD\0\0"
    static let fileVersion: UInt32 = 1
    static let byteOrderMark = FileIO.byteOrderMark
    static let sectionCount = 20 + 16

    /// Saves the graph atomically (temporary file, fsync, rename): a crash leaves the
    /// previous file.
    ///
    /// - Throws: `.io` naming the path and the reason.
    /// - Complexity: O(size); `byteCount` + 64 + 288 bytes.
    /// - Thread safety: reads the graph only. C twin: `gk_road_graph_save`.
    public func save(to path: String) throws(GeoKernelError) {
        let s = storage
        var header: [UInt64] = [
            Self.fileMagic, UInt64(Self.fileVersion) | UInt64(Self.byteOrderMark) << 32, UInt64(nodeCount),
            UInt64(edgeCount), UInt64(Self.sectionCount),
            (s.hierarchies[0] != nil ? 1 : 0) | (s.hierarchies[1] != nil ? 2 : 0), 0, 0,
        ]
        var table: [UInt64] = []
        try s.forEachSection { (b) throws(GeoKernelError) in table.append(UInt64(b.count)) }
        header[6] = UInt64(8 * table.count) + table.reduce(0, +)
        var sum = Checksum64()
        header.withUnsafeBytes { sum.update(UnsafeRawBufferPointer(rebasing: $0[0..<56])) }
        table.withUnsafeBytes { sum.update($0) }
        try s.forEachSection { (b) throws(GeoKernelError) in sum.update(b) }
        header[7] = sum.finalize()
        try FileIO.writeAtomically(to: path) { (sink) throws(GeoKernelError) in
            try sink.write(array: header)
            try sink.write(array: table)
            try s.forEachSection { (b) throws(GeoKernelError) in try sink.write(b) }
        }
    }

    /// Loads a graph saved by `save(to:)`: reads the bytes, checks the checksum, copies
    /// the arrays and validates them (no rebuilding).
    ///
    /// - Throws: `.io` when the file cannot be read; `.corrupt` when it is not a road
    ///   graph file, has another version or byte order, is truncated, damaged (checksum),
    ///   or its contents are inconsistent — the message says which.
    /// - Complexity: O(size); about a millisecond per few megabytes.
    /// - Thread safety: builds a new value. C twin: `gk_road_graph_load`.
    public init(contentsOf path: String) throws(GeoKernelError) {
        let file = try FileSource(path: path)
        func corrupt(_ what: String) -> GeoKernelError {
            GeoKernelError(.corrupt, "'\(path)' is not a valid GeoKernel road graph file: \(what)")
        }
        guard file.size >= 64 else { throw corrupt("\(file.size) bytes, shorter than the 64-byte header") }
        var header = [UInt64](repeating: 0, count: 8)
        try file.read(into: &header)
        try FileIO.checkHeader(header, magic: Self.fileMagic, version: Self.fileVersion, kind: "a road graph", corrupt)
        guard header[4] == UInt64(Self.sectionCount) else { throw corrupt("\(header[4]) sections, expected \(Self.sectionCount)") }
        guard header[6] == UInt64(file.size - 64) else {
            throw corrupt("header announces \(header[6]) payload bytes, the file has \(file.size - 64)")
        }
        let payload = try file.readRest()
        var sum = Checksum64()
        header.withUnsafeBytes { sum.update(UnsafeRawBufferPointer(rebasing: $0[0..<56])) }
        payload.withUnsafeBytes { sum.update($0) }
        guard sum.finalize() == header[7] else { throw corrupt("checksum mismatch (the file is damaged)") }
        guard header[2] < 1 << 30, header[3] < 1 << 30, header[5] < 4 else { throw corrupt("impossible counts or flags") }
        var reader = try SectionReader(payload, count: Self.sectionCount, corrupt)
        storage = try RoadGraphStorage(
            reading: &reader, nodeCount: Int(header[2]), edgeCount: Int(header[3]), contracted: Int(header[5]), corrupt)
    }
}

/// Copies typed arrays out of a payload.
struct SectionReader {
    let bytes: [UInt8]
    var sizes: [Int] = []
    var next = 0, offset: Int
    let corrupt: (String) -> GeoKernelError

    init(_ bytes: [UInt8], count: Int, _ corrupt: @escaping (String) -> GeoKernelError) throws(GeoKernelError) {
        self.bytes = bytes
        self.corrupt = corrupt
        offset = 8 * count
        guard bytes.count >= offset else { throw corrupt("the section table is cut short") }
        var total = offset
        for i in 0..<count {
            let size = bytes.withUnsafeBytes { Int(clamping: $0.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self)) }
            guard size <= bytes.count - total else { throw corrupt("section \(i) (\(size) bytes) runs past the end") }
            total += size
            sizes.append(size)
        }
        guard total == bytes.count else { throw corrupt("sections cover \(total) of \(bytes.count) payload bytes") }
    }

    /// The next section as an array of `T`.
    mutating func read<T: BitwiseCopyable>(_: T.Type = T.self) throws(GeoKernelError) -> [T] {
        let size = sizes[next]
        guard size % MemoryLayout<T>.stride == 0 else {
            throw corrupt("section \(next) has \(size) bytes, not a multiple of \(MemoryLayout<T>.stride)")
        }
        let count = size / MemoryLayout<T>.stride
        let start = offset
        let out = [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            bytes.withUnsafeBytes { src in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: src[start..<(start + size)]))
            }
            initialized = count
        }
        offset += size
        next += 1
        return out
    }
}

extension RoadGraphStorage {
    /// The scalars section: report counts and grid geometry.
    var scalars: [UInt64] {
        [UInt64(report.droppedNodes), UInt64(report.droppedEdges), UInt64(report.shortcuts[0]),
         UInt64(report.shortcuts[1]), UInt64(grid.rows), UInt64(grid.cols), grid.lat0.bitPattern,
         grid.lon0.bitPattern, grid.cellLat.bitPattern, grid.cellLon.bitPattern]
    }

    /// The bytes of every section, in file order.
    func forEachSection(_ body: (UnsafeRawBufferPointer) throws(GeoKernelError) -> Void) throws(GeoKernelError) {
        func s<T: BitwiseCopyable>(_ a: [T]) throws(GeoKernelError) {
            try a.withUnsafeBufferPointer { (b) throws(GeoKernelError) in try body(UnsafeRawBufferPointer(b)) }
        }
        try s(scalars); try s(nodeCoord); try s(edgeEnds); try s(edgeLength); try s(edgeDist); try s(arcTime)
        try s(arcSpeed); try s(edgeFlags); try s(edgeClass); try s(edgeName); try s(edgeRef); try s(edgeWay)
        try s(geomFirst); try s(geom); try s(stringFirst); try s(stringBytes); try s(incFirst); try s(incArc)
        try s(grid.cellFirst); try s(grid.cellSeg)
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
