import GeoKernel
import Testing
import _GeoKernelTestSupport

/// GeographicLib's test cases and a sample of Karney's geodesic test set, read from
/// ../shared/data/reference/geodesic_cases.csv, each with its upstream tolerance.
@Suite("WGS84 geodesics against GeographicLib reference cases")
struct ReferenceGeodesicTests {
    struct Case: Sendable, CustomStringConvertible {
        var lat1, lon1, azi1, lat2, lon2, azi2, s12, a12: Double
        var tolS12, tolAzi: Double
        var origin: String
        var description: String { origin }
    }

    static let cases: [Case] = {
        let rows = (try? SharedData.csv("reference/geodesic_cases.csv")) ?? []
        return rows.map { r in
            func d(_ k: String) -> Double { Double(r[k] ?? "") ?? .nan }
            return Case(
                lat1: d("lat1"), lon1: d("lon1"), azi1: d("azi1"), lat2: d("lat2"), lon2: d("lon2"),
                azi2: d("azi2"), s12: d("s12"), a12: d("a12"), tolS12: d("tol_s12_m"),
                tolAzi: d("tol_azi_deg"), origin: r["origin"] ?? "?")
        }
    }()

    @Test("all 137 reference cases are present")
    func allCasesPresent() {
        #expect(Self.cases.count == 137)
        for c in Self.cases {
            #expect(c.lat1.isFinite && c.s12.isFinite && c.tolS12 > 0, "unreadable row \(c.origin)")
        }
    }

    @Test("the inverse problem gives the reference distance and azimuths", arguments: cases)
    func inverse(c: Case) throws {
        let p1 = try Coordinate(latitude: c.lat1, longitude: c.lon1)
        let p2 = try Coordinate(latitude: c.lat2, longitude: c.lon2)
        let r = Geodesic.wgs84.inverse(from: p1, to: p2)
        expectClose(r.distanceMeters, c.s12, tolerance: c.tolS12, "s12 \(c.origin)")
        // One convention for every bearing of the library: [0, 360), like the sphere's.
        for azimuth in [r.initialAzimuthDegrees, r.finalAzimuthDegrees] {
            #expect(azimuth >= 0 && azimuth < 360 && azimuth.sign == .plus, "\(c.origin): azimuth \(azimuth)")
        }
        if c.azi1.isFinite, c.tolAzi.isFinite {
            #expect(azimuthDifference(r.initialAzimuthDegrees, c.azi1) <= c.tolAzi, "azi1 \(c.origin): \(r.initialAzimuthDegrees) vs \(c.azi1)")
            #expect(azimuthDifference(r.finalAzimuthDegrees, c.azi2) <= c.tolAzi, "azi2 \(c.origin): \(r.finalAzimuthDegrees) vs \(c.azi2)")
        }
    }

    @Test("the direct problem reaches the reference end point", arguments: cases)
    func direct(c: Case) throws {
        guard c.azi1.isFinite else { return }
        let p1 = try Coordinate(latitude: c.lat1, longitude: c.lon1)
        let r = try Geodesic.wgs84.direct(from: p1, azimuthDegrees: c.azi1, distanceMeters: c.s12)
        let p2 = try Coordinate(latitude: c.lat2, longitude: c.lon2)
        // Compare end points by their geodesic separation; the reference is exact to
        // 0.1 µm, GeographicLib claims 15 nm, so 20 nm plus the row's s12 tolerance.
        #expect(r.finalAzimuthDegrees >= 0 && r.finalAzimuthDegrees < 360, "\(c.origin): \(r.finalAzimuthDegrees)")
        let miss = Geodesic.wgs84.inverse(from: r.destination, to: p2).distanceMeters
        #expect(miss <= max(c.tolS12, 2e-8), "direct end point \(c.origin) misses by \(miss) m")
    }
}
