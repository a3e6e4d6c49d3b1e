import GeoKernel
import GeoText

/// Reading points from CSV: a header row naming the columns, `,` or `;` separated, any
/// columns besides the coordinates.
///
/// The coordinate columns are found by name, case-insensitively: latitude (`lat`,
/// `latitude`) and longitude (`lon`, `lng`, `long`, `longitude`), in degrees. Every other
/// column is kept as text under its header name. Blank lines are skipped; double quotes
/// protect separators (`""` is a quote).
///
/// Errors name the file and line: `points.csv:1: no latitude column …`,
/// `points.csv:7: latitude 'north' is not a number`.
/// Thread safety: pure functions. Complexity: O(size). C twin: none.
public enum CSVPoints {
    /// One data row.
    public struct Row: Sendable, Hashable {
        /// The row's coordinate.
        public var coordinate: Coordinate
        /// The other columns' fields by header name (missing trailing fields are absent).
        public var fields: [String: String]
        /// 1 for the first data row (the header is not counted).
        public var row: Int
        /// The line of the file, 1-based (the header is line 1).
        public var line: Int
    }

    /// A whole file.
    public struct Table: Sendable, Hashable {
        /// The header's column names, in order, as written (trimmed).
        public var columns: [String]
        /// The data rows, in file order.
        public var rows: [Row]
    }

    static let latitudeNames = ["lat", "latitude"]
    static let longitudeNames = ["lon", "lng", "long", "longitude"]

    /// Parses CSV text. - Throws: `.parse` naming the line of the first problem.
    public static func decode(_ text: String, source: String = "CSV") throws(GeoKernelError) -> Table {
        try decode(bytes: Array(text.utf8), source: source)
    }

    /// Parses CSV bytes (UTF-8), working on bytes for speed. - Throws: `.parse` naming the line of the first problem.
    static func decode(bytes: [UInt8], source: String) throws(GeoKernelError) -> Table {
        let newline = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        var lines = bytes.split(separator: newline, omittingEmptySubsequences: false).map { line in
            line.last == cr ? line.dropLast() : line
        }
        func blank(_ l: ArraySlice<UInt8>) -> Bool { l.allSatisfy { $0 == 32 || $0 == 9 } }
        while let last = lines.last, blank(last) { lines.removeLast() }
        guard var header = lines.first else { throw GeoKernelError(.parse, "\(source): empty file, no CSV header") }
        if header.starts(with: [0xEF, 0xBB, 0xBF]) { header = header.dropFirst(3) }
        let semicolons = header.filter { $0 == UInt8(ascii: ";") }.count
        let separator = semicolons > header.filter { $0 == UInt8(ascii: ",") }.count ? UInt8(ascii: ";") : UInt8(ascii: ",")
        let columns = CSVFields.split(header, separator: separator).map { String(decoding: trimmed($0), as: UTF8.self) }
        let lower = columns.map { $0.lowercased() }
        func column(_ names: [String], _ what: String) throws(GeoKernelError) -> Int {
            guard let i = lower.firstIndex(where: names.contains) else {
                throw GeoKernelError(
                    .parse, "\(source):1: no \(what) column: the header has \(columns.joined(separator: ", ")); "
                        + "expected one of \(latitudeNames.joined(separator: ", ")) for the latitude and "
                        + "\(longitudeNames.joined(separator: ", ")) for the longitude, in degrees")
            }
            return i
        }
        let lat = try column(latitudeNames, "latitude"), lon = try column(longitudeNames, "longitude")
        var rows: [Row] = []
        rows.reserveCapacity(lines.count - 1)
        for (index, line) in lines.enumerated().dropFirst() where !blank(line) {
            let at = "\(source):\(index + 1)"
            let f = CSVFields.split(line, separator: separator)
            func number(_ c: Int, _ what: String) throws(GeoKernelError) -> Double {
                guard c < f.count else { throw GeoKernelError(.parse, "\(at): no \(what) (only \(f.count) fields)") }
                let s = String(decoding: trimmed(f[c]), as: UTF8.self)
                guard let v = Double(s) else { throw GeoKernelError(.parse, "\(at): \(what) '\(s)' is not a number") }
                return v
            }
            let coordinate: Coordinate
            do throws(GeoKernelError) {
                coordinate = try Coordinate(latitude: try number(lat, "latitude"), longitude: try number(lon, "longitude"))
            } catch {
                throw error.code == .parse ? error : GeoKernelError(.parse, "\(at): \(error.message)")
            }
            var values: [String: String] = [:]
            for (c, name) in columns.enumerated() where c != lat && c != lon && c < f.count {
                values[name] = String(decoding: f[c], as: UTF8.self)
            }
            rows.append(Row(coordinate: coordinate, fields: values, row: rows.count + 1, line: index + 1))
        }
        return Table(columns: columns, rows: rows)
    }

    static func trimmed(_ s: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var s = s
        while let f = s.first, f == 32 || f == 9 { s.removeFirst() }
        while let l = s.last, l == 32 || l == 9 { s.removeLast() }
        return s
    }

    /// Reads a CSV file of points. - Throws: `.io` when it cannot be read, `.parse` as `decode`.
    public static func read(contentsOf path: String) throws(GeoKernelError) -> Table {
        try decode(bytes: try FileText.bytes(path), source: path)
    }
}
