import FoundationEssentials
import GeoKernel

/// Reading files with GeoKernel errors, through GeoKernel's `FileSource` (regular files
/// only: a FIFO, device or directory is refused at once, never blocks).
enum FileText {
    /// The whole file. - Throws: `.io` when it is missing, unreadable or not a regular file.
    static func bytes(_ path: String) throws(GeoKernelError) -> [UInt8] {
        try FileSource(path: path).readRest()
    }

    /// The file as UTF-8 text. - Throws: as `bytes`; `.parse` when it is not valid UTF-8.
    static func string(_ path: String) throws(GeoKernelError) -> String {
        let b = try bytes(path)
        guard let s = String(validating: b, as: UTF8.self) else {
            throw GeoKernelError(.parse, "\(path): not UTF-8 text")
        }
        return s
    }
}
