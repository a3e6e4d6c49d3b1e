#if canImport(Glibc)
import Glibc
#endif
import GeoKernel

/// Files the tool writes (`timeline --output`, `--svg` of timeline, route and fences): a
/// path is written atomically; `-` is the standard output, and then the command's report
/// for people goes to standard error, so that the data can be piped on
/// (`geokernel timeline day.gpx --output - | jq …`).
enum DataOutput {
    /// The standard output kept for data once the report moved to standard error (-1: not moved).
    nonisolated(unsafe) private static var dataDescriptor: Int32 = -1

    /// Call first in a command, with every output path it will write: when one is `-`, the
    /// report (file descriptor 1, where `print` writes) moves to standard error and the
    /// real standard output is kept for the data. Two outputs cannot both be `-`.
    static func prepare(_ paths: String?...) throws {
        let dashes = paths.filter { $0 == "-" }.count
        guard dashes > 0 else { return }
        guard dashes == 1 else { throw GeoKernelError(.invalidArgument, "only one output can be - (standard output)") }
        guard dataDescriptor < 0 else { return }
        fflush(nil)  // what print buffered goes out before descriptor 1 moves
        dataDescriptor = dup(1)
        guard dataDescriptor >= 0, dup2(2, 1) >= 0 else {
            throw GeoKernelError(.io, "cannot keep the standard output for the data")
        }
    }

    /// Writes `text` to `path` (atomically, a regular file only), or to the standard output
    /// kept by `prepare` when `path` is `-`.
    static func write(_ text: String, to path: String) throws {
        guard path == "-" else { return try FileIO.writeAtomically(to: path, text: text) }
        try prepare(path)
        try StandardStreams.writeAll(text.utf8, to: dataDescriptor, name: "standard output")
    }

    /// Runs `body` with a path to write the output `path` to (its writers take a path and
    /// write atomically: saved graphs, address indexes, survey records): `path` itself, or
    /// for `-` a private temporary file that is then copied to the standard output kept by
    /// `prepare` and removed. Returns the bytes written.
    @discardableResult
    static func withPath(_ path: String, _ body: (String) throws -> Void) throws -> Int {
        guard path == "-" else {
            try body(path)
            return FileIO.size(of: path) ?? 0
        }
        try prepare(path)
        let file = try TemporaryFile(for: "the standard output")
        defer { file.remove() }
        try body(file.path)
        // The writer replaced the file (atomic rename): read what is at the path now.
        let size = FileIO.size(of: file.path) ?? 0
        let fd = open(file.path, O_RDONLY)
        guard fd >= 0 else { throw GeoKernelError(.io, "cannot read back \(file.path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        try TemporaryFile.copy(from: fd, name: "temporary file \(file.path)", to: dataDescriptor, name: "standard output")
        return size
    }

    /// How a written output is named in the report: its path, or "standard output".
    static func name(_ path: String) -> String { path == "-" ? "standard output" : path }
}
