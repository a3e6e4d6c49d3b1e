import CProjRaw
import GeoKernel

/// EPSG:4326 → EPSG:3857 and → EPSG:32632 (UTM 32N) on 1M points: PROJ's
/// proj_trans_generic called directly, PROJ through GeoKernel's shim (`Transformer` on the
/// same projection as a PROJ operation), and the `Transformer` on the EPSG pair, which GeoKernel
/// answers natively; and both back to degrees (`proj.inverse.*`, `proj.utm.inverse.*`: raw PROJ
/// and native).
/// Inputs are restored before every repetition, outside timing.
enum ProjectionCases {
    static func make(points n: Int) throws -> [BenchCase] {
        var rng = SplitMix64(seed: 3857)
        let srcX = (0..<n).map { _ in rng.uniform(-180, 180) }
        let srcY = (0..<n).map { _ in rng.uniform(-85, 85) }
        // UTM 32N: its zone (6° to 12° E) and 2° either side, the equator to 84° N.
        let utmX = (0..<n).map { _ in rng.uniform(4, 14) }
        let utmY = (0..<n).map { _ in rng.uniform(0, 84) }
        let bufs = (0..<6).map { _ in UnsafeMutableBufferPointer<Double>.allocate(capacity: n) }
        let (rawX, rawY, shimX, shimY, natX, natY) = (bufs[0], bufs[1], bufs[2], bufs[3], bufs[4], bufs[5])

        let ctx = proj_context_create()
        func raw(_ target: String) throws -> OpaquePointer {
            let p0 = proj_create_crs_to_crs(ctx, "EPSG:4326", target, nil)
            guard let p0, let p = proj_normalize_for_visualization(ctx, p0) else {
                throw BenchError("PROJ cannot create EPSG:4326 → \(target)")
            }
            proj_destroy(p0)
            return p
        }
        let rawWeb = try raw("EPSG:3857"), rawUTM = try raw("EPSG:32632")
        let shimWeb = try Transformer(operation: "+proj=webmerc +ellps=WGS84")
        let shimUTM = try Transformer(operation: "+proj=utm +zone=32 +ellps=WGS84")
        let nativeWeb = try Transformer(source: "EPSG:4326", target: "EPSG:3857")
        let nativeUTM = try Transformer(source: "EPSG:4326", target: "EPSG:32632")
        guard nativeWeb.isNative, nativeUTM.isNative, !shimWeb.isNative else { throw BenchError("engines") }

        func restore(_ x: UnsafeMutableBufferPointer<Double>, _ y: UnsafeMutableBufferPointer<Double>, utm: Bool) {
            _ = x.update(fromContentsOf: utm ? utmX : srcX)
            _ = y.update(fromContentsOf: utm ? utmY : srcY)
        }
        /// Within 8 nm of raw PROJ (the tests' tolerance for these projections).
        func close(_ x: UnsafeMutableBufferPointer<Double>, _ y: UnsafeMutableBufferPointer<Double>) -> String? {
            var worst = 0.0
            for i in 0..<n { worst = max(worst, abs(x[i] - rawX[i]), abs(y[i] - rawY[i])) }
            return worst <= 8e-9 ? nil : "\(worst) m from raw PROJ"
        }
        func rawRun(_ p: OpaquePointer) {
            _ = proj_trans_generic(p, PJ_FWD, rawX.baseAddress, 8, n, rawY.baseAddress, 8, n, nil, 0, 0, nil, 0, 0)
        }
        // Back to degrees: the native forward images of the points.
        var webX = srcX, webY = srcY, utmE = utmX, utmN = utmY
        _ = try nativeWeb.transform(x: &webX, y: &webY)
        _ = try nativeUTM.transform(x: &utmE, y: &utmN)
        let invBufs = (0..<4).map { _ in UnsafeMutableBufferPointer<Double>.allocate(capacity: n) }
        let (rawIX, rawIY, natIX, natIY) = (invBufs[0], invBufs[1], invBufs[2], invBufs[3])
        var cases: [BenchCase] = []
        for (suffix, rawP, native, inX, inY) in [("", rawWeb, nativeWeb, webX, webY), (".utm", rawUTM, nativeUTM, utmE, utmN)] {
            func restoreInverse(_ x: UnsafeMutableBufferPointer<Double>, _ y: UnsafeMutableBufferPointer<Double>) {
                _ = x.update(fromContentsOf: inX)
                _ = y.update(fromContentsOf: inY)
            }
            func rawInverse() {
                _ = proj_trans_generic(rawP, PJ_INV, rawIX.baseAddress, 8, n, rawIY.baseAddress, 8, n, nil, 0, 0, nil, 0, 0)
            }
            cases += [
                BenchCase(name: "proj\(suffix).inverse.raw", n: n, baseline: nil, setUp: { restoreInverse(rawIX, rawIY) }, run: rawInverse),
                BenchCase(name: "proj\(suffix).inverse.native", n: n, baseline: "proj\(suffix).inverse.raw", setUp: { restoreInverse(natIX, natIY) }, run: {
                    _ = try! native.transform(x: natIX.baseAddress!, y: natIY.baseAddress!, z: nil, count: n, direction: .inverse)
                }, check: {
                    restoreInverse(rawIX, rawIY); rawInverse()
                    var worst = 0.0  // degrees, as metres on the ground
                    for i in 0..<n { worst = max(worst, abs(natIX[i] - rawIX[i]), abs(natIY[i] - rawIY[i])) }
                    return worst * 111_000 <= 8e-9 ? nil : "\(worst * 111_000) m from raw PROJ"
                }),
            ]
        }
        for (suffix, utm, rawP, shim, native) in [("", false, rawWeb, shimWeb, nativeWeb), (".utm", true, rawUTM, shimUTM, nativeUTM)] {
            cases += [
                BenchCase(name: "proj\(suffix).raw", n: n, baseline: nil, setUp: { restore(rawX, rawY, utm: utm) }, run: {
                    rawRun(rawP)
                }),
                BenchCase(name: "proj\(suffix).shim", n: n, baseline: "proj\(suffix).raw", setUp: { restore(shimX, shimY, utm: utm) }, run: {
                    _ = try! shim.transform(x: shimX.baseAddress!, y: shimY.baseAddress!, z: nil, count: n)
                }, check: {
                    restore(rawX, rawY, utm: utm); rawRun(rawP)
                    return close(shimX, shimY)
                }),
                BenchCase(name: "proj\(suffix).native", n: n, baseline: "proj\(suffix).raw", setUp: { restore(natX, natY, utm: utm) }, run: {
                    _ = try! native.transform(x: natX.baseAddress!, y: natY.baseAddress!, z: nil, count: n)
                }, check: {
                    restore(rawX, rawY, utm: utm); rawRun(rawP)
                    return close(natX, natY)
                }),
            ]
        }
        return cases
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}
