import FoundationEssentials
import GeoFormats
import GeoKernel

/// Input files of the tool, where `-` means the standard input (one rule for every command
/// that reads a trace or a GeoJSON file): a trace's format is then told from its content
/// (`<`: GPX, `{` or `[`: GeoJSON, else CSV), and errors name "standard input".
enum InputFiles {
    /// The fixes of the trace at `path`, or of the standard input for `-`.
    static func track(_ path: String) throws(GeoKernelError) -> TrackReadResult {
        guard path == "-" else { return try TrackReader.read(contentsOf: path) }
        return try TrackReader.read(bytes: Array(try StandardStreams.readInput()), source: "standard input")
    }

    /// The GeoJSON document at `path`, or on the standard input for `-`.
    static func geoJSON(_ path: String) throws(GeoKernelError) -> GeoJSONObject {
        guard path == "-" else { return try GeoJSON.read(contentsOf: path) }
        return try GeoJSON.decode(try StandardStreams.readInput(), source: "standard input")
    }

    /// How an input is named in reports: the file's name, or "standard input".
    static func name(_ path: String) -> String {
        path == "-" ? "standard input" : URL(fileURLWithPath: path).lastPathComponent
    }
}
