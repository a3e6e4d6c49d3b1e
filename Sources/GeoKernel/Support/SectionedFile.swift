// The one container of every saved GeoKernel file (spatial index, landmark snapshot, road
// graph, address index): typed arrays ("sections") behind a 64-byte header of eight
// little-endian UInt64 words:
//
//   0 magic                        4 section count
//   1 version | byte-order mark << 32
//   2, 3, 5 the owner's words      6 payload bytes     7 XXH64 of bytes 0..<56 and the payload
//
// Payload: the byte length of each section (UInt64 × section count), then the sections
// back to back. Loading streams the sections out of the file (no copy of the whole
// payload), checks the checksum once the last one is read (`SectionReader.finish`), and
// the owner validates the contents (a forged file carries a valid checksum).
//
// An owner may save its sections *aligned*: each section is then followed by zero bytes
// up to a multiple of 8 (the padding counts in the payload and the checksum, not in the
// section's length), so that every section starts 8-byte aligned and the file can be
// mapped into memory and read in place (`map`, `MappedSections`). Whether a file is
// aligned is the owner's to know (from its version).

package enum SectionedFile {
    /// Saves atomically (temporary file, fsync, rename): a crash leaves the previous file.
    ///
    /// - Parameters:
    ///   - words: header words 2, 3 and 5 (counts or flags the owner needs before reading).
    ///   - sectionCount: how many sections `sections` hands over, every time it is called.
    ///   - sections: calls its argument once per section, in file order (called three times).
    ///   - aligned: pad each section to a multiple of 8 bytes (see the layout above).
    /// - Throws: `.io` naming the path and the reason.
    package static func save(
        to path: String, magic: UInt64, version: UInt32, words: (UInt64, UInt64, UInt64), sectionCount: Int,
        aligned: Bool = false,
        sections: ((UnsafeRawBufferPointer) throws(GeoKernelError) -> Void) throws(GeoKernelError) -> Void
    ) throws(GeoKernelError) {
        var header: [UInt64] = [
            magic, UInt64(version) | UInt64(FileIO.byteOrderMark) << 32, words.0, words.1, UInt64(sectionCount),
            words.2, 0, 0,
        ]
        var table: [UInt64] = []
        try sections { (b) throws(GeoKernelError) in table.append(UInt64(b.count)) }
        precondition(table.count == sectionCount, "section count mismatch")
        let zeros = [UInt8](repeating: 0, count: 8)
        func padding(_ count: Int) -> Int { aligned ? (8 - count % 8) % 8 : 0 }
        header[6] = UInt64(8 * table.count) + table.reduce(0) { $0 + $1 + UInt64(padding(Int($1))) }
        var sum = Checksum64()
        header.withUnsafeBytes { sum.update(UnsafeRawBufferPointer(rebasing: $0[0..<56])) }
        table.withUnsafeBytes { sum.update($0) }
        try sections { (b) throws(GeoKernelError) in
            sum.update(b)
            zeros.withUnsafeBytes { sum.update(UnsafeRawBufferPointer(rebasing: $0[0..<padding(b.count)])) }
        }
        header[7] = sum.finalize()
        try FileIO.writeAtomically(to: path) { (sink) throws(GeoKernelError) in
            try sink.write(array: header)
            try sink.write(array: table)
            try sections { (b) throws(GeoKernelError) in
                try sink.write(b)
                if padding(b.count) > 0 { try sink.write(array: Array(zeros[0..<padding(b.count)])) }
            }
        }
    }

    /// Maps a file saved by `save(aligned: true)` into memory: checks magic, version, byte
    /// order, section count, the section table against the file's size, and the checksum
    /// over every byte (the only pass over the whole file); the sections are then handed
    /// out in place, as columns (`MappedSections`). Nothing is copied: the owner validates
    /// the contents where they lie.
    ///
    /// - Throws: `.io` when the file cannot be read or mapped; what `corrupt` makes of the
    ///   problem.
    @_optimize(size)  // cold: once per load
    package static func map(
        _ path: String, magic: UInt64, version: UInt32, sectionCount: Int, kind: String,
        _ corrupt: @escaping (String) -> GeoKernelError
    ) throws(GeoKernelError) -> (header: [UInt64], sections: MappedSections) {
        let file = try FileSource(path: path)
        guard file.size >= 64 else { throw corrupt("\(file.size) bytes, shorter than the 64-byte header") }
        let mapped = try MappedFile(file)
        let bytes = mapped.bytes
        var header = [UInt64](repeating: 0, count: 8)
        header.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[0..<64])) }
        try FileIO.checkHeader(header, magic: magic, version: version, kind: kind, corrupt)
        guard header[4] == UInt64(sectionCount) else { throw corrupt("\(header[4]) sections, expected \(sectionCount)") }
        guard header[6] == UInt64(bytes.count - 64) else {
            throw corrupt("header announces \(header[6]) payload bytes, the file has \(bytes.count - 64)")
        }
        guard bytes.count - 64 >= 8 * sectionCount else { throw corrupt("the section table is cut short") }
        var sum = Checksum64()
        sum.update(UnsafeRawBufferPointer(rebasing: bytes[0..<56]))
        sum.update(UnsafeRawBufferPointer(rebasing: bytes[64...]))
        guard sum.finalize() == header[7] else { throw corrupt("checksum mismatch (the file is damaged)") }
        var offsets: [Int] = [], sizes: [Int] = []
        var at = 64 + 8 * sectionCount
        for i in 0..<sectionCount {
            let word = bytes.loadUnaligned(fromByteOffset: 64 + 8 * i, as: UInt64.self)
            let size = Int(clamping: word), padded = size > Int.max - 8 ? Int.max : (size + 7) / 8 * 8
            guard padded <= bytes.count - at else { throw corrupt("section \(i) (\(word) bytes) runs past the end") }
            offsets.append(at)
            sizes.append(size)
            at += padded
        }
        guard at == bytes.count else { throw corrupt("sections cover \(at - 64) of \(bytes.count - 64) payload bytes") }
        return (header, MappedSections(file: mapped, offsets: offsets, sizes: sizes, corrupt))
    }

    /// The format version of a saved file, after checking the two words every GeoKernel
    /// file starts with (magic number, then version | byte-order mark << 32). Owners whose
    /// older versions had another layout read this first and dispatch on it.
    ///
    /// - Throws: `.io` when the file cannot be read; what `corrupt` makes of a short file,
    ///   a wrong magic number or another byte order.
    package static func version(
        of path: String, magic: UInt64, kind: String, _ corrupt: (String) -> GeoKernelError
    ) throws(GeoKernelError) -> UInt32 {
        let file = try FileSource(path: path)
        guard file.size >= 16 else { throw corrupt("\(file.size) bytes, shorter than any header") }
        var words = [UInt64](repeating: 0, count: 2)
        try file.read(into: &words)
        guard words[0] == magic else { throw corrupt("wrong magic number (not \(kind) file)") }
        guard UInt32(truncatingIfNeeded: words[1] >> 32) == FileIO.byteOrderMark else {
            throw corrupt("written with another byte order")
        }
        return UInt32(truncatingIfNeeded: words[1])
    }

    /// Opens a file saved by `save`: checks magic, version, byte order, section count, the
    /// section table against the file's size, and that memory for loading is there (8× the
    /// file, `CheckedAllocation`). The sections are then read one by one.
    ///
    /// - Parameters:
    ///   - sectionCounts: the section counts the owner accepts.
    ///   - kind: what the file should be, for messages ("a road graph").
    /// - Returns: the header words and a reader over the sections.
    /// - Throws: `.io` when the file cannot be read; `.outOfMemory` when loading it would
    ///   not fit; what `corrupt` makes of the problem.
    package static func load(
        _ path: String, magic: UInt64, version: UInt32, sectionCounts: ClosedRange<Int>, kind: String,
        _ corrupt: @escaping (String) -> GeoKernelError
    ) throws(GeoKernelError) -> (header: [UInt64], sections: SectionReader) {
        let file = try FileSource(path: path)
        guard file.size >= 64 else { throw corrupt("\(file.size) bytes, shorter than the 64-byte header") }
        var header = [UInt64](repeating: 0, count: 8)
        try file.read(into: &header)
        try FileIO.checkHeader(header, magic: magic, version: version, kind: kind, corrupt)
        guard header[4] >= UInt64(sectionCounts.lowerBound), header[4] <= UInt64(sectionCounts.upperBound) else {
            let expected = sectionCounts.count == 1 ? "\(sectionCounts.lowerBound)" : "\(sectionCounts)"
            throw corrupt("\(header[4]) sections, expected \(expected)")
        }
        guard header[6] == UInt64(file.size - 64) else {
            throw corrupt("header announces \(header[6]) payload bytes, the file has \(file.size - 64)")
        }
        try CheckedAllocation.requireHeadroom(
            CheckedAllocation.peakEstimate(inputBytes: file.size, factor: 8), "loading \(kind) of \(file.size) bytes")
        return (header, try SectionReader(file, header: header, count: Int(header[4]), corrupt))
    }

    /// `load` for owners with a fixed number of sections.
    package static func load(
        _ path: String, magic: UInt64, version: UInt32, sectionCount: Int, kind: String,
        _ corrupt: @escaping (String) -> GeoKernelError
    ) throws(GeoKernelError) -> (header: [UInt64], sections: SectionReader) {
        try load(path, magic: magic, version: version, sectionCounts: sectionCount...sectionCount, kind: kind, corrupt)
    }
}

/// Reads the sections of an opened `SectionedFile` in order, each into a new array (or
/// into memory the owner provides), hashing as it goes; `finish()` checks the checksum.
/// Thread safety: a value over one open file; use from one thread.
package struct SectionReader {
    private let file: FileSource
    /// The byte length of each section.
    package let sizes: [Int]
    /// The index of the next section to read.
    package private(set) var next = 0
    private var sum = Checksum64()
    private let expected: UInt64
    private let corrupt: (String) -> GeoKernelError

    init(
        _ file: FileSource, header: [UInt64], count: Int, _ corrupt: @escaping (String) -> GeoKernelError
    ) throws(GeoKernelError) {
        self.file = file
        self.corrupt = corrupt
        expected = header[7]
        let payload = file.size - file.offset
        guard payload >= 8 * count else { throw corrupt("the section table is cut short") }
        var table = [UInt64](repeating: 0, count: count)
        try file.read(into: &table)
        var sum = Checksum64()
        header.withUnsafeBytes { sum.update(UnsafeRawBufferPointer(rebasing: $0[0..<56])) }
        table.withUnsafeBytes { sum.update($0) }
        self.sum = sum
        var total = 8 * count
        var sizes: [Int] = []
        sizes.reserveCapacity(count)
        for (i, word) in table.enumerated() {
            let size = Int(clamping: word)
            guard size <= payload - total else { throw corrupt("section \(i) (\(word) bytes) runs past the end") }
            total += size
            sizes.append(size)
        }
        guard total == payload else { throw corrupt("sections cover \(total) of \(payload) payload bytes") }
        self.sizes = sizes
    }

    /// The byte length of the next section (0 when none is left).
    package var nextSize: Int { next < sizes.count ? sizes[next] : 0 }

    /// The next section as an array of `T`.
    /// - Throws: what `corrupt` makes of a size that is not a whole number of `T`, or of
    ///   reading past the last section.
    package mutating func read<T: BitwiseCopyable>(_: T.Type = T.self) throws(GeoKernelError) -> [T] {
        guard next < sizes.count else { throw corrupt("fewer sections than expected") }
        let size = sizes[next]
        guard size % MemoryLayout<T>.stride == 0 else {
            throw corrupt("section \(next) has \(size) bytes, not a multiple of \(MemoryLayout<T>.stride)")
        }
        var out = [T](unsafeUninitializedCapacity: size / MemoryLayout<T>.stride) { _, initialized in
            initialized = size / MemoryLayout<T>.stride
        }
        try file.read(into: &out)
        out.withUnsafeBytes { sum.update($0) }
        next += 1
        return out
    }

    /// Reads the next section into `destination`, whose size must be the section's.
    package mutating func read(into destination: UnsafeMutableRawBufferPointer) throws(GeoKernelError) {
        guard next < sizes.count else { throw corrupt("fewer sections than expected") }
        guard destination.count == sizes[next] else {
            throw corrupt("section \(next) has \(sizes[next]) bytes, expected \(destination.count)")
        }
        try readNext(into: destination)
    }

    private mutating func readNext(into b: UnsafeMutableRawBufferPointer) throws(GeoKernelError) {
        try file.read(into: b)
        sum.update(UnsafeRawBufferPointer(b))
        next += 1
    }

    /// Checks that every section was read and that the checksum matches: call it after the
    /// last read and before trusting the contents.
    package mutating func finish() throws(GeoKernelError) {
        guard next == sizes.count else { throw corrupt("\(sizes.count - next) sections were not read") }
        guard sum.finalize() == expected else { throw corrupt("checksum mismatch (the file is damaged)") }
    }
}

/// Hands the bytes of each array to `body` (the `sections` argument of `SectionedFile.save`).
package func forEachBytes<T: BitwiseCopyable>(
    _ a: [T], _ body: (UnsafeRawBufferPointer) throws(GeoKernelError) -> Void
) throws(GeoKernelError) {
    try a.withUnsafeBufferPointer { (b) throws(GeoKernelError) in try body(UnsafeRawBufferPointer(b)) }
}
