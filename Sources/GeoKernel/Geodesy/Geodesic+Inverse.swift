#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The inverse problem (Karney 2013, sections 3-5): reduce to lat1 ≤ 0, |lat2| ≤ |lat1|,
// 0 ≤ lon12 ≤ 180; solve meridians and the equator directly; otherwise start from the
// spherical (or, near the antipode, the astroid) estimate of the azimuth and run Newton's
// method on the longitude difference, with bisection as the fallback.

/// The raw solution: sines and cosines of the azimuths, lengths in metres, arc in degrees.
struct InverseSolution {
    var s12 = 0.0, a12 = 0.0, m12 = 0.0, M12 = 1.0, M21 = 1.0, S12 = 0.0
    var salp1 = 0.0, calp1 = 1.0, salp2 = 0.0, calp2 = 1.0
}

/// An inverse problem's angles after `inverseAngles`, in degrees.
struct InverseAngles {
    var lat1: Double, lat2: Double, lon12: Double, lon12s: Double
    var swapp: Double, lonsign: Double, latsign: Double
}

/// An inverse problem after `reduceInverse`: angles in degrees and radians as named.
struct ReducedInverse {
    var lat1: Double, lon12: Double, lon12s: Double, lam12: Double, slam12: Double, clam12: Double
    var sbet1: Double, cbet1: Double, dn1: Double, sbet2: Double, cbet2: Double, dn2: Double
    var swapp: Double, lonsign: Double, latsign: Double
}

/// The lengths along a geodesic between σ₁ and σ₂ in units of b (Karney 2013, eqs. 38-41).
struct GeodesicLengths {
    var s12b = 0.0, m12b = 0.0, M12 = 1.0, M21 = 1.0
}

private typealias Tol = GeodesicTolerance

extension Geodesic {
    /// The inverse problem on (lat1, lon1) → (lat2, lon2), degrees; latitudes in [-90, 90].
    /// `lengths` adds m12, M12 and M21; `area` adds S12. One copy for every caller (the
    /// flags are tested at run time: a few predictable branches, and the C library's size).
    @inline(never)
    func solveInverse(
        _ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double,
        lengths wantsLengths: Bool, area wantsArea: Bool
    ) -> InverseSolution {
        let p = reduceInverse(latitude1, longitude1, latitude2, longitude2)
        let lat1 = p.lat1, lon12 = p.lon12, lon12s = p.lon12s, lam12 = p.lam12
        let slam12 = p.slam12, clam12 = p.clam12
        let sbet1 = p.sbet1, cbet1 = p.cbet1, dn1 = p.dn1, sbet2 = p.sbet2, cbet2 = p.cbet2, dn2 = p.dn2
        let swapp = p.swapp, lonsign = p.lonsign, latsign = p.latsign

        var out = InverseSolution()
        var sig12 = 0.0, s12x = 0.0, m12x = 0.0
        var omg12 = 0.0, somg12 = 2.0, comg12 = 0.0
        var salp1 = 0.0, calp1 = 0.0, salp2 = 0.0, calp2 = 0.0

        var meridian = lat1 == -90 || slam12 == 0
        if meridian {
            calp1 = clam12; salp1 = slam12
            calp2 = 1; salp2 = 0
            let ssig1 = sbet1, csig1 = calp1 * cbet1
            let ssig2 = sbet2, csig2 = calp2 * cbet2
            sig12 = atan2(max(0, csig1 * ssig2 - ssig1 * csig2) + 0, csig1 * csig2 + ssig1 * ssig2)
            let l = lengthsAlong(
                eps: n, sig12, ssig1, csig1, dn1, ssig2, csig2, dn2, cbet1, cbet2,
                distance: true, reduced: true, scales: wantsLengths)
            s12x = l.s12b; m12x = l.m12b; out.M12 = l.M12; out.M21 = l.M21
            // A meridian is the shortest path unless it passes a pole to a point that is
            // nearly antipodal (m12 < 0 there).
            if sig12 < 1 || m12x >= 0 {
                if sig12 < 3 * Tol.tiny || (sig12 < Tol.tol0 && (s12x < 0 || m12x < 0)) {
                    sig12 = 0; m12x = 0; s12x = 0
                }
                m12x *= b
                s12x *= b
                out.a12 = sig12 * radiansToDegrees
            } else {
                meridian = false
            }
        }

        if !meridian && sbet1 == 0 && (f <= 0 || lon12s >= f * 180) {
            // Along the equator (for an oblate ellipsoid only while it is shortest).
            calp1 = 0; calp2 = 0; salp1 = 1; salp2 = 1
            s12x = a * lam12
            sig12 = lam12 / f1
            omg12 = sig12
            m12x = b * sin(sig12)
            out.M12 = cos(sig12); out.M21 = out.M12
            out.a12 = lon12 / f1
        } else if !meridian {
            let start = inverseStart(sbet1, cbet1, dn1, sbet2, cbet2, dn2, lam12, slam12, clam12)
            sig12 = start.sig12
            salp1 = start.salp1; calp1 = start.calp1
            if sig12 >= 0 {
                // A short line: the start is already the solution.
                salp2 = start.salp2; calp2 = start.calp2
                let dnm = start.dnm
                s12x = sig12 * b * dnm
                m12x = dnm * dnm * b * sin(sig12 / dnm)
                out.M12 = cos(sig12 / dnm); out.M21 = out.M12
                out.a12 = sig12 * radiansToDegrees
                omg12 = lam12 / (f1 * dnm)
            } else {
                var ssig1 = 0.0, csig1 = 0.0, ssig2 = 0.0, csig2 = 0.0, eps = 0.0, domg12 = 0.0
                var numit = 0
                var tripn = false, tripb = false
                // The bracket [alp1a, alp1b] of the solution for bisection.
                var salp1a = Tol.tiny, calp1a = 1.0, salp1b = Tol.tiny, calp1b = -1.0
                while true {
                    let r = lambda12(sbet1, cbet1, dn1, sbet2, cbet2, dn2, salp1, calp1, slam12, clam12)
                    let v = r.lam12
                    salp2 = r.salp2; calp2 = r.calp2; sig12 = r.sig12
                    ssig1 = r.ssig1; csig1 = r.csig1; ssig2 = r.ssig2; csig2 = r.csig2
                    eps = r.eps; domg12 = r.domg12
                    if tripb || !(abs(v) >= (tripn ? 8 : 1) * Tol.tol0) || numit == Tol.maxit2 { break }
                    if v > 0 && (numit > Tol.maxit1 || calp1 / salp1 > calp1b / salp1b) {
                        salp1b = salp1; calp1b = calp1
                    } else if v < 0 && (numit > Tol.maxit1 || calp1 / salp1 < calp1a / salp1a) {
                        salp1a = salp1; calp1a = calp1
                    }
                    numit += 1
                    // The derivative only when a Newton step follows (not on the last pass).
                    let dlam12 = numit <= Tol.maxit1 ? derivative(of: r, sbet1, cbet1, dn1, cbet2, dn2) : 0
                    if dlam12 > 0 {
                        let dalp1 = -v / dlam12
                        if abs(dalp1) < .pi {
                            let (sdalp1, cdalp1) = smallSinCos(dalp1)
                            let nsalp1 = salp1 * cdalp1 + calp1 * sdalp1
                            if nsalp1 > 0 {
                                calp1 = calp1 * cdalp1 - salp1 * sdalp1
                                salp1 = nsalp1
                                normalize(&salp1, &calp1)
                                // Past this point Newton's steps are taken 8 tol0 apart.
                                tripn = abs(v) <= 16 * Tol.tol0
                                continue
                            }
                        }
                    }
                    // Newton failed (a step too long or out of range): bisect.
                    salp1 = (salp1a + salp1b) / 2
                    calp1 = (calp1a + calp1b) / 2
                    normalize(&salp1, &calp1)
                    tripn = false
                    tripb = abs(salp1a - salp1) + (calp1a - calp1) < Tol.tolb
                        || abs(salp1 - salp1b) + (calp1 - calp1b) < Tol.tolb
                }
                let l = lengthsAlong(
                    eps: eps, sig12, ssig1, csig1, dn1, ssig2, csig2, dn2, cbet1, cbet2,
                    distance: true, reduced: wantsLengths, scales: wantsLengths)
                s12x = l.s12b * b; m12x = l.m12b * b; out.M12 = l.M12; out.M21 = l.M21
                out.a12 = sig12 * radiansToDegrees
                if wantsArea {
                    let sdomg12 = sin(domg12), cdomg12 = cos(domg12)
                    somg12 = slam12 * cdomg12 - clam12 * sdomg12
                    comg12 = clam12 * cdomg12 + slam12 * sdomg12
                }
            }
        }
        out.s12 = 0 + s12x
        out.m12 = 0 + m12x

        if wantsArea {
            out.S12 = area(
                sbet1, cbet1, sbet2, cbet2, salp1, calp1, salp2, calp2,
                meridian: meridian, omg12: omg12, somg12: somg12, comg12: comg12)
                * (swapp * lonsign * latsign) + 0
        }
        if swapp < 0 {
            swap(&salp1, &salp2)
            swap(&calp1, &calp2)
            swap(&out.M12, &out.M21)
        }
        out.salp1 = salp1 * swapp * lonsign
        out.calp1 = calp1 * swapp * latsign
        out.salp2 = salp2 * swapp * lonsign
        out.calp2 = calp2 * swapp * latsign
        return out
    }

    /// The inverse problem's angles reduced to lat1 ≤ 0, |lat2| ≤ |lat1|, 0 ≤ lon12 ≤ 180
    /// (Karney 2013, section 3), before any sine is taken. Shared by `reduceInverse` and
    /// the batch kernel.
    @inline(__always)
    func inverseAngles(
        _ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double
    ) -> InverseAngles {
        var (lon12, lon12s) = ExactDegrees.difference(longitude1, longitude2)
        var lonsign: Double = lon12.sign == .minus ? -1 : 1
        lon12 = lonsign * ExactDegrees.rounded(lon12)
        lon12s = ExactDegrees.rounded((180 - lon12) - lonsign * lon12s)
        var lat1 = ExactDegrees.rounded(latitude1), lat2 = ExactDegrees.rounded(latitude2)
        let swapp: Double = abs(lat1) < abs(lat2) ? -1 : 1
        if swapp < 0 {
            lonsign = -lonsign
            swap(&lat1, &lat2)
        }
        let latsign: Double = lat1.sign == .minus ? 1 : -1
        return InverseAngles(
            lat1: lat1 * latsign, lat2: lat2 * latsign, lon12: lon12, lon12s: lon12s,
            swapp: swapp, lonsign: lonsign, latsign: latsign)
    }

    /// The reduced problem (`inverseAngles`) with its sines and cosines: the reduced
    /// latitudes β and the longitude difference.
    @inline(__always)
    func reduceInverse(
        _ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double
    ) -> ReducedInverse {
        let angles = inverseAngles(latitude1, longitude1, latitude2, longitude2)
        let lon12 = angles.lon12, lat1 = angles.lat1
        var slam12: Double, clam12: Double
        if lon12 > 90 {
            (slam12, clam12) = ExactDegrees.sincos(angles.lon12s)
            clam12 = -clam12
        } else {
            (slam12, clam12) = ExactDegrees.sincos(lon12)
        }
        var (sbet1, cbet1) = ExactDegrees.sincos(lat1)
        sbet1 *= f1
        normalize(&sbet1, &cbet1)
        cbet1 = max(Tol.tiny, cbet1)
        var (sbet2, cbet2) = ExactDegrees.sincos(angles.lat2)
        sbet2 *= f1
        normalize(&sbet2, &cbet2)
        cbet2 = max(Tol.tiny, cbet2)
        // Equal latitudes (or the pole) must be recognised exactly.
        if cbet1 < -sbet1 {
            if cbet2 == cbet1 { sbet2 = Double(signOf: sbet2, magnitudeOf: sbet1) }
        } else if abs(sbet2) == -sbet1 {
            cbet2 = cbet1
        }
        let dn1 = (1 + ep2 * sbet1 * sbet1).squareRoot()
        let dn2 = (1 + ep2 * sbet2 * sbet2).squareRoot()
        return ReducedInverse(
            lat1: lat1, lon12: lon12, lon12s: angles.lon12s, lam12: lon12 * degreesToRadians,
            slam12: slam12, clam12: clam12,
            sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2, dn2: dn2,
            swapp: angles.swapp, lonsign: angles.lonsign, latsign: angles.latsign)
    }

    /// S12 of the reduced problem before its signs are restored (Karney 2013, section 6).
    private func area(
        _ sbet1: Double, _ cbet1: Double, _ sbet2: Double, _ cbet2: Double,
        _ salp1: Double, _ calp1: Double, _ salp2: Double, _ calp2: Double,
        meridian: Bool, omg12: Double, somg12 somg12In: Double, comg12 comg12In: Double
    ) -> Double {
        var s12 = 0.0
        let salp0 = salp1 * cbet1
        let calp0 = length(calp1, salp1 * sbet1)
        if calp0 != 0 && salp0 != 0 {
            var ssig1 = sbet1, csig1 = calp1 * cbet1
            var ssig2 = sbet2, csig2 = calp2 * cbet2
            let k2 = calp0 * calp0 * ep2
            let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
            let a4 = a * a * calp0 * salp0 * e2
            normalize(&ssig1, &csig1)
            normalize(&ssig2, &csig2)
            let c4 = series.c4(eps)
            s12 = a4 * (cosineSeries(ssig2, csig2, c4) - cosineSeries(ssig1, csig1, c4))
        }
        var somg12 = somg12In, comg12 = comg12In
        if !meridian && somg12 == 2 {
            somg12 = sin(omg12)
            comg12 = cos(omg12)
        }
        let alp12: Double
        if !meridian && comg12 > -0.7071 && sbet2 - sbet1 < 1.75 {
            // alp12 = alp2 - alp1 from the spherical excess of a short line, which keeps
            // precision where the azimuths are nearly equal (Karney 2013, eq. 62).
            let domg12 = 1 + comg12, dbet1 = 1 + cbet1, dbet2 = 1 + cbet2
            alp12 = 2 * atan2(
                somg12 * (sbet1 * dbet2 + sbet2 * dbet1), domg12 * (sbet1 * sbet2 + dbet1 * dbet2))
        } else {
            var salp12 = salp2 * calp1 - calp2 * salp1
            var calp12 = calp2 * calp1 + salp2 * salp1
            if salp12 == 0 && calp12 < 0 {
                salp12 = Tol.tiny * calp1
                calp12 = -1
            }
            alp12 = atan2(salp12, calp12)
        }
        return s12 + c2 * alp12
    }

    /// s12 / b, m12 / b, M12 and M21 between σ₁ and σ₂ (Karney 2013, eqs. 38-41).
    @inline(__always)
    func lengthsAlong(
        eps: Double, _ sig12: Double,
        _ ssig1: Double, _ csig1: Double, _ dn1: Double,
        _ ssig2: Double, _ csig2: Double, _ dn2: Double,
        _ cbet1: Double, _ cbet2: Double,
        distance: Bool, reduced: Bool, scales: Bool
    ) -> GeodesicLengths {
        var out = GeodesicLengths()
        let c1 = series.c1(eps)
        let a1m1 = (c1[0] + eps) / (1 - eps)
        let a1 = 1 + a1m1
        var c2 = SIMD8<Double>(), a2 = 1.0, m0x = 0.0, j12 = 0.0
        let wantsJ = reduced || scales
        if wantsJ {
            c2 = series.c2(eps)
            let a2m1 = c2[0] * (1 - eps) - eps
            m0x = a1m1 - a2m1
            a2 = 1 + a2m1
        }
        if distance {
            let b1 = sineSeries(ssig2, csig2, c1) - sineSeries(ssig1, csig1, c1)
            out.s12b = a1 * (sig12 + b1)
            if wantsJ {
                let b2 = sineSeries(ssig2, csig2, c2) - sineSeries(ssig1, csig1, c2)
                j12 = m0x * sig12 + (a1 * b1 - a2 * b2)
            }
        } else if wantsJ {
            let cb = a1 * c1 - a2 * c2
            j12 = m0x * sig12 + (sineSeries(ssig2, csig2, cb) - sineSeries(ssig1, csig1, cb))
        }
        if reduced {
            // Written so that m12 keeps its precision when the points are close.
            out.m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        }
        if scales {
            let csig12 = csig1 * csig2 + ssig1 * ssig2
            let t = ep2 * (cbet1 - cbet2) * (cbet1 + cbet2) / (dn1 + dn2)
            out.M12 = csig12 + (t * ssig2 - csig2 * j12) * ssig1 / dn1
            out.M21 = csig12 - (t * ssig1 - csig1 * j12) * ssig2 / dn2
        }
        return out
    }

    /// One evaluation of λ₁₂(α₁) − λ₁₂ (Karney 2013, eqs. 5-11).
    struct Lambda12 {
        var lam12 = 0.0, salp2 = 0.0, calp2 = 0.0, sig12 = 0.0
        var ssig1 = 0.0, csig1 = 0.0, ssig2 = 0.0, csig2 = 0.0
        var eps = 0.0, domg12 = 0.0
    }

    @inline(__always)
    func lambda12(
        _ sbet1: Double, _ cbet1: Double, _ dn1: Double,
        _ sbet2: Double, _ cbet2: Double, _ dn2: Double,
        _ salp1: Double, _ calp1In: Double, _ slam120: Double, _ clam120: Double
    ) -> Lambda12 {
        var r = Lambda12()
        var calp1 = calp1In
        if sbet1 == 0 && calp1 == 0 { calp1 = -Tol.tiny }  // break the degeneracy of the equator
        let salp0 = salp1 * cbet1
        let calp0 = length(calp1, salp1 * sbet1)
        var ssig1 = sbet1, csig1 = calp1 * cbet1
        let somg1 = salp0 * sbet1, comg1 = calp1 * cbet1
        normalize(&ssig1, &csig1)
        r.salp2 = cbet2 != cbet1 ? salp0 / cbet2 : salp1
        if cbet2 != cbet1 || abs(sbet2) != -sbet1 {
            let d = cbet1 < -sbet1 ? (cbet2 - cbet1) * (cbet1 + cbet2) : (sbet1 - sbet2) * (sbet1 + sbet2)
            r.calp2 = ((calp1 * cbet1) * (calp1 * cbet1) + d).squareRoot() / cbet2
        } else {
            r.calp2 = abs(calp1)
        }
        var ssig2 = sbet2, csig2 = r.calp2 * cbet2
        let somg2 = salp0 * sbet2, comg2 = r.calp2 * cbet2
        normalize(&ssig2, &csig2)
        r.sig12 = atan2(max(0, csig1 * ssig2 - ssig1 * csig2) + 0, csig1 * csig2 + ssig1 * ssig2)
        let somg12 = max(0, comg1 * somg2 - somg1 * comg2) + 0
        let comg12 = comg1 * comg2 + somg1 * somg2
        // The longitude on the auxiliary sphere minus the target, as one angle.
        let eta = atan2(somg12 * clam120 - comg12 * slam120, comg12 * clam120 + somg12 * slam120)
        let k2 = calp0 * calp0 * ep2
        r.eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
        let c3 = series.c3(r.eps)
        let b312 = sineSeries(ssig2, csig2, c3) - sineSeries(ssig1, csig1, c3)
        r.domg12 = -f * c3[0] * salp0 * (r.sig12 + b312)
        r.lam12 = eta + r.domg12
        r.ssig1 = ssig1; r.csig1 = csig1; r.ssig2 = ssig2; r.csig2 = csig2
        return r
    }

    /// dλ₁₂/dα₁ at an evaluation of `lambda12` (Karney 2013, eq. 46).
    @inline(__always)
    func derivative(
        of r: Lambda12, _ sbet1: Double, _ cbet1: Double, _ dn1: Double, _ cbet2: Double, _ dn2: Double
    ) -> Double {
        if r.calp2 == 0 { return -2 * f1 * dn1 / sbet1 }
        let l = lengthsAlong(
            eps: r.eps, r.sig12, r.ssig1, r.csig1, dn1, r.ssig2, r.csig2, dn2, cbet1, cbet2,
            distance: false, reduced: true, scales: false)
        return l.m12b * f1 / (r.calp2 * cbet2)
    }

    /// The first guess of α₁ (Karney 2013, section 4): the great circle on a sphere of the
    /// mean radius for short lines (then exact to tolerance, sig12 ≥ 0 is returned), the
    /// astroid's solution near the antipode, otherwise the auxiliary sphere's great circle.
    struct InverseStart {
        var sig12 = -1.0, salp1 = 0.0, calp1 = 0.0, salp2 = 0.0, calp2 = 0.0, dnm = 0.0
    }

    func inverseStart(
        _ sbet1: Double, _ cbet1: Double, _ dn1: Double,
        _ sbet2: Double, _ cbet2: Double, _ dn2: Double,
        _ lam12: Double, _ slam12: Double, _ clam12: Double
    ) -> InverseStart {
        var r = InverseStart()
        let sbet12 = sbet2 * cbet1 - cbet2 * sbet1
        let cbet12 = cbet2 * cbet1 + sbet2 * sbet1
        let sbet12a = sbet2 * cbet1 + cbet2 * sbet1
        let shortline = cbet12 >= 0 && sbet12 < 0.5 && cbet2 * lam12 < 0.5
        var somg12: Double, comg12: Double
        if shortline {
            var sbetm2 = (sbet1 + sbet2) * (sbet1 + sbet2)
            sbetm2 /= sbetm2 + (cbet1 + cbet2) * (cbet1 + cbet2)
            r.dnm = (1 + ep2 * sbetm2).squareRoot()
            let omg12 = lam12 / (f1 * r.dnm)
            somg12 = sin(omg12)
            comg12 = cos(omg12)
        } else {
            somg12 = slam12
            comg12 = clam12
        }
        var salp1 = cbet2 * somg12
        var calp1 = comg12 >= 0
            ? sbet12 + cbet2 * sbet1 * somg12 * somg12 / (1 + comg12)
            : sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
        let ssig12 = length(salp1, calp1)
        let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12
        if shortline && ssig12 < etol2 {
            var salp2 = cbet1 * somg12
            var calp2 = sbet12 - cbet1 * sbet2 * (comg12 >= 0 ? somg12 * somg12 / (1 + comg12) : 1 - comg12)
            normalize(&salp2, &calp2)
            r.salp2 = salp2; r.calp2 = calp2
            r.sig12 = atan2(ssig12, csig12)
        } else if abs(n) > 0.1 || csig12 >= 0 || ssig12 >= 6 * abs(n) * .pi * cbet1 * cbet1 {
            // The auxiliary sphere's estimate is good enough; refine it once with the
            // first-order difference of the longitudes on the ellipsoid and on the
            // auxiliary sphere, ω₁₂ = λ₁₂ + f A₃ sin α₀ σ₁₂ (Karney 2013, eq. 8), which
            // saves about one Newton step on long lines (short ones start from the mean
            // radius's scaling instead).
            if !shortline {
            var s = salp1, c = calp1
            normalize(&s, &c)
            let salp0 = s * cbet1, calp0 = length(c, s * sbet1)
            let k2 = calp0 * calp0 * ep2
            let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
            let omg12 = lam12 + f * series.c3(eps)[0] * salp0 * atan2(ssig12, csig12)
            if omg12 < .pi {
                let so = sin(omg12), co = cos(omg12)
                salp1 = cbet2 * so
                calp1 = co >= 0
                    ? sbet12 + cbet2 * sbet1 * so * so / (1 + co)
                    : sbet12a - cbet2 * sbet1 * so * so / (1 - co)
            }
            }
        } else {
            // Nearly antipodal: scale to the astroid problem (Karney 2013, section 5).
            let lam12x = atan2(-slam12, -clam12)  // lam12 − π
            let x: Double, y: Double, lamscale: Double, betscale: Double
            if f >= 0 {
                let k2 = sbet1 * sbet1 * ep2
                let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
                lamscale = f * cbet1 * series.c3(eps)[0] * .pi
                betscale = lamscale * cbet1
                x = lam12x / lamscale
                y = sbet12a / betscale
            } else {
                let cbet12a = cbet2 * cbet1 - sbet2 * sbet1
                let bet12a = atan2(sbet12a, cbet12a)
                let l = lengthsAlong(
                    eps: n, .pi + bet12a, sbet1, -cbet1, dn1, sbet2, cbet2, dn2, cbet1, cbet2,
                    distance: false, reduced: true, scales: false)
                let m0 = {
                    let c1 = series.c1(n), c2 = series.c2(n)
                    return (c1[0] + n) / (1 - n) - (c2[0] * (1 - n) - n)
                }()
                x = -1 + l.m12b / (cbet1 * cbet2 * m0 * .pi)
                betscale = x < -0.01 ? sbet12a / x : -f * cbet1 * cbet1 * .pi
                lamscale = betscale / cbet1
                y = lam12x / lamscale
            }
            if y > -Tol.tol1 && x > -1 - Tol.xthresh {
                if f >= 0 {
                    salp1 = min(1, -x)
                    calp1 = -(1 - salp1 * salp1).squareRoot()
                } else {
                    calp1 = max(x > -Tol.tol1 ? 0 : -1, x)
                    salp1 = (1 - calp1 * calp1).squareRoot()
                }
            } else {
                let k = astroid(x, y)
                let omg12a = lamscale * (f >= 0 ? -x * k / (1 + k) : -y * (1 + k) / k)
                let somg = sin(omg12a), comg = -cos(omg12a)
                salp1 = cbet2 * somg
                calp1 = sbet12a - cbet2 * sbet1 * somg * somg / (1 - comg)
            }
        }
        if !(salp1 <= 0) {
            normalize(&salp1, &calp1)
        } else {
            salp1 = 1
            calp1 = 0
        }
        r.salp1 = salp1
        r.calp1 = calp1
        return r
    }
}

/// sin and cos of a Newton step: Taylor polynomials below 1/64 rad (the usual step after
/// the first; truncation below 3e-20, under an ulp of the result), libm above. The step
/// only has to move α₁ toward the root, which the next evaluation checks, so even a
/// last-bit difference could not change a result's accuracy.
@inline(__always)
func smallSinCos(_ x: Double) -> (sin: Double, cos: Double) {
    guard abs(x) < 1.0 / 64 else { return (sin(x), cos(x)) }
    let x2 = x * x
    let s = x + x * x2 * (-1.0 / 6 + x2 * (1.0 / 120 + x2 * (-1.0 / 5040)))
    let c = 1 + x2 * (-0.5 + x2 * (1.0 / 24 + x2 * (-1.0 / 720)))
    return (s, c)
}

/// The positive root k of k⁴ + 2k³ − (x² + y² − 1)k² − 2y²k − y² = 0 (Karney 2013,
/// eq. 55), solved in closed form; 0 when y = 0 and x² ≤ 1.
func astroid(_ x: Double, _ y: Double) -> Double {
    let p = x * x, q = y * y
    let r = (p + q - 1) / 6
    guard !(q == 0 && r <= 0) else { return 0 }
    let s = p * q / 4
    let r2 = r * r, r3 = r * r2
    let disc = s * (s + 2 * r3)
    var u = r
    if disc >= 0 {
        var t3 = s + r3
        t3 += t3 < 0 ? -disc.squareRoot() : disc.squareRoot()
        let t = cbrt(t3)
        u += t + (t != 0 ? r2 / t : 0)
    } else {
        let ang = atan2((-disc).squareRoot(), -(s + r3))
        u += 2 * r * cos(ang / 3)
    }
    let v = (u * u + q).squareRoot()
    let uv = u < 0 ? q / (v - u) : u + v
    let w = (uv - q) / (2 * v)
    return uv / ((uv + w * w).squareRoot() + w)
}
