/// The sections of a `SectionedFile` saved with `aligned: true`, mapped in place
/// (`SectionedFile.map`): each section is handed out as a `Column` over the mapped bytes,
/// without copying. The checksum was checked when the file was mapped.
///
/// Thread safety: a value; use from one thread (the columns it hands out are `Sendable`).
package struct MappedSections: SectionSource {
    package let file: MappedFile
    /// Byte offset in the file and byte length of each section.
    package let offsets: [Int], sizes: [Int]
    /// The index of the next section to hand out.
    package private(set) var next = 0
    private let corrupt: (String) -> GeoKernelError

    init(file: MappedFile, offsets: [Int], sizes: [Int], _ corrupt: @escaping (String) -> GeoKernelError) {
        self.file = file; self.offsets = offsets; self.sizes = sizes; self.corrupt = corrupt
    }

    /// The next section's bytes, in place.
    /// - Throws: what `corrupt` makes of reading past the last section.
    package mutating func nextSection() throws(GeoKernelError) -> RawSection {
        guard next < sizes.count else { throw corrupt("fewer sections than expected") }
        defer { next += 1 }
        let bytes = file.bytes.baseAddress.map { UnsafeRawBufferPointer(start: $0 + offsets[next], count: sizes[next]) }
        return RawSection(bytes: bytes ?? UnsafeRawBufferPointer(start: nil, count: 0), owner: file, index: next)
    }

    /// Checks that every section was handed out.
    package func finish() throws(GeoKernelError) {
        guard next == sizes.count else { throw corrupt("\(sizes.count - next) sections were not read") }
    }
}

/// Where an owner reads its sections from, in file order: a streamed file
/// (`SectionReader`, each section read into a heap block) or a mapped one
/// (`MappedSections`, in place).
package protocol SectionSource {
    /// The next section's bytes and what keeps them alive.
    mutating func nextSection() throws(GeoKernelError) -> RawSection
    /// Checks that every section was read (and, for a streamed file, the checksum).
    mutating func finish() throws(GeoKernelError)
}

/// One section's bytes, kept alive by `owner` (a `MappedFile` or a `ColumnBlock`).
package struct RawSection {
    package let bytes: UnsafeRawBufferPointer
    package let owner: AnyObject
    /// Its index in the file, for messages.
    package let index: Int

    /// The bytes as a column of `T`, without copying.
    /// - Throws: what `corrupt` makes of a size that is not a whole number of `T` or of
    ///   a misaligned section.
    package func column<T: BitwiseCopyable>(_ corrupt: (String) -> GeoKernelError) throws(GeoKernelError) -> Column<T> {
        guard bytes.count % MemoryLayout<T>.stride == 0 else {
            throw corrupt("section \(index) has \(bytes.count) bytes, not a multiple of \(MemoryLayout<T>.stride)")
        }
        guard let base = bytes.baseAddress, bytes.count > 0 else { return Column() }
        guard Int(bitPattern: base) % MemoryLayout<T>.alignment == 0 else { throw corrupt("section \(index) is misaligned") }
        return Column(base: base.assumingMemoryBound(to: T.self), count: bytes.count / MemoryLayout<T>.stride, owner: owner)
    }
}

extension SectionReader: SectionSource {
    /// The next section read into a heap block (aligned for any trivial value).
    package mutating func nextSection() throws(GeoKernelError) -> RawSection {
        let block = ColumnBlock(byteCount: nextSize)
        let index = next
        try read(into: UnsafeMutableRawBufferPointer(start: block.pointer, count: nextSize))
        return RawSection(bytes: UnsafeRawBufferPointer(start: block.pointer, count: sizes[index]), owner: block, index: index)
    }
}
