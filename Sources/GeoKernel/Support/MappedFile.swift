#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A whole regular file mapped read-only into memory (`mmap`, private): pages are read on
/// first touch and shared through the page cache with every other process mapping the
/// same file. Columns over it keep it mapped (`Column.owner`).
///
/// The file must not be truncated while it is mapped (reading a page past the new end
/// raises SIGBUS). GeoKernel never does: its files are replaced by rename
/// (`FileIO.writeAtomically`), which leaves a mapped inode intact.
///
/// Thread safety: immutable; `Sendable`.
package final class MappedFile: @unchecked Sendable {
    /// The file's bytes.
    package let bytes: UnsafeRawBufferPointer
    /// The path, for messages.
    package let path: String

    /// Maps `file` (from its start, whatever has been read of it).
    ///
    /// - Throws: `.io` (or `.outOfMemory` when the address space is exhausted) naming the path.
    package init(_ file: FileSource) throws(GeoKernelError) {
        path = file.path
        guard file.size > 0 else {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        let p = try file.withDescriptor { (fd) throws(GeoKernelError) -> UnsafeMutableRawPointer in
            // Every owner reads the whole file at once (its checksum): on Linux the pages are
            // mapped in one go (MAP_POPULATE) rather than fault by fault.
            #if os(Linux)
            let flags = MAP_PRIVATE | MAP_POPULATE
            #else
            let flags = MAP_PRIVATE
            #endif
            let p = mmap(nil, file.size, PROT_READ, flags, fd, 0)
            guard let p, p != MAP_FAILED else {
                let e = errno
                if e == ENOMEM { throw GeoKernelError(.outOfMemory, "cannot map \(file.size) bytes of '\(file.path)'") }
                throw FileIO.ioError("cannot map '\(file.path)'", e)
            }
            return p
        }
        bytes = UnsafeRawBufferPointer(start: p, count: file.size)
    }

    deinit {
        if let p = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: p), bytes.count) }
    }
}
