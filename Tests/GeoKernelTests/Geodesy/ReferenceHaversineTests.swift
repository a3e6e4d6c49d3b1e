import GeoKernel
import Testing
import _GeoKernelTestSupport

/// Turf and movable-type distance cases from ../shared/data/reference/haversine_cases.csv.
@Suite("Haversine and WGS84 distances against Turf and movable-type cases")
struct ReferenceHaversineTests {
    static let rows: [[String: String]] = (try? SharedData.csv("reference/haversine_cases.csv")) ?? []

    @Test("all 13 reference rows are present")
    func present() { #expect(Self.rows.count == 13) }

    @Test("each row matches within its tolerance")
    func eachRowMatches() throws {
        for r in Self.rows {
            let origin = r["origin"] ?? "?"
            let a = try Coordinate(latitude: Double(r["lat1"]!)!, longitude: Double(r["lon1"]!)!)
            let b = try Coordinate(latitude: Double(r["lat2"]!)!, longitude: Double(r["lon2"]!)!)
            let tol = Double(r["tol_m"]!)!
            if r["model"] == "sphere" {
                let radius = Double(r["radius_m"]!)!
                if let d = Double(r["distance_m"] ?? "") {
                    expectClose(haversineDistance(a, b, radiusMeters: radius), d, tolerance: tol, origin)
                }
                if let angle = Double(r["central_angle_rad"] ?? "") {
                    let got = haversineCentralAngle(
                        latitude1: a.latitude, longitude1: a.longitude,
                        latitude2: b.latitude, longitude2: b.longitude)
                    expectClose(got, angle, tolerance: tol, origin)
                }
            } else {
                let d = Double(r["distance_m"]!)!
                expectClose(Geodesic.wgs84.inverse(from: a, to: b).distanceMeters, d, tolerance: tol, origin)
            }
        }
    }

    @Test("the sphere differs from WGS84 by at most 0.56 percent")
    func sphereVersusEllipsoid() throws {
        var rng = SeededRandom(seed: 7)
        var worst = 0.0
        for _ in 0..<20_000 {
            let a = try Coordinate(latitude: rng.uniform(-90, 90), longitude: rng.uniform(-180, 180))
            let b = try Coordinate(latitude: rng.uniform(-90, 90), longitude: rng.uniform(-180, 180))
            let s = Geodesic.wgs84.inverse(from: a, to: b).distanceMeters
            guard s > 1000, s < 19_000_000 else { continue }
            worst = max(worst, abs(haversineDistance(a, b) - s) / s)
        }
        #expect(worst < EarthModel.sphereMaxRelativeError)
        #expect(worst > 0.003, "the sample should reach the known large differences, got \(worst)")
    }
}
