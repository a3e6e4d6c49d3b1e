// PROJ's own engine: built and run with the PROJ trait only (the native CRS are tested
// in NativeProjectionTests with and without it).
#if PROJ
import Foundation
import GeoKernel
import Testing
import _GeoKernelTestSupport

/// Spherical (Web) Mercator on the WGS84 semi-major axis, the EPSG:3857 formula.
private func webMercator(lon: Double, lat: Double) -> (x: Double, y: Double) {
    let a = 6_378_137.0
    let r = Double.pi / 180
    return (a * lon * r, a * log(tan(Double.pi / 4 + lat * r / 2)))
}

@Suite("Transformer")
struct ProjectionTransformerTests {
    // MARK: Requirement 1: any two CRS, x = longitude, batches in place

    @Test("EPSG:4326 to EPSG:3857 takes longitude first and matches the Web Mercator formula")
    func webMercatorLongitudeFirst() throws {
        let t = try Transformer(source: "EPSG:4326", target: "EPSG:3857")
        #expect(t.source == "EPSG:4326")
        #expect(t.target == "EPSG:3857")
        var x = [10.0, -73.9857, 0, 179.5], y = [50.0, 40.7484, 0, -85]
        let failed = try t.transform(x: &x, y: &y)
        #expect(failed == 0)
        for (i, (lon, lat)) in zip([10.0, -73.9857, 0, 179.5], [50.0, 40.7484, 0, -85]).enumerated() {
            let e = webMercator(lon: lon, lat: lat)
            expectClose(x[i], e.x, tolerance: 1e-6, "x[\(i)]")
            expectClose(y[i], e.y, tolerance: 1e-6, "y[\(i)]")
        }
    }

    @Test("Without normalisation EPSG:4326 takes latitude first, as the EPSG definition says")
    func authorityAxisOrder() throws {
        var o = Transformer.Options()
        o.normalizeAxisOrder = false
        let t = try Transformer(source: "EPSG:4326", target: "EPSG:3857", options: o)
        let p = try t.transform(x: 50, y: 10)  // latitude 50, longitude 10
        let e = webMercator(lon: 10, lat: 50)
        expectClose(p.x, e.x, tolerance: 1e-6)
        expectClose(p.y, e.y, tolerance: 1e-6)
    }

    @Test("EPSG:4326 to UTM 33N puts the central meridian on the equator at (500000, 0), and inverts")
    func utmRoundTrip() throws {
        let t = try Transformer(source: "EPSG:4326", target: "EPSG:32633")
        let p = try t.transform(x: 15, y: 0)
        expectClose(p.x, 500_000, tolerance: 1e-6)
        expectClose(p.y, 0, tolerance: 1e-6)
        var rng = SeededRandom(seed: 33)
        var lon = (0..<1000).map { _ in rng.uniform(10, 20) }
        var lat = (0..<1000).map { _ in rng.uniform(-80, 84) }
        let (lon0, lat0) = (lon, lat)
        #expect(try t.transform(x: &lon, y: &lat) == 0)
        #expect(lon.allSatisfy { $0 > -100_000 && $0 < 1_100_000 }, "eastings")
        #expect(try t.transform(x: &lon, y: &lat, direction: .inverse) == 0)
        for i in lon.indices {
            expectClose(lon[i], lon0[i], tolerance: 1e-9, "lon[\(i)]")
            expectClose(lat[i], lat0[i], tolerance: 1e-9, "lat[\(i)]")
        }
    }

    @Test("PROJ strings work as CRS and agree with the same projection as an operation")
    func projStringCRS() throws {
        let crs = try Transformer(source: "+proj=longlat +datum=WGS84", target: "+proj=merc +datum=WGS84")
        let op = try Transformer(operation: "+proj=merc +ellps=WGS84")
        let a = try crs.transform(x: 12, y: 55)
        let b = try op.transform(x: 12, y: 55)
        expectClose(a.x, b.x, tolerance: 1e-9)
        expectClose(a.y, b.y, tolerance: 1e-9)
        // Mercator x is a·λ exactly.
        expectClose(a.x, 6_378_137 * 12 * .pi / 180, tolerance: 1e-9)
    }

    @Test("Operations take and give degrees: forward Mercator from degrees, inverse back to degrees")
    func operationDegrees() throws {
        let t = try Transformer(operation: "+proj=merc +ellps=GRS80")
        #expect(t.source == "+proj=merc +ellps=GRS80")
        #expect(t.target == "")
        let p = try t.transform(x: 2, y: 1)
        expectClose(p.x, 6_378_137 * 2 * .pi / 180, tolerance: 1e-9)
        let back = try t.transform(x: p.x, y: p.y, direction: .inverse)
        expectClose(back.x, 2, tolerance: 1e-12)
        expectClose(back.y, 1, tolerance: 1e-12)
    }

    @Test("An operation without angular input is not converted to radians")
    func nonAngularOperation() throws {
        let t = try Transformer(operation: "+proj=affine +xoff=1 +yoff=2")
        let p = try t.transform(x: 10, y: 20)
        #expect(p.x == 11)
        #expect(p.y == 22)
        let q = try t.transform(x: 11, y: 22, direction: .inverse)
        #expect(q.x == 10 && q.y == 20)
    }

    @Test("Interleaved x,y and strided buffers are transformed in place like separate arrays")
    func interleavedAndStrided() throws {
        let t = try Transformer(source: "EPSG:4326", target: "EPSG:32633")
        var rng = SeededRandom(seed: 7)
        let n = 2_500  // more than one C block of 1024 points
        let lon = (0..<n).map { _ in rng.uniform(9, 21) }
        let lat = (0..<n).map { _ in rng.uniform(-60, 70) }
        var sx = lon, sy = lat
        try t.transform(x: &sx, y: &sy)

        var xy = [Double](repeating: 0, count: 2 * n)
        for i in 0..<n { xy[2 * i] = lon[i]; xy[2 * i + 1] = lat[i] }
        #expect(try t.transform(interleaved: &xy) == 0)
        for i in 0..<n {
            #expect(xy[2 * i] == sx[i] && xy[2 * i + 1] == sy[i])
        }

        // Records of 4 doubles: x, y, z, a marker PROJ must not touch; stride 32 bytes.
        var rec = [Double](repeating: 0, count: 4 * n)
        for i in 0..<n { rec[4 * i] = lon[i]; rec[4 * i + 1] = lat[i]; rec[4 * i + 2] = 100; rec[4 * i + 3] = -7 }
        let failed = try rec.withUnsafeMutableBufferPointer { b throws(GeoKernelError) -> Int in
            let p = b.baseAddress!
            return try t.transform(x: p, y: p + 1, z: p + 2, count: n, strideBytes: 32)
        }
        #expect(failed == 0)
        for i in 0..<n {
            #expect(rec[4 * i] == sx[i] && rec[4 * i + 1] == sy[i])
            #expect(rec[4 * i + 2] == 100, "UTM keeps the height")
            #expect(rec[4 * i + 3] == -7, "padding untouched")
        }
    }

    @Test("clone() gives an independent transformer with identical results")
    func cloneIsIndependent() throws {
        var o = Transformer.Options()
        o.useProj4InitRules = true
        var t: Transformer? = try Transformer(source: "EPSG:4326", target: "EPSG:3857", options: o)
        let c = try t!.clone()
        #expect(c.source == "EPSG:4326" && c.target == "EPSG:3857")
        let a = try t!.transform(x: 10, y: 50)
        t = nil  // the clone owns its own context and operation
        let b = try c.transform(x: 10, y: 50)
        #expect(a.x == b.x && a.y == b.y)
        // The clone keeps the context settings: proj4 init rules (longitude first for
        // +init=epsg:4326) and the search paths.
        var rules = Transformer.Options()
        rules.useProj4InitRules = true
        rules.normalizeAxisOrder = false
        rules.searchPaths = ["/nonexistent/dir", "/usr/share/proj"]
        let initT = try Transformer(source: "+init=epsg:4326", target: "+init=epsg:3857", options: rules)
        let initC = try initT.clone()
        let u = try initT.transform(x: 10, y: 50), v = try initC.transform(x: 10, y: 50)
        #expect(u.x == v.x && u.y == v.y)
        expectClose(v.x, 6_378_137 * 10 * .pi / 180, tolerance: 1e-6, "longitude first")
        let op = try Transformer(operation: "+proj=utm +zone=32 +ellps=GRS80").clone()
        let p = try op.transform(x: 9, y: 0)
        expectClose(p.x, 500_000, tolerance: 1e-6)
    }

    @Test("Empty batches are a no-op")
    func emptyBatches() throws {
        let t = try Transformer(source: "EPSG:4326", target: "EPSG:3857")
        var x: [Double] = [], y: [Double] = []
        #expect(try t.transform(x: &x, y: &y) == 0)
        #expect(try t.transform(interleaved: &x) == 0)
    }

    // MARK: Requirement 3: PROJ's own error text

    @Test("An unknown EPSG code gives .crs with PROJ's text and the offending string")
    func unknownEPSG() {
        let e = #expect(throws: GeoKernelError.self) {
            _ = try Transformer(source: "EPSG:99999", target: "EPSG:3857")
        }
        #expect(e?.code == .crs)
        let m = e?.message ?? ""
        // PROJ's reason ("crs not found", from "proj_create: crs not found"), the string and
        // its role, each once (issue 26: messages name their cause once).
        #expect(m == "crs not found: EPSG:99999 (source CRS)", "\(m)")
        let f = #expect(throws: GeoKernelError.self) {
            _ = try Transformer(source: "EPSG:4326", target: "EPSG:99999")
        }
        #expect(f?.code == .crs)
        #expect(f?.message == "crs not found: EPSG:99999 (target CRS)", "\(f?.message ?? "")")
    }

    @Test("An unknown projection gives .crs with PROJ's 'Unknown projection'")
    func unknownProjection() {
        let e = #expect(throws: GeoKernelError.self) {
            _ = try Transformer(operation: "+proj=nosuchprojection")
        }
        #expect(e?.code == .crs)
        #expect(e?.message.contains("Unknown projection: +proj=nosuchprojection") == true, "\(e?.message ?? "")")
        let f = #expect(throws: GeoKernelError.self) {
            _ = try Transformer(source: "+proj=nosuchprojection", target: "EPSG:4326")
        }
        #expect(f?.code == .crs)
        #expect(f?.message.contains("Unknown projection") == true, "\(f?.message ?? "")")
    }

    @Test("A CRS given as an operation is rejected with .crs")
    func crsIsNotAnOperation() {
        let e = #expect(throws: GeoKernelError.self) {
            _ = try Transformer(operation: "EPSG:4326")
        }
        #expect(e?.code == .crs)
        #expect(e?.message.contains("not a coordinate operation") == true)
    }

    // MARK: Requirement 4: missing proj.db

    @Test("A missing proj.db gives .projDatabase naming the searched paths, for a CRS only PROJ knows")
    func missingDatabase() throws {
        var o = Transformer.Options()
        o.searchPaths = ["/nonexistent/dir"]
        let e = #expect(throws: GeoKernelError.self) {
            _ = try Transformer(source: "EPSG:4326", target: "EPSG:2056", options: o)
        }
        #expect(e?.code == .projDatabase)
        let m = e?.message ?? ""
        #expect(m.contains("[/nonexistent/dir]") && m.contains("proj.db") && m.contains("EPSG:4326"), "\(m)")
        // The native pairs need no database at all.
        let native = try Transformer(source: "EPSG:4326", target: "EPSG:3857", options: o)
        #expect(native.isNative)
        #expect(try native.transform(x: 0, y: 0) == (0, 0))
        let f = #expect(throws: GeoKernelError.self) {
            _ = try Transformer(operation: "urn:ogc:def:coordinateOperation:EPSG::1671", options: o)
        }
        #expect(f?.code == .projDatabase, "\(f?.description ?? "")")
        // PROJ strings need no database, and a bad one is still a CRS error.
        let t = try Transformer(operation: "+proj=merc +ellps=GRS80", options: o)
        expectClose(try t.transform(x: 1, y: 0).x, 6_378_137 * .pi / 180, tolerance: 1e-9)
        let g = #expect(throws: GeoKernelError.self) { _ = try Transformer(operation: "+proj=nosuch", options: o) }
        #expect(g?.code == .crs, "\(g?.description ?? "")")
        // The same search path set to where proj.db really is works (per context).
        if FileManager.default.fileExists(atPath: "/usr/share/proj/proj.db") {
            o.searchPaths = ["/usr/share/proj"]
            _ = try Transformer(source: "EPSG:4326", target: "EPSG:3857", options: o)
        }
    }

    // MARK: Requirement 5: failing points, NaN, bad arguments

    @Test("Points that cannot be transformed become +infinity and are counted; the rest are transformed")
    func failingPointsInBatch() throws {
        let t = try Transformer(source: "EPSG:4326", target: "EPSG:3857")
        let lon = [10.0, 20, 30, -40, 5], lat = [50.0, 95, 10, -91, -20]
        var x = lon, y = lat
        let failed = try t.transform(x: &x, y: &y)
        #expect(failed == 2)
        for i in [1, 3] {
            #expect(x[i] == .infinity && y[i] == .infinity, "point \(i)")
        }
        for i in [0, 2, 4] {
            let e = webMercator(lon: lon[i], lat: lat[i])
            expectClose(x[i], e.x, tolerance: 1e-6, "x[\(i)]")
            expectClose(y[i], e.y, tolerance: 1e-6, "y[\(i)]")
        }
    }

    @Test("A point outside the projection's domain (far side of an orthographic view) fails alone")
    func outsideDomain() throws {
        let t = try Transformer(operation: "+proj=ortho +lat_0=0 +lon_0=0 +R=6371000")
        var xy = [10.0, 10.0, 120.0, 0.0, -30.0, 5.0]
        #expect(try t.transform(interleaved: &xy) == 1)
        #expect(xy[2] == .infinity && xy[3] == .infinity)
        #expect(xy[0].isFinite && xy[1].isFinite && xy[4].isFinite && xy[5].isFinite)
        #expect(throws: GeoKernelError.self) { _ = try t.transform(x: 120, y: 0) }
    }

    @Test("NaN or infinite input counts as a failure and comes back as +infinity (documented choice)")
    func nanInput() throws {
        let t = try Transformer(source: "EPSG:4326", target: "EPSG:3857")
        var x = [Double.nan, 10, 0, .infinity], y = [10.0, .nan, 0, 0]
        #expect(try t.transform(x: &x, y: &y) == 3)
        #expect(x[0] == .infinity && y[0] == .infinity)
        #expect(x[1] == .infinity && y[1] == .infinity)
        #expect(x[2] == 0 && abs(y[2]) < 1e-9)
        #expect(x[3] == .infinity && y[3] == .infinity)
        let op = try Transformer(operation: "+proj=merc")
        var xy = [Double.nan, 1, 1, 1]
        #expect(try op.transform(interleaved: &xy) == 1)
        #expect(xy[0] == .infinity && xy[1] == .infinity && xy[2].isFinite)
        do {
            _ = try t.transform(x: .nan, y: 0)
            Issue.record("NaN should throw")
        } catch {
            #expect(error.code == .transform)
        }
    }

    @Test("A single point that cannot be transformed throws .transform with PROJ's reason")
    func scalarFailure() {
        do {
            let t = try Transformer(source: "EPSG:4326", target: "EPSG:3857")
            _ = try t.transform(x: 10, y: 95)
            Issue.record("latitude 95 should throw")
        } catch {
            #expect(error.code == .transform)
            #expect(error.message.contains("Invalid latitude"), "\(error.message)")
            #expect(error.message.contains("EPSG:4326"))
        }
    }

    @Test("Bad arguments throw .invalidArgument and change nothing")
    func badArguments() throws {
        let t = try Transformer(source: "EPSG:4326", target: "EPSG:3857")
        var buf = [10.0, 50, 20, 40]
        buf.withUnsafeMutableBufferPointer { b in
            let p = b.baseAddress!
            for (count, stride) in [(-1, 8), (1, 0), (1, 4), (1, -8), (1, 12), (Int.max, 16)] {
                let e = #expect(throws: GeoKernelError.self, "count \(count), stride \(stride)") {
                    try t.transform(x: p, y: p + 1, z: nil, count: count, strideBytes: stride)
                }
                #expect(e?.code == .invalidArgument, "count \(count), stride \(stride)")
            }
        }
        #expect(buf == [10, 50, 20, 40])
        var x = [1.0, 2], y = [1.0]
        do {
            try t.transform(x: &x, y: &y)
            Issue.record("mismatched lengths should throw")
        } catch {
            #expect(error.code == .invalidArgument)
        }
        var odd = [1.0, 2, 3]
        do {
            try t.transform(interleaved: &odd)
            Issue.record("odd interleaved length should throw")
        } catch {
            #expect(error.code == .invalidArgument)
        }
        #expect(x == [1, 2] && y == [1] && odd == [1, 2, 3])
        do {
            _ = try Transformer(source: "EPSG:4326\0junk", target: "EPSG:3857")
            Issue.record("NUL in a CRS string should throw")
        } catch {
            #expect(error.code == .invalidArgument)
        }
    }
}
#endif
