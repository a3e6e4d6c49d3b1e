import GeoFormats
import Testing

@Suite("ISO 8601 times")
struct ISO8601TimeTests {
    @Test("parses the forms found in real track files", arguments: [
        ("1970-01-01T00:00:00Z", 0.0),
        ("2019-02-18T07:45:50Z", 1_550_475_950.0),
        ("2012-12-18T21:30:35Z", 1_355_866_235.0),
        ("2019-01-25 20:00:16.178999901", 1_548_446_416.178999901),
        ("2010-10-03T09:36:30.5+02:00", 1_286_091_390.5),
        ("2010-10-03T09:36:30-0130", 1_286_103_990.0),
        ("2000-02-29T12:00:00+05", 951_807_600.0),
        ("1969-12-31T23:59:59Z", -1.0),
    ])
    func parses(text: String, expected: Double) throws {
        let got = try #require(ISO8601Time.parse(text))
        #expect(abs(got - expected) < 1e-6, "\(text): \(got)")
    }

    @Test("rejects malformed times", arguments: [
        "", "2019-02-18", "2019-13-01T00:00:00Z", "2019-02-30T00:00:00Z", "2019-02-18T07:45Z",
        "2019-02-18T07:45:50Q", "2019-02-18T07:45:50.Z", "yesterday", "2019-02-18T07:61:00Z",
    ])
    func rejects(text: String) {
        #expect(ISO8601Time.parse(text) == nil, "\(text)")
    }

    @Test("formats and parses back, with and without fractions")
    func roundTrip() throws {
        for t in [0.0, 1_550_475_950, -86_401, 951_782_400.25, 4_102_444_800] {
            let s = ISO8601Time.format(t, fractionDigits: t == t.rounded() ? 0 : 3)
            #expect(try #require(ISO8601Time.parse(s)) == t, "\(s)")
        }
        #expect(ISO8601Time.format(1_550_475_950) == "2019-02-18T07:45:50Z")
    }
}
