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

    /// The byte length of the next section (0 when none is left).
    package var nextSize: Int { next < sizes.count ? sizes[next] : 0 }

    /// The next section as a column of `T` over the mapped bytes.
    /// - Throws: what `corrupt` makes of a size that is not a whole number of `T`, of a
    ///   misaligned section, or of reading past the last section.
    package mutating func column<T: BitwiseCopyable>(_: T.Type) throws(GeoKernelError) -> Column<T> {
        guard next < sizes.count else { throw corrupt("fewer sections than expected") }
        let size = sizes[next], offset = offsets[next]
        guard size % MemoryLayout<T>.stride == 0 else {
            throw corrupt("section \(next) has \(size) bytes, not a multiple of \(MemoryLayout<T>.stride)")
        }
        next += 1
        let count = size / MemoryLayout<T>.stride
        guard count > 0, let base = file.bytes.baseAddress else { return Column() }
        let p = base + offset
        guard Int(bitPattern: p) % MemoryLayout<T>.alignment == 0 else { throw corrupt("section \(next - 1) is misaligned") }
        return Column(base: p.assumingMemoryBound(to: T.self), count: count, owner: file)
    }

    /// Checks that every section was handed out.
    package func finish() throws(GeoKernelError) {
        guard next == sizes.count else { throw corrupt("\(sizes.count - next) sections were not read") }
    }
}

/// Where an owner reads its sections from, in file order: a streamed file
/// (`SectionReader`, each section copied into a column) or a mapped one (`MappedSections`,
/// read in place).
package protocol SectionSource {
    /// The next section as a column of `T`.
    mutating func column<T: BitwiseCopyable>(_: T.Type) throws(GeoKernelError) -> Column<T>
    /// Checks that every section was read (and, for a streamed file, the checksum).
    mutating func finish() throws(GeoKernelError)
}

extension SectionSource {
    /// The next section as a column, its type inferred.
    package mutating func column<T: BitwiseCopyable>() throws(GeoKernelError) -> Column<T> { try column(T.self) }
}

extension SectionReader: SectionSource {
    package mutating func column<T: BitwiseCopyable>(_: T.Type) throws(GeoKernelError) -> Column<T> {
        Column(try read(T.self))
    }
}
