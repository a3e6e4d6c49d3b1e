import Foundation
import GeoFormats
import GeoKernel
import Testing
import _GeoKernelTestSupport

/// `geokernel fences` fed the GeoJSON that `geokernel route --format geojson` writes
/// (issue 13, point 6): the pins are the fences, the legs are skipped with a note.
@Suite("The command line: fences around a route's pins")
struct FencesFromRouteCommandLineTests {
    @Test("route --format geojson output is a fences file: one fence per pin, named by its label, legs skipped")
    func routePinsAsFences() throws {
        let stops = try SharedData.csv("traces/movingpandas/stops_304_to_ul.csv")
        let chosen = [stops[0], stops[17], stops[stops.count - 1]]
        let pins = chosen.flatMap { ["--pin", "\($0["lat"]!),\($0["lon"]!)"] }
        let route = try GeoKernelTool.run(["route", "--format", "geojson"] + pins)
        #expect(route.status == 0, "\(route.err)")
        let scratch = try TemporaryDirectory("fences-route")
        let routePath = scratch.file("route.geojson")
        try route.out.write(toFile: routePath, atomically: true, encoding: .utf8)

        // The same pins as a plain fences file: Points with ids A, B, C and a 50 m radius.
        let plain = GeoJSONObject.featureCollection(zip(["A", "B", "C"], chosen).map { label, s in
            GeoJSONFeature(
                id: .string(label),
                geometry: .point(GeoJSONPosition(longitude: Double(s["lon"]!)!, latitude: Double(s["lat"]!)!)),
                properties: ["radius": 50])
        })
        let plainPath = scratch.file("plain.geojson")
        try GeoJSON.encode(plain).write(toFile: plainPath, atomically: true, encoding: .utf8)

        let trace = SharedData.path("traces/movingpandas/304_to_UL_2019-02-18_0745.gpx")
        let fromRoute = try GeoKernelTool.run(
            ["fences", "--fences", routePath, "--trace", trace, "--radius", "50", "--format", "jsonl"])
        #expect(fromRoute.status == 0, "\(fromRoute.err)")
        #expect(fromRoute.err.contains("skipped 2 features that are not fences"), "\(fromRoute.err)")
        let expected = try GeoKernelTool.run(["fences", "--fences", plainPath, "--trace", trace, "--format", "jsonl"])
        #expect(expected.status == 0 && !expected.out.isEmpty, "\(expected.err)")
        #expect(fromRoute.out == expected.out)
        for label in ["A", "B", "C"] {
            #expect(fromRoute.out.contains(#""event":"enter","fence":"\#(label)""#), "no enter at \(label): \(fromRoute.out)")
        }
        // Without --radius a pin's fence is 1 km, as in the MapKit exercise.
        let wide = try GeoKernelTool.run(["fences", "--fences", routePath, "--trace", trace])
        #expect(wide.status == 0 && wide.out.contains("and 3 fences"), "\(wide.out) \(wide.err)")
    }
}
