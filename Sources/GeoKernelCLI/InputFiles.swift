import ArgumentParser
import FoundationEssentials
import GeoFormats
import GeoKernel

/// Input files of the tool, where `-` means the standard input (one rule for every command
/// and every input file): a trace's format is then told from its content (`<`: GPX, `{` or
/// `[`: GeoJSON, else CSV), and errors name "standard input".
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

    /// The text (UTF-8) of the file at `path`, or of the standard input for `-`.
    static func text(_ path: String) throws -> String {
        guard path == "-" else { return try String(contentsOfFile: path, encoding: .utf8) }
        guard let text = String(validating: Array(try StandardStreams.readInput()), as: UTF8.self) else {
            throw GeoKernelError(.parse, "the standard input is not UTF-8 text")
        }
        return text
    }

    /// Refuses two inputs of one command that both read the standard input: `inputs` maps
    /// how each is named in the message ("--osm", "the trace") to its path, if given.
    static func requireOneStandardInput(_ inputs: KeyValuePairs<String, String?>) throws {
        let dashes = inputs.filter { $0.value == "-" }.map(\.key)
        guard dashes.count > 1 else { return }
        throw ValidationError("only one input can be - (standard input), not \(dashes.joined(separator: " and "))")
    }

    /// How an input is named in reports: the file's name, or "standard input".
    static func name(_ path: String) -> String {
        path == "-" ? "standard input" : URL(fileURLWithPath: path).lastPathComponent
    }

    /// Runs `body` with a path it can read `path` from: `path` itself, or for `-` a private
    /// temporary file the standard input is copied into (64 KiB at a time, so memory stays
    /// bounded) and removed afterwards. For the inputs whose readers take a path (OpenStreetMap
    /// extracts, saved graphs and indexes, gazetteers, configuration files): their formats are
    /// told from the content, and an error that names the temporary file names "standard
    /// input" instead.
    static func withPath<T>(_ path: String, _ body: (String) throws -> T) throws -> T {
        guard path == "-" else { return try body(path) }
        let spooled = try TemporaryFile(for: "the standard input")
        defer { spooled.remove() }
        try spooled.fill(from: 0, name: "standard input")
        do {
            return try body(spooled.path)
        } catch let error as GeoKernelError {
            throw GeoKernelError(error.code, error.message.replacing(spooled.path, with: "standard input"))
        }
    }

    /// How an input is named in progress lines and reports that show whole paths: the
    /// path, or "standard input".
    static func shown(_ path: String) -> String { path == "-" ? "standard input" : path }
}
