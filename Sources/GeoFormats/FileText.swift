import Foundation
import GeoKernel

/// Reading whole files with GeoKernel errors.
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
}
