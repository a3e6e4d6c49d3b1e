#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The direct problem (Karney 2013, section 3): from the start and azimuth find the
// geodesic's equator crossing (α₀) on the auxiliary sphere, turn the distance into the arc
// σ₁₂ by the reverted series I₁, and read the end point off the auxiliary sphere.

/// The raw solution of the direct problem, degrees.
struct DirectSolution {
    var lat2 = 0.0, lon2 = 0.0, azi2 = 0.0
}

extension Geodesic {
    /// The end of the geodesic from (lat1, lon1) along azi1 (degrees) for s12 metres;
    /// the longitude comes back in [-180, 180].
    func solveDirect(_ lat1: Double, _ lon1: Double, _ azi1: Double, _ s12: Double) -> DirectSolution {
        let tiny = GeodesicTolerance.tiny
        let (salp1, calp1) = ExactDegrees.sincos(ExactDegrees.rounded(ExactDegrees.normalized(azi1)))
        let start = DirectStart(self, latitude: lat1)
        let sbet1 = start.sbet1, cbet1 = start.cbet1
        let salp0 = salp1 * cbet1
        let calp0 = length(calp1, salp1 * sbet1)
        var ssig1 = sbet1
        let somg1 = salp0 * sbet1
        var csig1 = sbet1 != 0 || calp1 != 0 ? cbet1 * calp1 : 1
        let comg1 = csig1
        normalize(&ssig1, &csig1)
        let k2 = calp0 * calp0 * ep2
        let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)

        let c1 = series.c1(eps)
        let a1 = 1 + (c1[0] + eps) / (1 - eps)
        let b11 = sineSeries(ssig1, csig1, c1)
        let sb = sin(b11), cb = cos(b11)
        let stau1 = ssig1 * cb + csig1 * sb, ctau1 = csig1 * cb - ssig1 * sb
        // σ₁₂ from τ₁₂ through the reverted series.
        let tau12 = s12 / (b * a1)
        let st = sin(tau12), ct = cos(tau12)
        let b12 = -sineSeries(stau1 * ct + ctau1 * st, ctau1 * ct - stau1 * st, series.c1p(eps))
        var sig12 = tau12 - (b12 - b11)
        var ssig12 = sin(sig12), csig12 = cos(sig12)
        if abs(f) > 0.01 {
            // One Newton step on s(σ) for strongly flattened ellipsoids, where the reverted
            // series alone is not accurate enough.
            let ssig2 = ssig1 * csig12 + csig1 * ssig12, csig2 = csig1 * csig12 - ssig1 * ssig12
            let serr = a1 * (sig12 + (sineSeries(ssig2, csig2, c1) - b11)) - s12 / b
            sig12 -= serr / (1 + k2 * ssig2 * ssig2).squareRoot()
            ssig12 = sin(sig12)
            csig12 = cos(sig12)
        }
        let ssig2 = ssig1 * csig12 + csig1 * ssig12
        var csig2 = csig1 * csig12 - ssig1 * ssig12
        let sbet2 = calp0 * ssig2
        var cbet2 = hypot(salp0, calp0 * csig2)
        if cbet2 == 0 {
            // The end is at a pole: keep the azimuth defined.
            cbet2 = tiny
            csig2 = tiny
        }
        let salp2 = salp0, calp2 = calp0 * csig2
        // ω₁₂ = ω₂ − ω₁ as one angle in [−π, π]: the longitude comes back reduced to
        // [−180°, 180°], so whole turns of a long geodesic need not be counted.
        let somg2 = salp0 * ssig2, comg2 = csig2
        let omg12 = atan2(somg2 * comg1 - comg2 * somg1, comg2 * comg1 + somg2 * somg1)
        let c3 = series.c3(eps)
        let lam12 = omg12 - f * salp0 * c3[0]
            * (sig12 + (sineSeries(ssig2, csig2, c3) - sineSeries(ssig1, csig1, c3)))
        let lon12 = lam12 * radiansToDegrees
        return DirectSolution(
            lat2: ExactDegrees.atan2(sbet2, f1 * cbet2),
            lon2: ExactDegrees.normalized(ExactDegrees.normalized(lon1) + ExactDegrees.normalized(lon12)),
            azi2: ExactDegrees.atan2(salp2, calp2))
    }
}
