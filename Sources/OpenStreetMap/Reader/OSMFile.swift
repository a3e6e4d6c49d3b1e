import GeoKernel
import GeoText

/// The encodings of an OpenStreetMap file that `OSMFile` reads.
///
/// Thread safety: a value; `Sendable`.
/// C twin: none (C entry points detect the format from the file's first bytes).
/// \since 0.2
public enum OSMFileFormat: Sendable, Hashable {
    /// OSM PBF (`.osm.pbf`): protobuf blobs, raw or zlib-compressed.
    case pbf
    /// OSM XML (`.osm`), API 0.6 schema, UTF-8.
    case xml
    /// OSM XML compressed with gzip (`.osm.gz`), one or more members.
    case xmlGzip

    /// Guesses the format from the first bytes of a file: the gzip magic `1f 8b` means
    /// `.xmlGzip`; `<`, possibly after a UTF-8 byte-order mark and whitespace, means
    /// `.xml`; anything else is taken for PBF (which starts with a 4-byte big-endian
    /// BlobHeader length) and is checked when read.
    ///
    /// - Complexity: reads at most 4 KiB. Thread safety: reentrant.
    /// - Throws: `.io` when the file cannot be opened or is not a regular file; `.parse`
    ///   when it is empty (or whitespace only).
    public static func detect(path: String) throws(GeoKernelError) -> OSMFileFormat {
        var source = try FileByteSource(path: path)
        let n = Swift.min(4096, source.file.size)
        let scratch = ScratchBuffer(capacity: n)
        _ = try source.readFully(into: scratch.prefix(n))
        let head = Array(UnsafeRawBufferPointer(scratch.prefix(n)))
        guard let format = detect(head[...]) else {
            throw GeoKernelError(.parse, "'\(path)' is empty or blank: cannot tell its format")
        }
        return format
    }

    /// The format of data starting with `head`, or nil when `head` is empty or blank.
    static func detect(_ head: ArraySlice<UInt8>) -> OSMFileFormat? {
        if head.starts(with: [0x1F, 0x8B]) { return .xmlGzip }
        var rest = head
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = rest.first(where: { !blank($0) }) else { return nil }
        return first == UInt8(ascii: "<") ? .xml : .pbf
    }
}

/// Reads OpenStreetMap files — PBF, XML and gzip-compressed XML — as a stream of
/// elements, without Foundation and in bounded memory.
///
/// Thread safety: reentrant; each call has its own state, so several files may be read
/// at once on different threads.
/// C twin: none reads through this.
///
/// \since 0.2
public enum OSMFile {
    /// Streams every element of the file at `path`, in file order, to `visit`.
    ///
    /// Coordinates are in degrees (WGS84). Metadata (version, timestamp, user,
    /// changeset), bounds and changesets are skipped.
    ///
    /// Memory is bounded whatever the file size: PBF is read a few blobs at a time (a blob
    /// is at most 32 MiB by the format's rules; a batch holds at most 96 MiB), inflated on
    /// one thread per processor and decoded in file order on the calling thread; XML in
    /// 64 KiB chunks, with each tag limited to 1 MiB.
    ///
    /// - Parameters:
    ///   - path: the file (a regular file; PBF, XML or gzip-compressed XML).
    ///   - format: the file's encoding, or nil to detect it (`OSMFileFormat.detect`).
    ///   - kinds: the kinds of element to hand out (PBF skips the others undecoded, so
    ///     their content is not checked either); every kind by default.
    ///   - threads: the threads that inflate PBF blobs, the calling one included: nil for
    ///     one per processor online (also the most it uses), 1 for the calling thread alone.
    ///     The elements and errors are the same whatever the count (XML is read on the
    ///     calling thread).
    ///   - visit: called once per element; an error it throws stops the read and is
    ///     rethrown unchanged.
    /// - Throws: `.io` when the file cannot be opened or read (or is not a regular file);
    ///   `.corrupt` for a damaged, truncated or unsupported PBF file, naming the blob and
    ///   its byte offset ("blob 12 (OSMData) at byte offset 345678: ..."); `.parse` for
    ///   malformed XML or gzip, naming the line and byte offset ("line 123, byte offset
    ///   4567: ..."; for `.xmlGzip` the offset counts uncompressed bytes).
    /// - Complexity: O(file size). Thread safety: reentrant; each call has its own state
    /// (and threads of its own for PBF, joined before it returns). C twin: none reads
    /// through this.
    public static func read(
        _ path: String, format: OSMFileFormat? = nil, kinds: OSMElementKinds = .all, threads: Int? = nil,
        _ visit: (OSMElement) throws(GeoKernelError) -> Void
    ) throws(GeoKernelError) {
        let detected: OSMFileFormat
        if let format { detected = format } else { detected = try OSMFileFormat.detect(path: path) }
        var source = try FileByteSource(path: path)
        // What is built from a file (a road graph, an address index) peaks at about ten
        // times its size; ask for 32 times before reading.
        try CheckedAllocation.requireHeadroom(
            CheckedAllocation.peakEstimate(inputBytes: source.remaining ?? 0, factor: 32), "reading '\(path)'")
        try read(&source, format: detected, kinds: kinds, threads: threads ?? ParallelWork.processors, visit)
    }

    /// Streams every element of `bytes` (of `kinds`), in order, to `visit`: the same as
    /// `read(_:format:kinds:threads:_:)` for data in memory (tests, fuzzing).
    ///
    /// - Complexity: O(bytes.count). Thread safety: reentrant; each call has its own state.
    /// C twin: none.
    public static func read(
        bytes: [UInt8], format: OSMFileFormat, kinds: OSMElementKinds = .all, threads: Int? = nil,
        _ visit: (OSMElement) throws(GeoKernelError) -> Void
    ) throws(GeoKernelError) {
        var source = MemoryByteSource(bytes)
        try read(&source, format: format, kinds: kinds, threads: threads ?? ParallelWork.processors, visit)
    }

    static func read<Source: ByteSource>(
        _ source: inout Source, format: OSMFileFormat, kinds: OSMElementKinds, threads: Int,
        _ visit: (OSMElement) throws(GeoKernelError) -> Void
    ) throws(GeoKernelError) {
        // XML is parsed whole either way; its elements are filtered here.
        switch format {
        case .pbf:
            var reader = PBFReader(kinds: kinds, threads: threads)
            try reader.read(&source, visit)
        case .xml:
            var reader = OSMXMLReader(XMLTokenizer(source, compressed: false))
            try reader.read { (element) throws(GeoKernelError) in if kinds.contains(element) { try visit(element) } }
        case .xmlGzip:
            var reader = OSMXMLReader(XMLTokenizer(try GzipByteSource(source), compressed: true))
            try reader.read { (element) throws(GeoKernelError) in if kinds.contains(element) { try visit(element) } }
        }
    }
}
