import Foundation
import GeoKernel
import Testing
import _GeoKernelTestSupport

/// The vector atan2 and degree sine of the batch geodesic against libm.
@Suite("Vector atan2 and degree sines of the batch geodesic")
struct GeodesicBatchMathTests {
    /// The distance in units in the last place between a and b (b's ulp).
    static func ulps(_ a: Double, _ b: Double) -> Double { abs(a - b) / b.ulp }

    @Test("atan2 is within two ulps of libm's (correctly rounded) on 400 000 seeded arguments of every quadrant and scale, and exact on the axes")
    func atan2MatchesLibm() {
        var rng = SeededRandom(seed: 4242)
        var worst = 0.0
        for _ in 0..<100_000 {
            var y = SIMD4<Double>(), x = SIMD4<Double>()
            for lane in 0..<4 {
                let scale = pow(10, rng.uniform(-12, 3))
                y[lane] = rng.uniform(-1, 1) * scale
                x[lane] = rng.uniform(-1, 1) * (rng.uniform(0, 1) < 0.5 ? scale : 1)
            }
            let v = GeodesicBatchMath.atan2(y, x)
            for lane in 0..<4 { worst = max(worst, Self.ulps(v[lane], Foundation.atan2(y[lane], x[lane]))) }
        }
        #expect(worst <= 2, "worst \(worst) ulp")
        let ys = SIMD4<Double>(0, -0.0, 1, 0), xs = SIMD4<Double>(1, 1, 0, -1)
        let axes = GeodesicBatchMath.atan2(ys, xs)
        #expect(axes[0] == 0 && axes[0].sign == .plus)
        #expect(axes[1] == 0 && axes[1].sign == .minus)
        #expect(axes[2] == Double.pi / 2 && axes[3] == Double.pi)
        #expect(GeodesicBatchMath.atan2(SIMD4(repeating: -0.0), SIMD4(repeating: -1))[0] == -Double.pi)
    }

    @Test("sin and cos in degrees equal ExactDegrees.sincos at multiples of 90° (bits, signed zeros) and are within two ulps of them elsewhere (each within about one of the exact value)")
    func sincosDegreesMatchesExactDegrees() {
        var rng = SeededRandom(seed: 90)
        var worst = 0.0
        var angles: [Double] = [-180, -90, -0.0, 0, 90, 180, 30, -30, 45, 1e-300, -1e-300]
        for _ in 0..<40_000 { angles.append(rng.uniform(-180, 180)) }
        while angles.count % 4 != 0 { angles.append(60) }
        for i in stride(from: 0, to: angles.count, by: 4) {
            let x = SIMD4(angles[i], angles[i + 1], angles[i + 2], angles[i + 3])
            let v = GeodesicBatchMath.sincosDegrees(x)
            for lane in 0..<4 {
                let e = ExactDegrees.sincos(x[lane])
                if x[lane].truncatingRemainder(dividingBy: 90) == 0 {
                    #expect(v.sin[lane].bitPattern == e.sin.bitPattern && v.cos[lane].bitPattern == e.cos.bitPattern, "\(x[lane])°")
                } else {
                    worst = max(worst, abs(v.sin[lane] - e.sin) / max(abs(e.sin), 1e-300).ulp, abs(v.cos[lane] - e.cos) / e.cos.ulp)
                }
            }
        }
        #expect(worst <= 2, "worst \(worst) ulp")
    }
}
