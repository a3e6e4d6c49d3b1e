#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import GeoKernel

/// A private file in the system temporary directory ($TMPDIR, else /tmp), for `-` on the
/// inputs and outputs whose readers and writers take a path: made with `mkstemp` (readable
/// by the user only), removed by the caller.
struct TemporaryFile {
    let path: String
    let descriptor: Int32

    /// A new empty file; `what` names its use in the error.
    init(for what: String) throws(GeoKernelError) {
        let directory = FileManager.default.temporaryDirectory.path
        var template = Array((directory + "/geokernel-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw GeoKernelError(.io, "cannot make a temporary file in \(directory) for \(what): \(String(cString: strerror(errno)))")
        }
        descriptor = fd
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Copies everything readable from `source` (a descriptor) into the file, 64 KiB at a
    /// time; `name` names the source in errors.
    func fill(from source: Int32, name: String) throws(GeoKernelError) {
        try Self.copy(from: source, name: name, to: descriptor, name: "the temporary file \(path)")
    }

    /// Closes and removes the file.
    func remove() {
        close(descriptor)
        unlink(path)
    }

    /// Copies `from` to its end into `to`, 64 KiB at a time.
    static func copy(from: Int32, name fromName: String, to: Int32, name toName: String) throws(GeoKernelError) {
        try StandardStreams.readChunks(of: from, name: fromName) { (chunk) throws(GeoKernelError) in
            try StandardStreams.writeAll(chunk, to: to, name: toName)
        }
    }
}
