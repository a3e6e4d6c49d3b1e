import Foundation
import GeoKernel
import Testing
import _GeoKernelTestSupport

/// The native geodesic against GeographicLib 2.1 on 1 000 seeded geodesics
/// (Fixtures/geodesic-geographiclib.csv, written by scripts/geodesic-reference.py): random
/// pairs, nearly antipodal ones, pairs near the poles, short lines, the equator, meridians,
/// and four other ellipsoids.
@Suite("Native geodesics against GeographicLib")
struct GeodesicAgainstGeographicLibTests {
    struct Row: Sendable {
        var set: String, a, f, lat1, lon1, azi1, lat2, lon2, azi2, s12, a12, m12, M12, M21, S12: Double
    }

    static let rows: [Row] = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/geodesic-geographiclib.csv").path
        return ((try? SharedData.csv(file: file)) ?? []).map { r in
            func d(_ k: String) -> Double { Double(r[k] ?? "") ?? .nan }
            return Row(
                set: r["set"] ?? "?", a: d("a"), f: d("f"), lat1: d("lat1"), lon1: d("lon1"), azi1: d("azi1"),
                lat2: d("lat2"), lon2: d("lon2"), azi2: d("azi2"), s12: d("s12"), a12: d("a12"), m12: d("m12"),
                M12: d("M12"), M21: d("M21"), S12: d("S12"))
        }
    }()

    /// Five values for a batch of the kernels that take four lanes at a time: row r's in
    /// lane r % 4 and in the tail (index 4), the others from other rows.
    static func inLanes<T>(_ r: Int, _ value: (Row) -> T) -> [T] {
        var out = (0..<5).map { value(rows[(r + 7 * $0 + 1) % rows.count]) }
        out[r % 4] = value(rows[r])
        out[4] = value(rows[r])
        return out
    }

    static func geodesic(_ r: Row) throws -> Geodesic {
        r.f == EarthModel.wgs84Flattening && r.a == EarthModel.wgs84SemiMajorAxisMeters
            ? .wgs84 : try Geodesic(equatorialRadiusMeters: r.a, flattening: r.f)
    }

    /// How far an azimuth error moves the far end of the line: the reduced length times the
    /// error in radians (capped by the distance to the pole, where azimuths turn fastest).
    static func displacement(_ azimuthError: Double, _ m12: Double, latitude: Double, a: Double) -> Double {
        azimuthError * .pi / 180 * min(abs(m12), a * cos(latitude * .pi / 180))
    }

    /// 0.1 m² plus c² · 4e-14, c the authalic radius: near the antipode the azimuths are
    /// fixed only to a few 1e-14 rad (both libraries stop Newton's method once λ is within
    /// 8 ulps, which the antipode amplifies), and the area moves by c² times that (measured
    /// here: up to 0.56 m² on areas of 1e14 m²).
    static func areaTolerance(_ r: Row) -> Double {
        let b = r.a * (1 - r.f), e2 = r.f * (2 - r.f)
        let authalic = e2 > 0 ? atanh(e2.squareRoot()) / e2.squareRoot() : e2 < 0 ? atan((-e2).squareRoot()) / (-e2).squareRoot() : 1
        return 0.1 + 4e-14 * (r.a * r.a + b * b * authalic) / 2
    }

    @Test("all 1 000 rows of the GeographicLib reference are present")
    func allRowsPresent() {
        #expect(Self.rows.count == 1_000)
        #expect(Set(Self.rows.map(\.set)) == ["random", "antipodal", "polar", "short", "equator", "meridian", "ellipsoid"])
    }

    @Test("the inverse problem equals GeographicLib: distance and reduced length within 15 nm, arc within 1e-13°, the azimuths' displacement within 15 nm, the area within 0.1 m² + 4e-14 c²")
    func inverse() throws {
        for r in Self.rows {
            let g = try Self.geodesic(r)
            let p1 = try Coordinate(latitude: r.lat1, longitude: r.lon1)
            let p2 = try Coordinate(latitude: r.lat2, longitude: r.lon2)
            let i = g.inverse(from: p1, to: p2)
            let row = "\(r.set) (\(r.lat1), \(r.lon1)) → (\(r.lat2), \(r.lon2))"
            expectClose(i.distanceMeters, r.s12, tolerance: 15e-9, "s12 \(row)")
            expectClose(g.distanceMeters(from: p1, to: p2), r.s12, tolerance: 15e-9, "distanceMeters \(row)")
            expectClose(i.reducedLengthMeters, r.m12, tolerance: 15e-9, "m12 \(row)")
            expectClose(i.arcDegrees, r.a12, tolerance: 1e-13, "a12 \(row)")
            expectClose(i.areaSquareMeters, r.S12, tolerance: Self.areaTolerance(r), "S12 \(row)")
            let d1 = Self.displacement(azimuthDifference(i.initialAzimuthDegrees, r.azi1), r.m12, latitude: r.lat1, a: r.a)
            let d2 = Self.displacement(azimuthDifference(i.finalAzimuthDegrees, r.azi2), r.m12, latitude: r.lat2, a: r.a)
            #expect(d1 <= 15e-9 && d2 <= 15e-9, "azimuths \(row): \(i.initialAzimuthDegrees) vs \(r.azi1), \(i.finalAzimuthDegrees) vs \(r.azi2)")
        }
    }

    @Test("the direct problem from GeographicLib's azimuth and distance ends within 15 nm of its end point, with its final azimuth")
    func direct() throws {
        for r in Self.rows {
            let g = try Self.geodesic(r)
            let p1 = try Coordinate(latitude: r.lat1, longitude: r.lon1)
            let p2 = try Coordinate(latitude: r.lat2, longitude: r.lon2)
            let d = try g.direct(from: p1, azimuthDegrees: r.azi1, distanceMeters: r.s12)
            let row = "\(r.set) (\(r.lat1), \(r.lon1)) azimuth \(r.azi1), \(r.s12) m"
            #expect(g.inverse(from: d.destination, to: p2).distanceMeters <= 15e-9, "end point \(row)")
            let d2 = Self.displacement(azimuthDifference(d.finalAzimuthDegrees, r.azi2), r.m12, latitude: r.lat2, a: r.a)
            #expect(d2 <= 15e-9, "azi2 \(row): \(d.finalAzimuthDegrees) vs \(r.azi2)")
        }
    }

    @Test("swapping the end points keeps the distance and reverses the azimuths")
    func symmetry() throws {
        for r in Self.rows where r.set == "random" || r.set == "short" {
            let p1 = try Coordinate(latitude: r.lat1, longitude: r.lon1)
            let p2 = try Coordinate(latitude: r.lat2, longitude: r.lon2)
            let there = Geodesic.wgs84.inverse(from: p1, to: p2), back = Geodesic.wgs84.inverse(from: p2, to: p1)
            expectClose(back.distanceMeters, there.distanceMeters, tolerance: 1e-9, "\(r.lat1), \(r.lon1)")
            #expect(azimuthDifference(back.initialAzimuthDegrees, there.finalAzimuthDegrees + 180) <= 1e-9)
            expectClose(back.areaSquareMeters, -there.areaSquareMeters, tolerance: Self.areaTolerance(r))
        }
    }
}
