// A saved file made of typed arrays ("sections") behind a 64-byte header of eight
// little-endian UInt64 words:
//
//   0 magic                        4 section count (always; checked at load)
//   1 version | byte-order mark << 32
//   2, 3, 5 the caller's words      6 payload bytes     7 XXH64 of bytes 0..<56 and the payload
//
// Payload: the byte length of each section (UInt64 × section count), then the sections
// back to back. Used by the road graph and the address index; loading reads the file
// once, checks the checksum and copies each section into an array (no rebuilding).

package enum SectionedFile {
    /// Saves atomically (temporary file, fsync, rename): a crash leaves the previous file.
    ///
    /// - Parameters:
    ///   - words: header words 2, 3 and 5 (counts or flags the owner needs before reading).
    ///   - sectionCount: how many sections `sections` hands over, every time it is called.
    ///   - sections: calls its argument once per section, in file order (called three times).
    /// - Throws: `.io` naming the path and the reason.
    package static func save(
        to path: String, magic: UInt64, version: UInt32, words: (UInt64, UInt64, UInt64), sectionCount: Int,
        sections: ((UnsafeRawBufferPointer) throws(GeoKernelError) -> Void) throws(GeoKernelError) -> Void
    ) throws(GeoKernelError) {
        var header: [UInt64] = [
            magic, UInt64(version) | UInt64(FileIO.byteOrderMark) << 32, words.0, words.1, UInt64(sectionCount),
            words.2, 0, 0,
        ]
        var table: [UInt64] = []
        try sections { (b) throws(GeoKernelError) in table.append(UInt64(b.count)) }
        precondition(table.count == sectionCount, "section count mismatch")
        header[6] = UInt64(8 * table.count) + table.reduce(0, +)
        var sum = Checksum64()
        header.withUnsafeBytes { sum.update(UnsafeRawBufferPointer(rebasing: $0[0..<56])) }
        table.withUnsafeBytes { sum.update($0) }
        try sections { (b) throws(GeoKernelError) in sum.update(b) }
        header[7] = sum.finalize()
        try FileIO.writeAtomically(to: path) { (sink) throws(GeoKernelError) in
            try sink.write(array: header)
            try sink.write(array: table)
            try sections { (b) throws(GeoKernelError) in try sink.write(b) }
        }
    }

    /// Reads a file saved by `save`: checks magic, version, byte order, section count,
    /// size and checksum.
    ///
    /// - Parameter kind: what the file should be, for messages ("a road graph").
    /// - Returns: the header words and a reader over the sections.
    /// - Throws: `.io` when the file cannot be read; what `corrupt` makes of the problem.
    package static func load(
        _ path: String, magic: UInt64, version: UInt32, sectionCount: Int, kind: String,
        _ corrupt: @escaping (String) -> GeoKernelError
    ) throws(GeoKernelError) -> (header: [UInt64], sections: SectionReader) {
        let file = try FileSource(path: path)
        guard file.size >= 64 else { throw corrupt("\(file.size) bytes, shorter than the 64-byte header") }
        var header = [UInt64](repeating: 0, count: 8)
        try file.read(into: &header)
        try FileIO.checkHeader(header, magic: magic, version: version, kind: kind, corrupt)
        guard header[4] == UInt64(sectionCount) else { throw corrupt("\(header[4]) sections, expected \(sectionCount)") }
        guard header[6] == UInt64(file.size - 64) else {
            throw corrupt("header announces \(header[6]) payload bytes, the file has \(file.size - 64)")
        }
        try CheckedAllocation.requireHeadroom(
            CheckedAllocation.peakEstimate(inputBytes: file.size, factor: 8), "loading \(kind) of \(file.size) bytes")
        let payload = try file.readRest()
        var sum = Checksum64()
        header.withUnsafeBytes { sum.update(UnsafeRawBufferPointer(rebasing: $0[0..<56])) }
        payload.withUnsafeBytes { sum.update($0) }
        guard sum.finalize() == header[7] else { throw corrupt("checksum mismatch (the file is damaged)") }
        return (header, try SectionReader(payload, count: sectionCount, corrupt))
    }
}

/// Copies typed arrays out of a payload.
package struct SectionReader {
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
    package mutating func read<T: BitwiseCopyable>(_: T.Type = T.self) throws(GeoKernelError) -> [T] {
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

/// Hands the bytes of each array to `body` (the `sections` argument of `SectionedFile.save`).
package func forEachBytes<T: BitwiseCopyable>(
    _ a: [T], _ body: (UnsafeRawBufferPointer) throws(GeoKernelError) -> Void
) throws(GeoKernelError) {
    try a.withUnsafeBufferPointer { (b) throws(GeoKernelError) in try body(UnsafeRawBufferPointer(b)) }
}
