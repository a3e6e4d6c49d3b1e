#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Saved files that survive crashes: written to a temporary file beside the target,
/// flushed to disk (fsync), then renamed over the target, and the directory flushed.
/// Whenever the process dies, the target holds either the previous or the new contents,
/// never a mixture. Shared by the spatial index and the `Nearby` landmarks.
///
/// Only regular files are replaced; a symbolic link is written through to its file, and
/// temporary files of saves killed midway are removed by the next save of the same target
/// (see FileIO+Target.swift). Reads go through `FileSource`, which opens regular files only.
///
/// Thread safety: each call works on its own file descriptor; concurrent saves to one
/// path each complete, and the last rename wins.
package enum FileIO {
    /// Writes a file atomically: `body` writes the contents through the sink.
    ///
    /// - Throws: `.io` naming the path and the system's reason, also when the path is an
    ///   existing FIFO, device, socket or directory (or a link to one, or a dangling link);
    ///   on failure the temporary file is removed and the target is untouched.
    package static func writeAtomically(
        to requestedPath: String, _ body: (FileSink) throws(GeoKernelError) -> Void
    ) throws(GeoKernelError) {
        guard !requestedPath.isEmpty else { throw .invalid("the file path is empty") }
        let path = try saveTarget(requestedPath)
        removeStaleTemporaries(of: path)
        var attempt = 0
        var temp = ""
        var fd: Int32 = -1
        while fd < 0 {
            temp = "\(path).tmp-\(getpid())-\(attempt)"
            fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd < 0 {
                let e = errno
                guard e == EEXIST, attempt < 1000 else { throw ioError("cannot create '\(temp)'", e) }
                attempt += 1
            }
        }
        let sink = FileSink(fd: fd, path: temp)
        do throws(GeoKernelError) {
            try body(sink)
            try sink.flush()
            guard fsync(fd) == 0 else { throw ioError("cannot flush '\(temp)' to disk", errno) }
            guard close(fd) == 0 else { fd = -1; throw ioError("cannot close '\(temp)'", errno) }
            fd = -1
            guard rename(temp, path) == 0 else { throw ioError("cannot rename '\(temp)' to '\(path)'", errno) }
        } catch {
            if fd >= 0 { close(fd) }
            unlink(temp)
            throw error
        }
        syncDirectory(of: path)
    }

    /// Writes `text` (its UTF-8 bytes) to a file atomically, as `writeAtomically(to:_:)`.
    package static func writeAtomically(to path: String, text: String) throws(GeoKernelError) {
        let bytes = Array(text.utf8)
        try writeAtomically(to: path) { (sink) throws(GeoKernelError) in
            try bytes.withUnsafeBufferPointer { (b) throws(GeoKernelError) in try sink.write(UnsafeRawBufferPointer(b)) }
        }
    }

    /// Flushes the directory entry of a renamed file (best effort: some file systems
    /// refuse fsync on directories).
    private static func syncDirectory(of path: String) {
        let dfd = open(split(path).directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 {
            _ = fsync(dfd)
            close(dfd)
        }
    }

    /// The error maker of the file loaders: "'path' is not a valid GeoKernel `kind` file:
    /// what". Returned from a function the optimiser does not inline, so that the loaders
    /// it is handed to (`SectionedFile.load`, `SectionReader`, …) are compiled once, not
    /// copied for each caller's closure (the C library's size).
    @inline(never)
    package static func corruption(_ path: String, kind: String) -> (String) -> GeoKernelError {
        { what in GeoKernelError(.corrupt, "'\(path)' is not a valid GeoKernel \(kind) file: \(what)") }
    }

    /// Checks the first two words of a saved file's header: the magic number, then the
    /// format version (low 32 bits) and the byte-order mark 0x01020304 (high 32 bits).
    ///
    /// - Throws: what `corrupt` makes of "wrong magic number (not a \(kind) file)",
    ///   "written with another byte order" or "format version 3; this library reads
    ///   version 1".
    package static func checkHeader(
        _ header: [UInt64], magic: UInt64, version: UInt32, kind: String, _ corrupt: (String) -> GeoKernelError
    ) throws(GeoKernelError) {
        guard header.count >= 2, header[0] == magic else { throw corrupt("wrong magic number (not \(kind) file)") }
        let found = UInt32(truncatingIfNeeded: header[1]), mark = UInt32(truncatingIfNeeded: header[1] >> 32)
        guard mark == byteOrderMark else { throw corrupt("written with another byte order") }
        guard found == version else { throw corrupt("format version \(found); this library reads version \(version)") }
    }

    /// The size in bytes of the file at `path` (following links), or nil when it cannot be
    /// examined.
    package static func size(of path: String) -> Int? {
        var st = stat()
        return stat(path, &st) == 0 ? Int(st.st_size) : nil
    }

    /// The byte-order mark of saved files' headers (written in native order).
    package static let byteOrderMark: UInt32 = 0x0102_0304

    /// An `.io` error with the text of `strerror(code)`.
    package static func ioError(_ what: String, _ code: Int32) -> GeoKernelError {
        GeoKernelError(.io, "\(what): \(String(cString: strerror(code)))")
    }
}

/// Buffered writes to a file descriptor.
package final class FileSink {
    private let fd: Int32
    private let path: String
    private var buffer: [UInt8] = []
    private static let bufferSize = 1 << 16

    init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
        buffer.reserveCapacity(Self.bufferSize)
    }

    /// Writes bytes (large writes bypass the buffer).
    package func write(_ bytes: UnsafeRawBufferPointer) throws(GeoKernelError) {
        if buffer.count + bytes.count <= Self.bufferSize {
            buffer.append(contentsOf: bytes)
            return
        }
        try flush()
        if bytes.count >= Self.bufferSize { try writeAll(bytes) } else { buffer.append(contentsOf: bytes) }
    }

    /// Writes the bytes of an array of trivial values.
    package func write<T: BitwiseCopyable>(array: [T]) throws(GeoKernelError) {
        try array.withUnsafeBufferPointer { (b) throws(GeoKernelError) in try write(UnsafeRawBufferPointer(b)) }
    }

    func flush() throws(GeoKernelError) {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBufferPointer { (b) throws(GeoKernelError) in try writeAll(UnsafeRawBufferPointer(b)) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws(GeoKernelError) {
        guard var p = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let n = systemWrite(fd, p, Swift.min(left, 1 << 30))
            if n < 0 {
                if errno == EINTR { continue }
                throw FileIO.ioError("cannot write '\(path)'", errno)
            }
            p += n
            left -= n
        }
    }
}

@inline(__always)
private func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int {
#if canImport(Glibc)
    Glibc.write(fd, p, n)
#else
    Darwin.write(fd, p, n)
#endif
}

