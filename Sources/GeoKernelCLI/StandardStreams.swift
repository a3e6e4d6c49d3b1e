#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import GeoKernel

/// The tool's standard streams through file descriptors (no Foundation file handles, so the
/// tool links only FoundationEssentials): whole writes that go on after `EINTR` and short
/// writes, messages for people on standard error, and standard input read to its end.
enum StandardStreams {
    /// Writes every byte of `bytes` to `descriptor`.
    static func writeAll(_ bytes: some Collection<UInt8>, to descriptor: Int32, name: String) throws(GeoKernelError) {
        let all = Array(bytes)
        var offset = 0
        while offset < all.count {
            let n = all.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw GeoKernelError(.io, "cannot write to the \(name): \(String(cString: strerror(errno)))") }
            offset += n
        }
    }

    /// A message for people on standard error (after what `print` buffered, so the two keep
    /// their order when both go to one terminal). A failed write is not an error of the command.
    static func note(_ text: String) {
        fflush(nil)
        try? writeAll(text.utf8, to: 2, name: "standard error")
    }

    /// Standard input, read to its end.
    static func readInput() throws(GeoKernelError) -> Data {
        var out = Data()
        try readChunks(of: 0, name: "standard input") { out.append(contentsOf: $0) }
        return out
    }

    /// Reads `descriptor` to its end, 64 KiB at a time (going on after `EINTR`), passing
    /// each chunk to `body`; `name` names it in errors.
    static func readChunks(
        of descriptor: Int32, name: String, _ body: (ArraySlice<UInt8>) throws(GeoKernelError) -> Void
    ) throws(GeoKernelError) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw GeoKernelError(.io, "cannot read the \(name): \(String(cString: strerror(errno)))") }
            if n == 0 { return }
            try body(chunk[0..<n])
        }
    }
}
