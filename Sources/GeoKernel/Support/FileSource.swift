#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads exact byte counts from a file.
package final class FileSource {
    private let fd: Int32
    /// The path, for messages.
    package let path: String
    /// The file's size in bytes.
    package let size: Int
    /// Bytes read so far.
    package private(set) var offset = 0

    /// Opens a file for reading: only a regular file (or a symbolic link to one).
    ///
    /// A FIFO, device, socket or directory is refused before it is opened, and the file is
    /// opened with `O_NONBLOCK` (cleared afterwards) and checked again with `fstat`, so a
    /// FIFO swapped in between cannot block the caller in `open()`.
    ///
    /// - Throws: `.invalidArgument` for an empty path; `.io` when it cannot be opened or is
    ///   not a regular file (naming the path and the reason).
    package init(path: String) throws(GeoKernelError) {
        guard !path.isEmpty else { throw .invalid("the file path is empty") }
        var before = stat()
        guard stat(path, &before) == 0 else { throw FileIO.ioError("cannot read \(path)", errno) }
        try FileIO.requireRegular(before, path)
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw FileIO.ioError("cannot read \(path)", errno) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let e = errno
            close(fd)
            throw FileIO.ioError("cannot read the size of '\(path)'", e)
        }
        do throws(GeoKernelError) {
            try FileIO.requireRegular(st, path)
        } catch {
            close(fd)
            throw error
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        self.fd = fd
        self.path = path
        size = Int(st.st_size)
    }

    deinit { close(fd) }

    /// Fills `buffer` from the file.
    ///
    /// - Throws: `.corrupt` when the file ends first; `.io` on a read error.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(GeoKernelError) {
        guard var p = buffer.baseAddress else { return }
        var left = buffer.count
        while left > 0 {
            let n = systemRead(fd, p, Swift.min(left, 1 << 30))
            if n < 0 {
                if errno == EINTR { continue }
                throw FileIO.ioError("cannot read '\(path)'", errno)
            }
            if n == 0 {
                throw GeoKernelError(.corrupt, "'\(path)' ends early: \(buffer.count - left) of \(buffer.count) bytes at offset \(offset)")
            }
            p += n
            left -= n
            offset += n
        }
    }

    /// Fills an array of trivial values from the file.
    package func read<T: BitwiseCopyable>(into array: inout [T]) throws(GeoKernelError) {
        try array.withUnsafeMutableBufferPointer { (b) throws(GeoKernelError) in
            try read(into: UnsafeMutableRawBufferPointer(b))
        }
    }

    /// Runs `body` with the open file descriptor (for `mmap`); it must not be closed.
    package func withDescriptor<R>(_ body: (Int32) throws(GeoKernelError) -> R) throws(GeoKernelError) -> R {
        try body(fd)
    }

    /// The whole rest of the file.
    package func readRest() throws(GeoKernelError) -> [UInt8] {
        let n = size - offset
        var out = [UInt8](repeating: 0, count: Swift.max(0, n))
        try read(into: &out)
        return out
    }
}

@inline(__always)
private func systemRead(_ fd: Int32, _ p: UnsafeMutableRawPointer, _ n: Int) -> Int {
#if canImport(Glibc)
    Glibc.read(fd, p, n)
#else
    Darwin.read(fd, p, n)
#endif
}
