import GeoKernel
import Testing

@Suite("Coordinate")
struct CoordinateTests {
    @Test("keeps latitude and longitude that are already in range")
    func keepsValues() throws {
        let c = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        #expect(c.latitude == 48.8566)
        #expect(c.longitude == 2.3522)
    }

    @Test("normalises longitude into [-180, 180)", arguments: [
        (180.0, -180.0), (-180.0, -180.0), (190.0, -170.0), (-190.0, 170.0),
        (540.0, -180.0), (360.0, 0.0), (-360.0, 0.0), (725.5, 5.5), (179.999, 179.999),
    ])
    func normalisesLongitude(input: Double, expected: Double) throws {
        let c = try Coordinate(latitude: 0, longitude: input)
        #expect(abs(c.longitude - expected) < 1e-9)
        #expect(c.longitude >= -180 && c.longitude < 180)
    }

    @Test("accepts the poles exactly")
    func acceptsPoles() throws {
        #expect(try Coordinate(latitude: 90, longitude: 0).latitude == 90)
        #expect(try Coordinate(latitude: -90, longitude: 0).latitude == -90)
    }

    @Test("rejects a latitude beyond the poles", arguments: [90.000001, -91.0, 1e300])
    func rejectsLatitude(lat: Double) {
        #expect(throws: GeoKernelError.self) { try Coordinate(latitude: lat, longitude: 0) }
        do {
            _ = try Coordinate(latitude: lat, longitude: 0)
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains("outside [-90, 90]"))
        }
    }

    @Test("rejects NaN and infinite values", arguments: [
        (Double.nan, 0.0), (0.0, Double.nan), (Double.infinity, 0.0), (0.0, -Double.infinity),
    ])
    func rejectsNonFinite(lat: Double, lon: Double) {
        #expect(throws: GeoKernelError.self) { try Coordinate(latitude: lat, longitude: lon) }
    }

    @Test("error codes equal the C status codes")
    func errorCodes() {
        #expect(GeoKernelError.Code.misuse.rawValue == 1)
        #expect(GeoKernelError.Code.invalidArgument.rawValue == 2)
        #expect(GeoKernelError.Code.crs.rawValue == 10)
        #expect(GeoKernelError.Code.projDatabase.rawValue == 11)
        #expect(GeoKernelError.Code.internal.rawValue == 99)
    }
}
