import Foundation

/// Locates `../shared/data` beside the project's root (the layout of every developer
/// machine and of CI). Tests read reference files from there; the project never copies
/// them into its own tree.
public enum SharedData {
    /// Absolute path of the project's root (the checkout the tests were built from).
    public static let projectRoot: String = {
        // This file is Tests/_GeoKernelTestSupport/SharedData.swift inside the project.
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// Absolute path of the shared data folder.
    public static let root: String = {
        if let env = ProcessInfo.processInfo.environment["GEOKERNEL_SHARED_DATA"] { return env }
        return URL(fileURLWithPath: projectRoot).deletingLastPathComponent().appendingPathComponent("shared/data").path
    }()

    /// Absolute path of a file under the shared data folder, e.g. "reference/proj_cases.csv".
    public static func path(_ relative: String) -> String { root + "/" + relative }

    /// The contents of a shared file as text.
    public static func text(_ relative: String) throws -> String {
        try String(contentsOfFile: path(relative), encoding: .utf8)
    }

    /// A CSV file with a header row, as dictionaries from column name to field.
    /// Handles double-quoted fields with commas (RFC 4180, without embedded newlines).
    public static func csv(_ relative: String) throws -> [[String: String]] {
        try csv(file: path(relative))
    }

    /// A CSV file at an absolute path, read as `csv(_:)` reads a shared one.
    public static func csv(file: String) throws -> [[String: String]] {
        let lines = try String(contentsOfFile: file, encoding: .utf8)
            .split(whereSeparator: \.isNewline).map(String.init)
        guard let header = lines.first else { return [] }
        let names = splitCSVLine(header)
        return lines.dropFirst().map { line in
            let fields = splitCSVLine(line)
            var row: [String: String] = [:]
            for (i, name) in names.enumerated() { row[name] = i < fields.count ? fields[i] : "" }
            return row
        }
    }

    static func splitCSVLine(_ line: String) -> [String] {
        var out: [String] = []
        var field = ""
        var quoted = false
        var it = line.makeIterator()
        while let ch = it.next() {
            if quoted {
                if ch == "\"" { quoted = false } else { field.append(ch) }
            } else if ch == "\"" {
                quoted = true
            } else if ch == "," {
                out.append(field); field = ""
            } else {
                field.append(ch)
            }
        }
        out.append(field)
        return out
    }
}
