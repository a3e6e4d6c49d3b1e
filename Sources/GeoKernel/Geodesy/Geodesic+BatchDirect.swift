// The batch of direct problems from one origin: four azimuths and distances at a time
// through a SIMD4 copy of `solveDirect` (the same operations lane for lane, SIMDMath's sin,
// cos and atan2 in place of libm's). The direct problem has no iteration, so every lane
// runs the same instructions; a lane goes to the scalar solution only where the kernel's
// functions leave their range (an arc beyond ±3 rad, about 19 000 km, or an end at a pole)
// or the ellipsoid is flattened beyond 1/100 (where `solveDirect` adds a Newton step).

extension Geodesic {
    /// The end points of geodesics from one origin: point i is `distancesMeters[i]` metres
    /// from `origin` along the azimuth `azimuthsDegrees[i]` (negative distances go
    /// backwards), as `direct(from:azimuthDegrees:distanceMeters:)` gives it, within 15 nm
    /// of GeographicLib.
    ///
    /// Four geodesics at a time go through a SIMD kernel of Karney's direct solution, with
    /// polynomial sin, cos and atan2 in place of libm's and fused multiply-adds where the
    /// build's target has them, so an end point is within 8 nm of `direct`'s on the ground
    /// (and its final azimuth within 1e-9°, as the tests check), not the same bits. Arcs longer than about
    /// 19 000 km, ends at a pole and the last `count % 4` geodesics go through `direct`
    /// itself. What it is for: the outline of a circle of given radius on the ellipsoid,
    /// range rings, points at given bearings and distances.
    ///
    /// - Parameters:
    ///   - origin: the start of every geodesic.
    ///   - azimuthsDegrees: the azimuth at the start of each, degrees clockwise from
    ///     north, any finite value.
    ///   - distancesMeters: the length of each in metres along the ellipsoid, finite, as
    ///     many as azimuths.
    ///   - latitudes: output, the end points' latitudes in degrees, at least as many.
    ///   - longitudes: output, their longitudes in degrees in [-180, 180], likewise.
    ///   - finalAzimuths: optional output, the azimuth at each end point (forward), degrees
    ///     in [0, 360), likewise.
    /// - Throws: `.invalidArgument` when an azimuth or distance is not finite (the message
    ///   names the first), when the counts differ, or when an output is shorter than the
    ///   input; nothing is written then.
    /// - Complexity: O(n), one direct problem per geodesic (timings: `geodesic.destinations`
    ///   in the benchmark table).
    /// - Thread safety: safe from several threads at once (shared input, distinct outputs).
    /// - C twin: `gk_geodesic_destinations`.
    public func destinations(
        from origin: Coordinate, azimuthsDegrees: UnsafeBufferPointer<Double>,
        distancesMeters: UnsafeBufferPointer<Double>,
        latitudes: UnsafeMutableBufferPointer<Double>, longitudes: UnsafeMutableBufferPointer<Double>,
        finalAzimuths: UnsafeMutableBufferPointer<Double>? = nil
    ) throws(GeoKernelError) {
        let n = azimuthsDegrees.count
        guard distancesMeters.count == n else {
            throw .invalid("\(n) azimuths but \(distancesMeters.count) distances")
        }
        try BatchValidation.checkOutput(latitudes.count, n, "latitudes buffer")
        try BatchValidation.checkOutput(longitudes.count, n, "longitudes buffer")
        if let finalAzimuths { try BatchValidation.checkOutput(finalAzimuths.count, n, "final azimuths buffer") }
        for i in 0..<n {
            guard azimuthsDegrees[i].isFinite else { throw .invalid("azimuth \(i) (\(azimuthsDegrees[i])) is not finite") }
            guard distancesMeters[i].isFinite else {
                throw .invalid("distance \(i) (\(distancesMeters[i]) m) is not finite")
            }
        }
        guard n > 0, let az = azimuthsDegrees.baseAddress, let s = distancesMeters.baseAddress,
            let lat = latitudes.baseAddress, let lon = longitudes.baseAddress
        else { return }
        let azi2 = finalAzimuths?.baseAddress
        func scalar(_ i: Int) {
            let r = solveDirect(origin.latitude, origin.longitude, az[i], s[i])
            lat[i] = r.lat2
            lon[i] = r.lon2
            azi2?[i] = bearingDegrees(r.azi2)
        }
        let start = DirectStart(self, latitude: origin.latitude)
        let lon1 = ExactDegrees.normalized(origin.longitude)
        var i = 0
        while i + 4 <= n, Swift.abs(f) <= 0.01 {
            let azimuths = D4(
                ExactDegrees.rounded(ExactDegrees.normalized(az[i])), ExactDegrees.rounded(ExactDegrees.normalized(az[i + 1])),
                ExactDegrees.rounded(ExactDegrees.normalized(az[i + 2])), ExactDegrees.rounded(ExactDegrees.normalized(az[i + 3])))
            let r = direct4(start, azimuths, D4(s[i], s[i + 1], s[i + 2], s[i + 3]))
            for lane in 0..<4 {
                if r.scalar[lane] {
                    scalar(i + lane)
                } else {
                    lat[i + lane] = r.lat2[lane]
                    lon[i + lane] = ExactDegrees.normalized(lon1 + ExactDegrees.normalized(r.lon12[lane]))
                    azi2?[i + lane] = bearingDegrees(r.azi2[lane])
                }
            }
            i += 4
        }
        while i < n {
            scalar(i)
            i += 1
        }
    }

    /// What every geodesic of a batch shares: the origin's reduced latitude, as
    /// `solveDirect` forms it.
    struct DirectStart {
        var sbet1: Double, cbet1: Double

        init(_ g: Geodesic, latitude: Double) {
            var (s, c) = ExactDegrees.sincos(ExactDegrees.rounded(latitude))
            s *= g.f1
            normalize(&s, &c)
            sbet1 = s
            cbet1 = Swift.max(GeodesicTolerance.tiny, c)
        }
    }

    /// `solveDirect` on four lanes (azimuths already normalised and rounded): the end's
    /// latitude, the longitude difference and the final azimuth in degrees, and the lanes
    /// left to the scalar solution (their values are not meaningful).
    func direct4(_ start: DirectStart, _ azi1: D4, _ s12: D4) -> (lat2: D4, lon12: D4, azi2: D4, scalar: M4) {
        let sbet1 = D4(repeating: start.sbet1), cbet1 = D4(repeating: start.cbet1)
        let (salp1, calp1) = sincosDegrees4(azi1)
        let salp0: D4 = salp1 * cbet1
        let calp0: D4 = length4(calp1, salp1 * sbet1)
        var ssig1 = sbet1
        let somg1: D4 = salp0 * sbet1
        var csig1: D4 = (cbet1 * calp1).replacing(with: 1, where: (sbet1 .== 0) .& (calp1 .== 0))
        let comg1 = csig1
        normalize4(&ssig1, &csig1)
        let k2: D4 = calp0 * calp0 * ep2
        let eps: D4 = k2 / (2 * (1 + SIMDMath.sqrt(1 + k2)) + k2)

        let c1 = series.c1.alternatingAt(eps)
        let a1: D4 = 1 + (c1.k0 + eps) / (1 - eps)
        let b11 = sineSeries4(ssig1, csig1, c1)
        let (sb, cb) = sinCos4(b11)
        let stau1: D4 = ssig1 * cb + csig1 * sb, ctau1: D4 = csig1 * cb - ssig1 * sb
        // σ₁₂ from τ₁₂ through the reverted series; the kernel's sines hold to |x| ≤ π.
        let tau12: D4 = s12 / (b * a1)
        var scalar: M4 = SIMDMath.abs(tau12) .> 3
        let (st, ct) = sinCos4(tau12.replacing(with: 0, where: scalar))
        let b12: D4 = -sineSeries4(stau1 * ct + ctau1 * st, ctau1 * ct - stau1 * st, series.c1p.alternatingAt(eps))
        let sig12: D4 = tau12 - (b12 - b11)
        scalar = scalar .| (SIMDMath.abs(sig12) .> 3)
        let (ssig12, csig12) = sinCos4(sig12.replacing(with: 0, where: scalar))
        let ssig2: D4 = ssig1 * csig12 + csig1 * ssig12
        let csig2: D4 = csig1 * csig12 - ssig1 * ssig12
        let sbet2: D4 = calp0 * ssig2
        let cbet2: D4 = length4(salp0, calp0 * csig2)
        scalar = scalar .| (cbet2 .== 0)  // the end at a pole: the scalar keeps its azimuth defined
        let calp2: D4 = calp0 * csig2
        let somg2: D4 = salp0 * ssig2, comg2 = csig2
        let omg12 = atan2x4(somg2 * comg1 - comg2 * somg1, comg2 * comg1 + somg2 * somg1)
        let c3 = series.c3.triangularAt(eps)
        let lam12: D4 = omg12 - f * salp0 * c3.k0
            * (sig12 + (sineSeries4(ssig2, csig2, c3) - sineSeries4(ssig1, csig1, c3)))
        return (
            atan2x4(sbet2, f1 * cbet2) * radiansToDegrees, lam12 * radiansToDegrees,
            atan2x4(salp0, calp2) * radiansToDegrees, scalar
        )
    }
}
