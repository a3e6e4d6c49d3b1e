import Foundation
import GeoKernel

/// Douglas–Peucker (issue 4): the explicit-stack SIMD kernel beside a straightforward
/// recursive implementation with the same distance arithmetic, on
/// - `dp.randomwalk`: a planar random walk of 1 000 000 vertices (standard-normal steps,
///   seeded), tolerance 1;
/// - `dp.worstcase`: the zig-zag (i, ±i²) of 10 000 vertices, where every split peels
///   off one vertex (quadratic time, recursion depth n for the baseline), tolerance 1;
/// - `dp.geographic`: the 28 458-vertex road route of
///   `../shared/data/lines/turf/line-slice-along_route1.geojson` at 10 m, projection
///   included (both sides use the same gnomonic projection).
/// Every case reports ns per whole run (n = 1) and checks after timing that it kept
/// exactly the baseline's vertex set.
enum SimplifyCases {
    static func make() throws -> [BenchCase] {
        var cases: [BenchCase] = []

        // A planar random walk.
        var rng = SplitMix64(seed: 4_2024)
        let walkCount = 1_000_000
        var wx = [Double](repeating: 0, count: walkCount), wy = wx
        for i in 1..<walkCount {
            wx[i] = wx[i - 1] + rng.normal()
            wy[i] = wy[i - 1] + rng.normal()
        }
        cases += pair("dp.randomwalk", wx, wy, tolerance: 1)

        // The zig-zag worst case.
        let zigCount = 10_000
        let zx = (0..<zigCount).map { Double($0) }
        let zy = (0..<zigCount).map { (i: Int) -> Double in
            let square = Double(i) * Double(i)
            return i % 2 == 0 ? square : -square
        }
        cases += pair("dp.worstcase", zx, zy, tolerance: 1)

        // The real route, through the gnomonic projection the kernel uses.
        let route = try loadRoute("lines/turf/line-slice-along_route1.geojson")
        let tolerance = 10.0
        var kernelKept: [Int] = []
        var baselineKept: [Int] = []
        cases.append(
            BenchCase(
                name: "dp.geographic.recursive", n: 1, baseline: nil,
                run: {
                    let projection = try! GnomonicProjection(centeredOn: route)
                    var px = [Double](), py = [Double]()
                    px.reserveCapacity(route.count)
                    py.reserveCapacity(route.count)
                    for c in route {
                        let p = try! projection.project(c)
                        px.append(p.x)
                        py.append(p.y)
                    }
                    baselineKept = recursiveKept(px, py, tolerance: tolerance)
                }))
        cases.append(
            BenchCase(
                name: "dp.geographic", n: 1, baseline: "dp.geographic.recursive",
                run: {
                    kernelKept = try! DouglasPeucker.simplify(route, toleranceMeters: tolerance).keptIndices
                },
                check: {
                    kernelKept == baselineKept
                        ? nil : "kept \(kernelKept.count) vertices, the baseline \(baselineKept.count)"
                }))
        return cases
    }

    /// A kernel case and its recursive baseline on the same planar line.
    static func pair(_ name: String, _ x: [Double], _ y: [Double], tolerance: Double) -> [BenchCase] {
        // Boxes so the closures can fill them (set up once, compared after timing).
        final class Kept { var indices: [Int] = [] }
        let kernel = Kept(), baseline = Kept()
        return [
            BenchCase(
                name: name + ".recursive", n: 1, baseline: nil,
                run: { baseline.indices = recursiveKept(x, y, tolerance: tolerance) }),
            BenchCase(
                name: name, n: 1, baseline: name + ".recursive",
                run: { kernel.indices = try! DouglasPeucker.keptIndices(x: x, y: y, tolerance: tolerance) },
                check: {
                    kernel.indices == baseline.indices
                        ? nil : "kept \(kernel.indices.count) vertices, the baseline \(baseline.indices.count)"
                }),
        ]
    }

    /// The textbook recursive Douglas–Peucker (closed-segment distance, first strict
    /// maximum, drop when ≤ tolerance), with the kernel's distance arithmetic.
    static func recursiveKept(_ x: [Double], _ y: [Double], tolerance: Double) -> [Int] {
        let n = x.count
        guard n > 2 else { return Array(0..<n) }
        var keep = [Bool](repeating: false, count: n)
        keep[0] = true
        keep[n - 1] = true
        x.withUnsafeBufferPointer { xs in
            y.withUnsafeBufferPointer { ys in
                keep.withUnsafeMutableBufferPointer { k in
                    recurse(xs.baseAddress!, ys.baseAddress!, 0, n - 1, tolerance * tolerance, k.baseAddress!)
                }
            }
        }
        return keep.indices.filter { keep[$0] }
    }

    static func recurse(
        _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ first: Int, _ last: Int, _ tol2: Double,
        _ keep: UnsafeMutablePointer<Bool>
    ) {
        guard last - first >= 2 else { return }
        let ax = x[first], ay = y[first]
        let sx = x[last] - ax, sy = y[last] - ay
        let len2 = sx * sx + sy * sy
        let inv = len2 >= Double.leastNormalMagnitude ? 1 / len2 : 0
        var best = -1.0
        var index = first + 1
        for i in (first + 1)..<last {
            let dx = x[i] - ax, dy = y[i] - ay
            let t = min(max((dx * sx + dy * sy) * inv, 0), 1)
            let ex = dx - t * sx, ey = dy - t * sy
            let d = ex * ex + ey * ey
            if d > best {
                best = d
                index = i
            }
        }
        guard best > tol2 else { return }
        keep[index] = true
        recurse(x, y, first, index, tol2, keep)
        recurse(x, y, index, last, tol2, keep)
    }

    /// The coordinates of the first LineString of a GeoJSON file under ../shared/data.
    static func loadRoute(_ relative: String) throws -> [Coordinate] {
        let here = URL(fileURLWithPath: #filePath)  // Benchmarks/Sources/geobench/SimplifyCases.swift
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let url = root.appendingPathComponent("shared/data/" + relative)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        guard let feature = json as? [String: Any], let geometry = feature["geometry"] as? [String: Any],
            let coordinates = geometry["coordinates"] as? [[Double]]
        else { throw GeoKernelError(.parse, "\(relative): not a GeoJSON LineString feature") }
        return try coordinates.map { (p) throws(GeoKernelError) in try Coordinate(latitude: p[1], longitude: p[0]) }
    }
}
