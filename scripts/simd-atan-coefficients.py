#!/usr/bin/env python3
"""Derives the coefficients of SIMDMath's atan polynomial (Sources/GeoKernel/SIMD/SIMDMath+Atan.swift).

atan(t) = t + t·z·R(z), z = t², for 0 ≤ t ≤ 7/16 (the vector atan2 reduces its argument
there). R of degree 10 interpolates (atan(√z)/√z − 1)/z at the Chebyshev nodes of
[0, (7/16)²] (mpmath's chebyfit at 50 digits); the coefficients are rounded to Double and
the relative error of atan(t) re-measured in exact arithmetic on 2 000 points.

Usage: python3 scripts/simd-atan-coefficients.py   (needs mpmath)
"""
import mpmath as mp

mp.mp.dps = 50
T = mp.mpf(7) / 16
Z = T * T


def g(z):
    if z == 0:
        return mp.mpf(-1) / 3
    s = mp.sqrt(z)
    return (mp.atan(s) / s - 1) / z


poly, err = mp.chebyfit(g, [0, Z], 11, error=True)
coeffs = [float(c) for c in poly[::-1]]  # ascending powers of z
worst = mp.mpf(0)
for k in range(1, 2001):
    t = T * k / 2000
    z = t * t
    r = mp.mpf(0)
    for c in reversed(coeffs):
        r = r * z + mp.mpf(c)
    worst = max(worst, abs((t + t * z * r) / mp.atan(t) - 1))
print(f"// interpolation error of R {float(err):.2g}; relative error of atan with Double coefficients {float(worst):.2g}")
for i, c in enumerate(coeffs):
    print(f"let atanC{i}: Double = {c!r}")
