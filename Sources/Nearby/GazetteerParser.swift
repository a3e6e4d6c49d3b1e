import GeoKernel
import GeoText

/// Reads gazetteer files (CSV with a header, or GeoNames' tab-separated format) from
/// bytes, line by line, without Foundation.
///
/// Thread safety: pure functions.
enum GazetteerParser {
    static func parse(_ bytes: [UInt8], format: GazetteerFormat, source: String) throws(GeoKernelError) -> [NamedPlace] {
        var lines = LineReader(bytes)
        var resolved = format
        if resolved == .automatic {
            resolved = lines.peekFirstLineHasTab() ? .geoNames : .csv
        }
        return resolved == .geoNames
            ? try parseGeoNames(&lines, source) : try parseCSV(&lines, source)
    }

    private static func parseCSV(_ lines: inout LineReader, _ source: String) throws(GeoKernelError) -> [NamedPlace] {
        guard let header = lines.next() else { throw GeoKernelError(.parse, "\(source): empty file, no CSV header") }
        let names = CSVFields.split(header.bytes, separator: UInt8(ascii: ","))
            .map { String(decoding: $0, as: UTF8.self).lowercased() }
        func column(_ wanted: [String], required: Bool) throws(GeoKernelError) -> Int? {
            if let i = names.firstIndex(where: { wanted.contains($0) }) { return i }
            guard !required else {
                throw GeoKernelError(.parse, "\(source):1: the CSV header has no '\(wanted[0])' column (it has \(names))")
            }
            return nil
        }
        let lat = try column(["lat", "latitude"], required: true)!
        let lon = try column(["lon", "lng", "longitude"], required: true)!
        let name = try column(["name"], required: true)!
        let a1 = try column(["admin1"], required: false), a2 = try column(["admin2"], required: false)
        let cc = try column(["cc", "country_code", "countrycode"], required: false)
        var out: [NamedPlace] = []
        while let line = lines.next() {
            if line.bytes.isEmpty { continue }
            let f = CSVFields.split(line.bytes, separator: UInt8(ascii: ","))
            func field(_ i: Int?) -> String { i.flatMap { $0 < f.count ? String(decoding: f[$0], as: UTF8.self) : nil } ?? "" }
            guard f.count > max(lat, lon, name) else {
                throw GeoKernelError(.parse, "\(source):\(line.number): \(f.count) fields, expected at least \(max(lat, lon, name) + 1)")
            }
            out.append(NamedPlace(
                name: field(name), admin1: field(a1), admin2: field(a2), countryCode: field(cc),
                coordinate: try coordinate(f[lat], f[lon], source, line.number)))
        }
        return out
    }

    private static func parseGeoNames(_ lines: inout LineReader, _ source: String) throws(GeoKernelError) -> [NamedPlace] {
        var out: [NamedPlace] = []
        while let line = lines.next() {
            if line.bytes.isEmpty || line.bytes.first == UInt8(ascii: "#") { continue }
            let f = line.bytes.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            guard f.count >= 12 else {
                throw GeoKernelError(.parse, "\(source):\(line.number): \(f.count) tab-separated fields, GeoNames has 19")
            }
            func field(_ i: Int) -> String { String(decoding: f[i], as: UTF8.self) }
            out.append(NamedPlace(
                name: field(1), admin1: field(10), admin2: field(11), countryCode: field(8),
                coordinate: try coordinate(f[4], f[5], source, line.number)))
        }
        return out
    }

    private static func coordinate(
        _ lat: ArraySlice<UInt8>, _ lon: ArraySlice<UInt8>, _ source: String, _ line: Int
    ) throws(GeoKernelError) -> Coordinate {
        let ls = String(decoding: lat, as: UTF8.self), os = String(decoding: lon, as: UTF8.self)
        guard let la = Double(ls.trimmingSpaces), let lo = Double(os.trimmingSpaces) else {
            throw GeoKernelError(.parse, "\(source):\(line): latitude '\(ls)' or longitude '\(os)' is not a number")
        }
        do throws(GeoKernelError) {
            return try Coordinate(latitude: la, longitude: lo)
        } catch {
            throw GeoKernelError(.parse, "\(source):\(line): \(error.message)")
        }
    }
}

/// Lines of a byte buffer with their 1-based numbers; strips a UTF-8 byte-order mark and
/// carriage returns.
struct LineReader {
    let bytes: [UInt8]
    var position = 0
    var number = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    func peekFirstLineHasTab() -> Bool {
        var i = position
        while i < bytes.count && bytes[i] != 10 {
            if bytes[i] == 9 { return true }
            i += 1
        }
        return false
    }

    mutating func next() -> (bytes: ArraySlice<UInt8>, number: Int)? {
        guard position < bytes.count else { return nil }
        var end = position
        while end < bytes.count && bytes[end] != 10 { end += 1 }
        var line = bytes[position..<end]
        if line.last == 13 { line = line.dropLast() }
        position = end + 1
        number += 1
        return (line, number)
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        let s = self.drop { $0 == " " || $0 == "\t" }
        return s.dropLast(s.reversed().prefix { $0 == " " || $0 == "\t" }.count)
    }
}
