import CProjRaw
import GeoKernel

/// EPSG:4326 → EPSG:3857 on 1M points: PROJ's proj_trans_generic called directly, and
/// GeoKernel's Transformer. Inputs are restored before every repetition, outside timing.
enum ProjectionCases {
    static func make(points n: Int) throws -> [BenchCase] {
        var rng = SplitMix64(seed: 3857)
        let srcX = (0..<n).map { _ in rng.uniform(-180, 180) }
        let srcY = (0..<n).map { _ in rng.uniform(-85, 85) }
        let rawX = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
        let rawY = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
        let shimX = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
        let shimY = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)

        let ctx = proj_context_create()
        let p0 = proj_create_crs_to_crs(ctx, "EPSG:4326", "EPSG:3857", nil)
        guard let p0, let raw = proj_normalize_for_visualization(ctx, p0) else {
            throw BenchError("PROJ cannot create EPSG:4326 → EPSG:3857")
        }
        proj_destroy(p0)
        let shim = try Transformer(source: "EPSG:4326", target: "EPSG:3857")

        func restore(_ x: UnsafeMutableBufferPointer<Double>, _ y: UnsafeMutableBufferPointer<Double>) {
            _ = x.update(fromContentsOf: srcX)
            _ = y.update(fromContentsOf: srcY)
        }
        return [
            BenchCase(name: "proj.raw", n: n, baseline: nil, setUp: { restore(rawX, rawY) }, run: {
                _ = proj_trans_generic(raw, PJ_FWD, rawX.baseAddress, 8, n, rawY.baseAddress, 8, n, nil, 0, 0, nil, 0, 0)
            }),
            BenchCase(name: "proj.shim", n: n, baseline: "proj.raw", setUp: { restore(shimX, shimY) }, run: {
                _ = try! shim.transform(x: shimX.baseAddress!, y: shimY.baseAddress!, z: nil, count: n)
            }, check: {
                (0..<n).allSatisfy { rawX[$0] == shimX[$0] && rawY[$0] == shimY[$0] } ? nil : "shim and raw PROJ differ"
            }),
        ]
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}
