import GeoKernel
import Testing

@Suite("UTC time text")
struct UTCTimeTests {
    @Test("times beyond the years 0000–9999 or not finite print as invalid, never trap", arguments: [
        1e19, -1e19, 9.3e18, 253_402_300_800, -62_167_219_201, .infinity, .nan, Double.greatestFiniteMagnitude,
    ])
    func outOfRange(seconds: Double) {
        #expect(UTCTime.iso8601(seconds, fractionDigits: 3) == "invalid time")
        #expect(UTCTime.rangeError(seconds) != nil)
    }

    @Test("the ends of the representable range print as years 0000 and 9999")
    func ends() {
        #expect(UTCTime.iso8601(-62_167_219_200) == "0000-01-01T00:00:00Z")
        #expect(UTCTime.iso8601(253_402_300_799) == "9999-12-31T23:59:59Z")
        #expect(UTCTime.rangeError(0) == nil)
    }
}
