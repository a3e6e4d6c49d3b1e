import Foundation
import GeoKernel

/// Reading files with GeoKernel errors.
enum FileText {
    static func data(_ path: String) throws(GeoKernelError) -> Data {
        guard let d = FileManager.default.contents(atPath: path) else {
            throw GeoKernelError(.io, "cannot read \(path)")
        }
        return d
    }

    static func string(_ path: String) throws(GeoKernelError) -> String {
        let d = try data(path)
        guard let s = String(data: d, encoding: .utf8) else {
            throw GeoKernelError(.parse, "\(path): not UTF-8 text")
        }
        return s
    }

    /// A stream over a readable regular file. - Throws: `.io` when it is missing, a
    /// directory or unreadable.
    static func stream(_ path: String) throws(GeoKernelError) -> InputStream {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            FileManager.default.isReadableFile(atPath: path), let s = InputStream(fileAtPath: path)
        else { throw GeoKernelError(.io, "cannot read \(path)") }
        return s
    }

    /// The size of a file in bytes, 0 when unknown.
    static func size(_ path: String) -> UInt64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.uint64Value ?? 0
    }
}
