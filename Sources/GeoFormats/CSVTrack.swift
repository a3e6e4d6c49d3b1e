import GeoKernel
import GeoText

/// Reading fixes from CSV: a header row naming the columns, `,` or `;` separated.
///
/// Columns are found by name, case-insensitively: latitude (`lat`, `latitude`),
/// longitude (`lon`, `lng`, `long`, `longitude`), time (`time`, `timestamp`, `tracked_at`,
/// `datetime`, `date_time`, `recorded_at`), and optionally horizontal accuracy in metres
/// (`accuracy`, `horizontal_accuracy`, `hacc`, `acc`) and elevation (`ele`, `elevation`,
/// `alt`, `altitude`). Times are ISO 8601 (with or without fractional seconds and zone;
/// `T` or a space) or plain seconds since the Unix epoch. Both trackintel layouts
/// (`user_id;tracked_at;latitude;longitude;elevation;accuracy` and
/// `user_id;longitude;latitude;accuracy;tracked_at`) read as they are.
///
/// Errors name the line: `trace.csv:17: latitude "abc" is not a number`.
/// Thread safety: pure functions. Complexity: O(size). C twin: none.
public enum CSVTrack {
    /// Parses CSV text into fixes, in file order (see `TrackReader` for sorting).
    public static func decode(_ text: String, source: String = "CSV") throws(GeoKernelError) -> [Fix] {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
        guard let header = lines.first else { throw GeoKernelError(.parse, "\(source): empty file") }
        let separator: Character = header.filter { $0 == ";" }.count > header.filter { $0 == "," }.count ? ";" : ","
        let names = fields(header, separator).map { $0.trimmingBlanks().lowercased() }
        func column(_ candidates: [String]) -> Int? { names.firstIndex(where: candidates.contains) }
        guard let latCol = column(["lat", "latitude"]) else {
            throw GeoKernelError(.parse, "\(source):1: no latitude column (lat, latitude) in header \(names)")
        }
        guard let lonCol = column(["lon", "lng", "long", "longitude"]) else {
            throw GeoKernelError(.parse, "\(source):1: no longitude column (lon, lng, long, longitude) in header \(names)")
        }
        guard let timeCol = column(["time", "timestamp", "tracked_at", "datetime", "date_time", "recorded_at"]) else {
            throw GeoKernelError(.parse, "\(source):1: no time column (time, timestamp, tracked_at, …) in header \(names)")
        }
        let accCol = column(["accuracy", "horizontal_accuracy", "hacc", "acc"])
        let eleCol = column(["ele", "elevation", "alt", "altitude"])

        var fixes: [Fix] = []
        fixes.reserveCapacity(lines.count - 1)
        for (index, line) in lines.enumerated().dropFirst() where !line.allSatisfy(\.isWhitespace) {
            let where_ = "\(source):\(index + 1)"
            let f = fields(line, separator)
            func field(_ c: Int, _ what: String) throws(GeoKernelError) -> Substring {
                guard c < f.count else { throw GeoKernelError(.parse, "\(where_): missing \(what) (only \(f.count) fields)") }
                return f[c].trimmingBlanks()
            }
            func number(_ c: Int, _ what: String) throws(GeoKernelError) -> Double {
                let s = try field(c, what)
                guard let v = Double(s) else { throw GeoKernelError(.parse, "\(where_): \(what) \"\(s)\" is not a number") }
                return v
            }
            let lat = try number(latCol, "latitude"), lon = try number(lonCol, "longitude")
            let timeText = try field(timeCol, "time")
            guard let time = ISO8601Time.parse(timeText) ?? Double(timeText) else {
                throw GeoKernelError(.parse, "\(where_): time \"\(timeText)\" is neither ISO 8601 nor epoch seconds")
            }
            if let e = UTCTime.rangeError(time) { throw GeoKernelError(.parse, "\(where_): \(e.message)") }
            var accuracy: Double? = nil
            if let c = accCol, c < f.count, !f[c].trimmingBlanks().isEmpty { accuracy = try number(c, "accuracy") }
            var elevation: Double? = nil
            if let c = eleCol, c < f.count, !f[c].trimmingBlanks().isEmpty { elevation = try number(c, "elevation") }
            do {
                fixes.append(try Fix(coordinate: try CoordinateText.checked(latitude: lat, longitude: lon), timestamp: time,
                                     horizontalAccuracyMeters: accuracy, elevationMeters: elevation))
            } catch {
                throw GeoKernelError(.parse, "\(where_): \(error.message)")
            }
        }
        return fixes
    }

    /// Reads a CSV file of fixes.
    public static func read(contentsOf path: String) throws(GeoKernelError) -> [Fix] {
        try decode(try FileText.string(path), source: path)
    }

    /// Splits one line into fields; double quotes protect separators ("" is a quote).
    static func fields(_ line: Substring, _ separator: Character) -> [Substring] {
        guard line.contains("\"") else { return line.split(separator: separator, omittingEmptySubsequences: false) }
        var out: [Substring] = []
        var field = ""
        var quoted = false
        var previousQuote = false
        for ch in line {
            if ch == "\"" {
                if quoted, previousQuote { field.append("\""); previousQuote = false; continue }
                quoted.toggle()
                previousQuote = !quoted
                continue
            }
            previousQuote = false
            if ch == separator, !quoted { out.append(Substring(field)); field = "" } else { field.append(ch) }
        }
        out.append(Substring(field))
        return out
    }
}
