import CZlibShim
import GeoKernel

/// Reads an OSM PBF file blob by blob: (4-byte big-endian BlobHeader length, BlobHeader,
/// Blob)*, with the size limits of the format's specification checked before anything is
/// allocated: BlobHeader ≤ 64 KiB, Blob ≤ 32 MiB, raw_size ≤ 32 MiB.
///
/// Memory: one BlobHeader buffer, one compressed and one raw blob buffer, reused; so at
/// most ~64 MiB for a hostile file and about 3 blobs' worth for a real one.
/// Complexity: O(file size). Thread safety: belongs to one read call.
struct PBFReader {
    static let maxBlobHeaderSize = 64 * 1024
    static let maxBlobSize = 32 * 1024 * 1024
    static let maxRawSize = 32 * 1024 * 1024

    private let headerBuffer = ScratchBuffer(capacity: 1024)
    private let blobBuffer = ScratchBuffer(capacity: 1 << 16)
    private let rawBuffer = ScratchBuffer(capacity: 1 << 20)
    private var decoder: PBFPrimitiveBlockDecoder
    private var sawHeader = false

    /// A reader that hands out the elements of `kinds` and skips the others undecoded.
    init(kinds: OSMElementKinds = .all) {
        decoder = PBFPrimitiveBlockDecoder(kinds: kinds)
    }

    /// Streams every element of the PBF data in `source` to `visit`, in file order.
    mutating func read<Source: ByteSource>(
        _ source: inout Source, _ visit: (OSMElement) throws(GeoKernelError) -> Void
    ) throws(GeoKernelError) {
        var offset = 0
        var index = 0
        while true {
            var location = PBFLocation(blobIndex: index, offset: offset, part: .blobHeader)
            // The length prefix; the file may end cleanly only here.
            var prefix: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
            let got = try withUnsafeMutableBytes(of: &prefix) { (p) throws(GeoKernelError) -> Int in
                let n = try source.read(into: p)
                if n == 0 || n == 4 { return n }
                return try source.readFully(into: UnsafeMutableRawBufferPointer(rebasing: p[n...])) ? 4 : n
            }
            if got == 0 { break }
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
            let (kind, dataSize) = try parseBlobHeader(
                ProtobufReader(UnsafeRawBufferPointer(header), location: location))
            location.part = .blob
            guard dataSize <= Self.maxBlobSize else {
                throw location.error("Blob size \(dataSize) exceeds the format's limit of 32 MiB")
            }
            try checkAvailable(dataSize, source, location, what: "Blob")
            let blob = blobBuffer.prefix(dataSize)
            guard try source.readFully(into: blob) else {
                throw location.error("the file ends inside the Blob of \(dataSize) bytes (truncated file)")
            }
            if let kind {
                location.part = kind
                let data = try uncompress(ProtobufReader(UnsafeRawBufferPointer(blob), location: location))
                let message = ProtobufReader(data, location: location)
                if kind == .osmHeader {
                    try checkHeader(message)
                    sawHeader = true
                } else {
                    guard sawHeader else { throw location.error("an OSMData blob comes before the OSMHeader blob") }
                    try decoder.decode(message, visit)
                }
            }
            offset += 4 + headerSize + dataSize
            index += 1
        }
        guard sawHeader else {
            throw PBFLocation(blobIndex: index, offset: offset, part: .blobHeader)
                .error("the file has no OSMHeader blob (empty or not an OSM PBF file)")
        }
    }

    private func checkAvailable<Source: ByteSource>(
        _ size: Int, _ source: Source, _ location: PBFLocation, what: String
    ) throws(GeoKernelError) {
        if let left = source.remaining, left < size {
            throw location.error("the \(what) announces \(size) bytes but only \(left) remain (truncated file)")
        }
    }

    /// BlobHeader{type = 1, indexdata = 2, datasize = 3}: the blob kind (nil for types
    /// other readers may define, which are skipped) and the Blob's size.
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
    private func uncompress(_ blob: ProtobufReader) throws(GeoKernelError) -> UnsafeRawBufferPointer {
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
    private func checkHeader(_ message: ProtobufReader) throws(GeoKernelError) {
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
