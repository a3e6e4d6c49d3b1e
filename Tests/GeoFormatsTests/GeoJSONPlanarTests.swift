import Foundation
import GeoFormats
import GeoKernel
import Testing

/// `GeoJSON.decodePlanar`: positions as projected x, y (for `geokernel simplify --planar`).
@Suite("GeoJSON with planar positions")
struct GeoJSONPlanarTests {
    @Test("projected coordinates are refused as degrees and read as planar x, y; non-finite ones never")
    func planar() throws {
        let text = #"{"type":"LineString","coordinates":[[-78057.9,6840091.3],[500000,4649776.22]]}"#
        #expect(throws: GeoKernelError.self) { try GeoJSON.decode(text) }
        let object = try GeoJSON.decodePlanar(Data(text.utf8))
        #expect(object.features.first?.geometry == .lineString([
            GeoJSONPosition(longitude: -78057.9, latitude: 6840091.3), GeoJSONPosition(longitude: 500000, latitude: 4649776.22),
        ]))
        #expect(throws: GeoKernelError.self) {
            try GeoJSON.decodePlanar(Data(#"{"type":"Point","coordinates":[1e400,0]}"#.utf8))
        }
    }
}
