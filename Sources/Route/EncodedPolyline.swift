import GeoKernel

/// Google's encoded polyline algorithm format
/// (developers.google.com/maps/documentation/utilities/polylinealgorithm): each
/// latitude and longitude, times 10^precision and rounded, is written as the difference
/// from the previous point's, zig-zag signed (value << 1, inverted when negative) and
/// cut into 5-bit chunks, low chunk first, each chunk + 63 as one ASCII character with
/// 0x20 set on all but the last chunk of a value.
///
/// Precision 5 is Google's (about 1 m); 6 is OSRM's and Valhalla's (about 0.1 m).
/// Rounding is to the nearest integer, halves away from zero. Longitudes are encoded
/// as normalised by `Coordinate`, in [-180, 180).
///
/// Thread safety: pure functions. C twin: `gk_polyline_encode`, `gk_polyline_decode`.
/// \since 0.1
public enum EncodedPolyline {
    /// The precisions accepted: 1 to 10 decimal digits.
    public static let precisions: ClosedRange<Int> = 1...10

    /// The encoded form of `coordinates`.
    ///
    /// The published example: (38.5, -120.2), (40.7, -120.95), (43.252, -126.453) at
    /// precision 5 give "_p~iF~ps|U_ulLnnqC_mqNvxq`@".
    ///
    /// - Throws: `.invalidArgument` for a precision outside 1...10.
    /// - Complexity: O(n). C twin: `gk_polyline_encode`.
    public static func encode(_ coordinates: [Coordinate], precision: Int = 5) throws(GeoKernelError) -> String {
        let scale = try factor(precision)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(coordinates.count * 8)
        var previousLat: Int64 = 0, previousLon: Int64 = 0
        for c in coordinates {
            // |value| ≤ 180 · 10^10 < 2^41: the conversions and differences cannot overflow.
            let lat = Int64((c.latitude * scale).rounded(.toNearestOrAwayFromZero))
            let lon = Int64((c.longitude * scale).rounded(.toNearestOrAwayFromZero))
            append(lat - previousLat, to: &bytes)
            append(lon - previousLon, to: &bytes)
            previousLat = lat
            previousLon = lon
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The coordinates of an encoded polyline.
    ///
    /// - Throws: `.parse` for a character outside '?'…'~' (63–126), a value cut off at
    ///   the end of the string, a value of more than 12 chunks, a latitude without its
    ///   longitude, or a decoded latitude outside [-90, 90] or longitude outside
    ///   [-180, 180]; each message gives the character offset. `.invalidArgument` for a
    ///   precision outside 1...10. The empty string decodes to no coordinates.
    /// - Complexity: O(length). C twin: `gk_polyline_decode`.
    public static func decode(_ encoded: String, precision: Int = 5) throws(GeoKernelError) -> [Coordinate] {
        let scale = try factor(precision)
        var out: [Coordinate] = []
        var lat: Int64 = 0, lon: Int64 = 0
        var values: [Int64] = []  // at most two pending: latitude, longitude
        var offset = 0
        var result: Int64 = 0, shift: Int64 = 0, valueStart = 0, latitudeStart = 0
        for byte in encoded.utf8 {
            guard byte >= 63, byte <= 126 else {
                throw GeoKernelError(
                    .parse, "encoded polyline: character \(describe(byte)) at offset \(offset) is outside '?'…'~'")
            }
            let chunk = Int64(byte) - 63
            guard shift < 60 else {
                throw GeoKernelError(.parse, "encoded polyline: the value at offset \(valueStart) has more than 12 chunks")
            }
            result |= (chunk & 0x1F) << shift
            shift += 5
            offset += 1
            if chunk < 0x20 {
                let delta = (result & 1) != 0 ? ~(result >> 1) : (result >> 1)
                if values.isEmpty { latitudeStart = valueStart }
                values.append(delta)
                result = 0
                shift = 0
                if values.count == 2 {
                    let (newLat, o1) = lat.addingReportingOverflow(values[0])
                    let (newLon, o2) = lon.addingReportingOverflow(values[1])
                    guard !o1, !o2 else {
                        throw GeoKernelError(.parse, "encoded polyline: coordinate ending at offset \(offset) overflows")
                    }
                    lat = newLat
                    lon = newLon
                    out.append(try coordinate(lat, lon, scale, endingAt: offset))
                    values.removeAll(keepingCapacity: true)
                }
                valueStart = offset
            }
        }
        guard shift == 0 else {
            throw GeoKernelError(.parse, "encoded polyline: the value at offset \(valueStart) is cut off at the end")
        }
        guard values.isEmpty else {
            throw GeoKernelError(.parse, "encoded polyline: the latitude at offset \(latitudeStart) has no longitude")
        }
        return out
    }

    private static func factor(_ precision: Int) throws(GeoKernelError) -> Double {
        guard precisions.contains(precision) else {
            throw .invalid("polyline precision \(precision) must be in 1...10 (5 for Google, 6 for OSRM)")
        }
        var f = 1.0
        for _ in 0..<precision { f *= 10 }
        return f
    }

    private static func append(_ value: Int64, to bytes: inout [UInt8]) {
        var v = value < 0 ? ~(value << 1) : (value << 1)
        while v >= 0x20 {
            bytes.append(UInt8((0x20 | (v & 0x1F)) + 63))
            v >>= 5
        }
        bytes.append(UInt8(v + 63))
    }

    private static func coordinate(_ lat: Int64, _ lon: Int64, _ scale: Double, endingAt offset: Int)
        throws(GeoKernelError) -> Coordinate
    {
        let latitude = Double(lat) / scale, longitude = Double(lon) / scale
        guard latitude >= -90, latitude <= 90, longitude >= -180, longitude <= 180 else {
            throw GeoKernelError(
                .parse,
                "encoded polyline: decoded point (\(latitude), \(longitude)) ending at offset \(offset) is outside "
                    + "latitude [-90, 90] / longitude [-180, 180]")
        }
        return try Coordinate(latitude: latitude, longitude: longitude)
    }

    private static func describe(_ byte: UInt8) -> String {
        byte >= 32 && byte < 127 ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }
}
