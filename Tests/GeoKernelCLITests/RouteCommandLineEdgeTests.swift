import Foundation
import GeoFormats
import GeoKernel
import Route
import Testing
import _GeoKernelTestSupport

/// `geokernel route` where it was rough (issue 13, point 6): the pin limit and the
/// rounding of leg times.
@Suite("The command line: route pins beyond the limit and leg times that add up")
struct RouteCommandLineEdgeTests {
    /// Minutes of a "0d 2h 45m" time.
    static func minutes(_ text: Substring) -> Int? {
        let parts = text.split(separator: " ")
        guard parts.count == 3, parts[0].hasSuffix("d"), parts[1].hasSuffix("h"), parts[2].hasSuffix("m"),
              let d = Int(parts[0].dropLast()), let h = Int(parts[1].dropLast()), let m = Int(parts[2].dropLast())
        else { return nil }
        return d * 1440 + h * 60 + m
    }

    /// The times of the "Legs" section (legs, then the total), in minutes.
    static func legMinutes(_ out: String) -> (legs: [Int], total: Int?) {
        var legs: [Int] = [], total: Int?
        for line in out.split(separator: "\n") where line.hasPrefix("  ") {
            guard let match = line.firstMatch(of: /(\d+d \d+h \d+m)/) else { continue }
            if line.contains(" → ") { legs.append(minutes(match.1) ?? -1) }
            if line.hasPrefix("  total") { total = minutes(match.1) }
        }
        return (legs, total)
    }

    @Test("a sixth pin: the route of the five pins is printed, the error for the sixth goes to stderr, exit status 1")
    func pinBeyondLimit() throws {
        let pins = (0..<6).flatMap { ["--pin", "47.\($0),8.5"] }
        let r = try GeoKernelTool.run(["route"] + pins)
        #expect(r.status == 1, "\(r.status)")
        var plan = try RoutePlan()
        for i in 0..<5 { try plan.addPin(latitude: 47 + Double(i) / 10, longitude: 8.5) }
        for line in plan.directions { #expect(r.out.contains(line), "missing: \(line)") }
        #expect(r.out.contains("  E  47.400000, 8.500000") && !r.out.contains("  F  "), "\(r.out)")
        #expect(r.out.contains("D → E") && r.out.contains("Directions from D to E"), "\(r.out)")
        #expect(r.err.contains("at most 5 pins (A–E)") && r.err.contains("pin F") && r.err.contains("--max-pins 6"), "\(r.err)")
        #expect(!r.out.contains("at most 5 pins"), "the error belongs on stderr")
        // GeoJSON and polyline output: the five pins' route, then the error.
        let geojson = try GeoKernelTool.run(["route", "--format", "geojson"] + pins)
        #expect(geojson.status == 1 && geojson.err.contains("at most 5 pins"), "\(geojson.err)")
        let features = try GeoJSON.decode(geojson.out).features
        #expect(features.filter { $0.geometry.map { if case .point = $0 { true } else { false } } ?? false }.count == 5)
        let polyline = try GeoKernelTool.run(["route", "--format", "polyline"] + pins)
        let encoded = try EncodedPolyline.encode(plan.geometry)
        #expect(polyline.status == 1 && polyline.out.trimmingCharacters(in: .whitespacesAndNewlines) == encoded)
        // Seven pins: both extra pins are named.
        let seven = try GeoKernelTool.run(["route"] + pins + ["--pin", "48,8.5"])
        #expect(seven.status == 1 && seven.err.contains("pins F, G") && seven.err.contains("--max-pins 7"), "\(seven.err)")
        // Within the limit nothing changes: exit 0, nothing on stderr.
        let five = try GeoKernelTool.run(["route"] + pins.prefix(10))
        #expect(five.status == 0 && five.err.isEmpty, "\(five.err)")
    }

    @Test("leg times are rounded so that they add up to the total, which is the rounded sum of the unrounded times")
    func legTimesAddUp() throws {
        // At 60 km/h: 1.668 min + 0.667 min = 2.335 min; rounded on their own the legs
        // were "2m" + "1m" next to a total of "2m".
        let r = try GeoKernelTool.run(["route", "--pin", "0,0", "--pin", "0,0.015", "--pin", "0,0.021"])
        #expect(r.status == 0, "\(r.err)")
        let (legs, total) = Self.legMinutes(r.out)
        #expect(legs.count == 2 && total == 2, "\(r.out)")
        #expect(legs.reduce(0, +) == total, "legs \(legs) do not add up to \(String(describing: total)):\n\(r.out)")
        #expect(legs == [2, 0], "the largest remainder (leg A → B, 0.668) gets the minute:\n\(r.out)")
        // The directions' estimated times are the same as the legs'.
        #expect(r.out.contains("Estimated time: 0d 0h 2m") && r.out.contains("Estimated time: 0d 0h 0m"), "\(r.out)")
        let help = try GeoKernelTool.run(["route", "--help"]).flattened
        #expect(help.text.contains("largest remainder"), "\(help.text)")
    }

    @Test("leg times: many legs of 40 s each add up to the rounded total (largest remainder, ties to the earlier leg)")
    func manyShortLegs() throws {
        // Five legs of 0.6 min each at 60 km/h → exact total 3.0 min; 0.6 rounds to 1 on its own (5 in all).
        let pins = (0..<5).flatMap { i in ["--pin", "0,\(Double(i) * 600 / 111_194.92664455873)"] }
        let r = try GeoKernelTool.run(["route", "--max-pins", "5"] + pins)
        #expect(r.status == 0, "\(r.err)")
        let (legs, total) = Self.legMinutes(r.out)
        #expect(legs.count == 4 && legs.reduce(0, +) == total && total == 2, "\(legs) \(String(describing: total)):\n\(r.out)")
        #expect(legs.allSatisfy { $0 == 0 || $0 == 1 })
    }
}
