import GeoKernel
import Route
import Testing

@Suite("Travel time shown as '0d 2h 45m'")
struct TravelTimeTests {
    static let cases: [(seconds: Double, text: String)] = [
        (0, "0d 0h 0m"), (29.999, "0d 0h 0m"), (30, "0d 0h 1m"), (89.9, "0d 0h 1m"), (90, "0d 0h 2m"),
        (9_870, "0d 2h 45m"),  // 2 h 44 min 30 s
        (9_929, "0d 2h 45m"),  // 2 h 45 min 29 s
        (9_900, "0d 2h 45m"), (3_599.5, "0d 1h 0m"),
        (86_369, "0d 23h 59m"),  // 23 h 59 min 29 s
        (86_370, "1d 0h 0m"),  // 23 h 59 min 30 s
        (93_600, "1d 2h 0m"),  // 26 h
        (277_620, "3d 5h 7m"), (34_560_000, "400d 0h 0m"),
    ]

    @Test("rounds to the nearest minute, half a minute up, and always shows days, hours and minutes",
          arguments: cases)
    func format(c: (seconds: Double, text: String)) throws {
        #expect(try TravelTime(seconds: c.seconds).description == c.text)
    }

    @Test("components add up to the rounded minutes")
    func components() throws {
        let t = try TravelTime(seconds: 93_784)  // 1 d 2 h 3 min 4 s
        #expect(t.days == 1 && t.hours == 2 && t.minutes == 3 && t.totalMinutes == 1_563)
        #expect(try (t + TravelTime(seconds: 56)).description == "1d 2h 4m")
        #expect(TravelTime.zero < t)
    }

    @Test("negative, infinite, NaN and absurdly long times are errors", arguments: [-1, .infinity, .nan, 2e12])
    func invalid(seconds: Double) {
        #expect(throws: GeoKernelError.self) { try TravelTime(seconds: seconds) }
    }
}
