import CZlibShim
import GeoKernel

/// Decompresses a gzip stream (one or more members, RFC 1952) pulled from another source,
/// through CZlibShim's streaming inflater.
///
/// Memory: a 64 KiB input buffer and zlib's state (~45 KiB), whatever the file size.
/// A stream that ends inside a member, or holds anything but gzip members, is an error.
/// Thread safety: belongs to one read call.
final class GzipByteSource<Inner: ByteSource>: ByteSource {
    private var inner: Inner
    private let decoder: OpaquePointer
    private let input = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
    private var inputStart = 0
    private var inputEnd = 0
    private var innerEnded = false
    /// Compressed bytes consumed so far, for messages.
    private(set) var compressedOffset = 0

    init(_ inner: Inner) throws(GeoKernelError) {
        guard let d = CZlibShim_gunzip_create() else {
            input.deallocate()
            throw GeoKernelError(.outOfMemory, "cannot allocate a gzip decoder")
        }
        self.inner = inner
        decoder = d
    }

    deinit {
        CZlibShim_gunzip_destroy(decoder)
        input.deallocate()
    }

    var remaining: Int? { nil }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(GeoKernelError) -> Int {
        guard buffer.count > 0 else { return 0 }
        while true {
            if inputStart == inputEnd && !innerEnded {
                let n = try inner.read(into: input)
                inputStart = 0
                inputEnd = n
                innerEnded = n == 0
            }
            var consumed = 0
            var produced = 0
            // Called even with no input left, to flush output zlib still holds.
            let status = CZlibShim_gunzip_feed(
                decoder, input.baseAddress!.assumingMemoryBound(to: UInt8.self) + inputStart,
                inputEnd - inputStart, &consumed,
                buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), buffer.count, &produced)
            inputStart += consumed
            compressedOffset += consumed
            switch Int(status) {
            case Int(CZlibShim_OK): break
            case Int(CZlibShim_ERR_MEMORY):
                throw GeoKernelError(.outOfMemory, "gzip: zlib could not allocate memory")
            default:
                let why = String(cString: CZlibShim_gunzip_message(decoder))
                throw GeoKernelError(
                    .parse, "the gzip data is corrupt near compressed byte offset \(compressedOffset): \(why)")
            }
            if produced > 0 { return produced }
            if inputStart == inputEnd && innerEnded {
                if CZlibShim_gunzip_at_member_end(decoder) != 0 { return 0 }
                throw GeoKernelError(
                    .parse, "the gzip stream ends early at compressed byte offset \(compressedOffset) (truncated file)")
            }
            if consumed == 0 && inputStart < inputEnd {
                throw GeoKernelError(
                    .parse, "the gzip stream makes no progress at compressed byte offset \(compressedOffset)")
            }
        }
    }
}
