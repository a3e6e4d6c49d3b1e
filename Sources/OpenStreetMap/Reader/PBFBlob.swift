import CZlibShim
import GeoKernel

/// Reads an OSM PBF file blob by blob: (4-byte big-endian BlobHeader length, BlobHeader,
/// Blob)*, with the size limits of the format's specification checked before anything is
/// allocated: BlobHeader ≤ 64 KiB, Blob ≤ 32 MiB, raw_size ≤ 32 MiB.
///
/// With several threads, blobs are read ahead in batches (at most `threads` × 2 blobs, and
/// no further blob once a batch holds 32 MiB of compressed and inflated bytes) and
/// inflated at once, one thread per blob; they are then decoded in file order on the
/// calling thread, each element handed out as it is decoded. What a caller sees is the
/// same either way: the same elements in the same order, and on damaged data the same
/// error after the same elements (tests and the `osm-pbf` fuzz target compare the two).
/// Decoding stays on the calling thread: handing out decoded elements from other threads
/// would mean holding them in arrays, which measured slower than decoding in place.
///
/// Memory: with one thread, one BlobHeader buffer, one compressed and one raw blob buffer,
/// reused; so at most ~64 MiB for a hostile file and about 3 blobs' worth for a real one.
/// With several, a batch's buffers: at most 96 MiB for a hostile file, a few MiB for a
/// real one; between batches, at most 4 MiB is kept per slot (two slots per thread, one
/// thread per processor at most).
/// Complexity: O(file size). Thread safety: belongs to one read call.
struct PBFReader {
    static let maxBlobHeaderSize = 64 * 1024
    static let maxBlobSize = 32 * 1024 * 1024
    static let maxRawSize = 32 * 1024 * 1024
    /// A batch takes no further blob once its compressed and inflated bytes reach this
    /// (so it holds at most 32 MiB plus one blob's 64 MiB).
    static let batchBytes = 32 * 1024 * 1024
    /// A slot whose buffers grew beyond this is replaced before the next batch.
    static let keptSlotBytes = 4 * 1024 * 1024

    private let headerBuffer = ScratchBuffer(capacity: 1024)
    private let kinds: OSMElementKinds
    private let threads: Int
    private var slots: [PBFSlot] = []
    private var sawHeader = false
    private var offset = 0, index = 0

    /// A reader that hands out the elements of `kinds` and skips the others undecoded,
    /// inflating blobs on up to `threads` threads, and no more than there are processors
    /// (1: on the calling thread, blob after blob).
    init(kinds: OSMElementKinds = .all, threads: Int = 1) {
        self.kinds = kinds
        self.threads = max(1, min(threads, ParallelWork.processors))
    }

    /// Streams every element of the PBF data in `source` to `visit`, in file order.
    mutating func read<Source: ByteSource>(
        _ source: inout Source, _ visit: (OSMElement) throws(GeoKernelError) -> Void
    ) throws(GeoKernelError) {
        // One visitor object for every caller: the decoders below are compiled once, not
        // specialised per caller's closure (about 10 KB of the C library).
        try withoutActuallyEscaping(visit) { (escaping) throws(GeoKernelError) in
            try readAll(&source, PBFVisitor(escaping))
        }
    }

    private mutating func readAll<Source: ByteSource>(_ source: inout Source, _ visitor: PBFVisitor) throws(GeoKernelError) {
        offset = 0
        index = 0
        sawHeader = false
        while true {
            // A batch, inflated; then decoded and handed out in order. An error reading a
            // blob is thrown after the blobs before it.
            let (filled, ended, failure) = fillBatch(&source)
            if threads == 1 {
                if filled == 1 { try slots[0].process(sawHeader: &sawHeader, visitor) }
            } else {
                inflateBatch(filled)
                for i in 0..<filled { try slots[i].handOut(sawHeader: &sawHeader, visitor) }
            }
            if let failure { throw failure }
            if ended { break }
        }
        guard sawHeader else {
            throw PBFLocation(blobIndex: index, offset: offset, part: .blobHeader)
                .error("the file has no OSMHeader blob (empty or not an OSM PBF file)")
        }
    }

    /// Reads the next batch into the slots (one slot with one thread): how many were
    /// filled, whether the data ended, and the error that stopped the batch, if any. A
    /// slot that grew beyond `keptSlotBytes` for a large blob of the previous batch is
    /// replaced first, giving its memory back. Not specialised per visitor: the part of
    /// `read` that does not call it.
    @_optimize(size)  // per batch
    private mutating func fillBatch<Source: ByteSource>(_ source: inout Source) -> (Int, Bool, GeoKernelError?) {
        let capacity = threads == 1 ? 1 : 2 * threads
        for i in slots.indices where slots[i].bufferBytes > Self.keptSlotBytes { slots[i] = PBFSlot(kinds: kinds) }
        while slots.count < capacity { slots.append(PBFSlot(kinds: kinds)) }
        var filled = 0, bytes = 0
        while filled < capacity && bytes < Self.batchBytes {
            do {
                guard try next(&source, into: slots[filled]) else { return (filled, true, nil) }
            } catch {
                return (filled, false, error)
            }
            bytes += slots[filled].size + slots[filled].rawSize
            filled += 1
        }
        return (filled, false, nil)
    }

    /// Inflates the first `filled` slots, one thread per blob.
    @_optimize(size)  // per batch; the inflating is zlib's
    private func inflateBatch(_ filled: Int) {
        let batch = slots
        ParallelWork.forEach(filled, maximumThreads: threads) { i in batch[i].inflate() }
    }

    /// Reads the next blob's bytes into `slot`; false at the end of the data (which may
    /// come only before a BlobHeader length).
    @_optimize(size)  // per blob, not per element: kept small in the library
    private mutating func next<Source: ByteSource>(_ source: inout Source, into slot: PBFSlot) throws(GeoKernelError) -> Bool {
        var location = PBFLocation(blobIndex: index, offset: offset, part: .blobHeader)
        // The length prefix; the file may end cleanly only here.
        var prefix: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        let got = try withUnsafeMutableBytes(of: &prefix) { (p) throws(GeoKernelError) -> Int in
            let n = try source.read(into: p)
            if n == 0 || n == 4 { return n }
            return try source.readFully(into: UnsafeMutableRawBufferPointer(rebasing: p[n...])) ? 4 : n
        }
        if got == 0 { return false }
        guard got == 4 else { throw location.error("the file ends inside the BlobHeader length (truncated file)") }
        let headerSize = Int(prefix.0) << 24 | Int(prefix.1) << 16 | Int(prefix.2) << 8 | Int(prefix.3)
        guard headerSize <= Self.maxBlobHeaderSize else {
            throw location.error("BlobHeader size \(headerSize) exceeds the format's limit of 64 KiB")
        }
        try checkAvailable(headerSize, source, location, what: "BlobHeader")
        let header = headerBuffer.prefix(headerSize)
        guard try source.readFully(into: header) else {
            throw location.error("the file ends inside the BlobHeader (truncated file)")
        }
        let (kind, dataSize) = try parseBlobHeader(ProtobufReader(UnsafeRawBufferPointer(header), location: location))
        location.part = .blob
        guard dataSize <= Self.maxBlobSize else {
            throw location.error("Blob size \(dataSize) exceeds the format's limit of 32 MiB")
        }
        try checkAvailable(dataSize, source, location, what: "Blob")
        let blob = slot.blob.prefix(dataSize)
        guard try source.readFully(into: blob) else {
            throw location.error("the file ends inside the Blob of \(dataSize) bytes (truncated file)")
        }
        location.part = kind ?? .blob
        slot.load(location: location, kind: kind, size: dataSize)
        offset += 4 + headerSize + dataSize
        index += 1
        return true
    }

    @_optimize(size)  // per blob, not per element: kept small in the library
    private func checkAvailable<Source: ByteSource>(
        _ size: Int, _ source: Source, _ location: PBFLocation, what: String
    ) throws(GeoKernelError) {
        if let left = source.remaining, left < size {
            throw location.error("the \(what) announces \(size) bytes but only \(left) remain (truncated file)")
        }
    }

    /// BlobHeader{type = 1, indexdata = 2, datasize = 3}: the blob kind (nil for types
    /// other readers may define, which are skipped) and the Blob's size.
    @_optimize(size)  // per blob, not per element: kept small in the library
    private func parseBlobHeader(_ message: ProtobufReader) throws(GeoKernelError) -> (PBFLocation.Part?, Int) {
        var r = message
        var type: Range<Int>?
        var size: UInt64?
        while let (number, wire) = try r.field() {
            switch number {
            case 1: try r.expect(wire, .lengthDelimited, field: "BlobHeader.type"); type = try r.range()
            case 3: try r.expect(wire, .varint, field: "BlobHeader.datasize"); size = try r.varint()
            default: try r.skip(wireType: wire)
            }
        }
        guard let type, let size else { throw message.error("the BlobHeader lacks its type or datasize") }
        guard size <= UInt64(Int32.max) else {
            throw message.error("the BlobHeader's datasize \(Int64(bitPattern: size)) is invalid")
        }
        let name = UnsafeRawBufferPointer(rebasing: message.bytes[type])
        let kind: PBFLocation.Part? =
            name.elementsEqual("OSMHeader".utf8) ? .osmHeader : name.elementsEqual("OSMData".utf8) ? .osmData : nil
        return (kind, Int(size))
    }

    /// Blob{raw = 1, raw_size = 2, zlib_data = 3, lzma_data = 4, OBSOLETE_bzip2_data = 5,
    /// lz4_data = 6, zstd_data = 7}: the uncompressed bytes (in `blob` or `rawBuffer`).
    @_optimize(size)  // per blob, not per element: kept small in the library
    static func uncompress(_ blob: ProtobufReader, into rawBuffer: ScratchBuffer) throws(GeoKernelError) -> UnsafeRawBufferPointer {
        var r = blob
        var raw: Range<Int>?, zlib: Range<Int>?
        var rawSize: UInt64?
        var unsupported: String?
        while let (number, wire) = try r.field() {
            switch number {
            case 1: try r.expect(wire, .lengthDelimited, field: "Blob.raw"); raw = try r.range()
            case 2: try r.expect(wire, .varint, field: "Blob.raw_size"); rawSize = try r.varint()
            case 3: try r.expect(wire, .lengthDelimited, field: "Blob.zlib_data"); zlib = try r.range()
            case 4: unsupported = "lzma"; try r.skip(wireType: wire)
            case 5: unsupported = "bzip2"; try r.skip(wireType: wire)
            case 6: unsupported = "lz4"; try r.skip(wireType: wire)
            case 7: unsupported = "zstd"; try r.skip(wireType: wire)
            default: try r.skip(wireType: wire)
            }
        }
        if let raw { return UnsafeRawBufferPointer(rebasing: blob.bytes[raw]) }
        if let unsupported, zlib == nil {
            throw blob.error("unsupported compression '\(unsupported)' (only zlib and raw blobs are supported)")
        }
        guard let zlib else { throw blob.error("the Blob holds no data (no raw or zlib_data field)") }
        guard let rawSize else { throw blob.error("the zlib-compressed Blob lacks its raw_size") }
        guard rawSize <= UInt64(Self.maxRawSize) else {
            throw blob.error("raw_size \(rawSize) exceeds the format's limit of 32 MiB")
        }
        let out = rawBuffer.prefix(Int(rawSize))
        let src = UnsafeRawBufferPointer(rebasing: blob.bytes[zlib])
        var produced = 0
        let status = CZlibShim_inflate(
            src.baseAddress?.assumingMemoryBound(to: UInt8.self), src.count,
            out.baseAddress!.assumingMemoryBound(to: UInt8.self), out.count, &produced)
        switch Int(status) {
        case Int(CZlibShim_OK):
            guard produced == out.count else {
                throw blob.error("the zlib data inflates to \(produced) bytes, not the announced raw_size \(rawSize)")
            }
        case Int(CZlibShim_ERR_TRUNCATED): throw blob.error("the zlib data is truncated")
        case Int(CZlibShim_ERR_OVERFLOW):
            throw blob.error("the zlib data inflates to more than the announced raw_size \(rawSize)")
        case Int(CZlibShim_ERR_MEMORY): throw GeoKernelError(.outOfMemory, "zlib could not allocate memory")
        default: throw blob.error("the zlib data is corrupt")
        }
        return UnsafeRawBufferPointer(out)
    }

    /// HeaderBlock: every required_features entry (field 4) must be one this reader
    /// implements.
    @_optimize(size)  // per blob, not per element: kept small in the library
    static func checkHeader(_ message: ProtobufReader) throws(GeoKernelError) {
        var r = message
        while let (number, wire) = try r.field() {
            guard number == 4 else { try r.skip(wireType: wire); continue }
            try r.expect(wire, .lengthDelimited, field: "HeaderBlock.required_features")
            let bytes = UnsafeRawBufferPointer(rebasing: message.bytes[try r.range()])
            let feature = String(decoding: bytes, as: UTF8.self)
            switch feature {
            case "OsmSchema-V0.6", "DenseNodes": break
            case "HistoricalInformation":
                throw message.error(
                    "the file requires 'HistoricalInformation' (a history file), which is not supported")
            default: throw message.error("the file requires the unsupported feature '\(feature)'")
            }
        }
    }
}

/// One blob of a batch: its bytes as read, then what inflating them gave.
/// Thread safety: one thread at a time (the reader's, or the one inflating the batch).
final class PBFSlot {
    let blob = ScratchBuffer(capacity: 1 << 16)
    private let raw = ScratchBuffer(capacity: 1 << 20)
    private var decoder: PBFPrimitiveBlockDecoder
    private var location = PBFLocation(blobIndex: 0, offset: 0, part: .blob)
    /// The blob's kind (nil for a type other readers define: skipped).
    private var kind: PBFLocation.Part?
    /// Bytes of the blob, and the inflated size it announces (0 when it has none).
    private(set) var size = 0, rawSize = 0
    /// The memory its two buffers hold.
    var bufferBytes: Int { blob.storage.count + raw.storage.count }
    /// The inflated bytes (in `blob` or `raw`), or why they could not be had.
    private var inflated = UnsafeRawBufferPointer(start: nil, count: 0)
    private var inflateFailure: GeoKernelError?

    init(kinds: OSMElementKinds) { decoder = PBFPrimitiveBlockDecoder(kinds: kinds) }

    /// Takes the blob whose `size` bytes were just read into `blob`.
    @_optimize(size)  // per blob, not per element: kept small in the library
    func load(location: PBFLocation, kind: PBFLocation.Part?, size: Int) {
        self.location = location
        self.kind = kind
        self.size = size
        rawSize = Self.announcedRawSize(UnsafeRawBufferPointer(blob.prefix(size)))
        inflated = UnsafeRawBufferPointer(start: nil, count: 0)
        inflateFailure = nil
    }

    private var message: ProtobufReader { ProtobufReader(UnsafeRawBufferPointer(blob.prefix(size)), location: location) }

    /// Inflates an OSMData blob (on any thread); an error is kept for `handOut`.
    @_optimize(size)  // per blob, not per element: kept small in the library
    func inflate() {
        guard kind == .osmData else { return }
        do { inflated = try PBFReader.uncompress(message, into: raw) } catch { inflateFailure = error }
    }

    /// Decodes what `inflate` gave, on the reader's thread, handing each element to
    /// the visitor, with the checks and errors of `process` in the same order.
    func handOut(sawHeader: inout Bool, _ visitor: PBFVisitor) throws(GeoKernelError) {
        guard let kind else { return }
        if kind == .osmHeader { return try process(sawHeader: &sawHeader, visitor) }
        if let inflateFailure { throw inflateFailure }
        guard sawHeader else { throw location.error("an OSMData blob comes before the OSMHeader blob") }
        try decoder.decode(ProtobufReader(inflated, location: location), visitor)
    }

    /// Inflates, checks and decodes the blob on the calling thread, handing each element
    /// to the visitor as it is decoded.
    func process(sawHeader: inout Bool, _ visitor: PBFVisitor) throws(GeoKernelError) {
        guard let kind else { return }
        let data = ProtobufReader(try PBFReader.uncompress(message, into: raw), location: location)
        if kind == .osmHeader {
            try PBFReader.checkHeader(data)
            sawHeader = true
        } else {
            guard sawHeader else { throw location.error("an OSMData blob comes before the OSMHeader blob") }
            try decoder.decode(data, visitor)
        }
    }

    /// The Blob's raw_size field (field 2), or 0 when it has none or cannot be read (the
    /// real parse reports that); for sizing batches only.
    @_optimize(size)  // per blob, not per element: kept small in the library
    private static func announcedRawSize(_ bytes: UnsafeRawBufferPointer) -> Int {
        var r = ProtobufReader(bytes, location: PBFLocation(blobIndex: 0, offset: 0, part: .blob))
        while let (number, wire) = try? r.field() {
            if number == 2, wire == ProtobufWireType.varint.rawValue, let size = try? r.varint() { return Int(min(size, UInt64(PBFReader.maxRawSize))) }
            guard (try? r.skip(wireType: wire)) != nil else { return 0 }
        }
        return 0
    }
}

/// The caller's visitor behind one reference, so that the PBF decoders are compiled once
/// rather than once per caller's closure. Lives only during one `PBFReader.read`.
final class PBFVisitor {
    let visit: (OSMElement) throws(GeoKernelError) -> Void
    init(_ visit: @escaping (OSMElement) throws(GeoKernelError) -> Void) { self.visit = visit }
}
