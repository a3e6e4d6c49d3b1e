import Foundation

/// The built `geokernel` command-line tool, run as a process by the command-line tests.
/// SwiftPM builds every product with the tests, into the directory of the test bundle.
public enum GeoKernelTool {
    /// The outcome of one run.
    public struct Run: Sendable {
        public var status: Int32
        public var out: String
        public var err: String
        /// Standard output as bytes (for binary output such as `graph --out -`).
        public var outBytes: Data
    }

    /// Thrown when the tool was not built beside the tests.
    public struct Missing: Error, CustomStringConvertible {
        public var description: String { "geokernel was not built beside the tests" }
    }

    /// The tool's location: beside the test binary (or up to two folders above it).
    public static var url: URL? {
        let me = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0])
        var dir = me.deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = dir.appendingPathComponent("geokernel")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir.deleteLastPathComponent()
        }
        return nil
    }

    /// Runs the tool with `arguments`, extra environment variables merged in, and `input`
    /// (when given) on its standard input; waits for it.
    public static func run(_ arguments: [String], environment: [String: String] = [:], input: Data? = nil) throws -> Run {
        guard let tool = url else { throw Missing() }
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        var inputFile: String?
        if let input {
            // From a file, so that a tool that writes before it has read everything never blocks.
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("gk-stdin-\(UUID().uuidString)").path
            try input.write(to: URL(fileURLWithPath: path))
            inputFile = path
            process.standardInput = FileHandle(forReadingAtPath: path)
        }
        defer { if let inputFile { try? FileManager.default.removeItem(atPath: inputFile) } }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes to the end before waiting, so a chatty tool never blocks.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
            err: String(decoding: errData, as: UTF8.self), outBytes: outData)
    }
}

extension GeoKernelTool.Run {
    /// Standard output with every run of white space (line breaks of wrapped help text
    /// included) as one space, for looking up sentences in `--help` output.
    public var flattened: (status: Int32, text: String) {
        (status, out.split(whereSeparator: \.isWhitespace).joined(separator: " "))
    }
}
