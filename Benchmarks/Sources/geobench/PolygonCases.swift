#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GeoKernel
import Geofence
import Simulation

/// Polygons: batch containment in one large polygon, and the geofence monitor with 100 000
/// polygon fences, each beside its naive baseline.
///
/// `polygon.contains.1000`: 1 000 000 points uniform in the bounding box of one polygon of
/// 1 000 vertices (a district of `SimulatedDistricts` with 251 vertices per side, 2 km
/// across, near Zürich), `PreparedPolygon.contains(_:into:)`; baseline `polygon.scan.1000`,
/// the naive test, a floating-point crossing count over every edge, on the first 20 000
/// points. ns/op is per point. Checked: the batch equals the naive test on those points
/// (but for points within 1e-9° of an edge's crossing, where floating point is not exact).
///
/// `geofence.polygon.update.100000`: 100 000 districts of about 300 m and 48 vertices
/// (the first 100 000 of 317 × 317 `SimulatedDistricts`, seed 1, one in seven with a hole), the walk of
/// `GeofenceCases` over the 95 km square they tile (100 000 fixes, 1–8 m/s, 5 m jitter,
/// accuracy 3–30 m, one fix in a hundred at 150 m), default rules. Baseline
/// `geofence.polygon.naive.100000`: every fence's own test at every fix (`Naive`) on the
/// first 100 fixes. ns/op is per fix. Checked: the monitor's events for those fixes equal
/// the naive loop's.
enum PolygonCases {
    static func make(points: Int) -> [BenchCase] {
        containment(points: points) + monitor()
    }

    static func containment(points: Int) -> [BenchCase] {
        let sw = GeofenceCases.place(-1_000, -1_000)
        let plan = SimulatedDistricts(rows: 1, columns: 1, southWest: sw, sizeMeters: 2_000, verticesPerSide: 251)
        let polygon = plan.polygons(seed: 1000)[0]
        let shape = try! PreparedPolygon(polygon)
        let lats = polygon.rings[0].map(\.latitude), lons = polygon.rings[0].map(\.longitude)
        var rng = SplitMix64(seed: 1000)
        let lat = (0..<points).map { _ in rng.uniform(lats.min()!, lats.max()!) }
        let lon = (0..<points).map { _ in rng.uniform(lons.min()!, lons.max()!) }
        let scanCount = min(points, 20_000)
        var mask = [Bool](repeating: false, count: points)
        var scanned = [Bool](repeating: false, count: scanCount)
        var ambiguous = [Bool](repeating: false, count: scanCount)
        let ring = polygon.rings[0]
        let ys = ring.map(\.latitude), xs = ring.map(\.longitude)
        /// The naive crossing count (even–odd) over every edge; also whether the crossing
        /// of some edge lies within 1e-9° of the point.
        func naive(_ y: Double, _ x: Double) -> (inside: Bool, close: Bool) {
            var odd = false, close = false
            var j = xs.count - 1
            for i in 0..<xs.count {
                if (ys[i] > y) != (ys[j] > y) {
                    let cx = xs[i] + (y - ys[i]) * (xs[j] - xs[i]) / (ys[j] - ys[i])
                    if x < cx { odd.toggle() }
                    if abs(x - cx) < 1e-9 { close = true }
                }
                j = i
            }
            return (odd, close)
        }
        return [
            BenchCase(name: "polygon.scan.1000", n: scanCount, baseline: nil, run: {
                for i in 0..<scanCount {
                    let r = naive(lat[i], lon[i])
                    scanned[i] = r.inside
                    ambiguous[i] = r.close
                }
            }),
            BenchCase(name: "polygon.contains.1000", n: points, baseline: "polygon.scan.1000", run: {
                lat.withUnsafeBufferPointer { la in
                    lon.withUnsafeBufferPointer { lo in
                        mask.withUnsafeMutableBufferPointer { m in
                            _ = try! shape.contains(
                                CoordinateColumns(latitudes: la.baseAddress!, longitudes: lo.baseAddress!, count: points), into: m)
                        }
                    }
                }
            }, check: {
                for i in 0..<scanCount {
                    let want = naive(lat[i], lon[i])
                    if mask[i] != want.inside, !want.close { return "point \(i): batch \(mask[i]), naive \(want.inside)" }
                }
                let inside = mask.filter { $0 }.count
                FileHandle.standardError.write(Data(
                    "polygon.contains.1000: \(inside) of \(points) inside, \(shape.byteCount) bytes prepared\n".utf8))
                return nil
            }),
        ]
    }

    static func monitor() -> [BenchCase] {
        let n = 100_000, side = 317, size = 300.0
        let span = Double(side) * size
        let sw = GeofenceCases.place(-span / 2, -span / 2)
        let polygons = SimulatedDistricts(rows: side, columns: side, southWest: sw, sizeMeters: size).polygons(seed: 1)
        let fences = polygons.prefix(n).enumerated().map { try! PolygonFence(id: "d\($0.offset)", polygon: $0.element) }
        var rng = SplitMix64(seed: 0x901_7f3c)
        let fixes = GeofenceCases.makeWalk(side: span * 0.98, rng: &rng)
        let rules = GeofenceConfiguration()
        let naiveSlice = Array(fixes.prefix(100))
        let lastNaiveTime = naiveSlice.last!.timestamp
        let state = GeofenceCases.State(GeofenceCases.Naive(polygons: fences, rules)) { $0.updatePolygons($1, into: &$2) }
        return [
            BenchCase(name: "geofence.polygon.naive.\(n)", n: naiveSlice.count, baseline: nil, run: { state.runNaive(naiveSlice) }),
            BenchCase(name: "geofence.polygon.update.\(n)", n: fixes.count, baseline: "geofence.polygon.naive.\(n)", setUp: {
                state.newMonitor(rules) { try! $0.add(contentsOf: fences) }
            }, run: { state.runMonitor(fixes) }, check: {
                if !state.naiveRan { state.runNaive(naiveSlice) }
                let prefix = state.events.filter { $0.timestamp <= lastNaiveTime }
                if let problem = GeofenceCases.compare(prefix, state.naiveEvents) { return problem }
                FileHandle.standardError.write(Data(
                    "geofence.polygon.update.\(n): \(state.events.count) events in \(fixes.count) fixes, \(prefix.count) checked against the timed naive loop\n".utf8))
                return nil
            }),
        ]
    }
}
