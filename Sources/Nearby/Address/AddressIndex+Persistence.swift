import GeoKernel
import OpenStreetMap

// An address index file is a `SectionedFile` (GeoKernel/Support/SectionedFile.swift):
// header words 2 = point count, 3 = street count, 5 = 0; sections in the order of
// `forEachSection`. Loading copies the arrays (no grid is rebuilt) and validates them,
// so that a forged file with a correct checksum cannot trap.

extension AddressIndex {
    static let fileMagic: UInt64 = 0x0000_5244_4441_4B47  // "GKADDR\0\0"
    static let fileVersion: UInt32 = 1
    static let sectionCount = 11

    /// Saves the index atomically (temporary file, fsync, rename): a crash leaves the
    /// previous file.
    ///
    /// - Throws: `.io` naming the path and the reason.
    /// - Complexity: O(size). Thread safety: reads the index only.
    ///   C twin: `gk_address_index_save`.
    public func save(to path: String) throws(GeoKernelError) {
        try SectionedFile.save(
            to: path, magic: Self.fileMagic, version: Self.fileVersion,
            words: (UInt64(pointCount), UInt64(kinds.count - pointCount), 0), sectionCount: Self.sectionCount,
            sections: forEachSection)
    }

    /// Loads an index saved by `save(to:)`: the arrays read one by one, the checksum and a
    /// validation pass (no rebuilding).
    ///
    /// - Throws: `.io` when the file cannot be read; `.corrupt` when it is not an address
    ///   index file, has another version or byte order, is truncated, damaged
    ///   (checksum), or inconsistent — the message says which.
    /// - Complexity: O(size). C twin: `gk_address_index_load`.
    public init(contentsOf path: String) throws(GeoKernelError) {
        let corrupt = FileIO.corruption(path, kind: "address index")
        let loaded = try SectionedFile.load(
            path, magic: Self.fileMagic, version: Self.fileVersion, sectionCount: Self.sectionCount,
            kind: "an address index", corrupt)
        let header = loaded.header
        var r = loaded.sections
        guard header[2] < 1 << 30, header[3] < 1 << 30, header[5] == 0 else { throw corrupt("impossible counts") }
        let scalars: [UInt64] = try r.read()
        let kinds: [UInt8] = try r.read(), nameID: [UInt32] = try r.read(), numberID: [UInt32] = try r.read()
        let streetID: [UInt32] = try r.read(), geomFirst: [UInt32] = try r.read(), geom: [Int32] = try r.read()
        let stringFirst: [UInt32] = try r.read(), stringBytes: [UInt8] = try r.read()
        let cellFirst: [UInt32] = try r.read(), cellSeg: [UInt32] = try r.read()
        try r.finish()
        guard scalars.count == 6 else { throw corrupt("the grid section has \(scalars.count) words, expected 6") }
        guard scalars[0] <= 1 << 14, scalars[1] <= 1 << 14 else { throw corrupt("bad grid geometry") }
        let grid = SnapGrid(
            rows: Int(scalars[0]), cols: Int(scalars[1]), lat0: Double(bitPattern: scalars[2]),
            lon0: Double(bitPattern: scalars[3]), cellLat: Double(bitPattern: scalars[4]),
            cellLon: Double(bitPattern: scalars[5]), cellFirst: cellFirst, cellSeg: cellSeg)
        self.init(
            kinds: kinds, nameID: nameID, numberID: numberID, streetID: streetID, geomFirst: geomFirst, geom: geom,
            stringFirst: stringFirst, stringBytes: stringBytes, grid: grid, pointCount: Int(header[2]))
        if let p = problems(streets: Int(header[3])) { throw corrupt(p) }
    }

    func forEachSection(_ body: (UnsafeRawBufferPointer) throws(GeoKernelError) -> Void) throws(GeoKernelError) {
        func s<T: BitwiseCopyable>(_ a: [T]) throws(GeoKernelError) { try forEachBytes(a, body) }
        let g = grid
        try s([UInt64(g.rows), UInt64(g.cols), g.lat0.bitPattern, g.lon0.bitPattern, g.cellLat.bitPattern, g.cellLon.bitPattern])
        try s(kinds); try s(nameID); try s(numberID); try s(streetID); try s(geomFirst); try s(geom)
        try s(stringFirst); try s(stringBytes); try forEachBytes(grid.cellFirst, body); try forEachBytes(grid.cellSeg, body)
    }

    /// The first inconsistency of a loaded index, or nil.
    func problems(streets: Int) -> String? {
        let n = pointCount + streets
        guard kinds.count == n, nameID.count == n, numberID.count == n, streetID.count == n else {
            return "per-entry arrays do not hold \(n) entries"
        }
        guard geom.count % 2 == 0 else { return "odd coordinate count" }
        let vertices = geom.count / 2
        if let p = csr(geomFirst, count: n, total: vertices, "vertex") { return p }
        for e in 0..<n {
            let size = geomFirst[e + 1] - geomFirst[e]
            if e < pointCount {
                guard kinds[e] <= AddressKind.address.rawValue, size == 2 else { return "entry \(e) is not a point" }
                guard geom[2 * Int(geomFirst[e])] == geom[2 * Int(geomFirst[e]) + 2],
                    geom[2 * Int(geomFirst[e]) + 1] == geom[2 * Int(geomFirst[e]) + 3]
                else { return "point \(e) has two positions" }
            } else {
                guard kinds[e] == AddressKind.street.rawValue, size >= 2 else { return "entry \(e) is not a street" }
            }
        }
        for v in 0..<vertices {
            // Ranges, not abs(): abs(Int32.min) overflows.
            guard (-900_000_000...900_000_000).contains(geom[2 * v]), (-1_800_000_000...1_800_000_000).contains(geom[2 * v + 1])
            else {
                return "vertex \(v) is off the globe"
            }
        }
        if let p = StringTable.problems(first: stringFirst, bytes: stringBytes, ids: nameID + numberID + streetID) { return p }
        return grid.problems(geomFirst: geomFirst, vertices: vertices)
    }
}
