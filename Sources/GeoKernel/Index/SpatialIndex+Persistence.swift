// An index file is a `SectionedFile` (Support/SectionedFile.swift), magic "GKINDEX\0",
// version 2: header words 2 = node/leaf layout (fanout, leaf size, bytes per point, node
// bytes as four UInt16), 3 = nextID, 5 = removed count. Sections: the run table ((count,
// bytes) as two UInt64 per run), each run's storage as it is in memory (nodes, leaf
// blocks), the insert buffer as (x, y, z, id) records of four UInt64, the removed-id bitset.
//
// Version 1 (before the one container) still loads: a 64-byte header of its own
// (0 magic, 8 version UInt32, 12 byte-order mark, 16 layout, 24 nextID, 32 removed ids,
// 40 runs | buffered points << 32, 48 payload bytes, 56 XXH64), then the run table, the
// runs, the buffer records, the bitset's word count and the bitset.

extension SpatialIndex {
    static let fileMagic: UInt64 = 0x0058_4544_4E49_4B47  // "GKINDEX\0"
    static let fileVersion: UInt32 = 2
    static let maxRuns = 64

    /// Saves the index to a file atomically: a temporary file beside `path` is written
    /// and flushed to disk, then renamed over `path`. A crash leaves the previous file.
    ///
    /// The file is GeoKernel's one container (header with magic number, format version,
    /// byte order and an XXH64 checksum; a section table) around the in-memory layout:
    /// about 29.6 bytes per point.
    ///
    /// - Throws: `.io` naming the path and the reason when the file cannot be written.
    /// - Complexity: O(n); about the speed of the disk.
    /// - Thread safety: reads the index only.
    /// - C twin: `gk_index_save`.
    /// \since 0.1
    public func save(to path: String) throws(GeoKernelError) {
        var table: [UInt64] = []
        for run in runs { table += [UInt64(run.count), UInt64(run.byteCount)] }
        var records: [UInt64] = []
        for i in 0..<buffer.count {
            records += [buffer.x[i].bitPattern, buffer.y[i].bitPattern, buffer.z[i].bitPattern, UInt64(buffer.ids[i])]
        }
        let runs = runs, removed = removed
        try SectionedFile.save(
            to: path, magic: Self.fileMagic, version: Self.fileVersion,
            words: (Self.layoutWord, UInt64(nextIDValue), UInt64(removedCount)), sectionCount: runs.count + 3
        ) { (body) throws(GeoKernelError) in
            try forEachBytes(table, body)
            for run in runs { try body(UnsafeRawBufferPointer(start: run.bytes, count: run.byteCount)) }
            try forEachBytes(records, body)
            try forEachBytes(removed, body)
        }
    }

    /// Loads an index saved by `save(to:)` (this version's files and version 1's).
    ///
    /// - Throws: `.io` when the file cannot be read; `.outOfMemory` when loading it would
    ///   not fit; `.corrupt` when it is not an index file, has another format version or
    ///   byte order, is truncated or damaged (the checksum differs), or its contents are
    ///   inconsistent — the message says which. Nothing is half-loaded.
    /// - Complexity: O(n). Timing: `index.load.*` in the benchmark table.
    /// - Thread safety: builds a new value. C twin: `gk_index_load`.
    /// \since 0.1
    public init(contentsOf path: String) throws(GeoKernelError) {
        let corrupt = FileIO.corruption(path, kind: "index")
        if try SectionedFile.version(of: path, magic: Self.fileMagic, kind: "an index", corrupt) == 1 {
            self = try Self.loadVersion1(path, corrupt)
        } else {
            let (header, sections) = try SectionedFile.load(
                path, magic: Self.fileMagic, version: Self.fileVersion, sectionCounts: 3...(Self.maxRuns + 3),
                kind: "an index", corrupt)
            var reader = sections
            self = try Self.read(header, &reader, corrupt)
        }
        try validateLoaded(corrupt)
    }

    /// Fanout, leaf size, bytes per point and node bytes, as stored at offset 16.
    static var layoutWord: UInt64 {
        UInt64(PackedRun.fanout) | UInt64(PackedRun.leafSize) << 16 | UInt64(28) << 32
            | UInt64(PackedRun.nodeBytes) << 48
    }

    /// The sections of a version 2 file, checksum checked (contents not yet validated).
    private static func read(
        _ header: [UInt64], _ r: inout SectionReader, _ corrupt: (String) -> GeoKernelError
    ) throws(GeoKernelError) -> SpatialIndex {
        guard header[2] == layoutWord else { throw corrupt("unknown node or leaf layout") }
        var index = SpatialIndex()
        guard header[3] < UInt64(UInt32.max), header[5] <= header[3] else { throw corrupt("impossible id counts") }
        index.nextIDValue = UInt32(header[3])
        index.removedCount = Int(header[5])
        let runCount = r.sizes.count - 3
        let table: [UInt64] = try r.read()
        guard table.count == 2 * runCount else { throw corrupt("the run table lists \(table.count / 2) runs, the file has \(runCount)") }
        for k in 0..<runCount {
            let count = Int(clamping: table[2 * k]), bytes = Int(clamping: table[2 * k + 1])
            guard count > 0, count < Int(UInt32.max), bytes == PackedRun.layout(count: count).bytes, bytes == r.nextSize else {
                throw corrupt("run \(k): \(table[2 * k]) points in \(table[2 * k + 1]) bytes do not fit the layout or the file")
            }
            let run = try PackedRun(checkedCapacityFor: count)
            try r.read(into: UnsafeMutableRawBufferPointer(start: run.bytes, count: run.byteCount))
            index.runs.append(run)
        }
        let records: [UInt64] = try r.read()
        index.removed = try r.read()
        try r.finish()
        guard records.count % 4 == 0, records.count / 4 < bufferCapacity else {
            throw corrupt("\(records.count) words of buffered points (four per point, fewer than \(bufferCapacity) points)")
        }
        for i in 0..<records.count / 4 {
            index.buffer.append(
                (Double(bitPattern: records[4 * i]), Double(bitPattern: records[4 * i + 1]),
                 Double(bitPattern: records[4 * i + 2])), UInt32(truncatingIfNeeded: records[4 * i + 3]))
        }
        return index
    }

    /// Reads a version 1 file (its own header; see the top of this file).
    @_optimize(size)
    private static func loadVersion1(_ path: String, _ corrupt: (String) -> GeoKernelError) throws(GeoKernelError) -> SpatialIndex {
        let file = try FileSource(path: path)
        guard file.size >= 64 else { throw corrupt("\(file.size) bytes, shorter than the 64-byte header") }
        // A loaded index takes about its file's size (measured: 1.03×); ask for 4×.
        try CheckedAllocation.requireHeadroom(
            CheckedAllocation.peakEstimate(inputBytes: file.size, factor: 4), "loading an index of \(file.size) bytes")
        var header = [UInt64](repeating: 0, count: 8)
        try file.read(into: &header)
        try FileIO.checkHeader(header, magic: Self.fileMagic, version: 1, kind: "an index", corrupt)
        guard header[2] == Self.layoutWord else { throw corrupt("unknown node or leaf layout") }
        let payload = Int(clamping: header[6])
        guard payload == file.size - 64 else {
            throw corrupt("header announces \(header[6]) payload bytes, the file has \(file.size - 64)")
        }
        var sum = Checksum64()
        header.withUnsafeBytes { sum.update(UnsafeRawBufferPointer(rebasing: $0[0..<56])) }
        let state = try Self.readPayload(file, header, &sum, corrupt)
        guard sum.finalize() == header[7] else { throw corrupt("checksum mismatch (the file is damaged)") }
        return state
    }

    private static func readPayload(
        _ file: FileSource, _ header: [UInt64], _ sum: inout Checksum64, _ corrupt: (String) -> GeoKernelError
    ) throws(GeoKernelError) -> SpatialIndex {
        var index = SpatialIndex()
        guard header[3] < UInt64(UInt32.max), header[4] <= header[3] else { throw corrupt("impossible id counts") }
        index.nextIDValue = UInt32(header[3])
        index.removedCount = Int(header[4])
        let runCount = Int(header[5] & 0xFFFF_FFFF), buffered = Int(header[5] >> 32)
        guard runCount <= maxRuns else { throw corrupt("\(runCount) runs (at most \(maxRuns))") }
        guard buffered < bufferCapacity else { throw corrupt("\(buffered) buffered points (fewer than \(bufferCapacity))") }
        var table = [UInt64](repeating: 0, count: 2 * runCount)
        try file.read(into: &table)
        table.withUnsafeBytes { sum.update($0) }
        var left = file.size - file.offset
        for r in 0..<runCount {
            let count = Int(clamping: table[2 * r]), bytes = Int(clamping: table[2 * r + 1])
            guard count > 0, count < Int(UInt32.max), bytes == PackedRun.layout(count: count).bytes, bytes <= left else {
                throw corrupt("run \(r): \(table[2 * r]) points in \(table[2 * r + 1]) bytes do not fit the layout or the file")
            }
            let run = try PackedRun(checkedCapacityFor: count)
            let storage = UnsafeMutableRawBufferPointer(start: run.bytes, count: run.byteCount)
            try file.read(into: storage)
            sum.update(UnsafeRawBufferPointer(storage))
            index.runs.append(run)
            left -= bytes
        }
        guard left >= 32 * buffered + 8 else { throw corrupt("the buffer and the removed bitset are missing") }
        var records = [UInt64](repeating: 0, count: 4 * buffered + 1)
        try file.read(into: &records)
        records.withUnsafeBytes { sum.update($0) }
        for i in 0..<buffered {
            index.buffer.append(
                (Double(bitPattern: records[4 * i]), Double(bitPattern: records[4 * i + 1]),
                 Double(bitPattern: records[4 * i + 2])), UInt32(truncatingIfNeeded: records[4 * i + 3]))
        }
        let words = Int(clamping: records[4 * buffered])
        guard words <= (file.size - file.offset) / 8, words * 8 == file.size - file.offset else {
            throw corrupt("the removed bitset has \(file.size - file.offset) bytes, the header says \(words) words")
        }
        index.removed = [UInt64](repeating: 0, count: words)
        try file.read(into: &index.removed)
        index.removed.withUnsafeBytes { sum.update($0) }
        return index
    }

    /// Checks what the checksum cannot (a forged file carries a valid checksum): every
    /// stored point is a unit vector (|x² + y² + z² − 1| ≤ 1e-12, finite), every stored id
    /// is below `nextID` and stored once, unused slots are marked, the removed ids and
    /// counts agree, and every node box is exactly the box its contents give (the boxes
    /// are recomputed from the points, O(n), and compared bit for bit). Counts the
    /// removed points still stored.
    private mutating func validateLoaded(_ corrupt: (String) -> GeoKernelError) throws(GeoKernelError) {
        let limit = Int(nextIDValue)
        guard removed.count <= limit / 64 + 1 else { throw corrupt("the removed bitset is longer than the ids") }
        // Every id below nextID is stored or removed: this bounds nextID by the file's
        // contents before the bitset of seen ids is allocated.
        let stored = runs.reduce(0) { $0 + $1.count } + buffer.count
        guard limit <= stored + removedCount else {
            throw corrupt("nextID \(limit) exceeds the \(stored) stored and \(removedCount) removed points")
        }
        let removedBits = removed.reduce(0) { $0 + $1.nonzeroBitCount }
        guard removedBits == removedCount else {
            throw corrupt("\(removedBits) ids marked removed, the header says \(removedCount)")
        }
        var seen = [UInt64](repeating: 0, count: limit / 64 + 1)
        var live = 0, dead = 0
        var problem: String?
        let removedWords = removed
        seen.withUnsafeMutableBufferPointer { seenBits in
            removedWords.withUnsafeBufferPointer { gone in
                /// Marks one stored id; false (and `problem` set) when it is invalid.
                func visit(_ id: UInt32) -> Bool {
                    guard Int(id) < limit else { problem = "point id \(id) is not below nextID \(limit)"; return false }
                    let w = Int(id >> 6), bit: UInt64 = 1 << UInt64(id & 63)
                    guard seenBits[w] & bit == 0 else { problem = "point id \(id) is stored twice"; return false }
                    seenBits[w] |= bit
                    if w < gone.count && gone[w] & bit != 0 { dead += 1 } else { live += 1 }
                    return true
                }
                for run in runs {
                    for b in 0..<run.blockCount {
                        let ids = UnsafeRawPointer(run.block(b)) + 384
                        let lanes = Swift.min(PackedRun.leafSize, run.count - b * PackedRun.leafSize)
                        for lane in 0..<PackedRun.leafSize {
                            let id = ids.load(fromByteOffset: lane * 4, as: UInt32.self)
                            if lane < lanes {
                                if !visit(id) { return }
                                let p = run.point(b * PackedRun.leafSize + lane)
                                guard Self.isUnitVector(p.x, p.y, p.z) else {
                                    problem = "point id \(id) is not a unit vector (\(p.x), \(p.y), \(p.z))"
                                    return
                                }
                            } else if id != PackedRun.paddingID {
                                problem = "an unused leaf slot holds id \(id)"
                                return
                            }
                        }
                    }
                }
                for i in 0..<buffer.count {
                    if !visit(buffer.ids[i]) { return }
                    guard Self.isUnitVector(buffer.x[i], buffer.y[i], buffer.z[i]) else {
                        problem = "buffered point id \(buffer.ids[i]) is not a unit vector"
                        return
                    }
                    let id = buffer.ids[i], w = Int(id >> 6)
                    if w < gone.count && (gone[w] >> UInt64(id & 63)) & 1 != 0 {
                        problem = "removed id \(id) is in the insert buffer"
                        return
                    }
                }
            }
        }
        if let problem { throw corrupt(problem) }
        guard live == count else { throw corrupt("\(live) points stored, \(count) expected") }
        for (r, run) in runs.enumerated() where !run.recomputedBoxesMatch() {
            throw corrupt("run \(r): its node boxes do not match its points")
        }
        deadInRuns = dead
    }

    /// Whether (x, y, z) is finite and of length 1 within 1e-12.
    @inline(__always)
    static func isUnitVector(_ x: Double, _ y: Double, _ z: Double) -> Bool {
        Swift.abs(x * x + y * y + z * z - 1) <= 1e-12
    }
}
