import GeoKernel
import OpenStreetMap

extension AddressIndex {
    /// How far the nearest street may be from a place without an address (metres).
    public static let placeStreetMeters = 100.0

    /// The address index of an OpenStreetMap file (PBF, XML or gzip-compressed XML): the
    /// places, addresses and streets `OSMAddressReader` reads, a place without an address
    /// named by the street nearest to it within `placeStreetMeters`.
    ///
    /// - Throws: what `OSMFile.read` throws (`.io`, `.corrupt`, `.parse` naming the blob or
    ///   the line and byte offset; `.outOfMemory` when 32 times the file's size cannot be
    ///   had); `.capacity` for an index beyond 2³¹ vertices.
    /// - Complexity: O(file size + n log n).
    /// - C twin: `gk_address_index_build`. \since 0.5 (as `AddressIndexBuilder.build` in 0.4)
    public static func build(
        osmFile path: String, format: OSMFileFormat? = nil
    ) throws(GeoKernelError) -> (index: AddressIndex, report: OSMAddressReader.Report) {
        let read = try OSMAddressReader.read(osmFile: path, format: format)
        return try build(read.points, read.streets, read.report)
    }

    /// The same for OpenStreetMap data in memory (tests, fuzzing). C twin: none.
    public static func build(
        bytes: [UInt8], format: OSMFileFormat
    ) throws(GeoKernelError) -> (index: AddressIndex, report: OSMAddressReader.Report) {
        let read = try OSMAddressReader.read(bytes: bytes, format: format)
        return try build(read.points, read.streets, read.report)
    }

    private static func build(
        _ points: [AddressPoint], _ streets: [NamedStreet], _ report: OSMAddressReader.Report
    ) throws(GeoKernelError) -> (index: AddressIndex, report: OSMAddressReader.Report) {
        var points = points, report = report
        // Places without an address take the nearest street's name.
        if points.contains(where: { $0.kind == .place && $0.street.isEmpty }) {
            let streetsOnly = try AddressIndex(points: [], streets: streets)
            for i in points.indices where points[i].kind == .place && points[i].street.isEmpty {
                if let s = streetsOnly.nearest(.street, to: points[i].coordinate, maxDistanceMeters: placeStreetMeters) {
                    points[i].street = s.street
                    report.placesNamedByNearestStreet += 1
                }
            }
        }
        return (try AddressIndex(points: points, streets: streets), report)
    }
}
