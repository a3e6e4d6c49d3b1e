#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The haversine formula on four points at a time, in the operation order of
/// `haversineCentralAngle` with the centre as point 1:
/// h = sin²(Δφ/2) + cos φ1 · cos φ2 · sin²(Δλ/2), distance = R · 2·asin(√min(h, 1)).
///
/// The batch kernels run it in stages, one pass per stage over a chunk of `chunk`
/// points held in a small scratch area (L1): reduce (the three sine arguments), sines,
/// h, metres. Each pass has a short chain of dependent operations, so the out-of-order
/// core overlaps many blocks. One fused loop is latency-bound (its chain is about 150
/// cycles long) and measured slower than the stages (slower still with Horner instead of
/// Estrin polynomials). Chunks of 32 to 128 points measured alike; 512 and more were
/// slower (L1 misses).
struct HaversineKernel {
    let lat1: Double
    let lon1: Double
    /// libm cos of the centre's latitude in radians: the same value the scalar uses.
    let cosPhi1: Double
    let radius: Double
    let k: Double
    /// k/2: (x·k)·0.5 == x·(k/2) exactly, as scaling by 2 is exact.
    let halfK: Double

    /// Points per chunk.
    static let chunk = 64
    /// Doubles of scratch space: three columns (sin Δφ/2, sin Δλ/2, cos φ2) of a chunk.
    static let scratchDoubles = 3 * chunk
    private static let columnBytes = chunk * 8

    init(center: Coordinate, radiusMeters: Double) {
        lat1 = center.latitude
        lon1 = center.longitude
        k = degreesToRadians
        halfK = degreesToRadians * 0.5
        cosPhi1 = cos(center.latitude * degreesToRadians)
        radius = radiusMeters
    }

    /// Stage 1: the arguments of the three sines for four points (degrees), reduced to
    /// [-π/2, π/2], stored in `slot` (four lanes) of the three scratch columns.
    @inline(__always)
    func reduce(_ lat2: D4, _ lon2: D4, into scratch: UnsafeMutableRawPointer, slot: Int) {
        let off = slot &* 32
        let halfDPhi: D4 = (lat2 - lat1) * halfK
        let halfDLambda: D4 = (lon2 - lon1) * halfK
        let phi2: D4 = lat2 * k
        scratch.storeBytes(of: halfDPhi, toByteOffset: off, as: D4.self)
        scratch.storeBytes(
            of: SIMDMath.foldUpToPi(halfDLambda), toByteOffset: Self.columnBytes &+ off, as: D4.self)
        scratch.storeBytes(
            of: SIMDMath.halfPiMinusAbs(phi2), toByteOffset: 2 &* Self.columnBytes &+ off, as: D4.self)
    }

    /// Stage 2: the sines, in place, for slots 0 ..< slots of the three columns.
    @inline(__always)
    static func sines(_ scratch: UnsafeMutableRawPointer, slots: Int) {
        let b = scratch + columnBytes
        let c = scratch + 2 &* columnBytes
        for slot in 0..<slots {
            let off = slot &* 32
            let x0 = scratch.loadUnaligned(fromByteOffset: off, as: D4.self)
            scratch.storeBytes(of: SIMDMath.sinReduced(x0), toByteOffset: off, as: D4.self)
            let x1 = b.loadUnaligned(fromByteOffset: off, as: D4.self)
            b.storeBytes(of: SIMDMath.sinReduced(x1), toByteOffset: off, as: D4.self)
            let x2 = c.loadUnaligned(fromByteOffset: off, as: D4.self)
            c.storeBytes(of: SIMDMath.sinReduced(x2), toByteOffset: off, as: D4.self)
        }
    }

    /// Stage 3: h for the four points of `slot`, from the sines.
    @inline(__always)
    func haversine(_ scratch: UnsafeRawPointer, slot: Int) -> D4 {
        let off = slot &* 32
        let s1 = scratch.loadUnaligned(fromByteOffset: off, as: D4.self)
        let s2 = scratch.loadUnaligned(fromByteOffset: Self.columnBytes &+ off, as: D4.self)
        let c2 = scratch.loadUnaligned(fromByteOffset: 2 &* Self.columnBytes &+ off, as: D4.self)
        let a: D4 = s1 * s1
        let c12: D4 = c2 * cosPhi1
        let b: D4 = c12 * (s2 * s2)
        return a + b
    }

    /// All of stages 1–3 on four points (degrees) in registers, for tails.
    @inline(__always)
    func haversine(_ lat2: D4, _ lon2: D4) -> D4 {
        let halfDPhi: D4 = (lat2 - lat1) * halfK
        let halfDLambda: D4 = (lon2 - lon1) * halfK
        let phi2: D4 = lat2 * k
        let s1: D4 = SIMDMath.sinReduced(halfDPhi)
        let s2: D4 = SIMDMath.sinReduced(SIMDMath.foldUpToPi(halfDLambda))
        let c2: D4 = SIMDMath.sinReduced(SIMDMath.halfPiMinusAbs(phi2))
        let a: D4 = s1 * s1
        let c12: D4 = c2 * cosPhi1
        let b: D4 = c12 * (s2 * s2)
        return a + b
    }

    /// Stage 4: distances in metres from h: R · 2·asin(√min(h, 1)).
    @inline(__always)
    func distances(_ h: D4) -> D4 {
        let one = D4(repeating: 1)
        let hc: D4 = h.replacing(with: one, where: one .< h)
        let u: D4 = SIMDMath.sqrt(hc)
        let angle: D4 = SIMDMath.twiceAsinUnit(u, square: hc)
        return angle * radius
    }
}
