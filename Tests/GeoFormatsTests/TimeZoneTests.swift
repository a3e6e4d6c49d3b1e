import Foundation
import GeoFormats
import GeoKernel
import Testing
import _GeoKernelTestSupport

/// `TimeZoneRules`: the system's TZif files read without Foundation. Expected values are
/// Python 3.11's `zoneinfo` on the same tzdata 2025b (offset, abbreviation, ISO text).
@Suite("Time zones: TZif files, daylight-saving rules and the POSIX footer")
struct TimeZoneTests {
    static let zoneinfo = TimeZoneRules.systemDirectory

    static let reference: [(String, Double, Int, String, String)] = [
        ("Europe/Zurich", 1_717_225_200, 7200, "CEST", "2024-06-01T09:00:00+02:00"),
        ("Europe/Zurich", 1_711_846_799, 3600, "CET", "2024-03-31T01:59:59+01:00"),
        ("Europe/Zurich", 1_711_846_800, 7200, "CEST", "2024-03-31T03:00:00+02:00"),
        ("Europe/Zurich", 1_729_990_799, 7200, "CEST", "2024-10-27T02:59:59+02:00"),
        ("Europe/Zurich", 1_729_990_800, 3600, "CET", "2024-10-27T02:00:00+01:00"),
        ("Europe/Zurich", 4_109_878_799, 3600, "CET", "2100-03-28T01:59:59+01:00"),
        ("Europe/Zurich", 4_109_878_800, 7200, "CEST", "2100-03-28T03:00:00+02:00"),
        ("Europe/Zurich", 4_118_083_200, 7200, "CEST", "2100-07-01T02:00:00+02:00"),
        ("Europe/Zurich", -2_208_988_800, 3600, "CET", "1900-01-01T01:00:00+01:00"),
        ("America/New_York", 1_720_108_800, -14400, "EDT", "2024-07-04T12:00:00-04:00"),
        ("America/New_York", 4_097_217_600, -18000, "EST", "2099-11-01T07:00:00-05:00"),
        ("Australia/Sydney", 1_705_276_800, 39600, "AEDT", "2024-01-15T11:00:00+11:00"),
        ("Australia/Sydney", 1_721_001_600, 36000, "AEST", "2024-07-15T10:00:00+10:00"),
        ("Australia/Sydney", 3_788_121_600, 39600, "AEDT", "2090-01-15T11:00:00+11:00"),
        ("Australia/Sydney", 3_803_760_000, 36000, "AEST", "2090-07-15T10:00:00+10:00"),
        ("Asia/Kolkata", 1_717_200_000, 19800, "IST", "2024-06-01T05:30:00+05:30"),
        ("America/St_Johns", 2_540_246_400, -9000, "NDT", "2050-06-30T21:30:00-02:30"),
        ("Europe/Dublin", 2_210_198_400, 0, "GMT", "2040-01-15T00:00:00+00:00"),
        ("Europe/Dublin", 2_225_923_200, 3600, "IST", "2040-07-15T01:00:00+01:00"),
        ("UTC", 1_717_225_200, 0, "UTC", "2024-06-01T07:00:00+00:00"),
    ]

    @Test("offsets, abbreviations and local ISO times equal Python's zoneinfo, around transitions and beyond 2037")
    func referenceTimes() throws {
        for (name, t, offset, abbreviation, iso) in Self.reference {
            let zone = try TimeZoneRules(named: name)
            let type = zone.localTimeType(at: t)
            #expect(type.utcOffsetSeconds == offset, "\(name) at \(t)")
            #expect(type.abbreviation == abbreviation, "\(name) at \(t)")
            #expect(zone.iso8601(t) == iso, "\(name) at \(t)")
        }
        let zurich = try TimeZoneRules(named: "Europe/Zurich")
        #expect(zurich.localText(1_717_225_200.7) == "2024-06-01 09:00:00 CEST")
        #expect(zurich.localTimeType(at: 1_717_225_200).isDaylightSaving)
        #expect(TimeZoneRules.utc.localText(0) == "1970-01-01 00:00:00 UTC")
    }

    /// A version-2 TZif file with no transitions and only a footer, as `zic -b slim` writes
    /// for zones whose future is a rule.
    static func slimFile(footer: String) -> [UInt8] {
        func be32(_ v: Int32) -> [UInt8] { withUnsafeBytes(of: v.bigEndian) { Array($0) } }
        let chars = Array("LMT\0".utf8)
        func header(_ version: UInt8) -> [UInt8] {
            Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
                + [0, 0, 0, 0, 1, Int32(chars.count)].map(be32).joined()
        }
        let data: [UInt8] = be32(3600) + [0, 0] + chars
        return header(0x32) + data + header(0x32) + data + Array("\n\(footer)\n".utf8)
    }

    @Test("a slim file's footer rule gives every time, in both hemispheres and for all three day forms")
    func footerOnly() throws {
        let cet = try TimeZoneRules(tzif: Self.slimFile(footer: "CET-1CEST,M3.5.0,M10.5.0/3"), name: "Test/CET")
        #expect(cet.utcOffsetSeconds(at: 1_711_846_799) == 3600 && cet.utcOffsetSeconds(at: 1_711_846_800) == 7200)
        #expect(cet.utcOffsetSeconds(at: 1_729_990_799) == 7200 && cet.utcOffsetSeconds(at: 1_729_990_800) == 3600)
        let sydney = try TimeZoneRules(tzif: Self.slimFile(footer: "AEST-10AEDT,M10.1.0,M4.1.0/3"), name: "Test/Sydney")
        #expect(sydney.localTimeType(at: 3_788_121_600).abbreviation == "AEDT")
        #expect(sydney.localTimeType(at: 3_803_760_000).abbreviation == "AEST")
        // Jn and n forms: DST from day 60 (1 March, Feb 29 not counted) to day 300.
        let julian = try TimeZoneRules(tzif: Self.slimFile(footer: "<+01>-1<+02>,J60/0,299/0"), name: "Test/Julian")
        // 2024-03-01T00:00 local (+01) is 2024-02-29T23:00Z; 2024 is a leap year.
        #expect(julian.utcOffsetSeconds(at: 1_709_247_599) == 3600 && julian.utcOffsetSeconds(at: 1_709_247_600) == 7200)
        #expect(julian.localTimeType(at: 1_709_247_600).abbreviation == "+02")
        let fixed = try TimeZoneRules(tzif: Self.slimFile(footer: "<-03>3"), name: "Test/Fixed")
        #expect(fixed.iso8601(0) == "1969-12-31T21:00:00-03:00")
    }

    @Test("bad names, missing zones and damaged files are clear errors")
    func errors() throws {
        for bad in ["", "/etc/passwd", "../../etc/passwd", "Europe/../../x", "Europe/Zürich", "a b"] {
            #expect(throws: GeoKernelError.self, "\(bad)") { try TimeZoneRules(named: bad) }
        }
        do {
            _ = try TimeZoneRules(named: "Mars/Olympus_Mons")
            Issue.record("no error")
        } catch {
            #expect(error.code == .notFound && error.message.contains("tzdata"), "\(error)")
        }
        let good = Self.slimFile(footer: "CET-1CEST,M3.5.0,M10.5.0/3")
        for (what, bytes) in [
            ("empty", [UInt8]()), ("no magic", Array("TZXf".utf8) + good.dropFirst(4)),
            ("truncated", Array(good.prefix(50))), ("bad footer", Self.slimFile(footer: "CET-1CEST,M13.5.0,M10.5.0")),
            ("unterminated footer", Array(good.dropLast())),
        ] {
            #expect(throws: GeoKernelError.self, "\(what)") { try TimeZoneRules(tzif: bytes, name: "Test/Bad") }
        }
        // Every zone of the system folder loads (a smoke test over real files).
        var loaded = 0
        for name in ["Europe/London", "America/Los_Angeles", "Pacific/Chatham", "Asia/Tehran", "Africa/Casablanca",
                     "America/Sao_Paulo", "Pacific/Kiritimati", "Antarctica/Troll"] {
            let z = try TimeZoneRules(named: name)
            #expect(abs(z.utcOffsetSeconds(at: 1_717_225_200)) <= 14 * 3600)
            loaded += 1
        }
        #expect(loaded == 8)
    }

    @Test("seeded random damage to a real TZif file is refused or read, never a crash")
    func damagedFiles() throws {
        let path = Self.zoneinfo + "/Europe/Zurich"
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var rng = SplitMix64(seed: 42)
        var refused = 0
        for _ in 0..<3000 {
            var bytes = original
            for _ in 0..<Int(rng.uniform(1, 6)) {
                let i = Int(rng.uniform(0, Double(bytes.count)))
                bytes[i] = UInt8(truncatingIfNeeded: rng.next())
            }
            if rng.uniform(0, 1) < 0.2 { bytes.removeLast(Int(rng.uniform(0, Double(bytes.count)))) }
            do {
                let z = try TimeZoneRules(tzif: bytes, name: "Fuzz")
                for t in [-1e18, -3e9, 0, 1.7e9, 4.1e9, 1e18, .nan] { _ = z.localText(t) }
            } catch {
                refused += 1
            }
        }
        #expect(refused > 0)
    }
}
