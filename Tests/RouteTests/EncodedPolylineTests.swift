import GeoKernel
import Route
import Testing
import _GeoKernelTestSupport

@Suite("Google's encoded polyline format, precision 5 and 6")
struct EncodedPolylineTests {
    static let example = [
        try! Coordinate(latitude: 38.5, longitude: -120.2), try! Coordinate(latitude: 40.7, longitude: -120.95),
        try! Coordinate(latitude: 43.252, longitude: -126.453),
    ]

    @Test("the published example encodes to _p~iF~ps|U_ulLnnqC_mqNvxq`@ and decodes back")
    func googleExample() throws {
        #expect(try EncodedPolyline.encode(Self.example) == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        #expect(try EncodedPolyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@") == Self.example)
    }

    @Test("precision 6, as OSRM and Valhalla use it")
    func precisionSix() throws {
        // The same points at 1e-6, checked against an independent implementation.
        let encoded = "_izlhA~rlgdF_{geC~ywl@_kwzCn`{nI"
        #expect(try EncodedPolyline.encode(Self.example, precision: 6) == encoded)
        #expect(try EncodedPolyline.decode(encoded, precision: 6) == Self.example)
        // Read at the wrong precision the same text is ten times off, or out of range.
        #expect(throws: GeoKernelError.self) { try EncodedPolyline.decode(encoded, precision: 5) }
    }

    @Test("seeded random lines round-trip to within half a unit of the last digit", arguments: [5, 6])
    func roundTrip(precision: Int) throws {
        var rng = SeededRandom(seed: UInt64(precision))
        let unit = precision == 5 ? 1e-5 : 1e-6
        for _ in 0..<200 {
            var line: [Coordinate] = []
            for _ in 0..<Int(rng.uniform(0, 60)) {
                line.append(try Coordinate(latitude: rng.uniform(-90, 90), longitude: rng.uniform(-180, 180)))
            }
            let back = try EncodedPolyline.decode(try EncodedPolyline.encode(line, precision: precision), precision: precision)
            #expect(back.count == line.count)
            for (a, b) in zip(line, back) {
                #expect(abs(a.latitude - b.latitude) <= unit / 2 * (1 + 1e-9))
                #expect(abs(a.longitude - b.longitude) <= unit / 2 * (1 + 1e-9) || abs(abs(a.longitude - b.longitude) - 360) < unit)
            }
        }
    }

    @Test("extremes: the poles, the antimeridian and the empty line")
    func extremes() throws {
        let line = [
            try Coordinate(latitude: 90, longitude: -180), try Coordinate(latitude: -90, longitude: 179.99999),
            try Coordinate(latitude: 0, longitude: 0),
        ]
        let text = try EncodedPolyline.encode(line)
        #expect(text.hasPrefix("_cidP~fsia@"))
        #expect(try EncodedPolyline.decode(text) == line)
        #expect(try EncodedPolyline.encode([]) == "" && EncodedPolyline.decode("").isEmpty)
    }

    @Test("garbage is a parse error naming the offset, never a crash", arguments: [
        ("_p~iF~ps|U_ulLnnqC_mqNvxq`", "cut off"),  // last value unfinished
        ("_p~iF~ps|U_ulL", "has no longitude"),  // a latitude alone
        ("_p~iF ~ps|U", "character ' ' at offset 5"),
        ("_p~iF~ps|U\u{7F}", "byte 0x7f"),
        ("_p~iFé", "offset 5"),
        (String(repeating: "~", count: 40) + "?", "more than 12 chunks"),
        ("~~~~~~~~~?~~~~~~~~~?", "outside"),  // a huge latitude
        ("_p~iF~ps|U\u{0}", "byte 0x0"),
    ])
    func garbage(text: String, says: String) {
        do {
            let decoded = try EncodedPolyline.decode(text)
            Issue.record("decoded \(decoded) from garbage")
        } catch {
            #expect(error.code == .parse && error.message.contains(says), "\(error.message)")
        }
    }

    @Test("precision outside 1…10 is an invalid argument")
    func badPrecision() {
        for p in [0, 11, -5] {
            #expect(throws: GeoKernelError.self) { try EncodedPolyline.encode(Self.example, precision: p) }
            #expect(throws: GeoKernelError.self) { try EncodedPolyline.decode("??", precision: p) }
        }
    }

    @Test("seeded random strings of valid characters decode or fail cleanly")
    func fuzz() {
        var rng = SeededRandom(seed: 77)
        var decoded = 0, refused = 0
        for _ in 0..<2_000 {
            let bytes = (0..<Int(rng.uniform(0, 40))).map { _ in UInt8(rng.uniform(63, 127)) }
            do {
                _ = try EncodedPolyline.decode(String(decoding: bytes, as: UTF8.self))
                decoded += 1
            } catch {
                #expect(error.code == .parse)
                refused += 1
            }
        }
        #expect(decoded > 0 && refused > 0)
    }
}
